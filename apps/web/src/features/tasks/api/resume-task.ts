import { tasksCalls } from '@portal/shared/contracts';
import { useCallMutation } from '../../../lib/calls';

/** Lets a paused task's service-level clock run again (`resumeTask`); the boards and the task refresh. */
export const useResumeTask = () => useCallMutation(tasksCalls.resumeTask, { invalidates: ['tasks'] });
