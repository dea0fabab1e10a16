import { insolvencyCalls } from '@portal/shared/contracts';
import { useCallMutation } from '../../../lib/calls';

/** Opens a case: 201 {id, message}, 409 while the customer has an active one; one Idempotency-Key per submit (`createInsolvency`). */
export const useCreateInsolvency = () => useCallMutation(insolvencyCalls.createInsolvency);
