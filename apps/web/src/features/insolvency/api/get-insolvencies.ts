import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { InsolvencyRow, InsolvencyStatus } from '@portal/shared';
import { api } from '../../../lib/api';

export const insolvencyKeys = {
  all: ['insolvency'] as const,
  list: (status: InsolvencyStatus | 'all', page: number) => ['insolvency', 'list', status, page] as const,
  search: (query: string) => ['insolvency', 'search', query] as const,
};

export const INSOLVENCY_PAGE_SIZE = 25;

/** GET /get-insolvencies: one page of cases with their months, newest first (one more row tells whether a next page exists). */
export function useInsolvencies(status: InsolvencyStatus | 'all', page: number) {
  return useQuery({
    queryKey: insolvencyKeys.list(status, page),
    queryFn: ({ signal }) => {
      const q = new URLSearchParams({
        limit: String(INSOLVENCY_PAGE_SIZE + 1),
        offset: String((page - 1) * INSOLVENCY_PAGE_SIZE),
      });
      if (status !== 'all') q.set('status', status);
      return api<InsolvencyRow[]>(`/get-insolvencies?${q}`, { signal });
    },
    placeholderData: keepPreviousData,
  });
}
