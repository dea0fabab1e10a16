import { tasksCalls } from '@portal/shared/contracts';
import { useCallMutation } from '../../../lib/calls';

/**
 * Takes an unassigned task {taskID} (409 when someone was quicker). Refreshes also after a 409: the
 * task has an agent now, and the board and modal should show whom (`claimTask`).
 */
export const useClaimTask = () =>
  useCallMutation(tasksCalls.claimTask, { invalidates: ['tasks', 'agents'], refreshOnError: true });
