import { useMutation, useQueryClient } from '@tanstack/react-query';
import { tasksCalls } from '@portal/shared/contracts';
import { callApi } from '../../../lib/calls';
import { invalidateTaskQueries } from './query-keys';

export interface AuditTaskVariables {
  taskID: number;
  description: string;
  contacted: 'true' | 'false';
  reason?: string;
  files: File[];
  onProgress?: (percent: number) => void;
}

/** `auditTask` (multipart taskID, description, contacted, reason, files): closes a done task. */
export function auditTask({ onProgress, ...input }: AuditTaskVariables) {
  return callApi(tasksCalls.auditTask, input, { onProgress });
}

export function useAuditTask() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: auditTask, onSuccess: () => void invalidateTaskQueries(qc) });
}
