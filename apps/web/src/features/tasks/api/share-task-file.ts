import { tasksCalls } from '@portal/shared/contracts';
import { useCallMutation } from '../../../lib/calls';

/** The file appears in (or leaves) the customer's business dashboard {id, shared} (`shareTaskFile`). */
export const useShareTaskFile = () => useCallMutation(tasksCalls.shareTaskFile, { invalidates: ['tasks', 'agents'] });
