import { queryOptions, useQuery } from '@tanstack/react-query';
import { SIGNAGE_REFRESH_MS, type SignageOverview } from '@portal/shared';
import { api } from '../../../lib/api';
import { signageKeys } from './query-keys';

/** GET /okds-overview: counts by status, registrations per month, devices by type. */
export const getOverview = (signal?: AbortSignal) => api<SignageOverview>('/okds-overview', { signal });

export const overviewQuery = () =>
  queryOptions({
    queryKey: signageKeys.overview(),
    queryFn: ({ signal }) => getOverview(signal),
    refetchInterval: SIGNAGE_REFRESH_MS,
  });

export const useOverview = () => useQuery(overviewQuery());
