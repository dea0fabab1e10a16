import { signageCalls } from '@portal/shared/contracts';
import { useCallMutation } from '../../../lib/calls';

/** A new schedule (`createSignageSchedule`); the signage screens refresh. */
export const useCreateSchedule = () => useCallMutation(signageCalls.createSignageSchedule);
