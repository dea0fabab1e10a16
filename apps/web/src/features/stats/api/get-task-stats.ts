import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TaskStats } from '@portal/shared';
import { api } from '../../../lib/api';

/** GET /get-task-stats-admin (scope all) or /get-task-stats-agent/{agentId} (scope own). */
export function getTaskStats(agentId: number | undefined, signal?: AbortSignal): Promise<TaskStats> {
  return api<TaskStats>(agentId === undefined ? '/get-task-stats-admin' : `/get-task-stats-agent/${agentId}`, {
    signal,
  });
}

export const taskStatsQuery = (agentId: number | undefined) =>
  queryOptions({
    queryKey: ['stats', 'task-stats', agentId ?? 'all'] as const,
    queryFn: ({ signal }) => getTaskStats(agentId, signal),
    staleTime: 60_000,
  });

export const useTaskStats = (agentId: number | undefined) => useQuery(taskStatsQuery(agentId));
