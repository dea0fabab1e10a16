import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AgentSummary } from '@portal/shared';
import { api } from '../../../lib/api';
import { agentsKey } from './query-keys';

/** GET /agents: the agents of the caller's country with their task counters. */
export function getAgents(signal?: AbortSignal): Promise<AgentSummary[]> {
  return api<AgentSummary[]>('/agents', { signal });
}

export const agentsQueryOptions = queryOptions({
  queryKey: agentsKey,
  queryFn: ({ signal }) => getAgents(signal),
  staleTime: 60_000,
});

export function useAgents() {
  return useQuery(agentsQueryOptions);
}
