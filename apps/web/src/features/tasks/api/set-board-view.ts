import { useQueryClient } from '@tanstack/react-query';
import { tasksCalls } from '@portal/shared/contracts';
import { callKey, useCallMutation } from '../../../lib/calls';

/** Keeps the board view for every device (`setTaskBoardView`); the answer is the cached choice, nothing else refetches. */
export function useSetBoardView() {
  const qc = useQueryClient();
  return useCallMutation(tasksCalls.setTaskBoardView, {
    invalidates: [],
    onSuccess: (saved) => qc.setQueryData(callKey(tasksCalls.getTaskBoardView, {}), saved),
  });
}
