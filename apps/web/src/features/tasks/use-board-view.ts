import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { TASK_BOARD_VIEWS, type TaskBoardView } from '@portal/shared';
import { tasksCalls } from '@portal/shared/contracts';
import { callKey } from '../../lib/calls';
import { useBoardViewQuery } from './api/get-board-view';
import { useSetBoardView } from './api/set-board-view';

const storageKey = (userId: number) => `tasks.boardView.${userId}`;

function remembered(userId: number): TaskBoardView | null {
  try {
    const v = window.localStorage.getItem(storageKey(userId));
    return (TASK_BOARD_VIEWS as readonly string[]).includes(v ?? '') ? (v as TaskBoardView) : null;
  } catch {
    return null;
  }
}

function remember(userId: number, view: TaskBoardView) {
  try {
    window.localStorage.setItem(storageKey(userId), view);
  } catch {
    // A browser without storage still has the server's copy.
  }
}

/**
 * The board's view (cards or list), chosen per user: kept on the server for every device; this
 * browser's last copy (keyed by the user) shows it at once on a reload, before the server answers,
 * so the board does not flash the other view. A choice shows at once and is then saved.
 */
export function useBoardView(userId: number): [TaskBoardView, (view: TaskBoardView) => void] {
  const qc = useQueryClient();
  const server = useBoardViewQuery();
  const save = useSetBoardView();
  const { mutate } = save;
  const [local, setLocal] = useState<TaskBoardView | null>(() => remembered(userId));
  const saved = server.data?.view;

  useEffect(() => {
    if (saved) {
      remember(userId, saved);
      setLocal(saved);
    }
  }, [saved, userId]);

  const choose = useCallback(
    (view: TaskBoardView) => {
      setLocal(view);
      remember(userId, view);
      qc.setQueryData(callKey(tasksCalls.getTaskBoardView, {}), { view });
      mutate({ view });
    },
    [qc, mutate, userId],
  );

  return [saved ?? local ?? 'cards', choose];
}
