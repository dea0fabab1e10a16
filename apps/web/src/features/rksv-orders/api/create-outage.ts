import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { invalidateRksv } from './keys';

export interface CreateOutageInput {
  cardId: number;
  started_at: string;
  ended_at?: string | null;
  reason: string;
}

/** POST /rksv-outages. */
export function createOutage(input: CreateOutageInput) {
  return api<unknown>('/rksv-outages', { method: 'POST', body: input });
}

export function useCreateOutage() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createOutage, onSuccess: () => void invalidateRksv(qc) });
}
