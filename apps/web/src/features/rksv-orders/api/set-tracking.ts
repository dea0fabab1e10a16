import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { invalidateRksv } from './keys';

/** POST /rksv-set-tracking. */
export function setTracking(input: { orderId: number; trackingNumber: string }) {
  return api<{ message: string }>('/rksv-set-tracking', { method: 'POST', body: input });
}

export function useSetTracking() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: setTracking, onSuccess: () => void invalidateRksv(qc) });
}
