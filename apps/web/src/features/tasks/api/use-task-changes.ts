import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { tasksCalls } from '@portal/shared/contracts';
import { callKey } from '../../../lib/calls';
import { onTaskChanged, onTasksResync } from '../../../lib/socket';
import { agentsKey, taskKeys } from './query-keys';

/** Changes arriving together (an audit closes and notifies at once) cause one refetch. */
const SETTLE_MS = 150;

/**
 * Keeps the board live: when someone changes a task this user may see (socket `task_changed`), the
 * board's lists, that task's open details and the agents' counters are fetched again, so a card moves
 * between tabs or changes without a reload.
 */
export function useTaskChanges(): void {
  const qc = useQueryClient();
  useEffect(() => {
    const changed = new Set<number>();
    let timer: number | undefined;
    const flush = () => {
      timer = undefined;
      const ids = [...changed];
      changed.clear();
      void qc.invalidateQueries({ queryKey: taskKeys.lists() });
      void qc.invalidateQueries({ queryKey: agentsKey });
      for (const id of ids) {
        void qc.invalidateQueries({ queryKey: taskKeys.detail(id) });
        void qc.invalidateQueries({ queryKey: callKey(tasksCalls.getTaskNotes, { taskId: id }) });
        void qc.invalidateQueries({ queryKey: callKey(tasksCalls.getTaskAudit, { id }) });
      }
    };
    const off = onTaskChanged((e) => {
      changed.add(e.id);
      timer ??= window.setTimeout(flush, SETTLE_MS);
    });
    // Changes missed while the socket or the server's Redis was away: everything shown of tasks again.
    const offResync = onTasksResync(() => {
      void qc.invalidateQueries({ queryKey: taskKeys.all });
      void qc.invalidateQueries({ queryKey: agentsKey });
    });
    return () => {
      off();
      offResync();
      window.clearTimeout(timer);
    };
  }, [qc]);
}
