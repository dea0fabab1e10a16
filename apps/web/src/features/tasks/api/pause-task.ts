import { tasksCalls } from '@portal/shared/contracts';
import { useCallMutation } from '../../../lib/calls';

/** Stops the task's service-level clock with a reason (`pauseTask`); the boards and the task refresh. */
export const usePauseTask = () => useCallMutation(tasksCalls.pauseTask, { invalidates: ['tasks'] });
