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

/**
 * The 6 months of the window as rows `(i 0..5, month 'YYYY-MM', lo, hi)`, oldest first, with each month's bounds
 * as timestamptz (Vienna midnight of its first day and of the next month's). Joining rows to these
 * ranges counts them per month with index range scans and no per-row time-zone conversion.
 */
// An integer series with constant bounds: the planner knows it has 6 rows (a timestamp series it guesses
// at 1000, and the inflated cost switched on JIT compilation, half a second per call).
export const windowMonths = sql`(select i, to_char(m, 'YYYY-MM') as month,
    m at time zone ${ZONE} as lo, (m + interval '1 month') at time zone ${ZONE} as hi
  from generate_series(0, ${sql.raw(String(STATS_LOOKBACK_MONTHS - 1))}) as i,
    lateral (select ${thisMonthLocal} - ${BACK} + i * interval '1 month' as m) as b)`;

/** One row of a raw statement's answer (node-postgres and PGlite both answer `{rows}`). */
export function firstRow<T>(result: unknown): T {
  return (result as { rows: T[] }).rows[0]!;
}
