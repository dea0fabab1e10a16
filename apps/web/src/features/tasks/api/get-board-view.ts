import { tasksCalls } from '@portal/shared/contracts';
import { useCallQuery } from '../../../lib/calls';

/** The caller's board view, cards or list, as kept on the server (`getTaskBoardView`). */
export const useBoardViewQuery = () => useCallQuery(tasksCalls.getTaskBoardView, {}, { staleTime: 5 * 60_000 });
