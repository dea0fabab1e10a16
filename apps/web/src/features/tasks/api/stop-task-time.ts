import { taskBillingCalls } from '@portal/shared/contracts';
import { useCallMutation } from '../../../lib/calls';

/** Stops the running entry of an emergency task now (`stopTaskTime`). */
export const useStopTaskTime = () => useCallMutation(taskBillingCalls.stopTaskTime);
