import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { TASK_PAGE_DEFAULT, type TaskListResponse, type TaskSort, type TaskStatus } from '@portal/shared';
import { api } from '../../../lib/api';
import { taskKeys } from './query-keys';
import { taskListPath, type TaskScope } from './task-scope';

/** The board's tab, filters and sort; all applied by the server. */
export interface TaskListFilters {
  status: TaskStatus;
  firma?: string;
  agentId?: number;
  typ?: number;
  q?: string;
  sort: TaskSort;
  /** Only tasks nobody has taken yet (of the board's country). */
  unassigned?: boolean;
}

export function taskListQueryString(
  filters: TaskListFilters,
  cursor?: string | null,
  limit = TASK_PAGE_DEFAULT,
): string {
  const p = new URLSearchParams();
  if (filters.firma) p.set('firma', filters.firma);
  if (filters.agentId) p.set('agentId', String(filters.agentId));
  if (filters.typ) p.set('typ', String(filters.typ));
  if (filters.q) p.set('q', filters.q);
  if (filters.sort !== 'id') p.set('sort', filters.sort);
  if (filters.unassigned) p.set('unassigned', 'true');
  p.set('limit', String(limit));
  if (cursor) p.set('cursor', cursor);
  return p.toString();
}

/** GET /get-tasks-from-admin|agent/...: one page of the board. */
export function getTasks(
  scope: TaskScope,
  filters: TaskListFilters,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<TaskListResponse> {
  return api<TaskListResponse>(`${taskListPath(scope, filters.status)}?${taskListQueryString(filters, cursor)}`, {
    signal,
  });
}

export const tasksQueryOptions = (scope: TaskScope, filters: TaskListFilters) =>
  infiniteQueryOptions({
    queryKey: taskKeys.list(scope, filters),
    queryFn: ({ pageParam, signal }) => getTasks(scope, filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useTasks(scope: TaskScope, filters: TaskListFilters) {
  return useInfiniteQuery(tasksQueryOptions(scope, filters));
}
