import { and, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import {
  SLA_WARNING_MINUTES,
  slaDeadlines,
  subtractClockMinutes,
  type ServiceCalendar,
  type SlaFacts,
  type SlaPolicy,
} from '@portal/shared';
import type { DbOrTx } from '../../db/client.js';
import { tasks } from '../../db/schema/index.js';
import { loadServiceCalendar } from './calendars.js';
import { loadSlaPolicies, policyFor } from './policies.js';

/** The stored service-level columns of a task (schema/tasks.ts `sla_*`). */
export interface SlaColumns {
  sla_response_due_at: Date;
  sla_resolution_due_at: Date;
  sla_due_at: Date | null;
  sla_warn_at: Date | null;
}

/**
 * The service-level columns of a task from its facts: both deadlines, and the running one with its
 * warning point while the task is open and not paused (what the board's `sla` sort and filter read).
 */
export function slaColumns(cal: ServiceCalendar, policy: SlaPolicy, facts: SlaFacts & { status: string }): SlaColumns {
  const d = slaDeadlines(cal, policy, facts);
  const running = facts.status === 'offen' && facts.paused_at === null;
  const due = running ? (facts.responded_at === null ? d.response_due_at : d.resolution_due_at) : null;
  return {
    sla_response_due_at: d.response_due_at,
    sla_resolution_due_at: d.resolution_due_at,
    sla_due_at: due,
    sla_warn_at: due && subtractClockMinutes(cal, policy.clock, due, SLA_WARNING_MINUTES),
  };
}

/** The columns of a new task: created now, not answered, not paused. */
export async function slaColumnsForNewTask(
  db: DbOrTx,
  task: { country_id: number; typ: number; erstellt_am: Date; frist: Date },
): Promise<SlaColumns> {
  const [cal, policies] = await Promise.all([loadServiceCalendar(db, task.country_id), loadSlaPolicies(db)]);
  return slaColumns(cal, policyFor(policies, task.typ), {
    created_at: task.erstellt_am,
    frist: task.frist,
    responded_at: null,
    paused_at: null,
    paused_minutes: 0,
    status: 'offen',
  });
}

const BATCH = 1000;

/**
 * Recompute the deadlines of open tasks after a policy or calendar change (or for tasks that have none
 * yet, `missingOnly`): finished tasks keep theirs, history is never rewritten. Works in keyset batches
 * so a country's open tasks are never all in memory; returns how many were updated.
 */
export async function recomputeOpenTaskDeadlines(
  db: DbOrTx,
  scope: { countryId?: number; taskTypeId?: number; taskId?: number; missingOnly?: boolean } = {},
): Promise<number> {
  const policies = await loadSlaPolicies(db);
  const calendars = new Map<number, ServiceCalendar>();
  let after = 0;
  let updated = 0;
  for (;;) {
    const where: SQL[] = [eq(tasks.status, 'offen'), gt(tasks.id, after)];
    if (scope.countryId !== undefined) where.push(eq(tasks.country_id, scope.countryId));
    if (scope.taskTypeId !== undefined) where.push(eq(tasks.typ, scope.taskTypeId));
    if (scope.taskId !== undefined) where.push(eq(tasks.id, scope.taskId));
    if (scope.missingOnly) where.push(isNull(tasks.sla_response_due_at));
    const rows = await db
      .select({
        id: tasks.id,
        country_id: tasks.country_id,
        typ: tasks.typ,
        status: tasks.status,
        erstellt_am: tasks.erstellt_am,
        frist: tasks.frist,
        responded_at: tasks.sla_responded_at,
        paused_at: tasks.sla_paused_at,
        paused_minutes: tasks.sla_paused_minutes,
      })
      .from(tasks)
      .where(and(...where))
      .orderBy(tasks.id)
      .limit(BATCH);
    if (rows.length === 0) return updated;
    const values: SQL[] = [];
    for (const r of rows) {
      let cal = calendars.get(r.country_id);
      if (!cal) calendars.set(r.country_id, (cal = await loadServiceCalendar(db, r.country_id)));
      const c = slaColumns(cal, policyFor(policies, r.typ), { ...r, created_at: r.erstellt_am });
      const at = (d: Date | null) => sql`${d ? d.toISOString() : null}::timestamptz`;
      values.push(
        sql`(${r.id}::int, ${at(c.sla_response_due_at)}, ${at(c.sla_resolution_due_at)}, ${at(c.sla_due_at)}, ${at(c.sla_warn_at)})`,
      );
    }
    // One statement per batch (a thousand tasks), not one per task.
    await db.execute(sql`
      update ${tasks} set sla_response_due_at = v.response, sla_resolution_due_at = v.resolution,
        sla_due_at = v.due, sla_warn_at = v.warn
      from (values ${sql.join(values, sql`, `)}) as v(id, response, resolution, due, warn)
      where ${tasks.id} = v.id`);
    updated += rows.length;
    after = rows[rows.length - 1]!.id;
    if (rows.length < BATCH) return updated;
  }
}

// Kept for the SQL mirrors of the board (issue 31): the running deadline's state at an instant.
export const slaStateSql = (at: SQL) => sql<string>`case
  when ${tasks.status} <> 'offen' then null
  when ${tasks.sla_paused_at} is not null then 'paused'
  when ${tasks.sla_due_at} <= ${at} then 'breached'
  when ${tasks.sla_warn_at} <= ${at} then 'warning'
  else 'ok' end`;
