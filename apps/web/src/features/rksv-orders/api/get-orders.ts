import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { RksvOrderList, RksvPaymentStatus, RksvStage } from '@portal/shared';
import { api } from '../../../lib/api';
import { rksvKeys } from './keys';

export interface RksvOrderFilters {
  q?: string;
  payment_status?: RksvPaymentStatus;
  delivery?: 0 | 1;
  agent_id?: number;
  stage?: RksvStage;
  cursor?: number;
  limit?: number;
}

/** GET /rksv-orders: one keyset page with the filter's total. */
export function getRksvOrders(f: RksvOrderFilters, signal?: AbortSignal): Promise<RksvOrderList> {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(f)) if (v !== undefined && v !== '') q.set(k, String(v));
  return api<RksvOrderList>(`/rksv-orders?${q}`, { signal });
}

export const rksvOrdersQueryOptions = (f: RksvOrderFilters) =>
  queryOptions({ queryKey: rksvKeys.orders(f), queryFn: ({ signal }) => getRksvOrders(f, signal) });

export function useRksvOrders(f: RksvOrderFilters) {
  return useQuery({ ...rksvOrdersQueryOptions(f), placeholderData: keepPreviousData });
}
