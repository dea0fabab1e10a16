import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AgentSummary } from '@portal/shared';
import { api } from '../../../lib/api';
import { agentsKey } from './query-keys';

/**
 * GET /agents: the staff of a country with their task counters. Without `countryId` the caller's own
 * country; admins may ask for another one (the board's country switch, a task of that country).
 */
export function getAgents(countryId?: number, signal?: AbortSignal): Promise<AgentSummary[]> {
  return api<AgentSummary[]>(countryId ? `/agents?countryId=${countryId}` : '/agents', { signal });
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
