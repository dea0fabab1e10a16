import { useQuery } from '@tanstack/react-query';
import type { BusinessOrderDetail } from '@portal/shared';
import { api } from '../../../lib/api';
import { businessKeys } from './keys';

/** GET /business/orders/{id}: one own order with its cards. */
export const getBusinessOrder = (id: number, signal?: AbortSignal) =>
  api<BusinessOrderDetail>(`/business/orders/${id}`, { signal });

export function useBusinessOrder(id: number | null) {
  return useQuery({
    queryKey: businessKeys.order(id ?? 0),
    queryFn: ({ signal }) => getBusinessOrder(id!, signal),
    enabled: id !== null,
  });
}
