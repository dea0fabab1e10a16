import { cashbookCalls } from '@portal/shared/contracts';
import { useCallMutation } from '../../../lib/calls';

/** Saves the register's settings (`updateCashbookSettings`). */
export const useSaveSettings = () => useCallMutation(cashbookCalls.updateCashbookSettings);
