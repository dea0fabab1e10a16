import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { invalidateRksv } from './keys';

export interface RksvActivateInput {
  cardId: number;
  kassenid: string;
  cert_sn: string;
  shopid?: string;
  deviceid?: string;
  systemid?: string;
  aes_key?: string;
}

/** POST /rksv-activate-card. */
export function activateCard(input: RksvActivateInput) {
  return api<unknown>('/rksv-activate-card', { method: 'POST', body: input });
}

export function useActivateCard() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: activateCard, onSuccess: () => void invalidateRksv(qc) });
}
