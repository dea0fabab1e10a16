import { queryOptions, useQuery } from '@tanstack/react-query';
import { tasksCalls } from '@portal/shared/contracts';
import { callApi } from '../../../lib/calls';
import { taskKeys } from './query-keys';

/** `getTaskDetailAgent`: the task with files, conversations, messages and notes. */
export function getTaskDetail(taskId: number, userId: number, signal?: AbortSignal) {
  return callApi(tasksCalls.getTaskDetailAgent, { taskId, userId }, { signal });
}

export const taskDetailQueryOptions = (taskId: number, userId: number) =>
  queryOptions({
    queryKey: taskKeys.detail(taskId),
    queryFn: ({ signal }) => getTaskDetail(taskId, userId, signal),
  });

export function useTaskDetail(taskId: number | null, userId: number) {
  return useQuery({ ...taskDetailQueryOptions(taskId ?? 0, userId), enabled: taskId !== null });
}
