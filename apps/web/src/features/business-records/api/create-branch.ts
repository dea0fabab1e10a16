import { businessRecordsCalls } from '@portal/shared/contracts';
import { useCallMutation } from '../../../lib/calls';

/** Adds a branch; one Idempotency-Key per submit (`createBusinessBranch`). */
export const useCreateBranch = () => useCallMutation(businessRecordsCalls.createBusinessBranch);
