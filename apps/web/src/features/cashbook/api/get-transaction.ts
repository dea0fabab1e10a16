import { cashbookCalls } from '@portal/shared/contracts';
import { useCallQuery } from '../../../lib/calls';

/** One entry by its id (`getCashbookTransaction`): the entry a link `?entry=<id>` opens. */
export const useTransaction = (id: number | undefined) =>
  useCallQuery(cashbookCalls.getCashbookTransaction, { id: id ?? 0 }, { enabled: id !== undefined, retry: false });
