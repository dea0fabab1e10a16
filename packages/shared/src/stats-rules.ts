import { toVienna } from './vienna-time.js';

/** The statistics look back 6 months: the current month in Vienna and the five before it (backoffice.md 9). */
export const STATS_LOOKBACK_MONTHS = 6;
/** The time zone the months of the statistics are counted in (SQL: `at time zone`). */
export const STATS_TIME_ZONE = 'Europe/Vienna';

/** Chart bars of the statistics: at least 10 px high, scaled to at most 140 px (backoffice.md 9). */
export const STATS_BAR_MIN_PX = 10;
export const STATS_BAR_MAX_PX = 140;

/** Ratings: 1 to 5 stars in each of three dimensions; a code of 6 digits, valid 30 days, locked after 5 wrong tries. */
export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const RATING_COMMENT_MAX = 2000;
export const RATING_CODE_DIGITS = 6;
export const RATING_CODE_TTL_DAYS = 30;
export const RATING_CODE_MAX_TRIES = 5;
/** The separator the rating statistics join a month's comments with (spec: a triple bar). */
export const RATING_COMMENT_SEPARATOR = '|||';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The months of the look-back window as 'YYYY-MM', oldest first: the month `now` falls in, in Vienna,
 * and the five before it. The server's SQL builds the same list with generate_series; this one is for
 * the screens and the tests.
 */
export function lookBackMonths(now: Date, count = STATS_LOOKBACK_MONTHS): string[] {
  const v = toVienna(now);
  const months: string[] = [];
  for (let i = count - 1; i >= 0; i--) {
    const d = new Date(v.getFullYear(), v.getMonth() - i, 1);
    months.push(`${d.getFullYear()}-${pad(d.getMonth() + 1)}`);
  }
  return months;
}

/** The height of a bar in px: its share of the largest value scaled to 140 px, never under 10 px. */
export function barHeightPx(value: number, max: number): number {
  if (!(max > 0) || !(value > 0)) return STATS_BAR_MIN_PX;
  return Math.max(STATS_BAR_MIN_PX, Math.min(STATS_BAR_MAX_PX, Math.round((value / max) * STATS_BAR_MAX_PX)));
}

/** A rating month's comments, split back from the joined text (empty pieces dropped). */
export function splitRatingComments(joined: string | null | undefined): string[] {
  return (joined ?? '')
    .split(RATING_COMMENT_SEPARATOR)
    .map((c) => c.trim())
    .filter(Boolean);
}
/**
 * The rating statistics carry at most this many comments per month, the newest: what a screen can show,
 * and an answer that stays small with thousands of ratings a month.
 */
export const RATING_STATS_COMMENTS_MAX = 100;
