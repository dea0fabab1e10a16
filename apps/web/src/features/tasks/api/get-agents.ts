import { queryOptions, useQuery } from '@tanstack/react-query';
import { tasksCalls } from '@portal/shared/contracts';
import { callApi } from '../../../lib/calls';
import { agentsKey } from './query-keys';

/**
 * `listAgents`: the staff of a country with their task counters. Without `countryId` the caller's own
 * country; admins may ask for another one (the board's country switch, a task of that country).
 */
export function getAgents(countryId?: number, signal?: AbortSignal) {
  return callApi(tasksCalls.listAgents, { countryId }, { signal });
}

export const agentsQueryOptions = (countryId?: number) =>
  queryOptions({
    queryKey: [...agentsKey, countryId ?? 'own'] as const,
    queryFn: ({ signal }) => getAgents(countryId, signal),
    staleTime: 60_000,
  });

export function useAgents(countryId?: number) {
  return useQuery(agentsQueryOptions(countryId));
}
