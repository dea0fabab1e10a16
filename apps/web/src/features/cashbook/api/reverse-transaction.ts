import { cashbookCalls } from '@portal/shared/contracts';
import { useCallMutation } from '../../../lib/calls';

/** Reverses an entry with a reason (`reverseCashbookTransaction`); the lists refresh even when it failed. */
export const useReverseTransaction = () =>
  useCallMutation(cashbookCalls.reverseCashbookTransaction, { refreshOnError: true });
