import { useMutation, useQueryClient } from '@tanstack/react-query';
import { tasksCalls } from '@portal/shared/contracts';
import { callApi } from '../../../lib/calls';
import { invalidateTaskQueries } from './query-keys';

export interface UploadTaskFilesVariables {
  taskId: number;
  files: File[];
  onProgress?: (percent: number) => void;
}

/** `uploadTaskFiles` (multipart taskId + files), with the upload's progress. */
export function uploadTaskFiles({ taskId, files, onProgress }: UploadTaskFilesVariables) {
  return callApi(tasksCalls.uploadTaskFiles, { taskId, files }, { onProgress });
}

export function useUploadTaskFiles() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: uploadTaskFiles, onSuccess: () => void invalidateTaskQueries(qc) });
}
