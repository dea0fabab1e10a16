import { taskBillingCalls } from '@portal/shared/contracts';
import { useCallMutation } from '../../../lib/calls';

/** Starts the clock on an emergency task: the running entry is kept on the server (`startTaskTime`). */
export const useStartTaskTime = () => useCallMutation(taskBillingCalls.startTaskTime);
