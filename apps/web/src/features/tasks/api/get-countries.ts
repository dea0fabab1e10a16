import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export interface Country {
  id: number;
  country_name: string;
}

/** GET /countries: the countries staff work in (the admins' board switch). */
export const countriesQueryOptions = queryOptions({
  queryKey: ['countries'] as const,
  queryFn: ({ signal }) => api<Country[]>('/countries', { signal }),
  staleTime: 10 * 60_000,
});

export function useCountries(enabled = true) {
  return useQuery({ ...countriesQueryOptions, enabled });
}
