import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { TASK_PAGE_DEFAULT, type SlaBoardFilter, type TaskSort, type TaskStatus } from '@portal/shared';
import { tasksCalls } from '@portal/shared/contracts';
import { callApi } from '../../../lib/calls';
import { taskKeys } from './query-keys';
import type { TaskScope } from './task-scope';

/** The board's tab, filters and sort; all applied by the server. */
export interface TaskListFilters {
  status: TaskStatus;
  firma?: string;
  agentId?: number;
  typ?: number;
  q?: string;
  sort: TaskSort;
  /** Only tasks whose service-level deadline is near or passed. */
  sla?: SlaBoardFilter;
  /** Only tasks nobody has taken yet (of the board's country). */
  unassigned?: boolean;
}

/** The board's query as the list calls declare it (`taskListQuerySchema`): only what differs from the defaults. */
function listQuery(filters: TaskListFilters, cursor: string | null, limit = TASK_PAGE_DEFAULT) {
  return {
    firma: filters.firma || undefined,
    agentId: filters.agentId || undefined,
    typ: filters.typ || undefined,
    q: filters.q || undefined,
    sort: filters.sort !== 'id' ? filters.sort : undefined,
    sla: filters.sla || undefined,
    unassigned: filters.unassigned ? ('true' as const) : undefined,
    limit,
    cursor: cursor ?? undefined,
  };
}

/** One page of the board: `getTasksFromAdmin` (a country's tasks) or `getTasksFromAgent` (the agent's own). */
export function getTasks(scope: TaskScope, filters: TaskListFilters, cursor: string | null, signal?: AbortSignal) {
  const query = listQuery(filters, cursor);
  const { countryId, userId } = scope;
  return scope.admin
    ? callApi(tasksCalls.getTasksFromAdmin, { countryId, status: filters.status, ...query }, { signal })
    : callApi(
        tasksCalls.getTasksFromAgent,
        { countryId, status: filters.status, boardAgentId: userId, ...query },
        { signal },
      );
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
