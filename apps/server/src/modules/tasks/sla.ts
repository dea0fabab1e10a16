import { and, eq, isNull } from 'drizzle-orm';
import { slaView, type ServiceCalendar, type SlaPolicy, type TaskRow, type TaskSla } from '@portal/shared';
import type { DbOrTx } from '../../db/client.js';
import { tasks } from '../../db/schema/index.js';
import { loadServiceCalendar, loadSlaRules, policyFor, slaColumns, type SlaColumns } from '../service-levels/index.js';
import type { TaskRecord } from './access.js';

/**
 * What a board row (queries.ts ROW_JSON) carries of its service level before it is worded: the stored
 * columns as ISO texts. `withSla` turns it into the row's `sla` at an instant.
 */
export interface SlaColumnsJson {
  r: string | null;
  d: string | null;
  a: string | null;
  p: string | null;
  m: number;
  due: string | null;
  warn: string | null;
}

export type RawTaskRow = Omit<TaskRow, 'sla'> & { sla: SlaColumnsJson | TaskSla | null };

/**
 * One object per distinct calendar content: the shared rule keeps a calendar's holidays and daily hours
 * per object, so a page's calendar read again (two small queries, never stale) finds them already worked
 * out as long as nobody changed it, instead of computing a year of holidays and zone conversions anew.
 */
const interned = new Map<string, ServiceCalendar>();
function intern(cal: ServiceCalendar): ServiceCalendar {
  const key = JSON.stringify(cal);
  const kept = interned.get(key);
  if (kept) return kept;
  if (interned.size > 50) interned.clear();
  interned.set(key, cal);
  return cal;
}

/** A country's calendar as it is stored now, as the one object of that content. */
export async function currentCalendar(db: DbOrTx, countryId: number): Promise<ServiceCalendar> {
  return intern(await loadServiceCalendar(db, countryId));
}

/** The calendars (of the countries asked for) and the policies, loaded once per page in one query. */
async function slaRules(db: DbOrTx, countryIds: Iterable<number>) {
  const { policies, calendars } = await loadSlaRules(db, [...countryIds]);
  for (const [id, cal] of calendars) calendars.set(id, intern(cal));
  return { policies, calendars };
}

const MINUTE_MS = 60_000;

/**
 * The rows with their `sla` as shared `slaView` says it at `at`, and until when that stays true: the next
 * minute (the minutes left are whole minutes of the page's minute) or a row's next state change (its
 * warning point or deadline), whichever comes first. A kept board page is served only before that
 * instant (board-cache.ts), so a state is never stale and the minutes left at most one minute old.
 */
export async function withSla(
  db: DbOrTx,
  rows: RawTaskRow[],
  at: Date,
): Promise<{ rows: TaskRow[]; validUntil: number }> {
  const t = +at;
  let validUntil = Math.floor(t / MINUTE_MS) * MINUTE_MS + MINUTE_MS;
  const needed = rows.filter((r) => r.sla && 'r' in r.sla && r.sla.r);
  if (needed.length === 0) return { rows: rows.map((r) => ({ ...r, sla: null })), validUntil };
  const { policies, calendars } = await slaRules(
    db,
    needed.map((r) => r.country_id),
  );
  const out = rows.map((row): TaskRow => {
    const c = row.sla as SlaColumnsJson | null;
    if (!c || !c.r || !c.d) return { ...row, sla: null };
    for (const instant of [c.warn, c.due]) {
      const v = instant ? +new Date(instant) : NaN;
      if (v > t && v < validUntil) validUntil = v;
    }
    const facts = {
      created_at: row.erstellt_am,
      frist: row.frist,
      responded_at: c.a,
      paused_at: c.p,
      paused_minutes: c.m,
      status: row.status,
      erledigt_am: row.erledigt_am,
    };
    const policy: SlaPolicy = policyFor(policies, row.typ);
    const sla = slaView(
      calendars.get(row.country_id)!,
      policy,
      facts,
      { response_due_at: new Date(c.r), resolution_due_at: new Date(c.d) },
      at,
    );
    return { ...row, sla };
  });
  return { rows: out, validUntil };
}

type SlaFactsOfTask = Pick<
  TaskRecord,
  | 'country_id'
  | 'typ'
  | 'status'
  | 'erstellt_am'
  | 'frist'
  | 'sla_responded_at'
  | 'sla_paused_at'
  | 'sla_paused_minutes'
>;

/** The calendar and policy of one task. */
export async function taskSlaRule(db: DbOrTx, t: Pick<TaskRecord, 'country_id' | 'typ'>) {
  const { policies, calendars } = await slaRules(db, [t.country_id]);
  return { cal: calendars.get(t.country_id)!, policy: policyFor(policies, t.typ) };
}

/** The stored service-level columns of a task in the state given (service-levels `slaColumns`). */
export async function slaColumnsOf(db: DbOrTx, t: SlaFactsOfTask): Promise<SlaColumns> {
  const { cal, policy } = await taskSlaRule(db, t);
  return slaColumnsFrom(cal, policy, t);
}

export function slaColumnsFrom(cal: ServiceCalendar, policy: SlaPolicy, t: SlaFactsOfTask): SlaColumns {
  return slaColumns(cal, policy, {
    created_at: t.erstellt_am,
    frist: t.frist,
    responded_at: t.sla_responded_at,
    paused_at: t.sla_paused_at,
    paused_minutes: t.sla_paused_minutes,
    status: t.status,
  });
}

/**
 * After a change by staff (a note, a message, a status change) in the caller's transaction: the first
 * one sets `sla_responded_at`, and the columns follow the task's new state (the running deadline moves
 * to the resolution, a finished task has none, a reopened one runs again). `t` is the task as it is
 * now, after the change, read under the caller's row lock.
 */
export async function afterStaffAction(tx: DbOrTx, t: SlaFactsOfTask & { id: number }, at: Date): Promise<void> {
  const responded = t.sla_responded_at ?? at;
  const cols = await slaColumnsOf(tx, { ...t, sla_responded_at: responded });
  await tx
    .update(tasks)
    .set({ ...cols, sla_responded_at: responded })
    .where(eq(tasks.id, t.id));
}

/** A staff mail about a task is its first response when none was recorded yet (conversations.ts). */
export async function markResponded(tx: DbOrTx, taskId: number, at: Date): Promise<void> {
  const [t] = await tx
    .select()
    .from(tasks)
    .where(and(eq(tasks.id, taskId), isNull(tasks.sla_responded_at)))
    .for('update');
  if (t) await afterStaffAction(tx, t, at);
}
