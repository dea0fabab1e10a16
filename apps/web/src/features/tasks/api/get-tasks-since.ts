import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { TaskRow, TaskStatus } from '@portal/shared';
import { tasksCalls } from '@portal/shared/contracts';
import { callApi } from '../../../lib/calls';
import { onLiveNotification } from '../../../lib/socket';
import { tasksQueryOptions, type TaskListFilters } from './get-tasks';
import type { TaskScope } from './task-scope';

/** The spec's catch-up poll for tasks missed by the live channel. */
export const MISSED_TASKS_POLL_MS = 10_000;
export const MISSED_TASKS_LIMIT = 100;

/** `getTasksFromAdminSince` / `getTasksFromAgentSince`: tasks of the tab with an id above lastTaskId. */
export function getTasksSince(
  scope: TaskScope,
  status: TaskStatus,
  lastTaskId: number,
  limit = MISSED_TASKS_LIMIT,
  signal?: AbortSignal,
) {
  const { countryId, userId } = scope;
  return scope.admin
    ? callApi(tasksCalls.getTasksFromAdminSince, { countryId, status, lastTaskId, limit }, { signal })
    : callApi(
        tasksCalls.getTasksFromAgentSince,
        { countryId, status, boardAgentId: userId, lastTaskId, limit },
        { signal },
      );
}

const isPlainList = (f: TaskListFilters) =>
  !f.firma && !f.agentId && !f.typ && !f.q && !f.sla && !f.unassigned && f.sort === 'id';

/**
 * Whether a task belongs on the board as scoped: its country, and on an agent's own list only tasks
 * with an agent (the unassigned ones, which agents may open too, have a list of their own).
 */
const belongs = (task: TaskRow, scope: TaskScope, f: TaskListFilters) =>
  task.status === f.status &&
  task.country_id === scope.countryId &&
  (f.unassigned ? task.user_id === null : scope.admin || task.user_id !== null);

/**
 * Every 10 s asks for tasks above the highest id seen so far. New tasks of the current tab go on top
 * of the first page when the board shows the plain newest-first list; with a filter or another sort
 * the server decides where (and whether) they belong, so the list is fetched again instead.
 * `scope` and `filters` must be stable (memoised) objects.
 */
export function useMissedTasksPoll(scope: TaskScope, filters: TaskListFilters, enabled: boolean): void {
  const qc = useQueryClient();
  /** Highest seen id per scope and tab, kept across filter changes. */
  const highest = useRef(new Map<string, number>());

  useEffect(() => {
    if (!enabled) return;
    const { queryKey } = tasksQueryOptions(scope, filters);
    const slot = `${scope.admin}/${scope.countryId}/${scope.userId}/${filters.status}`;
    const ctrl = new AbortController();
    let running = false;

    /** Puts tasks of this tab at the top of the first page, each once. */
    const addOnTop = (fresh: TaskRow[]) =>
      qc.setQueryData(queryKey, (old) => {
        const first = old?.pages[0];
        if (!old || !first) return old;
        const known = new Set(old.pages.flatMap((p) => p.tasks.map((t) => t.id)));
        const added = fresh.filter((t) => !known.has(t.id)).sort((a, b) => b.id - a.id);
        if (added.length === 0) return old;
        return {
          ...old,
          pages: [
            { ...first, tasks: [...added, ...first.tasks], total: first.total + added.length },
            ...old.pages.slice(1),
          ],
        };
      });

    /**
     * Live: a task assigned to this user (new, or handed over — then its id may be below the highest
     * seen) arrives as a notification; it joins the list when its status matches the current tab.
     */
    const unsubscribe = onLiveNotification((n) => {
      if ((n.type !== 'task_assigned' && n.type !== 'task_created') || !n.task_id) return;
      void callApi(tasksCalls.getTask, { taskId: n.task_id }, { signal: ctrl.signal })
        .then((task) => {
          if (!belongs(task, scope, filters)) return;
          highest.current.set(slot, Math.max(highest.current.get(slot) ?? 0, task.id));
          if (isPlainList(filters)) addOnTop([task]);
          else void qc.invalidateQueries({ queryKey });
        })
        .catch(() => undefined);
    });

    const tick = async () => {
      if (running) return;
      running = true;
      try {
        const data = qc.getQueryData(queryKey);
        let last = highest.current.get(slot) ?? 0;
        for (const page of data?.pages ?? []) for (const t of page.tasks) last = Math.max(last, t.id);
        highest.current.set(slot, last);

        const { tasks } = await getTasksSince(scope, filters.status, last, MISSED_TASKS_LIMIT, ctrl.signal);
        if (ctrl.signal.aborted || tasks.length === 0) return;
        highest.current.set(slot, Math.max(last, ...tasks.map((t) => t.id)));
        const fresh = tasks.filter((t) => t.status === filters.status);
        if (fresh.length === 0) return;

        if (!isPlainList(filters)) {
          await qc.invalidateQueries({ queryKey });
          return;
        }
        addOnTop(fresh);
      } catch {
        /* offline or refused: the next tick tries again */
      } finally {
        running = false;
      }
    };

    const id = window.setInterval(() => void tick(), MISSED_TASKS_POLL_MS);
    return () => {
      ctrl.abort();
      window.clearInterval(id);
      unsubscribe();
    };
  }, [qc, scope, filters, enabled]);
}
