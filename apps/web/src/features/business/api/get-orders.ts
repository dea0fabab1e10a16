import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BusinessOrderList } from '@portal/shared';
import { api } from '../../../lib/api';
import { businessKeys, pageQuery } from './keys';

/** GET /business/orders or /business/deliveries: one keyset page, newest first. */
export function getBusinessOrders(kind: 'orders' | 'deliveries', cursor?: number, signal?: AbortSignal) {
  return api<BusinessOrderList>(`/business/${kind}?${pageQuery(cursor)}`, { signal });
}

export function useBusinessOrders(kind: 'orders' | 'deliveries', cursor?: number) {
  return useQuery({
    queryKey: businessKeys.orders(kind, cursor),
    queryFn: ({ signal }) => getBusinessOrders(kind, cursor, signal),
    placeholderData: keepPreviousData,
  });
}
