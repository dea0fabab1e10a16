import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TaskFile } from '@portal/shared';
import { uploadWithProgress } from '../../../lib/upload';
import { invalidateTaskQueries } from './query-keys';

export interface UploadTaskFilesVariables {
  taskId: number;
  files: File[];
  onProgress?: (percent: number) => void;
}

/** POST /upload-task-files (multipart taskId + files). */
export function uploadTaskFiles({ taskId, files, onProgress }: UploadTaskFilesVariables) {
  const body = new FormData();
  body.append('taskId', String(taskId));
  for (const file of files) body.append('files', file, file.name);
  return uploadWithProgress<{ message: string; files: TaskFile[] }>('/upload-task-files', body, { onProgress });
}

export function useUploadTaskFiles() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: uploadTaskFiles, onSuccess: () => void invalidateTaskQueries(qc) });
}
