import { z } from 'zod';

/*
 * The one place that says which dates the API takes (issue 28 item 10). Every date, month and
 * instant a request carries (body, query, path) lies between 1900-01-01 and 2999-12-31: year 0000
 * or 10000 reached the database and answered 500. The schemas of the areas build their date fields
 * from these pieces, each with its area's invalid-date message.
 */

export const API_YEAR_MIN = 1900;
export const API_YEAR_MAX = 2999;
export const API_DATE_MIN = `${API_YEAR_MIN}-01-01`;
export const API_DATE_MAX = `${API_YEAR_MAX}-12-31`;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

const yearInRange = (y: number) => y >= API_YEAR_MIN && y <= API_YEAR_MAX;

/** A real calendar day written `yyyy-MM-dd` between API_DATE_MIN and API_DATE_MAX. */
export function isApiDay(s: string): boolean {
  const m = DAY.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (!yearInRange(y)) return false;
  const dt = new Date(Date.UTC(y, mo - 1, d));
  return dt.getUTCMonth() === mo - 1 && dt.getUTCDate() === d;
}

/** A month written `YYYY-MM` within the API's years. */
export function isApiMonth(s: string): boolean {
  const m = MONTH.exec(s);
  return !!m && yearInRange(Number(m[1]));
}

/** An instant whose UTC day lies within the API's dates (also after the offset is applied). */
export function isApiDateValue(d: Date): boolean {
  const t = d.getTime();
  return !Number.isNaN(t) && t >= Date.UTC(API_YEAR_MIN, 0, 1) && t < Date.UTC(API_YEAR_MAX + 1, 0, 1);
}

/** A text a `Date` reads (ISO time or day) naming an instant within the API's dates; its written year counts too. */
export function isApiDateText(s: string): boolean {
  if (s.length > 40) return false;
  const year = /^(\d{4})-/.exec(s);
  if (year && !yearInRange(Number(year[1]))) return false;
  return isApiDateValue(new Date(s));
}

/** `yyyy-MM-dd` day within the API's dates; `message` is the area's invalid-date text. */
export const apiDay = (message: string) => z.string({ error: message }).refine(isApiDay, message);

/** `YYYY-MM` within the API's years. */
export const apiMonth = (message: string) => z.string({ error: message }).refine(isApiMonth, message);

/** An ISO 8601 time with offset (`2026-05-01T10:00:00Z`, `…+02:00`) within the API's dates. */
export const apiInstant = (message: string) =>
  z.iso.datetime({ offset: true, error: message }).refine(isApiDateText, message);
