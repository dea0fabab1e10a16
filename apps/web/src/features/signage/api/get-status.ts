import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PLAYER_POLL_MS, type DeviceStatusRow } from '@portal/shared';
import { api } from '../../../lib/api';
import { SIGNAGE_PAGE, signageKeys } from './query-keys';

/** GET /okds-status: every device online or offline, and what it plays. */
export const getStatus = (offset: number, signal?: AbortSignal) =>
  api<{ rows: DeviceStatusRow[]; total: number }>(`/okds-status?offset=${offset}&limit=${SIGNAGE_PAGE}`, { signal });

export const statusQuery = (offset: number) =>
  queryOptions({
    queryKey: signageKeys.status(offset),
    queryFn: ({ signal }) => getStatus(offset, signal),
    // Screens report every 30 s; the board follows at the same pace.
    refetchInterval: PLAYER_POLL_MS,
    placeholderData: keepPreviousData,
  });

export const useDeviceStatus = (offset: number) => useQuery(statusQuery(offset));
