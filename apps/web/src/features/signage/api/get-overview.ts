import { SIGNAGE_REFRESH_MS } from '@portal/shared';
import { signageCalls } from '@portal/shared/contracts';
import { useCallQuery } from '../../../lib/calls';

/** Counts by status, registrations per month, devices by type (`getSignageOverview`). */
export const useOverview = () =>
  useCallQuery(signageCalls.getSignageOverview, {}, { refetchInterval: SIGNAGE_REFRESH_MS });
