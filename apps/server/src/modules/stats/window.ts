import { sql } from 'drizzle-orm';
import { STATS_LOOKBACK_MONTHS, STATS_TIME_ZONE } from '@portal/shared';

/*
 * The look-back window of every statistic (backoffice.md 9): from the first day of the month five months
 * ago up to now, the months counted in Vienna time. PostgreSQL computes it from its own clock, so every
 * call of one request sees the same window; `lookBackMonths()` in the shared rules is its mirror.
 */
const ZONE = sql.raw(`'${STATS_TIME_ZONE}'`);
const BACK = sql.raw(`interval '${STATS_LOOKBACK_MONTHS - 1} months'`);
const thisMonthLocal = sql`date_trunc('month', now() at time zone ${ZONE})`;

/** The first instant of the window as timestamptz (midnight of the first month's first day in Vienna). */
export const windowStart = sql`((${thisMonthLocal} - ${BACK}) at time zone ${ZONE})`;

/** The 6 months of the window as rows `(month text 'YYYY-MM', ord int)`, oldest first. */
export const windowMonths = sql`(select to_char(m, 'YYYY-MM') as month
  from generate_series(${thisMonthLocal} - ${BACK}, ${thisMonthLocal}, interval '1 month') as m)`;

/** A timestamptz column's month in Vienna as 'YYYY-MM'. */
export const viennaMonth = (column: unknown) => sql`to_char(${column} at time zone ${ZONE}, 'YYYY-MM')`;

/** One row of a raw statement's answer (node-postgres and PGlite both answer `{rows}`). */
export function firstRow<T>(result: unknown): T {
  return (result as { rows: T[] }).rows[0]!;
}
