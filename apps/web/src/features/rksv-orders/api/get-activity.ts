import { useQuery } from '@tanstack/react-query';
import type { RksvActivity } from '@portal/shared';
import { api } from '../../../lib/api';
import { rksvKeys } from './keys';

/** GET /rksv-order-activity/{orderId}: who did what, newest first. */
export function getRksvActivity(orderId: number, signal?: AbortSignal) {
  return api<RksvActivity[]>(`/rksv-order-activity/${orderId}`, { signal });
}

export function useRksvActivity(orderId: number) {
  return useQuery({ queryKey: rksvKeys.activity(orderId), queryFn: ({ signal }) => getRksvActivity(orderId, signal) });
}
