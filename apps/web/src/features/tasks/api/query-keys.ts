import type { QueryClient } from '@tanstack/react-query';
import type { TaskListFilters } from './get-tasks';
import type { TaskScope } from './task-scope';

/** Every task query lives under ['tasks', ...], so one invalidation refreshes board and modal. */
export const taskKeys = {
  all: ['tasks'] as const,
  lists: () => [...taskKeys.all, 'list'] as const,
  list: (scope: TaskScope, filters: TaskListFilters) => [...taskKeys.lists(), scope, filters] as const,
  details: () => [...taskKeys.all, 'detail'] as const,
  detail: (taskId: number) => [...taskKeys.details(), taskId] as const,
};

export const agentsKey = ['agents'] as const;

/** After any change of a task: the board lists, the task's detail, notes and audit, the agents' counters. */
export async function invalidateTaskQueries(qc: QueryClient): Promise<void> {
  await Promise.all([qc.invalidateQueries({ queryKey: taskKeys.all }), qc.invalidateQueries({ queryKey: agentsKey })]);
}
