import { z } from 'zod';
import { SIGNAGE_PLAYS_MSG as MSG } from '../messages/signage-plays.js';
import { SIGNAGE_MSG } from '../messages/signage.js';
import { apiInstant, isApiDay, isApiMonth } from './dates.js';

/**
 * Proof of play (issue 33): a screen logs every item it showed and uploads the log in batches
 * (`POST /ds/api/plays`, idempotent by the device's sequence number); staff and the customer read
 * the plays per file and screen, and the customer a monthly PDF.
 */

/** Plays per upload: a screen offline for a day sends its log in a few requests of this size. */
export const PLAYS_BATCH_MAX = 500;
/** A play lasts at most a day (a lone picture shown all day is one play). */
export const PLAY_DURATION_MAX_MS = 86_400_000;
/** Plays starting further ahead of the server's clock than this are skipped (a screen with a wrong clock). */
export const PLAY_FUTURE_TOLERANCE_MS = 60 * 60 * 1000;
/** Plays older than this are skipped: nobody asks for them, and a broken clock must not fill old months. */
export const PLAY_MAX_AGE_DAYS = 400;
/** How often a screen uploads its log (and at once when the network comes back). */
export const PLAYS_UPLOAD_MS = 60_000;
/** The longest period one query of the plays may span. */
export const PLAYS_RANGE_MAX_DAYS = 366;
/** Months the business dashboard lists. */
export const PLAY_REPORT_MONTHS = 12;

const SEQ_MAX = Number.MAX_SAFE_INTEGER;
const DB_ID_MAX = 2_147_483_647;
const int = (message: string, min: number, max: number) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

export const playSchema = z.object({
  /** Increasing per device (the player starts at its clock's milliseconds, so a wiped log never repeats one). */
  seq: int(MSG.seqInvalid.code, 1, SEQ_MAX),
  file_id: int(MSG.fileInvalid.code, 1, DB_ID_MAX),
  started_at: apiInstant(MSG.startedAtInvalid.code),
  duration_ms: int(MSG.durationInvalid.code, 0, PLAY_DURATION_MAX_MS),
});
export type Play = z.infer<typeof playSchema>;

export const playBatchSchema = z.object({
  plays: z
    .array(playSchema, { error: MSG.playsRequired.code })
    .min(1, MSG.playsRequired.code)
    .max(PLAYS_BATCH_MAX, MSG.tooManyPlays.code),
});

/**
 * Every seq the server is done with (stored now, stored before, or skipped for good: a file not the
 * device's customer's, a time far off): the screen deletes exactly these from its log.
 */
export const playBatchAnswerSchema = z.object({
  confirmed: z.array(z.number().int()),
  stored: z.number().int(),
  duplicates: z.number().int(),
  skipped: z.number().int(),
});

const day = z.string({ error: MSG.rangeInvalid.code }).refine(isApiDay, MSG.rangeInvalid.code);
const dayCount = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;

export const playsQuerySchema = z
  .object({
    customer_id: z.coerce
      .number({ error: SIGNAGE_MSG.customerRequired.code })
      .int(SIGNAGE_MSG.customerRequired.code)
      .positive(SIGNAGE_MSG.customerRequired.code)
      .max(DB_ID_MAX, SIGNAGE_MSG.customerRequired.code),
    /** Vienna calendar days, both included. */
    from: day,
    to: day,
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  })
  .refine((q) => q.from <= q.to && dayCount(q.from, q.to) <= PLAYS_RANGE_MAX_DAYS, {
    message: MSG.rangeInvalid.code,
    path: ['to'],
  });

export const playSummaryRowSchema = z.object({
  file_id: z.number().int(),
  file_name: z.string(),
  device_id: z.number().int(),
  device_name: z.string().nullable(),
  plays: z.number().int(),
  duration_ms: z.number().int(),
});
export type PlaySummaryRow = z.infer<typeof playSummaryRowSchema>;

export const playSummarySchema = z.object({
  /** Over the whole period, not only this page. */
  totals: z.object({
    plays: z.number().int(),
    duration_ms: z.number().int(),
    screens: z.number().int(),
    files: z.number().int(),
  }),
  /** One row per file and screen, most played first. */
  rows: z.array(playSummaryRowSchema),
  /** Rows (file and screen pairs) in the period. */
  total: z.number().int(),
});
export type PlaySummary = z.infer<typeof playSummarySchema>;

export const playMonthParamSchema = z.object({
  month: z.string({ error: MSG.monthInvalid.code }).refine(isApiMonth, MSG.monthInvalid.code),
});
export const staffPlayMonthParamSchema = playMonthParamSchema.extend({
  customerId: playsQuerySchema.shape.customer_id,
});

/** The months with plays, newest first, for the dashboard's list of reports. */
export const playMonthListSchema = z.object({
  rows: z.array(z.object({ month: z.string(), plays: z.number().int(), screens: z.number().int() })),
});
export type PlayMonthList = z.infer<typeof playMonthListSchema>;

/** A play's total duration as `h:mm:ss` (or `m:ss`): the same in every language, screen and PDF alike. */
export function formatPlayDuration(ms: number): string {
  const s = Math.round(ms / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const pad = (n: number) => String(n).padStart(2, '0');
  return h ? `${h}:${pad(m)}:${pad(s % 60)}` : `${m}:${pad(s % 60)}`;
}

/** `YYYY-MM` of `month` and the `count - 1` months before it, newest first. */
export function monthsBack(month: string, count: number): string[] {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return Array.from({ length: count }, (_, i) => {
    const d = new Date(Date.UTC(y, m - 1 - i, 1));
    return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
  });
}

/** First and last calendar day of `YYYY-MM` (Vienna days for the plays). */
export function playMonthDays(month: string): { from: string; to: string } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}
