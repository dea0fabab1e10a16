import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadWithProgress } from '../../../lib/upload';
import { invalidateTaskQueries } from './query-keys';

export interface AuditTaskVariables {
  taskID: number;
  description: string;
  contacted: 'true' | 'false';
  reason?: string;
  files: File[];
  onProgress?: (percent: number) => void;
}

/** POST /audit-task (multipart taskID, description, contacted, reason, files): closes a done task. */
export function auditTask({ taskID, description, contacted, reason, files, onProgress }: AuditTaskVariables) {
  const body = new FormData();
  body.append('taskID', String(taskID));
  body.append('description', description);
  body.append('contacted', contacted);
  if (reason) body.append('reason', reason);
  for (const file of files) body.append('files', file, file.name);
  return uploadWithProgress<{ message: string; code?: string }>('/audit-task', body, { onProgress });
}

export function useAuditTask() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: auditTask, onSuccess: () => void invalidateTaskQueries(qc) });
}
