import { tasksCalls } from '@portal/shared/contracts';
import { useCallMutation } from '../../../lib/calls';

/** Adds a note {taskID, notiz, agentID} to an open task (`addTaskNote`). */
export const useAddTaskNote = () => useCallMutation(tasksCalls.addTaskNote, { invalidates: ['tasks', 'agents'] });
