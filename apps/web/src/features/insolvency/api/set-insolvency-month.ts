import { insolvencyCalls } from '@portal/shared/contracts';
import { useCallMutation } from '../../../lib/calls';

/** Stores or replaces a month's invoice number {id, year, month, invoice_number} (`setInsolvencyMonth`). */
export const useSetInsolvencyMonth = () => useCallMutation(insolvencyCalls.setInsolvencyMonth);
