import { tasksCalls } from '@portal/shared/contracts';
import { useCallQuery } from '../../../lib/calls';

/** The task types (`listTaskTypes`). */
export const useTaskTypes = () => useCallQuery(tasksCalls.listTaskTypes, {}, { staleTime: 10 * 60_000 });
