import { keepPreviousData } from '@tanstack/react-query';
import { SIGNAGE_STATUS_REFRESH_MS } from '@portal/shared';
import { signageCalls } from '@portal/shared/contracts';
import { useCallQuery } from '../../../lib/calls';
import { SIGNAGE_PAGE } from '../page-size';

/** Every device online or offline, and what it plays (`getSignageStatus`); screens report every 30 s, the board asks every 15 s. */
export const useDeviceStatus = (offset: number) =>
  useCallQuery(
    signageCalls.getSignageStatus,
    { offset, limit: SIGNAGE_PAGE },
    { refetchInterval: SIGNAGE_STATUS_REFRESH_MS, placeholderData: keepPreviousData },
  );
