import { tasksCalls } from '@portal/shared/contracts';
import { useCallMutation } from '../../../lib/calls';

/** Hands the task to another agent {taskID, newAgentID} (`switchTaskAgent`). */
export const useSwitchTaskAgent = () =>
  useCallMutation(tasksCalls.switchTaskAgent, { invalidates: ['tasks', 'agents'] });
