import { z } from 'zod';
import { COMMON_MSG } from '../messages/common.js';
import { INSOLVENCY_MSG } from '../messages/insolvency.js';
import { trimInvisible } from '../input-hygiene.js';
import {
  INSOLVENCY_ADMINISTRATOR_MAX,
  INSOLVENCY_CLOSE_STATUSES,
  INSOLVENCY_SEARCH_MAX,
  INSOLVENCY_SEARCH_MIN,
  INSOLVENCY_STATUSES,
} from '../insolvency-rules.js';
import { LOOSE_PHONE } from './sync.js';
import { isApiDay } from './dates.js';

const DB_INT_MAX = 2_147_483_647;

/** An optional text field of a form: empty or only blanks counts as not given. */
const optionalText = () =>
  z
    .string()
    .nullish()
    .transform((v) => (v == null ? '' : trimInvisible(v)));

export const insolvencyIdParamsSchema = z.object({
  id: z.coerce
    .number({ error: COMMON_MSG.invalidId.code })
    .int(COMMON_MSG.invalidId.code)
    .positive(COMMON_MSG.invalidId.code)
    .max(DB_INT_MAX, COMMON_MSG.invalidId.code),
});

export const insolvencyListQuerySchema = z.object({
  status: z.enum(INSOLVENCY_STATUSES, { error: INSOLVENCY_MSG.invalidStatus.code }).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

export const insolvencySearchQuerySchema = z.object({
  query: z
    .string({ error: INSOLVENCY_MSG.searchTooShort.code })
    .overwrite(trimInvisible)
    // A search never fails on its own length (issue 30): what is longer than any field is cut.
    .overwrite((s) => s.slice(0, INSOLVENCY_SEARCH_MAX))
    .min(INSOLVENCY_SEARCH_MIN, INSOLVENCY_MSG.searchTooShort.code),
});

/** A customer as the create dialog's search lists it (backoffice.md "Customer search result"). */
export const insolvencyCustomerHitSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  stripe_cu_id: z.string().nullable(),
  kundennummer: z.string(),
  firma: z.string(),
});
export type InsolvencyCustomerHit = z.infer<typeof insolvencyCustomerHitSchema>;

export const createInsolvencySchema = z.object({
  customer_id: z
    .union([z.number(), z.string(), z.null()], { error: INSOLVENCY_MSG.customerRequired.code })
    .optional()
    .transform((v, ctx) => {
      const n = typeof v === 'string' ? (/^\d+$/.test(v.trim()) ? Number(v) : NaN) : (v ?? NaN);
      if (Number.isInteger(n) && n > 0 && n <= DB_INT_MAX) return n;
      ctx.addIssue({ code: 'custom', message: INSOLVENCY_MSG.customerRequired.code });
      return z.NEVER;
    }),
  administrator_name: z
    .string({ error: INSOLVENCY_MSG.administratorRequired.code })
    .overwrite(trimInvisible)
    .min(1, { error: INSOLVENCY_MSG.administratorRequired.code, abort: true })
    .max(INSOLVENCY_ADMINISTRATOR_MAX, INSOLVENCY_MSG.administratorTooLong.code),
  administrator_email: optionalText()
    .refine((v) => v === '' || (v.length <= 200 && z.email().safeParse(v).success), COMMON_MSG.emailFormat.code)
    .transform((v) => (v ? v.toLowerCase() : null)),
  administrator_phone: optionalText()
    .refine((v) => v === '' || LOOSE_PHONE.test(v), INSOLVENCY_MSG.phoneFormat.code)
    .transform((v) => v || null),
  start_date: z
    .string({ error: INSOLVENCY_MSG.startDateRequired.code })
    .trim()
    .min(1, { error: INSOLVENCY_MSG.startDateRequired.code, abort: true })
    .refine(isApiDay, COMMON_MSG.invalidDate.code),
});
export type CreateInsolvencyInput = z.infer<typeof createInsolvencySchema>;

export const setInsolvencyMonthSchema = z.object({
  month: z.coerce
    .number({ error: INSOLVENCY_MSG.invalidMonth.code })
    .int(INSOLVENCY_MSG.invalidMonth.code)
    .min(1, INSOLVENCY_MSG.invalidMonth.code)
    .max(12, INSOLVENCY_MSG.invalidMonth.code),
  year: z.coerce
    .number({ error: INSOLVENCY_MSG.invalidYear.code })
    .int(INSOLVENCY_MSG.invalidYear.code)
    .min(2000, INSOLVENCY_MSG.invalidYear.code)
    .max(2100, INSOLVENCY_MSG.invalidYear.code),
  invoice_number: z
    .string({ error: INSOLVENCY_MSG.invoiceNumberRequired.code })
    .overwrite(trimInvisible)
    .min(1, { error: INSOLVENCY_MSG.invoiceNumberRequired.code, abort: true })
    .max(60, INSOLVENCY_MSG.invoiceNumberTooLong.code),
});
export type SetInsolvencyMonthInput = z.infer<typeof setInsolvencyMonthSchema>;

/** 'Beenden' sends closed, 'Dauerhaft schließen' permanently_closed; the end date is always today (Vienna). */
export const closeInsolvencySchema = z.object({
  status: z.enum(INSOLVENCY_CLOSE_STATUSES, { error: INSOLVENCY_MSG.invalidStatus.code }),
});

export const insolvencyMonthRowSchema = z.object({
  month: z.number().int(),
  year: z.number().int(),
  invoice_number: z.string(),
});

/** One case as GET /api/get-insolvencies lists it (dates yyyy-MM-dd). */
export const insolvencyRowSchema = z.object({
  id: z.number().int(),
  customer_id: z.number().int(),
  company_name: z.string(),
  kundennummer: z.string(),
  administrator_name: z.string(),
  administrator_email: z.string().nullable(),
  administrator_phone: z.string().nullable(),
  start_date: z.string(),
  end_date: z.string().nullable(),
  status: z.enum(INSOLVENCY_STATUSES),
  months: z.array(insolvencyMonthRowSchema),
});
export type InsolvencyRow = z.infer<typeof insolvencyRowSchema>;
