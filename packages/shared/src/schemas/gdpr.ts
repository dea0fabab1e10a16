import { z } from 'zod';
import { COMMON_MSG } from '../messages/common.js';
import { GDPR_MSG } from '../messages/gdpr.js';
import { trimInvisible } from '../input-hygiene.js';
import { ERASED_KINDS, RETAINED_KINDS } from '../gdpr-retention.js';

/*
 * The GDPR calls of a customer's data (issue 34): an export (a background job building one ZIP, its
 * progress read while it runs, the file downloaded for seven days) and the erasure, which answers
 * what it erased and what the law keeps until when (gdpr-retention.ts).
 */

/** Days an export can be downloaded. */
export const GDPR_EXPORT_DAYS = 7;
/** The longest reason of an erasure. */
export const GDPR_REASON_MAX = 500;

export const GDPR_JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type GdprJobStatus = (typeof GDPR_JOB_STATUSES)[number];

const invalidId = COMMON_MSG.invalidId.code;

export const gdprJobParamsSchema = z.object({
  jobId: z.coerce.number({ error: invalidId }).int(invalidId).positive(invalidId).max(2_147_483_647, invalidId),
});

/** 202: the export is queued; its progress under `GET /api/gdpr-jobs/{jobId}`. */
export const gdprJobStartedSchema = z.object({ jobId: z.number() });
export type GdprJobStarted = z.infer<typeof gdprJobStartedSchema>;

export const gdprJobSchema = z.object({
  id: z.number(),
  status: z.enum(GDPR_JOB_STATUSES),
  /** 0–100 while it runs; 100 when done. */
  progress: z.number().int().min(0).max(100),
  /** The file's call while it can be downloaded; null before it is done and after it expired. */
  downloadUrl: z.string().nullable(),
  /** When the download ends (ISO); null until done. */
  expiresAt: z.string().nullable(),
});
export type GdprJob = z.infer<typeof gdprJobSchema>;

/** The business dashboard: the customer's own latest export (none yet: null). */
export const ownExportSchema = z.object({ lastExport: gdprJobSchema.nullable() });
export type OwnExport = z.infer<typeof ownExportSchema>;

export const gdprEraseSchema = z.object({
  reason: z
    .string({ error: GDPR_MSG.reasonRequired.code })
    .overwrite(trimInvisible)
    .min(1, { message: GDPR_MSG.reasonRequired.code, abort: true })
    .max(GDPR_REASON_MAX, GDPR_MSG.reasonTooLong.code),
});
export type GdprErase = z.infer<typeof gdprEraseSchema>;

export const retainedGroupSchema = z.object({
  kind: z.enum(RETAINED_KINDS),
  count: z.number().int(),
  /** The last day it is kept (`YYYY-MM-DD`, 31 December seven years after its calendar year). */
  until: z.string(),
});

export const gdprErasureSchema = z.object({
  /** What this erasure deleted or anonymised, every kind (0: nothing left of it). */
  erased: z.array(z.object({ kind: z.enum(ERASED_KINDS), count: z.number().int() })),
  /** What the law keeps, per kind and calendar year, restricted until its date. */
  retained: z.array(retainedGroupSchema),
});
export type GdprErasure = z.infer<typeof gdprErasureSchema>;

/** The customer page's GDPR state: the erasure (if any) with what is still kept, and the latest export. */
export const customerGdprSchema = z.object({
  erasedAt: z.string().nullable(),
  reason: z.string().nullable(),
  retained: z.array(retainedGroupSchema),
  lastExport: gdprJobSchema.nullable(),
});
export type CustomerGdpr = z.infer<typeof customerGdprSchema>;
