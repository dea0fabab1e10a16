import { keepPreviousData } from '@tanstack/react-query';
import { SIGNAGE_REFRESH_MS } from '@portal/shared';
import { signageCalls, type CallInput } from '@portal/shared/contracts';
import { useCallQuery } from '../../../lib/calls';
import { SIGNAGE_PAGE } from '../page-size';

const call = signageCalls.listSignageDevices;

export interface DeviceFilter {
  status: string;
  q: string;
  offset: number;
  limit?: number;
}

/** One page of devices with effective status, days remaining and customer (`listSignageDevices`). */
export const useDevices = (f: DeviceFilter) =>
  useCallQuery(
    call,
    {
      status: f.status as CallInput<typeof call>['status'],
      q: f.q,
      offset: f.offset,
      limit: f.limit ?? SIGNAGE_PAGE,
    },
    { refetchInterval: SIGNAGE_REFRESH_MS, placeholderData: keepPreviousData },
  );
