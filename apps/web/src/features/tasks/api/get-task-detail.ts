import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TaskDetailResponse } from '@portal/shared';
import { api } from '../../../lib/api';
import { taskKeys } from './query-keys';

/** GET /task-detail-agent/{taskId}/{userId}: the task with files, conversations, messages and notes. */
export function getTaskDetail(taskId: number, userId: number, signal?: AbortSignal): Promise<TaskDetailResponse> {
  return api<TaskDetailResponse>(`/task-detail-agent/${taskId}/${userId}`, { signal });
}

export const taskDetailQueryOptions = (taskId: number, userId: number) =>
  queryOptions({
    queryKey: taskKeys.detail(taskId),
    queryFn: ({ signal }) => getTaskDetail(taskId, userId, signal),
  });

export function useTaskDetail(taskId: number | null, userId: number) {
  return useQuery({ ...taskDetailQueryOptions(taskId ?? 0, userId), enabled: taskId !== null });
}
