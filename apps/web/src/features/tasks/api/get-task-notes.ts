import type { TaskNote } from '@portal/shared';
import { tasksCalls } from '@portal/shared/contracts';
import { useCallQuery } from '../../../lib/calls';

/** The notes, oldest first; the detail answer's notes stand in until the list has loaded (`getTaskNotes`). */
export const useTaskNotes = (taskId: number, placeholder?: TaskNote[]) =>
  useCallQuery(tasksCalls.getTaskNotes, { taskId }, { placeholderData: placeholder });
