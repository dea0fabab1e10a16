import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { invalidateTaskQueries } from './query-keys';

export interface RequestAssistInput {
  taskID: number;
  agentID: number;
  comment: string;
}

/** The server's answer when the task already has its one help request. */
export const HELP_REQUEST_EXISTS_STATUS = 409;
export const HELP_REQUEST_EXISTS_MESSAGE = 'help request already exists';

/** POST /request-assist {taskID, agentID, comment}; 409: a help request already exists. */
export function requestAssist(input: RequestAssistInput) {
  return api<{ message?: string }>('/request-assist', { method: 'POST', body: input });
}

export function useRequestAssist() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: requestAssist, onSuccess: () => void invalidateTaskQueries(qc) });
}
