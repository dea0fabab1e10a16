import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Audit } from '@portal/shared';
import { api } from '../../../lib/api';
import { taskKeys } from './query-keys';

/** GET /task-audit/{taskId}: the audit of a closed task. */
export function getTaskAudit(taskId: number, signal?: AbortSignal): Promise<Audit> {
  return api<Audit>(`/task-audit/${taskId}`, { signal });
}

export const taskAuditQueryOptions = (taskId: number) =>
  queryOptions({ queryKey: taskKeys.audit(taskId), queryFn: ({ signal }) => getTaskAudit(taskId, signal) });

export function useTaskAudit(taskId: number, enabled: boolean) {
  return useQuery({ ...taskAuditQueryOptions(taskId), enabled });
}
