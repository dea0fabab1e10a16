import { urlParam, type UrlFilterValues } from '../../lib/use-url-filters';
import type { TransactionFilters } from './api/get-transactions';

const day = (): ((raw: string | null) => string) => (raw) => (raw && /^\d{4}-\d{2}-\d{2}$/.test(raw) ? raw : '');

/** The transaction list's URL parameters: period, type, category and search stay across reloads and links. */
export const TRANSACTION_FILTERS = {
  start: day(),
  end: day(),
  type: urlParam.oneOf(['all', 'income', 'expense'] as const, 'all'),
  category: urlParam.id(),
  q: urlParam.text(),
};
export type TransactionFilterValues = UrlFilterValues<typeof TRANSACTION_FILTERS>;
export const TRANSACTION_RESETTABLE = ['start', 'end', 'type', 'category', 'q'] as const;

/** The list call's filters from the URL values. */
export function listFilters(v: TransactionFilterValues): TransactionFilters {
  return {
    start_date: v.start || undefined,
    end_date: v.end || undefined,
    type: v.type === 'all' ? undefined : v.type,
    category_id: v.category,
    q: v.q.trim() || undefined,
  };
}
