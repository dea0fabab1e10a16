import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { invalidateRksv } from './keys';

/** POST /rksv-assign-agent. */
export function assignAgent(input: { orderId: number; agentId: number }) {
  return api<unknown>('/rksv-assign-agent', { method: 'POST', body: input });
}

export function useAssignAgent() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: assignAgent, onSuccess: () => void invalidateRksv(qc) });
}
