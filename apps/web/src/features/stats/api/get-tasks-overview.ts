import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TasksOverview } from '@portal/shared';
import { api } from '../../../lib/api';
import type { StatsScope } from './scope';

/**
 * GET /get-tasks-overview-admin/{countryId} (the whole country) or /get-tasks-overview-agent/{countryId}/{agentId}
 * (one agent's tasks: an agent's own, or the one an admin picked under "Mitarbeiter").
 */
export function getTasksOverview(scope: StatsScope, signal?: AbortSignal): Promise<TasksOverview> {
  const path =
    scope.agentId === undefined
      ? `/get-tasks-overview-admin/${scope.countryId}`
      : `/get-tasks-overview-agent/${scope.countryId}/${scope.agentId}`;
  return api<TasksOverview>(path, { signal });
}

export const tasksOverviewQuery = (scope: StatsScope) =>
  queryOptions({
    queryKey: ['stats', 'overview', scope.countryId, scope.agentId ?? 'all'] as const,
    queryFn: ({ signal }) => getTasksOverview(scope, signal),
    staleTime: 60_000,
  });

export const useTasksOverview = (scope: StatsScope) => useQuery(tasksOverviewQuery(scope));
