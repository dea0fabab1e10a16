import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TaskRow } from '@portal/shared';
import { api } from '../../../lib/api';
import { invalidateTaskQueries } from './query-keys';

/** POST /claim-task {taskID}: takes an unassigned task (409 when someone was quicker). */
export function claimTask(taskID: number) {
  return api<TaskRow>('/claim-task', { method: 'POST', body: { taskID } });
}

export function useClaimTask() {
  const qc = useQueryClient();
  // Also after a 409: the task has an agent now, and the board and modal should show whom.
  return useMutation({ mutationFn: claimTask, onSettled: () => void invalidateTaskQueries(qc) });
}
