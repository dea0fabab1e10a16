import { eq } from 'drizzle-orm';
import { COUNTRY, defaultServiceCalendar, type ServiceCalendar } from '@portal/shared';
import type { DbOrTx } from '../../db/client.js';
import { serviceCalendarDays, serviceCalendars } from '../../db/schema/index.js';

/** A country's calendar: its hours as an admin set them (else the shipped ones) and its manual days. */
export async function loadServiceCalendar(db: DbOrTx, countryId: number): Promise<ServiceCalendar> {
  const [row] = await db.select().from(serviceCalendars).where(eq(serviceCalendars.country_id, countryId));
  const days = await db
    .select({ date: serviceCalendarDays.date, name: serviceCalendarDays.name, closed: serviceCalendarDays.closed })
    .from(serviceCalendarDays)
    .where(eq(serviceCalendarDays.country_id, countryId))
    .orderBy(serviceCalendarDays.date);
  return calendarFrom(countryId, row?.hours, days);
}

/** A country's calendar from its stored hours (none: the shipped ones) and manual days (by date). */
export function calendarFrom(
  countryId: number,
  hours: ServiceCalendar['hours'] | undefined,
  days: ServiceCalendar['manual'],
): ServiceCalendar {
  const cal = defaultServiceCalendar(countryId);
  return { ...cal, hours: hours ?? cal.hours, manual: days };
}

/** Every country's calendar, by country id. */
export async function loadServiceCalendars(db: DbOrTx): Promise<Map<number, ServiceCalendar>> {
  const out = new Map<number, ServiceCalendar>();
  for (const id of Object.values(COUNTRY)) out.set(id, await loadServiceCalendar(db, id));
  return out;
}
