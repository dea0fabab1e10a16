import { cashbookCalls } from '@portal/shared/contracts';
import { useCallQuery } from '../../../lib/calls';

/** Register name, address and starting balance (`getCashbookSettings`). */
export const useSettings = () => useCallQuery(cashbookCalls.getCashbookSettings, {});
