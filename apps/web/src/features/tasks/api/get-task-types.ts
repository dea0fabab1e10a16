import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TaskType } from '@portal/shared';
import { api } from '../../../lib/api';
import { taskTypesKey } from './query-keys';

/** GET /task-types. */
export function getTaskTypes(signal?: AbortSignal): Promise<TaskType[]> {
  return api<TaskType[]>('/task-types', { signal });
}

export const taskTypesQueryOptions = queryOptions({
  queryKey: taskTypesKey,
  queryFn: ({ signal }) => getTaskTypes(signal),
  staleTime: 10 * 60_000,
});

export function useTaskTypes() {
  return useQuery(taskTypesQueryOptions);
}
