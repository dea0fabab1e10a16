import { queryOptions, useQuery } from '@tanstack/react-query';
import { SIGNAGE_SEARCH_MIN, type SignageCustomerHit } from '@portal/shared';
import { api } from '../../../lib/api';
import { signageKeys } from './query-keys';

/** GET /okds-search-customers?query= (from 2 characters, at most 20). */
export const searchCustomers = (query: string, signal?: AbortSignal) =>
  api<SignageCustomerHit[]>(`/okds-search-customers?${new URLSearchParams({ query })}`, { signal });

export const customerSearchQuery = (query: string) =>
  queryOptions({
    queryKey: signageKeys.search(query),
    queryFn: ({ signal }) => searchCustomers(query, signal),
    enabled: query.trim().length >= SIGNAGE_SEARCH_MIN,
    staleTime: 30_000,
  });

export const useCustomerSearch = (query: string) => useQuery(customerSearchQuery(query));
