import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { INSOLVENCY_SEARCH_MIN, type InsolvencyCustomerHit } from '@portal/shared';
import { api } from '../../../lib/api';
import { insolvencyKeys } from './get-insolvencies';

/** GET /insolvency-search-customers?query= (from 2 characters, at most 20 hits). */
export function useInsolvencyCustomerSearch(query: string) {
  const q = query.trim();
  return useQuery({
    queryKey: insolvencyKeys.search(q),
    queryFn: ({ signal }) =>
      api<InsolvencyCustomerHit[]>(`/insolvency-search-customers?query=${encodeURIComponent(q)}`, { signal }),
    enabled: q.length >= INSOLVENCY_SEARCH_MIN,
    placeholderData: keepPreviousData,
  });
}
