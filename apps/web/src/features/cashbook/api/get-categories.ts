import { cashbookCalls } from '@portal/shared/contracts';
import { useCallQuery } from '../../../lib/calls';

/** The categories (`listCashbookCategories`). */
export const useCategories = () => useCallQuery(cashbookCalls.listCashbookCategories, {});
