import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateTaskInput } from '@portal/shared';
import { idempotencyHeaders, keyForAttempt } from '../../../lib/idempotency';
import { uploadWithProgress } from '../../../lib/upload';
import { invalidateTaskQueries } from './query-keys';

export interface CreateTaskAnswer {
  aufgabeID: number;
  message: string;
}

export interface CreateTaskVariables {
  /** frist as an ISO string. */
  values: CreateTaskInput;
  files: File[];
  onProgress?: (percent: number) => void;
}

/** POST /create-task (multipart; each file as another `files` field). */
export function createTask(vars: CreateTaskVariables): Promise<CreateTaskAnswer> {
  const { values, files, onProgress } = vars;
  const body = new FormData();
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined && value !== null) body.append(key, String(value));
  }
  for (const file of files) body.append('files', file, file.name);
  // One key per submit: a retry of the same submit creates no second task.
  return uploadWithProgress<CreateTaskAnswer>('/create-task', body, {
    onProgress,
    headers: idempotencyHeaders(keyForAttempt(vars)),
  });
}

export function useCreateTask() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createTask,
    onSuccess: () => void invalidateTaskQueries(qc),
  });
}
