import { useQuery } from '@tanstack/react-query';
import type { RksvOrder } from '@portal/shared';
import { api } from '../../../lib/api';
import { rksvKeys } from './keys';

/** GET /rksv-order/{id}: one order; the dialog follows it when it leaves the filtered list. */
export function getRksvOrder(id: number, signal?: AbortSignal) {
  return api<RksvOrder>(`/rksv-order/${id}`, { signal });
}

export function useRksvOrder(id: number | undefined, placeholder?: RksvOrder) {
  return useQuery({
    queryKey: [...rksvKeys.all, 'order', id],
    queryFn: ({ signal }) => getRksvOrder(id!, signal),
    enabled: id !== undefined,
    placeholderData: placeholder,
  });
}
