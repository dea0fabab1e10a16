import { sql } from 'drizzle-orm';
import type { ServiceCalendar, SlaPolicy } from '@portal/shared';
import type { DbOrTx } from '../../db/client.js';
import { serviceCalendarDays, serviceCalendars, slaPolicies } from '../../db/schema/index.js';
import { rowsOf } from '../../platform/db-helpers.js';
import { calendarFrom } from './calendars.js';
import { policiesFrom } from './policies.js';

type Json<T> = T[] | null;

/**
 * The policies and the calendars of the countries asked for, in one round trip (a board page reads them
 * for its rows: three queries were a third of an uncached page's time). Never cached in the process: an
 * admin's change on another server counts at once.
 */
export async function loadSlaRules(
  db: DbOrTx,
  countryIds: readonly number[],
): Promise<{ policies: Map<number, SlaPolicy>; calendars: Map<number, ServiceCalendar> }> {
  const ids = [...new Set(countryIds)];
  const list = sql.join(
    ids.map((id) => sql`${id}::int`),
    sql`, `,
  );
  const wanted = ids.length ? sql`country_id in (${list})` : sql`false`;
  const result = await db.execute(sql`select
    (select json_agg(json_build_object('task_type_id', task_type_id, 'response_minutes', response_minutes,
       'resolution_minutes', resolution_minutes, 'clock', clock)) from ${slaPolicies}) as policies,
    (select json_agg(json_build_object('country_id', country_id, 'hours', hours)) from ${serviceCalendars}
       where ${wanted}) as calendars,
    (select json_agg(json_build_object('country_id', country_id, 'date', date, 'name', name, 'closed', closed)
       order by date) from ${serviceCalendarDays} where ${wanted}) as days`);
  const row = (rowsOf(result)[0] ?? {}) as {
    policies: Json<{
      task_type_id: number;
      response_minutes: number;
      resolution_minutes: number | null;
      clock: string;
    }>;
    calendars: Json<{ country_id: number; hours: ServiceCalendar['hours'] }>;
    days: Json<{ country_id: number; date: string; name: string; closed: boolean }>;
  };
  const calendars = new Map<number, ServiceCalendar>();
  for (const id of ids) {
    const hours = row.calendars?.find((c) => c.country_id === id)?.hours;
    const days = (row.days ?? [])
      .filter((d) => d.country_id === id)
      .map(({ date, name, closed }) => ({ date, name, closed }));
    calendars.set(id, calendarFrom(id, hours, days));
  }
  return { policies: policiesFrom(row.policies ?? []), calendars };
}
