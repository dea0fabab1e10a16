import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderDetails } from '@portal/shared';
import { api } from '../../../lib/api';
import { shopKeys } from './query-keys';

/** GET /web/rksv-order-details?session_id=…: order, provider status and payment summary. */
export function getOrderDetails(sessionId: string, signal?: AbortSignal): Promise<OrderDetails> {
  return api<OrderDetails>(`/web/rksv-order-details?session_id=${encodeURIComponent(sessionId)}`, { signal });
}

/** Loaded once per session id: never stale, no refetch on focus or reconnect. */
export const orderDetailsQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: shopKeys.orderDetails(sessionId),
    queryFn: ({ signal }) => getOrderDetails(sessionId, signal),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export function useOrderDetails(sessionId: string | null) {
  return useQuery({ ...orderDetailsQueryOptions(sessionId ?? ''), enabled: !!sessionId });
}
