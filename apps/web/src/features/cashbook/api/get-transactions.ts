import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { transactionListResponseSchema, type CashbookType } from '@portal/shared';
import { cashbookCall } from './client';
import { cashbookKeys } from './query-keys';

export interface TransactionFilters {
  start_date?: string;
  end_date?: string;
  type?: CashbookType;
  category_id?: number;
  q?: string;
  cursor?: string;
}

/** GET /cashbook/transactions?start_date&end_date&type&category_id&q&limit&cursor */
export function getTransactions(f: TransactionFilters, signal?: AbortSignal) {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(f)) if (v !== undefined && v !== '') p.set(k, String(v));
  p.set('limit', '50');
  return cashbookCall(`/transactions?${p}`, transactionListResponseSchema, { signal });
}

export const transactionsQueryOptions = (f: TransactionFilters) =>
  queryOptions({ queryKey: cashbookKeys.transactions(f), queryFn: ({ signal }) => getTransactions(f, signal) });

export const useTransactions = (f: TransactionFilters) =>
  useQuery({ ...transactionsQueryOptions(f), placeholderData: keepPreviousData });
