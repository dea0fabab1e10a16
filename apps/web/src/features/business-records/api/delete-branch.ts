import { businessRecordsCalls } from '@portal/shared/contracts';
import { useCallMutation } from '../../../lib/calls';

/** Removes one of the caller's branches {id} (`deleteBusinessBranch`). */
export const useDeleteBranch = () => useCallMutation(businessRecordsCalls.deleteBusinessBranch);
