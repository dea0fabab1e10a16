import { cashbookCalls } from '@portal/shared/contracts';
import { useCallMutation } from '../../../lib/calls';

/** Adds a category {name, description, type} (`createCashbookCategory`). */
export const useCreateCategory = () => useCallMutation(cashbookCalls.createCashbookCategory);
