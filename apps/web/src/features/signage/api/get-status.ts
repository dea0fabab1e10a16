import { keepPreviousData } from '@tanstack/react-query';
import { PLAYER_POLL_MS } from '@portal/shared';
import { signageCalls } from '@portal/shared/contracts';
import { useCallQuery } from '../../../lib/calls';
import { SIGNAGE_PAGE } from '../page-size';

/** Every device online or offline, and what it plays (`getSignageStatus`); screens report every 30 s, the board follows. */
export const useDeviceStatus = (offset: number) =>
  useCallQuery(
    signageCalls.getSignageStatus,
    { offset, limit: SIGNAGE_PAGE },
    { refetchInterval: PLAYER_POLL_MS, placeholderData: keepPreviousData },
  );
