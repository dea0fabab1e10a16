import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { rksvKeys } from './keys';

export interface RksvAgent {
  id: number;
  name: string;
}

/** GET /rksv-agents (admins): staff with the rksv flag, for the Mitarbeiter filter and assignment. */
export function getRksvAgents(signal?: AbortSignal) {
  return api<RksvAgent[]>('/rksv-agents', { signal });
}

export function useRksvAgents(enabled: boolean) {
  return useQuery({ queryKey: rksvKeys.agents, queryFn: ({ signal }) => getRksvAgents(signal), enabled, staleTime: 60_000 });
}
