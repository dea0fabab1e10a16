import { businessRecordsCalls } from '@portal/shared/contracts';
import { useCallMutation } from '../../../lib/calls';

/** Changes one of the caller's branches {id, ...fields} (`updateBusinessBranch`). */
export const useUpdateBranch = () => useCallMutation(businessRecordsCalls.updateBusinessBranch);
