import { signageCalls } from '@portal/shared/contracts';
import { useCallMutation } from '../../../lib/calls';

/** Changes a schedule (`updateSignageSchedule`); the signage screens refresh. */
export const useUpdateSchedule = () => useCallMutation(signageCalls.updateSignageSchedule);
