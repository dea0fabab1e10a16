import { and, count, eq } from 'drizzle-orm';
import {
  COUNTRY,
  SERVICE_LEVELS_MSG as MSG,
  calendarHolidays,
  said,
  zonedDay,
  type ServiceCalendar,
  type ServiceCalendarInput,
  type ServiceCalendarView,
} from '@portal/shared';
import type { DbOrTx } from '../../db/client.js';
import { serviceCalendarDays, serviceCalendars, tasks } from '../../db/schema/index.js';
import { now, type ServiceCtx, type Viewer } from '../../platform/service.js';
import { loadServiceCalendar } from './calendars.js';
import { recomputeOpenTaskDeadlines } from './task-deadlines.js';

const day = (y: number, m: number, d: number) => {
  const g = new Date(Date.UTC(y, m - 1, d));
  return g.toISOString().slice(0, 10);
};

/** Open tasks of a country (served by the board's index on country and status). */
async function openTasks(db: DbOrTx, countryId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(tasks)
    .where(and(eq(tasks.country_id, countryId), eq(tasks.status, 'offen')));
  return row?.n ?? 0;
}

/** A calendar as staff read it: the closed days from today (in the country's zone) to twelve months ahead. */
function view(cal: ServiceCalendar, at: Date, open_tasks: number): ServiceCalendarView {
  const today = zonedDay(cal, at);
  const from = day(today.y, today.m, today.d);
  const to = day(today.y + 1, today.m, today.d);
  return {
    country_id: cal.country_id,
    zone: cal.zone,
    hours: cal.hours,
    holidays: calendarHolidays(cal, from, to),
    manual: cal.manual,
    open_tasks,
  };
}

/** GET /api/service-calendars: every country's calendar (staff read it to show the time left). */
export async function listServiceCalendars(ctx: ServiceCtx, _viewer: Viewer): Promise<ServiceCalendarView[]> {
  const at = now(ctx);
  const out: ServiceCalendarView[] = [];
  for (const id of Object.values(COUNTRY)) {
    out.push(view(await loadServiceCalendar(ctx.db, id), at, await openTasks(ctx.db, id)));
  }
  return out;
}

/**
 * PUT /api/service-calendars/{countryId}: the country's hours and manual days replaced, and the deadlines
 * of its open tasks recomputed, in one transaction. Why not a background job: a country has hundreds to
 * a few thousand open tasks (finished ones are never touched), recomputed in keyset batches in well under
 * a request's time, and an admin changes the calendar a few times a year; in the same transaction the
 * board never shows deadlines of the old calendar beside the new one, the board versions are raised by
 * the tasks' triggers in the same commit, and no job can be lost between commit and run.
 * The calendar row is written first: its row lock makes a second save of the same country wait.
 */
export async function updateServiceCalendar(
  ctx: ServiceCtx,
  viewer: Viewer,
  input: { countryId: number } & ServiceCalendarInput,
) {
  const at = now(ctx);
  const hours = [...input.hours].sort((a, b) => a.weekday - b.weekday || a.start.localeCompare(b.start));
  return ctx.db.transaction(async (tx) => {
    await tx
      .insert(serviceCalendars)
      .values({ country_id: input.countryId, hours, updated_at: at, updated_by: viewer.id })
      .onConflictDoUpdate({
        target: serviceCalendars.country_id,
        set: { hours, updated_at: at, updated_by: viewer.id },
      });
    await tx.delete(serviceCalendarDays).where(eq(serviceCalendarDays.country_id, input.countryId));
    if (input.holidays.length) {
      await tx.insert(serviceCalendarDays).values(
        input.holidays.map((d) => ({
          country_id: input.countryId,
          date: d.date,
          name: d.name,
          closed: d.closed,
          created_at: at,
          created_by: viewer.id,
        })),
      );
    }
    const recomputed = await recomputeOpenTaskDeadlines(tx, { countryId: input.countryId });
    const cal = await loadServiceCalendar(tx, input.countryId);
    return { ...said(MSG.calendarSaved), ...view(cal, at, await openTasks(tx, input.countryId)), recomputed };
  });
}
