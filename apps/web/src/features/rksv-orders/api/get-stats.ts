import { useQuery } from '@tanstack/react-query';
import type { RksvStats } from '@portal/shared';
import { api } from '../../../lib/api';
import { rksvKeys } from './keys';

/** GET /rksv-stats: the last 12 months of paid orders. */
export function getRksvStats(signal?: AbortSignal) {
  return api<RksvStats>('/rksv-stats', { signal });
}

export function useRksvStats() {
  return useQuery({ queryKey: rksvKeys.stats, queryFn: ({ signal }) => getRksvStats(signal) });
}
