import { z } from 'zod';
import { COMMON_MSG } from '../messages/common.js';
import { apiDay } from './dates.js';

/**
 * The staff audit trail (issue 34): what its rows name and how it is asked for. Every write a staff
 * member makes declares its subject (`audit` in the call's declaration, contracts/define.ts); the
 * server reads that subject's row before and after the call and stores the difference.
 */
export const AUDIT_SUBJECTS = [
  'task',
  'task_file',
  'rksv_order',
  'rksv_card',
  'rksv_card_type',
  'rksv_campaign',
  'signage_device',
  'signage_schedule',
  'signage_content',
  'customer',
  'user',
  'notification',
  'insolvency',
  'cashbook_entry',
  'cashbook_category',
  'cashbook_settings',
  'cashbook_closing',
  'news',
  'service_calendar',
  'sla_policy',
  'sync_run',
] as const;
export type AuditSubject = (typeof AUDIT_SUBJECTS)[number];

/** Events that are not a call of their own: sign-ins and the CLI's commands. */
export const AUDIT_EVENTS = ['signIn', 'signInFailed', 'cli'] as const;

export const AUDIT_PAGE_DEFAULT = 50;
export const AUDIT_PAGE_MAX = 200;
/** One CSV export holds at most this many rows (a narrower filter gives the rest). */
export const AUDIT_EXPORT_MAX = 100_000;

const invalid = COMMON_MSG.invalidValue.code;
const dateOnly = apiDay(COMMON_MSG.invalidDate.code);

/** The filters of the list and of its CSV export: actor, subject, action and a range of days (Vienna). */
export const auditFilterSchema = z.object({
  actor_id: z.coerce.number({ error: invalid }).int(invalid).positive(invalid).optional(),
  subject_kind: z.enum(AUDIT_SUBJECTS, { error: invalid }).optional(),
  subject_id: z.coerce.number({ error: invalid }).int(invalid).positive(invalid).optional(),
  customer_id: z.coerce.number({ error: invalid }).int(invalid).positive(invalid).optional(),
  action: z
    .string({ error: invalid })
    .regex(/^[a-zA-Z:-]{1,60}$/, invalid)
    .optional(),
  from: dateOnly.optional(),
  to: dateOnly.optional(),
});

export const auditQuerySchema = auditFilterSchema.extend({
  limit: z.coerce
    .number({ error: invalid })
    .int(invalid)
    .min(1, invalid)
    .max(AUDIT_PAGE_MAX, invalid)
    .default(AUDIT_PAGE_DEFAULT),
  /** The `nextCursor` of the page before: the last row's seq (pages go back in time). */
  cursor: z.coerce.number({ error: invalid }).int(invalid).positive(invalid).optional(),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;
export type AuditFilter = z.infer<typeof auditFilterSchema>;

export const auditRowSchema = z.object({
  seq: z.number(),
  at: z.string(),
  actor_id: z.number().nullable(),
  /** The actor's name as it is now (null: the CLI, or an unknown e-mail's failed sign-in). */
  actor_name: z.string().nullable(),
  actor_role: z.string(),
  ip: z.string().nullable(),
  action: z.string(),
  subject_kind: z.string().nullable(),
  subject_id: z.number().nullable(),
  customer_id: z.number().nullable(),
  country_id: z.number().nullable(),
  /** `{field: [before, after]}`; a secret's values are `"***"`. */
  // A pair as an array of two: the document's tuple of two "any" would read as an empty anyOf.
  changes: z.record(z.string(), z.array(z.unknown()).length(2).describe('[before, after]')),
  /** The day an erasure (GDPR) removed the row's values (`changes` is empty then), else null. */
  redacted: z.string().nullable(),
});
export type AuditRow = z.infer<typeof auditRowSchema>;

export const auditPageSchema = z.object({
  items: z.array(auditRowSchema),
  nextCursor: z.number().nullable(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

export const auditVerifySchema = z.object({
  ok: z.boolean(),
  /** Rows checked (the whole trail). */
  checked: z.number(),
  /** The first row whose hash or place in the chain is wrong; null when all hold. */
  firstBroken: z
    .object({ seq: z.number(), at: z.string(), action: z.string(), reason: z.enum(['hash', 'gap']) })
    .nullable(),
});
export type AuditVerify = z.infer<typeof auditVerifySchema>;
