import { cashbookCalls } from '@portal/shared/contracts';
import { useCallQuery } from '../../../lib/calls';

/** The hash chain recomputed on the server (`verifyCashbook`). */
export const useVerify = () => useCallQuery(cashbookCalls.verifyCashbook, {});
