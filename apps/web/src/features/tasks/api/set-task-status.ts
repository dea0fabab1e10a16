import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TaskStatus } from '@portal/shared';
import { api } from '../../../lib/api';
import { invalidateTaskQueries } from './query-keys';

export interface SetTaskStatusInput {
  taskID: number;
  /** 'erledigt' marks an open task done, 'offen' reopens a done task without audit. */
  status: TaskStatus;
}

/** POST /task-set-status {taskID, status}. */
export function setTaskStatus(input: SetTaskStatusInput) {
  return api<{ message?: string }>('/task-set-status', { method: 'POST', body: input });
}

export function useSetTaskStatus() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: setTaskStatus, onSuccess: () => void invalidateTaskQueries(qc) });
}
