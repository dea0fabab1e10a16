import type { Role } from './enums.js';
import type { TaskStatus } from './schemas/tasks.js';

/** The caller as far as task visibility goes (the session user on the server, the signed-in user in the web). */
export interface TaskViewer {
  id: number;
  role: Role;
  country_id: number | null;
  /** The tasks feature flag. */
  tasks: boolean;
}

/** The people and country of a task that decide who may see it. */
export interface TaskPeople {
  user_id: number | null;
  created_by_userid: number | null;
  requested_user_id: number | null;
  country_id: number;
}

/**
 * Who may see a task (and open it): admins every task; an agent the tasks assigned to, created by or
 * asking help of them, and (with the tasks flag) the unassigned tasks of their own country, those
 * they may take, so a notification about a new request opens instead of ending on a refusal.
 * The board SQL mirrors it (apps/server/src/modules/tasks/queries.ts `visibleTo` plus the unassigned
 * tab); apps/server/test/task-rules-sql.test.ts checks that both agree.
 */
export function maySeeTask(viewer: TaskViewer, task: TaskPeople): boolean {
  if (viewer.role === 'admin') return true;
  if (viewer.role !== 'agent') return false;
  if (task.user_id === null && viewer.tasks && task.country_id === viewer.country_id) return true;
  return task.user_id === viewer.id || task.created_by_userid === viewer.id || task.requested_user_id === viewer.id;
}

/**
 * Overdue (backoffice.md section 4): the task is `offen` and its `frist` has passed. A task marked
 * done (`erledigt`) waits for closing, not for its agent, so it is not overdue. The overdue check's
 * SQL mirrors it (apps/server/src/modules/tasks/overdue.ts `overdueCondition`); a test checks both agree.
 */
export function isOverdue(
  task: { status: TaskStatus; frist: string | Date },
  now: Date | number = Date.now(),
): boolean {
  if (task.status !== 'offen') return false;
  const due = new Date(task.frist).getTime();
  return Number.isFinite(due) && due < new Date(now).getTime();
}
