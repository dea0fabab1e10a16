import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AgentOverviewRow } from '@portal/shared';
import { api } from '../../../lib/api';

/** GET /get-agents-overview/{countryId} (admins): one row per staff member with their counters. */
export function getAgentsOverview(countryId: number, signal?: AbortSignal): Promise<AgentOverviewRow[]> {
  return api<AgentOverviewRow[]>(`/get-agents-overview/${countryId}`, { signal });
}

export const agentsOverviewQuery = (countryId: number) =>
  queryOptions({
    queryKey: ['stats', 'agents', countryId] as const,
    queryFn: ({ signal }) => getAgentsOverview(countryId, signal),
    staleTime: 60_000,
  });

export const useAgentsOverview = (countryId: number, enabled: boolean) =>
  useQuery({ ...agentsOverviewQuery(countryId), enabled });
