import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { invalidateTaskQueries } from './query-keys';

export interface RequestAssistInput {
  taskID: number;
  agentID: number;
  comment: string;
}

/** The server's status when the task already has its one help request (the text is the server's, translated). */
export const HELP_REQUEST_EXISTS_STATUS = 409;

/** POST /request-assist {taskID, agentID, comment}; 409: a help request already exists. */
export function requestAssist(input: RequestAssistInput) {
  return api<{ message?: string }>('/request-assist', { method: 'POST', body: input });
}

export function useRequestAssist() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: requestAssist, onSuccess: () => void invalidateTaskQueries(qc) });
}
