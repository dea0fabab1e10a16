import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { SIGNAGE_REFRESH_MS, type DeviceRow } from '@portal/shared';
import { api } from '../../../lib/api';
import { SIGNAGE_PAGE, signageKeys } from './query-keys';

export interface DeviceFilter {
  status: string;
  q: string;
  offset: number;
  limit?: number;
}

/** GET /okds-devices: one page of devices with effective status, days remaining and customer. */
export function getDevices(f: DeviceFilter, signal?: AbortSignal) {
  const qs = new URLSearchParams({
    status: f.status,
    q: f.q,
    offset: String(f.offset),
    limit: String(f.limit ?? SIGNAGE_PAGE),
  });
  return api<{ rows: DeviceRow[]; total: number }>(`/okds-devices?${qs}`, { signal });
}

export const devicesQuery = (f: DeviceFilter) =>
  queryOptions({
    queryKey: [...signageKeys.devices(f.status, f.q, f.offset), f.limit ?? SIGNAGE_PAGE],
    queryFn: ({ signal }) => getDevices(f, signal),
    refetchInterval: SIGNAGE_REFRESH_MS,
    placeholderData: keepPreviousData,
  });

export const useDevices = (f: DeviceFilter) => useQuery(devicesQuery(f));
