import { useQuery } from '@tanstack/react-query';
import { statsCalls } from '@portal/shared/contracts';
import { callQuery } from '../../../lib/calls';

/** Task stats: every agent's of the admin's country (`getTaskStatsAdmin`) or one agent's (`getTaskStatsAgent`). */
export const useTaskStats = (agentId: number | undefined) =>
  useQuery({
    ...(agentId === undefined
      ? callQuery(statsCalls.getTaskStatsAdmin, {})
      : callQuery(statsCalls.getTaskStatsAgent, { agentId })),
    staleTime: 60_000,
  });
