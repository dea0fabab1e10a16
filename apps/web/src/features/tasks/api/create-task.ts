import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateTaskInput } from '@portal/shared';
import { tasksCalls } from '@portal/shared/contracts';
import { callApi } from '../../../lib/calls';
import { keyForAttempt } from '../../../lib/idempotency';
import { invalidateTaskQueries } from './query-keys';

export interface CreateTaskVariables {
  /** frist as an ISO string. */
  values: CreateTaskInput;
  files: File[];
  onProgress?: (percent: number) => void;
}

/** `createTask` (multipart; each file as another `files` field), with the upload's progress. */
export function createTask(vars: CreateTaskVariables) {
  const { values, files, onProgress } = vars;
  // One key per submit: a retry of the same submit creates no second task.
  return callApi(tasksCalls.createTask, { ...values, files }, { onProgress, idempotencyKey: keyForAttempt(vars) });
}

export function useCreateTask() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createTask,
    onSuccess: () => void invalidateTaskQueries(qc),
  });
}
