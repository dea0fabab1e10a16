import { useQueries } from '@tanstack/react-query';
import { api } from '../../../lib/api';

interface Option {
  id: number;
}
export type CountryOption = Option & { country_name: string };
export type RoleOption = Option & { role_name: string };
export type LevelOption = Option & { level_name: string };

/** The choices of the create-agent form (GET /countries, /roles, /agent-levels): they hardly ever change. */
export function useUserFormOptions() {
  return useQueries({
    queries: [
      { queryKey: ['countries'], queryFn: () => api<CountryOption[]>('/countries'), staleTime: Infinity },
      { queryKey: ['roles'], queryFn: () => api<RoleOption[]>('/roles'), staleTime: Infinity },
      { queryKey: ['agent-levels'], queryFn: () => api<LevelOption[]>('/agent-levels'), staleTime: Infinity },
    ],
  });
}
