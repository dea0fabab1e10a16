import { TASKS_MSG } from '@portal/shared';
import { eq } from 'drizzle-orm';
import { maySeeTask } from '@portal/shared';
import type { DbOrTx } from '../../db/client.js';
import { tasks } from '../../db/schema/index.js';
import type { SessionUser } from '../../platform/auth.js';
import { forbidden, notFound } from '../../platform/errors.js';

export const MSG_TASK_NOT_FOUND = TASKS_MSG.notFound;
export const MSG_ALREADY_CLAIMED = TASKS_MSG.alreadyClaimed;

export type TaskRecord = typeof tasks.$inferSelect;

/**
 * A public request of the viewer's country that a colleague has taken since: the viewer was told of
 * it and may still follow that notification (or have it open), so the refusal says what happened.
 */
function takenByColleague(viewer: Pick<SessionUser, 'role' | 'country_id' | 'tasks'>, t: TaskRecord): boolean {
  return (
    viewer.role === 'agent' &&
    viewer.tasks &&
    t.country_id === viewer.country_id &&
    t.created_by_userid === null &&
    t.user_id !== null
  );
}

/**
 * Loads a task the viewer may see: 404 when there is none, 403 when it is someone else's.
 * With `lock`, the row is locked for the rest of the transaction (status moves serialise on it).
 */
export async function loadVisibleTask(
  db: DbOrTx,
  viewer: SessionUser,
  taskId: number,
  lock = false,
): Promise<TaskRecord> {
  const q = db.select().from(tasks).where(eq(tasks.id, taskId)).limit(1);
  const [t] = lock ? await q.for('update') : await q;
  if (!t) throw notFound(MSG_TASK_NOT_FOUND);
  // Who may see a task is one rule, shared with the web (packages/shared task-rules.ts).
  if (!maySeeTask(viewer, t)) throw forbidden(takenByColleague(viewer, t) ? MSG_ALREADY_CLAIMED : undefined);
  return t;
}
