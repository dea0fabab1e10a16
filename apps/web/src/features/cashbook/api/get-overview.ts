import { cashbookCalls } from '@portal/shared/contracts';
import { useCallQuery } from '../../../lib/calls';

/** The overview figures (`getCashbookOverview`). */
export const useOverview = () => useCallQuery(cashbookCalls.getCashbookOverview, {});
