import { tasksCalls } from '@portal/shared/contracts';
import { useCallMutation } from '../../../lib/calls';

/** The server's status when the task already has its one help request (the text is the server's, translated). */
export const HELP_REQUEST_EXISTS_STATUS = 409;

/** Asks a colleague for help {taskID, agentID, comment}; 409: a help request already exists (`requestAssist`). */
export const useRequestAssist = () => useCallMutation(tasksCalls.requestAssist, { invalidates: ['tasks', 'agents'] });
