import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { invalidateRksv } from './keys';

/** POST /rksv-set-pickup-ready. */
export function setPickupReady(input: { orderId: number }) {
  return api<{ message: string }>('/rksv-set-pickup-ready', { method: 'POST', body: input });
}

export function useSetPickupReady() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: setPickupReady, onSuccess: () => void invalidateRksv(qc) });
}
