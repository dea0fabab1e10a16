import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { COUNTRY, CUSTOMER_SEARCH_MIN, type CustomerHit } from '@portal/shared';
import { api } from '../../../lib/api';

/** Country 1 searches /customers, country 2 /customersEG; other countries have no customer search. */
export function customerSearchPath(countryId: number): string | null {
  if (countryId === COUNTRY.AT) return '/customers';
  if (countryId === COUNTRY.EG) return '/customersEG';
  return null;
}

/** GET /customers?search= or /customersEG?search=. */
export function searchCustomers(path: string, search: string, signal?: AbortSignal): Promise<CustomerHit[]> {
  return api<CustomerHit[]>(`${path}?${new URLSearchParams({ search })}`, { signal });
}

export const customerSearchQueryOptions = (path: string, search: string) =>
  queryOptions({
    queryKey: ['customers', path, search],
    queryFn: ({ signal }) => searchCustomers(path, search, signal),
    staleTime: 60_000,
  });

/** Searches from CUSTOMER_SEARCH_MIN characters on; `search` should already be debounced. */
export function useCustomerSearch(countryId: number, search: string) {
  const path = customerSearchPath(countryId);
  const term = search.trim();
  return useQuery({
    ...customerSearchQueryOptions(path ?? '', term),
    enabled: path !== null && term.length >= CUSTOMER_SEARCH_MIN,
    placeholderData: keepPreviousData,
  });
}
