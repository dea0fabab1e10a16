import { businessRecordsCalls } from '@portal/shared/contracts';
import { useCallQuery } from '../../../lib/calls';

/** The caller's branches by name (`listBusinessBranches`). */
export const useBranches = () => useCallQuery(businessRecordsCalls.listBusinessBranches, {});
