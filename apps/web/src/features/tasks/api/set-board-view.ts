import { useQueryClient } from '@tanstack/react-query';
import { tasksCalls } from '@portal/shared/contracts';
import { callKey, useCallMutation } from '../../../lib/calls';

/**
 * Keeps the board view for every device (`setTaskBoardView`); the answer is the cached choice, nothing
 * else refetches. Saves run one after the other (one mutation scope): two quick toggles reach the
 * server in the order they were made, so the last choice is the one kept (in parallel, the first could
 * land last, and its answer turned the board back).
 */
export function useSetBoardView() {
  const qc = useQueryClient();
  return useCallMutation(tasksCalls.setTaskBoardView, {
    scope: { id: 'task-board-view' },
    invalidates: [],
    onSuccess: (saved) => qc.setQueryData(callKey(tasksCalls.getTaskBoardView, {}), saved),
  });
}
