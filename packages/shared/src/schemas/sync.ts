import { messageOfCode, type Message } from '../messages/index.js';
import { z } from 'zod';
import { COMMON_MSG } from '../messages/common.js';
import { SYNC_MSG } from '../messages/sync.js';
import { trimInvisible } from '../input-hygiene.js';

/** The two customer sources (backoffice.md "Customer synchronisation"). */
export const SYNC_COUNTRIES = ['AT', 'EG'] as const;
export type SyncCountry = (typeof SYNC_COUNTRIES)[number];
export const SYNC_STATUSES = ['running', 'succeeded', 'failed'] as const;
export type SyncStatus = (typeof SYNC_STATUSES)[number];
/** The source's columns (CSV header, JSON keys); kundennummer and firma are required. */
export const SYNC_COLUMNS = [
  'kundennummer',
  'firma',
  'kontaktperson',
  'email',
  'telefon',
  'adresse',
  'plz',
  'ort',
  'uid',
] as const;
export const SYNC_REQUIRED_COLUMNS = ['kundennummer', 'firma'] as const;
/** A run keeps this many row errors; the count of bad rows goes on. */
export const SYNC_MAX_ERRORS = 100;
/** GET /sync/runs lists this many runs of a country, newest first. */
export const SYNC_RUNS_LISTED = 20;

export const syncRunsQuerySchema = z.object({
  country: z.enum(SYNC_COUNTRIES, { error: COMMON_MSG.invalidCountry.code }),
});

export const syncRunParamsSchema = z.object({
  runId: z.coerce
    .number({ error: COMMON_MSG.invalidId.code })
    .int(COMMON_MSG.invalidId.code)
    .positive(COMMON_MSG.invalidId.code)
    .max(2_147_483_647, COMMON_MSG.invalidId.code),
});

export const syncStartResponseSchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  runId: z.number().int(),
});

export const syncRunErrorSchema = z.object({
  line: z.number().int(),
  message: z.string(),
  code: z.string().optional(),
});

/** One run as GET /sync/runs and GET /sync/runs/{runId} answer it (times ISO 8601 UTC). */
export const syncRunSchema = z.object({
  runId: z.number().int(),
  country: z.enum(SYNC_COUNTRIES),
  status: z.enum(SYNC_STATUSES),
  trigger: z.string(),
  source: z.string(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  total: z.number().int(),
  /** Whether total is final while the run goes (files are counted first; Stripe is read page by page). */
  total_known: z.boolean(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  deactivated: z.number().int(),
  failed: z.number().int(),
  errors: z.array(syncRunErrorSchema),
  /** The German summary or failure cause the screen shows. */
  message: z.string().nullable(),
  /** Catalogue code of a failure cause (the web translates it) and what the run added to it. */
  message_code: z.string().nullable(),
  message_detail: z.string().nullable(),
});
export type SyncRun = z.infer<typeof syncRunSchema>;

export interface SyncCounts {
  created: number;
  updated: number;
  unchanged: number;
  failed: number;
  deactivated: number;
}

/** The German summary of a finished run, e.g. "120 neu, 3 geändert, 877 unverändert, 0 fehlerhaft, 2 deaktiviert". */
export function syncSummary(c: SyncCounts): string {
  return `${c.created} neu, ${c.updated} geändert, ${c.unchanged} unverändert, ${c.failed} fehlerhaft, ${c.deactivated} deaktiviert`;
}

/** A phone number as people write it: digits, spaces, slashes, dashes, dots, brackets, an optional leading +. */
export const LOOSE_PHONE = /^\+?[0-9][0-9 ()/.-]{4,29}$/;

/** A cell of a source as text: CSV gives strings, JSON may give numbers; anything else is no text. */
function cell(v: unknown): string | undefined {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return trimInvisible(v);
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return undefined;
}

const optional = (max: number) =>
  z
    .string()
    .max(max, SYNC_MSG.rowTooLong.code)
    .transform((v) => v || null);

/** One customer of a source, as stored (strings trimmed, empty fields null). */
export const syncCustomerSchema = z.object({
  kundennummer: z
    .string()
    .min(1, { error: SYNC_MSG.rowKundennummerMissing.code, abort: true })
    .regex(/^\d{1,20}$/, COMMON_MSG.customerNumberDigits.code),
  firma: z.string().min(1, { error: SYNC_MSG.rowFirmaMissing.code, abort: true }).max(200, SYNC_MSG.rowTooLong.code),
  kontaktperson: optional(200),
  email: z
    .string()
    .max(254, SYNC_MSG.rowTooLong.code)
    .refine((v) => v === '' || z.email().safeParse(v).success, COMMON_MSG.emailFormat.code)
    .transform((v) => (v ? v.toLowerCase() : null)),
  telefon: z
    .string()
    .refine((v) => v === '' || LOOSE_PHONE.test(v), SYNC_MSG.rowPhone.code)
    .transform((v) => v || null),
  adresse: optional(300),
  plz: optional(12),
  ort: optional(120),
  uid: z
    .string()
    .transform((v) => v.replace(/\s+/g, '').toUpperCase())
    .refine((v) => v === '' || /^[A-Z0-9-]{4,20}$/.test(v), SYNC_MSG.rowUid.code)
    .transform((v) => v || null),
});
export type SyncCustomer = z.infer<typeof syncCustomerSchema>;

export type SyncRowResult =
  | { ok: true; value: SyncCustomer }
  | {
      ok: false;
      message: Message;
      /** the row's number when it has a usable one (its record is then not deactivated) */ kundennummer?: string;
    };

/**
 * Checks one record of a source (a CSV row by column name, a JSON object, a Stripe customer mapped to
 * the columns): the first problem as a catalogue entry, or the customer as stored.
 */
export function parseSyncRow(record: unknown): SyncRowResult {
  if (!record || typeof record !== 'object' || Array.isArray(record))
    return { ok: false, message: SYNC_MSG.rowNotObject };
  const raw = record as Record<string, unknown>;
  const texts: Record<string, string> = {};
  for (const column of SYNC_COLUMNS) {
    const v = cell(raw[column]);
    if (v === undefined)
      return { ok: false, message: COMMON_MSG.invalidValue, kundennummer: cell(raw.kundennummer) || undefined };
    texts[column] = v;
  }
  const parsed = syncCustomerSchema.safeParse(texts);
  if (parsed.success) return { ok: true, value: parsed.data };
  const knr = /^\d{1,20}$/.test(texts.kundennummer!) ? texts.kundennummer : undefined;
  const first = parsed.error.issues[0]?.message;
  return { ok: false, message: (first && messageOfCode(first)) || COMMON_MSG.invalidValue, kundennummer: knr };
}
