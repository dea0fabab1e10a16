import { cashbookCalls } from '@portal/shared/contracts';
import { useCallMutation } from '../../../lib/calls';

/** Posts an entry (amount in cents); one Idempotency-Key per submit (`createCashbookTransaction`). */
export const useCreateTransaction = () => useCallMutation(cashbookCalls.createCashbookTransaction);
