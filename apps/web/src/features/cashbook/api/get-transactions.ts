import { keepPreviousData } from '@tanstack/react-query';
import type { CashbookType } from '@portal/shared';
import { cashbookCalls } from '@portal/shared/contracts';
import { useCallQuery } from '../../../lib/calls';

export interface TransactionFilters {
  start_date?: string;
  end_date?: string;
  type?: CashbookType;
  category_id?: number;
  q?: string;
  cursor?: string;
}

export const TRANSACTIONS_PAGE = 50;

/** The entries of the list screen, a keyset page (`listCashbookTransactions`). */
export const useTransactions = (f: TransactionFilters) =>
  useCallQuery(
    cashbookCalls.listCashbookTransactions,
    { ...f, limit: TRANSACTIONS_PAGE },
    { placeholderData: keepPreviousData },
  );
