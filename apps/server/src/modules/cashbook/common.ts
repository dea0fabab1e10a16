import { sql, type SQL } from 'drizzle-orm';
import { CASHBOOK_MSG, COUNTRY } from '@portal/shared';
import { forbidden } from '../../platform/errors.js';
import type { Viewer } from '../../platform/service.js';

/** The cashbook of the caller: one per country, the signed-in user's. */
export function countryOf(viewer: Viewer): number {
  if (!viewer.country_id) throw forbidden(CASHBOOK_MSG.noCountry);
  return viewer.country_id;
}

/** Which customer source a country searches (spec section 6: 1 standard, 2 EG). */
export const customerSourceOf = (countryId: number): 'AT' | 'EG' | null =>
  countryId === COUNTRY.AT ? 'AT' : countryId === COUNTRY.EG ? 'EG' : null;

/** The instant a Vienna day (`yyyy-MM-dd`) begins, in SQL: periods are Vienna days, both ends included. */
export const viennaDayStart = (day: string): SQL => sql`((${day})::date::timestamp at time zone 'Europe/Vienna')`;
/** The instant after the last moment of a Vienna day. */
export const viennaDayEnd = (day: string): SQL => sql`(((${day})::date + 1)::timestamp at time zone 'Europe/Vienna')`;
/** The instant a month (`YYYY-MM`) begins in Vienna, and the one its next month begins. */
export const viennaMonthStart = (month: string): SQL => viennaDayStart(`${month}-01`);
export const viennaMonthEnd = (month: string): SQL =>
  sql`(((${`${month}-01`})::date + interval '1 month')::timestamp at time zone 'Europe/Vienna')`;

export const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

/** A SUM over cents comes back as a bigint text from PostgreSQL; the totals stay far below 2^53. */
export const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));
