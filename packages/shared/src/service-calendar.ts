/**
 * Service calendars of the two countries (issue 31): when support works, counted in the country's own
 * time zone, and working minutes added to an instant. One rule for the server (deadlines stored on the
 * task), the web (the time left on a card) and the tests (golden dates in packages/shared/test).
 *
 * A calendar is the weekly hours plus the days it is closed: the public holidays computed for the year
 * (Austria's by the Easter rule, Egypt's fixed days, Sham el-Nessim and the Islamic holidays from the
 * Umm al-Qura calendar that `Intl` carries) and the days an admin set by hand (a decree moves a holiday:
 * a manual closed day adds one, a manual open day cancels a computed one; a move is both).
 */
import { TZDate } from '@date-fns/tz';
import { austrianHolidays } from './calendar.js';
import { COUNTRY } from './enums.js';

/** One opening interval of a weekday (1 Monday … 7 Sunday), wall-clock `HH:MM` in the country's zone. */
export interface ServiceHours {
  weekday: number;
  start: string;
  end: string;
}

/** A day an admin set by hand: closed (a holiday added or moved there) or open (a computed one cancelled). */
export interface ManualDay {
  date: string;
  name: string;
  closed: boolean;
}

/** A closed day as the calendar shows it. */
export interface CalendarHoliday {
  date: string;
  /** German name (a manual day's as the admin wrote it). */
  name: string;
  source: 'computed' | 'manual';
  /** A computed holiday's stable ids (for its name in the reader's language) and the day of a feast of several. */
  keys?: { key: string; day?: number }[];
}

export interface ServiceCalendar {
  country_id: number;
  /** IANA zone the hours are written in. */
  zone: string;
  hours: ServiceHours[];
  manual: ManualDay[];
}

export const COUNTRY_ZONE: Record<number, string> = {
  [COUNTRY.AT]: 'Europe/Vienna',
  [COUNTRY.EG]: 'Africa/Cairo',
};

/** The spec's regular support hours (Austria) and Egypt's default week, Sunday to Thursday 09:00–17:00. */
export const DEFAULT_SERVICE_HOURS: Record<number, ServiceHours[]> = {
  [COUNTRY.AT]: [
    ...[1, 2, 3, 4].map((weekday) => ({ weekday, start: '09:30', end: '17:30' })),
    { weekday: 5, start: '09:30', end: '15:00' },
  ],
  [COUNTRY.EG]: [7, 1, 2, 3, 4].map((weekday) => ({ weekday, start: '09:00', end: '17:00' })),
};

/** The calendar of a country as shipped: its zone, default hours, no manual days. */
export function defaultServiceCalendar(countryId: number): ServiceCalendar {
  return {
    country_id: countryId,
    zone: COUNTRY_ZONE[countryId] ?? 'Europe/Vienna',
    hours: DEFAULT_SERVICE_HOURS[countryId] ?? DEFAULT_SERVICE_HOURS[COUNTRY.AT]!,
    manual: [],
  };
}

// ---------------------------------------------------------------------------------------------
// Holidays
// ---------------------------------------------------------------------------------------------

export interface ComputedHoliday {
  date: string;
  /** Stable id, for translations. */
  key: string;
  /** German name. */
  name: string;
  /** The day of a feast of several days (Eid al-Fitr 1–3, Eid al-Adha 1–4). */
  day?: number;
}

const dateKey = (y: number, m: number, d: number) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

/** Orthodox Easter Sunday (Julian computus, given as a Gregorian date; valid 1900–2099). */
export function orthodoxEasterSunday(year: number): Date {
  const a = year % 4;
  const b = year % 7;
  const c = year % 19;
  const d = (19 * c + 15) % 30;
  const e = (2 * a + 4 * b - d + 34) % 7;
  const month = Math.floor((d + e + 114) / 31);
  const day = ((d + e + 114) % 31) + 1;
  // Julian to Gregorian: 13 days between 1900 and 2099.
  return new Date(year, month - 1, day + 13);
}

const umalqura = new Intl.DateTimeFormat('en-u-ca-islamic-umalqura', {
  timeZone: 'UTC',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
});

/** The Umm al-Qura month and day of a Gregorian calendar day. */
function hijriMonthDay(y: number, m: number, d: number): { month: number; day: number } {
  const parts = umalqura.formatToParts(new Date(Date.UTC(y, m - 1, d, 12)));
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  return { month: get('month'), day: get('day') };
}

/** Islamic holidays as [Hijri month, first day, number of days, key, German name]. */
const ISLAMIC_HOLIDAYS: [number, number, number, string, string][] = [
  [10, 1, 3, 'eidAlFitr', 'Fest des Fastenbrechens'],
  [12, 10, 4, 'eidAlAdha', 'Opferfest'],
  [1, 1, 1, 'islamicNewYear', 'Islamisches Neujahr'],
  [3, 12, 1, 'prophetsBirthday', 'Geburtstag des Propheten'],
];

const islamicCache = new Map<number, ComputedHoliday[]>();

/** The Islamic holidays falling in a Gregorian year, found by reading each day's Umm al-Qura date. */
function islamicHolidays(year: number): ComputedHoliday[] {
  const cached = islamicCache.get(year);
  if (cached) return cached;
  const out: ComputedHoliday[] = [];
  for (let t = Date.UTC(year, 0, 1); new Date(t).getUTCFullYear() === year; t += 86_400_000) {
    const g = new Date(t);
    const h = hijriMonthDay(g.getUTCFullYear(), g.getUTCMonth() + 1, g.getUTCDate());
    for (const [month, first, days, key, name] of ISLAMIC_HOLIDAYS) {
      if (h.month === month && h.day >= first && h.day < first + days) {
        const n = h.day - first + 1;
        out.push({
          date: dateKey(g.getUTCFullYear(), g.getUTCMonth() + 1, g.getUTCDate()),
          key,
          name: days > 1 ? `${name} (${n}. Tag)` : name,
          ...(days > 1 ? { day: n } : {}),
        });
      }
    }
  }
  islamicCache.set(year, out);
  return out;
}

/** Egypt's public holidays of a year: the fixed days, Sham el-Nessim and the Islamic holidays. */
export function egyptianHolidays(year: number): ComputedHoliday[] {
  const fixed: [number, number, string, string][] = [
    [1, 7, 'copticChristmas', 'Koptische Weihnachten'],
    [1, 25, 'revolutionDay2011', 'Tag der Revolution (25. Jänner) und Tag der Polizei'],
    [4, 25, 'sinaiLiberation', 'Tag der Befreiung des Sinai'],
    [5, 1, 'workersDay', 'Tag der Arbeit'],
    [6, 30, 'june30Revolution', 'Tag der Revolution (30. Juni)'],
    [7, 23, 'revolutionDay1952', 'Tag der Revolution (23. Juli)'],
    [10, 6, 'armedForcesDay', 'Tag der Streitkräfte'],
  ];
  const easter = orthodoxEasterSunday(year);
  const shamElNessim = new Date(easter.getFullYear(), easter.getMonth(), easter.getDate() + 1);
  return [
    ...fixed.map(([m, d, key, name]) => ({ date: dateKey(year, m, d), key, name })),
    {
      date: dateKey(shamElNessim.getFullYear(), shamElNessim.getMonth() + 1, shamElNessim.getDate()),
      key: 'shamElNessim',
      name: 'Sham el-Nessim',
    },
    ...islamicHolidays(year),
  ].sort((a, b) => a.date.localeCompare(b.date) || a.key.localeCompare(b.key));
}

/** The computed public holidays of a country and year (Austria: the existing rule). */
export function computedHolidays(countryId: number, year: number): ComputedHoliday[] {
  if (countryId === COUNTRY.EG) return egyptianHolidays(year);
  return austrianHolidays(year);
}

/** Every closed day between two calendar days (inclusive, `YYYY-MM-DD`), computed and manual. */
export function calendarHolidays(cal: ServiceCalendar, from: string, to: string): CalendarHoliday[] {
  const byDate = new Map<string, CalendarHoliday>();
  for (let y = Number(from.slice(0, 4)); y <= Number(to.slice(0, 4)); y++) {
    for (const h of computedHolidays(cal.country_id, y)) {
      if (h.date < from || h.date > to) continue;
      const prev = byDate.get(h.date);
      const key = { key: h.key, ...(h.day ? { day: h.day } : {}) };
      // Two holidays on one day (an Eid on a fixed day) are one closed day with both names.
      byDate.set(h.date, {
        date: h.date,
        name: prev ? `${prev.name}, ${h.name}` : h.name,
        source: 'computed',
        keys: [...(prev?.keys ?? []), key],
      });
    }
  }
  for (const m of cal.manual) {
    if (m.date < from || m.date > to) continue;
    if (m.closed) byDate.set(m.date, { date: m.date, name: m.name, source: 'manual' });
    else byDate.delete(m.date);
  }
  return [...byDate.values()].sort((a, b) => a.date.localeCompare(b.date));
}

const closedCache = new WeakMap<ServiceCalendar, Map<number, Set<string>>>();

/** The closed days of one year, cached per calendar object (a calendar is read-only once built). */
function closedDays(cal: ServiceCalendar, year: number): Set<string> {
  let perYear = closedCache.get(cal);
  if (!perYear) closedCache.set(cal, (perYear = new Map()));
  let set = perYear.get(year);
  if (!set) {
    set = new Set(calendarHolidays(cal, `${year}-01-01`, `${year}-12-31`).map((h) => h.date));
    perYear.set(year, set);
  }
  return set;
}

// ---------------------------------------------------------------------------------------------
// Working minutes
// ---------------------------------------------------------------------------------------------

const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** The wall-clock calendar day of an instant in the calendar's zone. */
export function zonedDay(
  cal: ServiceCalendar,
  at: Date | number,
): { y: number; m: number; d: number; weekday: number } {
  const z = new TZDate(+at, cal.zone);
  const wd = z.getDay();
  return { y: z.getFullYear(), m: z.getMonth() + 1, d: z.getDate(), weekday: wd === 0 ? 7 : wd };
}

/** The instant of a wall-clock time on a calendar day in the calendar's zone (DST handled by the zone data). */
export function zonedInstant(zone: string, y: number, m: number, d: number, minutes: number): number {
  return +new TZDate(y, m - 1, d, Math.floor(minutes / 60), minutes % 60, zone);
}

/**
 * A calendar's open intervals per day, kept as its closed days are (a calendar is never changed in place):
 * the zone conversions were most of the time a board page's 100 service levels took. At most a few
 * thousand days per calendar object; a new object (a reload) starts empty.
 */
const intervalCache = new WeakMap<ServiceCalendar, Map<string, [number, number][]>>();

/** The open intervals of one calendar day as instants [start, end), none on a closed day. */
function openIntervals(cal: ServiceCalendar, y: number, m: number, d: number): [number, number][] {
  const key = dateKey(y, m, d);
  let perDay = intervalCache.get(cal);
  if (!perDay) intervalCache.set(cal, (perDay = new Map()));
  const kept = perDay.get(key);
  if (kept) return kept.slice();
  const intervals = dayIntervals(cal, key, y, m, d);
  if (perDay.size > 5000) perDay.clear();
  perDay.set(key, intervals);
  return intervals.slice();
}

/** The instant a calendar day ends in the calendar's zone, kept beside its intervals. */
const endCache = new WeakMap<ServiceCalendar, Map<string, number>>();
function dayEnd(cal: ServiceCalendar, y: number, m: number, d: number): number {
  let perDay = endCache.get(cal);
  if (!perDay) endCache.set(cal, (perDay = new Map()));
  const key = dateKey(y, m, d);
  let end = perDay.get(key);
  if (end === undefined) {
    if (perDay.size > 5000) perDay.clear();
    perDay.set(key, (end = zonedInstant(cal.zone, y, m, d, 24 * 60)));
  }
  return end;
}

function dayIntervals(cal: ServiceCalendar, key: string, y: number, m: number, d: number): [number, number][] {
  if (closedDays(cal, y).has(key)) return [];
  const weekday = ((new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7) + 1;
  return cal.hours
    .filter((h) => h.weekday === weekday && toMinutes(h.end) > toMinutes(h.start))
    .map((h): [number, number] => [
      zonedInstant(cal.zone, y, m, d, toMinutes(h.start)),
      zonedInstant(cal.zone, y, m, d, toMinutes(h.end)),
    ])
    .sort((a, b) => a[0] - b[0]);
}

/** Calendar days from the day of `at` on, as [y, m, d], at most `limit` of them. */
function* daysFrom(cal: ServiceCalendar, at: number, limit = 800): Generator<[number, number, number]> {
  const first = zonedDay(cal, at);
  for (let i = 0; i < limit; i++) {
    const g = new Date(Date.UTC(first.y, first.m - 1, first.d + i));
    yield [g.getUTCFullYear(), g.getUTCMonth() + 1, g.getUTCDate()];
  }
}

/** Whether support is open at an instant. */
export function isOpenAt(cal: ServiceCalendar, at: Date | number): boolean {
  const t = +at;
  const { y, m, d } = zonedDay(cal, t);
  return openIntervals(cal, y, m, d).some(([s, e]) => t >= s && t < e);
}

/** The next instant support is open, `at` itself when it is; null when the calendar has no hours. */
export function nextOpening(cal: ServiceCalendar, at: Date | number): Date | null {
  const t = +at;
  for (const [y, m, d] of daysFrom(cal, t)) {
    for (const [s, e] of openIntervals(cal, y, m, d)) {
      if (t < e) return new Date(Math.max(s, t));
    }
  }
  return null;
}

/**
 * The instant `minutes` working minutes after `start`: the end of the last minute that counts. A start
 * outside the hours begins counting at the next opening; 0 minutes gives the next opening itself (or
 * `start` while open). Throws when the calendar has no working minute within about two years.
 */
export function addWorkingMinutes(cal: ServiceCalendar, start: Date | number, minutes: number): Date {
  const t0 = +start;
  let left = Math.max(0, minutes) * 60_000;
  for (const [y, m, d] of daysFrom(cal, t0)) {
    for (const [s, e] of openIntervals(cal, y, m, d)) {
      if (e <= t0) continue;
      const from = Math.max(s, t0);
      if (from + left <= e) return new Date(from + left);
      left -= e - from;
    }
  }
  throw new RangeError('service calendar has no working time');
}

/** Working minutes between two instants (0 when `to` is not after `from`); fractions of a minute are kept. */
export function workingMinutesBetween(cal: ServiceCalendar, from: Date | number, to: Date | number): number {
  const a = +from;
  const b = +to;
  if (b <= a) return 0;
  let ms = 0;
  for (const [y, m, d] of daysFrom(cal, a)) {
    const intervals = openIntervals(cal, y, m, d);
    if (intervals.length && intervals[0]![0] >= b) break;
    for (const [s, e] of intervals) ms += Math.max(0, Math.min(e, b) - Math.max(s, a));
    if (dayEnd(cal, y, m, d) >= b) break;
  }
  return ms / 60_000;
}

/**
 * The instant `minutes` working minutes before `end`: the start of the first of those minutes (the
 * warning points before a deadline). Throws when the calendar has no working minute within two years.
 */
export function subtractWorkingMinutes(cal: ServiceCalendar, end: Date | number, minutes: number): Date {
  const t0 = +end;
  let left = Math.max(0, minutes) * 60_000;
  if (left === 0) return new Date(t0);
  const last = zonedDay(cal, t0);
  for (let i = 0; i < 800; i++) {
    const g = new Date(Date.UTC(last.y, last.m - 1, last.d - i));
    const intervals = openIntervals(cal, g.getUTCFullYear(), g.getUTCMonth() + 1, g.getUTCDate()).reverse();
    for (const [s, e] of intervals) {
      if (s >= t0) continue;
      const to = Math.min(e, t0);
      if (to - left >= s) return new Date(to - left);
      left -= to - s;
    }
  }
  throw new RangeError('service calendar has no working time');
}
