import { useQuery } from '@tanstack/react-query';
import { statsCalls } from '@portal/shared/contracts';
import { callQuery } from '../../../lib/calls';
import type { StatsScope } from './scope';

/**
 * The task overview of the whole country (`getTasksOverviewAdmin`) or of one agent's tasks, an agent's own or
 * the one an admin picked under "Mitarbeiter" (`getTasksOverviewAgent`).
 */
export const useTasksOverview = (scope: StatsScope) =>
  useQuery({
    ...(scope.agentId === undefined
      ? callQuery(statsCalls.getTasksOverviewAdmin, { countryId: scope.countryId })
      : callQuery(statsCalls.getTasksOverviewAgent, { countryId: scope.countryId, agentId: scope.agentId })),
    staleTime: 60_000,
  });
