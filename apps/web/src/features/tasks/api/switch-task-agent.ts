import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { invalidateTaskQueries } from './query-keys';

export interface SwitchTaskAgentInput {
  taskID: number;
  newAgentID: number;
}

/** POST /switch-task-agent {taskID, newAgentID}. */
export function switchTaskAgent(input: SwitchTaskAgentInput) {
  return api<{ message?: string }>('/switch-task-agent', { method: 'POST', body: input });
}

export function useSwitchTaskAgent() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: switchTaskAgent, onSuccess: () => void invalidateTaskQueries(qc) });
}
