import { addDays, getDay } from 'date-fns';
import { toVienna } from './vienna-time.js';

/** Easter Sunday of a year (Gregorian calendar; the anonymous algorithm of Meeus/Jones/Butcher). */
export function easterSunday(year: number): Date {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return new Date(year, month - 1, day);
}

export interface Holiday {
  /** yyyy-MM-dd */
  date: string;
  /** Stable id, for translations. */
  key: string;
  /** German name. */
  name: string;
}

const iso = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** Austria's nationwide public holidays of a year: the fixed dates plus those that follow Easter. */
export function austrianHolidays(year: number): Holiday[] {
  const easter = easterSunday(year);
  const fixed: [number, number, string, string][] = [
    [1, 1, 'newYear', 'Neujahr'],
    [1, 6, 'epiphany', 'Heilige Drei Könige'],
    [5, 1, 'labourDay', 'Staatsfeiertag'],
    [8, 15, 'assumption', 'Mariä Himmelfahrt'],
    [10, 26, 'nationalDay', 'Nationalfeiertag'],
    [11, 1, 'allSaints', 'Allerheiligen'],
    [12, 8, 'immaculateConception', 'Mariä Empfängnis'],
    [12, 25, 'christmas', 'Christtag'],
    [12, 26, 'stStephen', 'Stefanitag'],
  ];
  const moving: [number, string, string][] = [
    [1, 'easterMonday', 'Ostermontag'],
    [39, 'ascension', 'Christi Himmelfahrt'],
    [50, 'whitMonday', 'Pfingstmontag'],
    [60, 'corpusChristi', 'Fronleichnam'],
  ];
  return [
    ...fixed.map(([m, d, key, name]) => ({ date: iso(new Date(year, m - 1, d)), key, name })),
    ...moving.map(([offset, key, name]) => ({ date: iso(addDays(easter, offset)), key, name })),
  ].sort((a, b) => a.date.localeCompare(b.date));
}

/** The holiday on that calendar day (local date parts), if any. */
export function holidayOn(day: Date): Holiday | undefined {
  const key = iso(day);
  return austrianHolidays(day.getFullYear()).find((h) => h.date === key);
}

/** Monday to Friday and not a public holiday (calendar day, local date parts). */
export function isWorkingDay(day: Date): boolean {
  const wd = getDay(day);
  return wd !== 0 && wd !== 6 && !holidayOn(day);
}

/** The day `n` working days after `day` (n >= 0; 0 gives the day itself or the next working day). */
export function addWorkingDays(day: Date, n: number): Date {
  let d = new Date(day.getFullYear(), day.getMonth(), day.getDate());
  while (!isWorkingDay(d)) d = addDays(d, 1);
  for (let left = n; left > 0;) {
    d = addDays(d, 1);
    if (isWorkingDay(d)) left--;
  }
  return d;
}

/** Regular support hours (Vienna time): Mon–Thu 09:30–17:30, Fri 09:30–15:00. */
export const OPENING_HOURS: Record<number, { from: string; to: string } | undefined> = {
  1: { from: '09:30', to: '17:30' },
  2: { from: '09:30', to: '17:30' },
  3: { from: '09:30', to: '17:30' },
  4: { from: '09:30', to: '17:30' },
  5: { from: '09:30', to: '15:00' },
};

export interface SupportStatus {
  open: boolean;
  /** The holiday that closes support today, if any. */
  holiday: Holiday | null;
}

/** Whether regular support is open at an instant, by Vienna time, opening hours and holidays. */
export function supportStatus(at: Date): SupportStatus {
  const v = toVienna(at);
  const h = holidayOn(v);
  if (h) return { open: false, holiday: h };
  const hours = OPENING_HOURS[getDay(v)];
  if (!hours) return { open: false, holiday: null };
  const minutes = v.getHours() * 60 + v.getMinutes();
  const toMin = (s: string) => Number(s.slice(0, 2)) * 60 + Number(s.slice(3));
  return { open: minutes >= toMin(hours.from) && minutes < toMin(hours.to), holiday: null };
}
