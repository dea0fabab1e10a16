import { and, eq, lt, sql, type SQL } from 'drizzle-orm';
import { now } from '../../platform/service.js';
import type { Db } from '../../db/client.js';
import { notifications, roles, tasks, users } from '../../db/schema/index.js';
import type { NotificationRow } from '../../platform/unit-of-work.js';
import { notify } from '../notifications/index.js';

/**
 * The SQL mirror of the shared `isOverdue` (packages/shared task-rules.ts): status `offen` and `frist`
 * passed (backoffice.md section 4). task-rules-sql.test.ts checks that both agree.
 */
export function overdueCondition(now: Date): SQL {
  return and(eq(tasks.status, 'offen'), lt(tasks.frist, now))!;
}

/**
 * Notifies once per task when it is overdue (open, due date passed): the assignee, or the
 * country's admins with the tasks flag when nobody is assigned. "Once" is the existence of a
 * task_overdue notification for the task (index notifications_task_type_idx). Runs as the scheduled
 * job `overdue-tasks` (scheduled-jobs.ts) in a unit of work: the notifications and their mails leave
 * after commit; the rows are also returned.
 */
export async function notifyOverdueTasks(ctx: { db: Db; clock?: () => Date }): Promise<NotificationRow[]> {
  const { db } = ctx;
  const at = now(ctx);
  const due = await db
    .select({ id: tasks.id, titel: tasks.titel, user_id: tasks.user_id, country_id: tasks.country_id })
    .from(tasks)
    .where(
      and(
        overdueCondition(at),
        sql`not exists (select 1 from ${notifications} n where n.task_id = ${tasks.id} and n.type = 'task_overdue')`,
      ),
    )
    .limit(500);
  if (due.length === 0) return [];
  const admins = await db
    .select({ id: users.id, country_id: users.country_id })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.role_id))
    .where(and(eq(roles.role_name, 'admin'), eq(users.active, true), eq(users.tasks, true)));
  const pushed: NotificationRow[] = [];
  await db.transaction(async (tx) => {
    for (const t of due) {
      const recipients = t.user_id ? [t.user_id] : admins.filter((a) => a.country_id === t.country_id).map((a) => a.id);
      const rows = await notify(tx, {
        recipients,
        actorId: null,
        type: 'task_overdue',
        params: { kind: 'overdue', id: t.id, titel: t.titel },
        taskId: t.id,
        priority: 'high',
      });
      // Nobody to tell (unassigned, no admin): a marker row for nobody is not possible, so it is asked again next time.
      pushed.push(...rows);
    }
  });
  return pushed;
}
