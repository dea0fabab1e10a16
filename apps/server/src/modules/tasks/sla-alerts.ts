import { and, asc, eq, inArray, isNotNull, lte } from 'drizzle-orm';
import { SLA_ALERT_MINUTES, subtractClockMinutes, type ServiceCalendar } from '@portal/shared';
import type { Db } from '../../db/client.js';
import { roles, tasks, users } from '../../db/schema/index.js';
import { now } from '../../platform/service.js';
import type { NotificationRow } from '../../platform/unit-of-work.js';
import { notify } from '../notifications/index.js';
import { loadSlaPolicies, policyFor, recomputeOpenTaskDeadlines } from '../service-levels/index.js';
import { currentCalendar } from './sla.js';

const BATCH = 500;
/** Step of `sla_alert_step` after the last warning: the deadline itself. */
const BREACH_STEP = SLA_ALERT_MINUTES.length;

/**
 * The alert instants of a running deadline on the task's clock: 60 and 15 minutes before it, then the
 * deadline (steps 0, 1, 2 of `sla_alert_step`).
 */
function alertPoints(cal: ServiceCalendar, clock: 'business' | 'always', due: Date): Date[] {
  return [...SLA_ALERT_MINUTES.map((m) => subtractClockMinutes(cal, clock, due, m)), due];
}

/**
 * The warnings job (issue 31): `sla_warning` 60 and 15 minutes (on the task's clock) before the running
 * deadline and `sla_breached` when it passes, each once per deadline. The tasks come from the partial
 * index on `sla_alert_at` (the next alert's instant; a trigger starts it again when the deadline moves),
 * never from a scan. A task whose job ran late gets only its latest alert (a breach is not preceded by
 * two stale warnings). Recipients: the task's agent; a breach also goes to the active admins with the
 * tasks flag of the task's country. An unassigned task's warnings go to nobody (the country's agents are
 * told of every new request already, and its breach reaches the admins); its steps advance all the same.
 * The step moves by a conditional UPDATE, so two runs at once never send one alert twice.
 */
export async function notifySlaAlerts(ctx: { db: Db; clock?: () => Date }): Promise<NotificationRow[]> {
  const { db } = ctx;
  const at = now(ctx);
  const due = await db
    .select({
      id: tasks.id,
      titel: tasks.titel,
      typ: tasks.typ,
      user_id: tasks.user_id,
      country_id: tasks.country_id,
      sla_due_at: tasks.sla_due_at,
      sla_alert_at: tasks.sla_alert_at,
      sla_alert_step: tasks.sla_alert_step,
    })
    .from(tasks)
    .where(and(isNotNull(tasks.sla_alert_at), lte(tasks.sla_alert_at, at)))
    .orderBy(asc(tasks.sla_alert_at))
    .limit(BATCH);
  if (due.length === 0) return [];
  const policies = await loadSlaPolicies(db);
  const calendars = new Map<number, ServiceCalendar>();
  const countries = [...new Set(due.map((t) => t.country_id))];
  for (const id of countries) calendars.set(id, await currentCalendar(db, id));
  const admins = await db
    .select({ id: users.id, country_id: users.country_id })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.role_id))
    .where(
      and(eq(roles.role_name, 'admin'), eq(users.active, true), eq(users.tasks, true), inArray(users.country_id, countries)),
    );
  const pushed: NotificationRow[] = [];
  await db.transaction(async (tx) => {
    for (const t of due) {
      if (!t.sla_due_at) continue;
      const policy = policyFor(policies, t.typ);
      const points = alertPoints(calendars.get(t.country_id)!, policy.clock, t.sla_due_at);
      // The latest step that has come; the next one after it, or none after the breach.
      let step = t.sla_alert_step;
      while (step + 1 <= BREACH_STEP && +points[step + 1]! <= +at) step++;
      const next = step < BREACH_STEP ? points[step + 1]! : null;
      const [moved] = await tx
        .update(tasks)
        .set({ sla_alert_step: step + 1, sla_alert_at: next })
        .where(
          and(
            eq(tasks.id, t.id),
            eq(tasks.sla_alert_step, t.sla_alert_step),
            eq(tasks.sla_alert_at, t.sla_alert_at!),
            eq(tasks.sla_due_at, t.sla_due_at),
          ),
        )
        .returning({ id: tasks.id });
      if (!moved) continue;
      const breached = step === BREACH_STEP;
      const recipients = [
        t.user_id,
        ...(breached ? admins.filter((a) => a.country_id === t.country_id).map((a) => a.id) : []),
      ];
      const rows = await notify(tx, {
        recipients,
        actorId: null,
        type: breached ? 'sla_breached' : 'sla_warning',
        params: breached
          ? { kind: 'slaBreached', id: t.id, titel: t.titel }
          : { kind: 'slaWarning', id: t.id, titel: t.titel, minutes: SLA_ALERT_MINUTES[step]! },
        taskId: t.id,
        priority: breached ? 'high' : 'medium',
      });
      pushed.push(...rows);
    }
  });
  return pushed;
}

/**
 * Open tasks without deadlines (created before issue 31, or restored from an older backup) get theirs:
 * the scheduled job `sla-deadlines`, not the start, so a large database starts at once.
 */
export function fillMissingDeadlines(ctx: { db: Db }): Promise<number> {
  return recomputeOpenTaskDeadlines(ctx.db, { missingOnly: true });
}
