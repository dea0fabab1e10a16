import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { invalidateRksv } from './keys';

/** POST /rksv-update-card. */
export function updateCard(input: { cardId: number; serialNumber: string }) {
  return api<unknown>('/rksv-update-card', { method: 'POST', body: input });
}

export function useUpdateCard() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: updateCard, onSuccess: () => void invalidateRksv(qc) });
}
