import { tasksCalls } from '@portal/shared/contracts';
import { useCallMutation } from '../../../lib/calls';

/** offen -> erledigt, or reopens a done task without audit; the boards and the agents' counters refresh (`setTaskStatus`). */
export const useSetTaskStatus = () => useCallMutation(tasksCalls.setTaskStatus, { invalidates: ['tasks', 'agents'] });
