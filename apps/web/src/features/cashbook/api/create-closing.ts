import { cashbookCalls } from '@portal/shared/contracts';
import { useCallMutation } from '../../../lib/calls';

/** Closes a month against the counted cash; the server computes the figures (`closeCashbookMonth`). */
export const useCreateClosing = () => useCallMutation(cashbookCalls.closeCashbookMonth);
