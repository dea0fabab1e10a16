import { z } from 'zod';
import {
  CASHBOOK_DESCRIPTION_MAX,
  CASHBOOK_PAGE_DEFAULT,
  CASHBOOK_PAGE_MAX,
  CASHBOOK_REASON_MAX,
  CASHBOOK_STARTING_BALANCE_MAX,
  CASHBOOK_CATEGORY_NAME_MAX,
  CASHBOOK_DESCRIPTION_KINDS,
  CASHBOOK_INVOICE_MAX,
  CASHBOOK_NOTES_MAX,
  CASHBOOK_REGISTER_ADDRESS_MAX,
  CASHBOOK_REGISTER_NAME_MAX,
  CASHBOOK_SEARCH_MAX,
  CASHBOOK_TYPES,
  checkAmountCents,
  checkAmountText,
  type AmountProblem,
} from '../cashbook-rules.js';
import type { Message } from '../messages/define.js';
import { trimInvisible } from '../input-hygiene.js';
import { CASHBOOK_MSG } from '../messages/cashbook.js';
import { COMMON_MSG } from '../messages/common.js';
import { apiDay, isApiDateText, isApiDay, isApiMonth } from './dates.js';

/*
 * Request and answer schemas of the cashbook (issue 20; calls under /api/cashbook). Money is integer
 * cents everywhere in the API; the web form accepts `12,50` and converts (transactionFormSchema).
 */

const DB_INT_MAX = 2_147_483_647;
const required = (message: string) =>
  z.string({ error: message }).overwrite(trimInvisible).min(1, { message, abort: true });
const id = (message: string) =>
  z.coerce.number({ error: message }).int(message).positive(message).max(DB_INT_MAX, message);
/** An optional text: '' and only invisible characters count as absent. */
const optionalText = (max: number, message: string) =>
  z
    .string({ error: message })
    .overwrite(trimInvisible)
    .max(max, message)
    .optional()
    .nullable()
    .transform((v) => (v ? v : undefined));

export const cashbookTypeSchema = z.enum(CASHBOOK_TYPES, { error: CASHBOOK_MSG.typeRequired.code });

const cents = (required: string, invalid: string, min: number, max: number) =>
  z.number({ error: required }).int(invalid).min(min, invalid).max(max, invalid);

const isoDay = apiDay(CASHBOOK_MSG.dateFormat.code);

/** The message of each way an amount is refused (cashbook-rules.ts `checkAmountText`). */
export const AMOUNT_PROBLEM_MSG: Record<AmountProblem, Message> = {
  required: CASHBOOK_MSG.amountRequired,
  format: CASHBOOK_MSG.amountFormat,
  ambiguous: CASHBOOK_MSG.amountAmbiguous,
  decimals: CASHBOOK_MSG.amountDecimals,
  min: CASHBOOK_MSG.amountMin,
  tooLarge: CASHBOOK_MSG.amountTooLarge,
};

/**
 * An entry's amount: integer cents, or the text as a person typed it (`12,50`), checked by the one
 * amount rule either way, so the server refuses `1.234`, `12,345` and `-5` at the field with the
 * form's words.
 */
const entryAmount = z
  .union([z.number(), z.string()], { error: CASHBOOK_MSG.amountRequired.code })
  .transform((v, ctx) => {
    const r = typeof v === 'number' ? checkAmountCents(v) : checkAmountText(v);
    if (r.ok) return r.cents;
    ctx.addIssue({ code: 'custom', message: AMOUNT_PROBLEM_MSG[r.problem].code });
    return z.NEVER;
  });

/** A form's amount field (the text as typed): the same rule, from `min` cents on. */
export const amountTextField = (min = 1, minMessage: Message = CASHBOOK_MSG.amountMin) =>
  z.string().superRefine((s, ctx) => {
    const r = checkAmountText(s, min);
    if (!r.ok)
      ctx.addIssue({
        code: 'custom',
        message: (r.problem === 'min' ? minMessage : AMOUNT_PROBLEM_MSG[r.problem]).code,
      });
  });

// ---------------------------------------------------------------------------------------------
// Categories

export const createCategorySchema = z.object({
  name: required(COMMON_MSG.nameRequired.code).max(CASHBOOK_CATEGORY_NAME_MAX, CASHBOOK_MSG.categoryNameTooLong.code),
  description: required(COMMON_MSG.descriptionRequired.code).max(
    CASHBOOK_DESCRIPTION_MAX,
    COMMON_MSG.descriptionTooLong.code,
  ),
  type: cashbookTypeSchema,
});
export type CreateCategoryInput = z.infer<typeof createCategorySchema>;

export const categorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  type: cashbookTypeSchema,
  created_at: z.string(),
});
export type CashbookCategory = z.infer<typeof categorySchema>;

// ---------------------------------------------------------------------------------------------
// Transactions

/** The rules both bodies share once their amount is in cents: income needs an invoice, a customer only on income. */
function crossRules(
  v: { type: (typeof CASHBOOK_TYPES)[number]; invoice_number?: string; customer_id?: number },
  ctx: z.RefinementCtx,
) {
  if (v.type === 'income' && !v.invoice_number)
    ctx.addIssue({ code: 'custom', path: ['invoice_number'], message: CASHBOOK_MSG.invoiceRequired.code });
  if (v.type === 'expense' && v.customer_id !== undefined)
    ctx.addIssue({ code: 'custom', path: ['customer_id'], message: CASHBOOK_MSG.customerOnlyIncome.code });
}

/** POST /api/cashbook/transactions. `transaction_date` counts only for admins (the server takes now otherwise). */
export const createTransactionSchema = z
  .object({
    amount: entryAmount,
    type: cashbookTypeSchema,
    category_id: id(CASHBOOK_MSG.categoryRequired.code),
    description: required(COMMON_MSG.descriptionRequired.code).max(
      CASHBOOK_DESCRIPTION_MAX,
      COMMON_MSG.descriptionTooLong.code,
    ),
    transaction_date: z
      .string({ error: COMMON_MSG.invalidDate.code })
      .refine((s) => isApiDateText(s) && /^\d{4}-\d{2}-\d{2}T/.test(s), COMMON_MSG.invalidDate.code)
      .optional()
      .nullable()
      .transform((v) => v ?? undefined),
    invoice_number: optionalText(CASHBOOK_INVOICE_MAX, CASHBOOK_MSG.invoiceTooLong.code),
    customer_id: id(CASHBOOK_MSG.customerNotFound.code)
      .optional()
      .nullable()
      .transform((v) => v ?? undefined),
  })
  .superRefine(crossRules);
export type CreateTransactionInput = z.infer<typeof createTransactionSchema>;

/**
 * The add dialog's values (web): the amount as typed (`12,50` or `12.50`), the date as
 * `yyyy-MM-ddTHH:mm` (Vienna wall clock), the customer id chosen from the search or ''.
 */
export const transactionFormSchema = z
  .object({
    amount: amountTextField(),
    type: cashbookTypeSchema,
    category_id: required(CASHBOOK_MSG.categoryRequired.code),
    description: required(COMMON_MSG.descriptionRequired.code).max(
      CASHBOOK_DESCRIPTION_MAX,
      COMMON_MSG.descriptionTooLong.code,
    ),
    transaction_date: required(COMMON_MSG.invalidDate.code).refine(
      (s) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(s) && isApiDateText(s),
      COMMON_MSG.invalidDate.code,
    ),
    invoice_number: z.string().overwrite(trimInvisible).max(CASHBOOK_INVOICE_MAX, CASHBOOK_MSG.invoiceTooLong.code),
    customer_id: z.string(),
  })
  .superRefine((v, ctx) =>
    crossRules(
      {
        type: v.type,
        invoice_number: v.invoice_number || undefined,
        customer_id: v.customer_id ? Number(v.customer_id) : undefined,
      },
      ctx,
    ),
  );
export type TransactionFormValues = z.input<typeof transactionFormSchema>;

export const reverseTransactionSchema = z.object({
  reason: required(CASHBOOK_MSG.reasonRequired.code).max(CASHBOOK_REASON_MAX, CASHBOOK_MSG.reasonTooLong.code),
});

export const transactionIdParams = z.object({ id: id(CASHBOOK_MSG.notFound.code) });

/** One entry as every list answers it (spec "Cashbook transaction" plus the chain and the correction links). */
export const transactionSchema = z.object({
  id: z.number().int(),
  seq: z.number().int(),
  amount: z.number().int(),
  type: cashbookTypeSchema,
  category_id: z.number().int(),
  category_name: z.string(),
  /**
   * What the entry says: the text typed for an entry (kind `text`); a reversal's reason (kind
   * `reversal`, entries from before kinds existed keep their German text). Show it with
   * `description_kind` and `description_params` in the reader's language; the exports say it in German
   * (`cashbookDescriptionDe`).
   */
  description: z.string(),
  description_kind: z.enum(CASHBOOK_DESCRIPTION_KINDS),
  /** For `reversal`: the number of the reversed entry and the reason. */
  description_params: z.object({ reversal_of_seq: z.number().int(), reason: z.string() }).nullable(),
  transaction_date: z.string(),
  recorded_at: z.string(),
  invoice_number: z.string().nullable(),
  customer_id: z.number().int().nullable(),
  customer_name: z.string().nullable(),
  user_id: z.number().int(),
  agent_name: z.string().nullable(),
  reverses_id: z.number().int().nullable(),
  /** The number (seq) of the entry this one reverses. */
  reverses_seq: z.number().int().nullable(),
  /** The entry that reverses this one, if any. */
  reversed_by_id: z.number().int().nullable(),
  hash: z.string(),
});
export type CashbookTransaction = z.infer<typeof transactionSchema>;

const periodFields = {
  start_date: isoDay.optional(),
  end_date: isoDay.optional(),
};
const periodOrder = (v: { start_date?: string; end_date?: string }) =>
  !v.start_date || !v.end_date || v.start_date <= v.end_date;

const pageFields = {
  limit: z.coerce
    .number({ error: CASHBOOK_MSG.invalidLimit.code })
    .int(CASHBOOK_MSG.invalidLimit.code)
    .min(1, CASHBOOK_MSG.invalidLimit.code)
    .max(CASHBOOK_PAGE_MAX, CASHBOOK_MSG.invalidLimit.code)
    .default(CASHBOOK_PAGE_DEFAULT),
  cursor: z
    .string()
    .max(200, CASHBOOK_MSG.invalidCursor.code)
    .refine((c) => parseTransactionCursor(c) !== null, CASHBOOK_MSG.invalidCursor.code)
    .optional(),
};

/** GET /api/cashbook/transactions: filters, newest first, keyset paging. */
export const transactionListQuerySchema = z
  .object({
    ...periodFields,
    type: cashbookTypeSchema.optional(),
    category_id: id(CASHBOOK_MSG.categoryNotFound.code).optional(),
    q: z
      .string()
      .overwrite((s) => s.trim().slice(0, CASHBOOK_SEARCH_MAX))
      .optional(),
    ...pageFields,
  })
  .refine(periodOrder, { message: CASHBOOK_MSG.invalidPeriod.code, path: ['end_date'] });
export type TransactionListQuery = z.infer<typeof transactionListQuerySchema>;

/** A period with both ends (yyyy-MM-dd, Vienna days, both included). */
const requiredPeriod = {
  start_date: z.string({ error: CASHBOOK_MSG.periodRequired.code }).refine(isApiDay, CASHBOOK_MSG.dateFormat.code),
  end_date: z.string({ error: CASHBOOK_MSG.periodRequired.code }).refine(isApiDay, CASHBOOK_MSG.dateFormat.code),
};
export const periodQuerySchema = z
  .object(requiredPeriod)
  .refine(periodOrder, { message: CASHBOOK_MSG.invalidPeriod.code, path: ['end_date'] });
export type PeriodQuery = z.infer<typeof periodQuerySchema>;
/** The auditor's package: a period of at most 36 months (a PDF per month). */
export const AUDIT_PACKAGE_MAX_MONTHS = 36;
export const auditPackageQuerySchema = periodQuerySchema.refine(
  (p) =>
    (Number(p.end_date.slice(0, 4)) - Number(p.start_date.slice(0, 4))) * 12 +
      Number(p.end_date.slice(5, 7)) -
      Number(p.start_date.slice(5, 7)) <
    AUDIT_PACKAGE_MAX_MONTHS,
  { message: CASHBOOK_MSG.auditPeriodTooLong.code, path: ['end_date'] },
);
/** GET /api/cashbook/transactions/period: the entries of a period, paged like the list. */
export const periodPageQuerySchema = z
  .object({ ...requiredPeriod, ...pageFields })
  .refine(periodOrder, { message: CASHBOOK_MSG.invalidPeriod.code, path: ['end_date'] });

export const transactionListResponseSchema = z.object({
  transactions: z.array(transactionSchema),
  nextCursor: z.string().nullable(),
});
export type TransactionListResponse = z.infer<typeof transactionListResponseSchema>;

export const summaryRowSchema = z.object({ type: cashbookTypeSchema, total_amount: z.number().int() });
export const summaryResponseSchema = z.array(summaryRowSchema);

export const balanceResponseSchema = z.object({ balance: z.number().int() });

export const overviewResponseSchema = z.object({
  currentBalance: z.number().int(),
  monthlyIncome: z.number().int(),
  monthlyExpenses: z.number().int(),
  transactionCount: z.number().int(),
  months: z.array(z.object({ month: z.string(), income: z.number().int(), expenses: z.number().int() })),
  latest: z.array(transactionSchema),
});
export type CashbookOverview = z.infer<typeof overviewResponseSchema>;

export const verifyResponseSchema = z.object({
  ok: z.boolean(),
  checked: z.number().int(),
  firstBrokenSeq: z.number().int().nullable(),
});
export type CashbookVerify = z.infer<typeof verifyResponseSchema>;

/**
 * The list cursor: base64url of `{"d": ISO date with milliseconds, "s": seq}` (the last row's sort
 * key), or null when it is not one the server could have written.
 */
export function parseTransactionCursor(s: string): { d: string; s: number } | null {
  try {
    if (!/^[A-Za-z0-9_-]+$/.test(s)) return null;
    const c: unknown = JSON.parse(atob(s.replaceAll('-', '+').replaceAll('_', '/')));
    if (!c || typeof c !== 'object') return null;
    const { d, s: seq } = c as { d?: unknown; s?: unknown };
    if (typeof seq !== 'number' || !Number.isInteger(seq) || seq < 0 || seq > DB_INT_MAX) return null;
    if (typeof d !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(d)) return null;
    const date = new Date(d);
    return !Number.isNaN(date.getTime()) && date.toISOString() === d ? { d, s: seq } : null;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Monthly closings

/**
 * POST /api/cashbook/monthly-closings. The client sends the month and the counted cash; figures it
 * computed itself may come along and must agree with the server's, else 400 (never stored).
 */
export const createClosingSchema = z.object({
  month: z
    .string({ error: CASHBOOK_MSG.monthRequired.code })
    .min(1, { message: CASHBOOK_MSG.monthRequired.code, abort: true })
    .refine((m) => isApiMonth(m.endsWith('-01') && m.length === 10 ? m.slice(0, 7) : m), CASHBOOK_MSG.monthInvalid.code)
    .transform((m) => (m.length === 7 ? `${m}-01` : m)),
  physical_balance: cents(CASHBOOK_MSG.physicalRequired.code, CASHBOOK_MSG.physicalInvalid.code, 0, DB_INT_MAX),
  notes: optionalText(CASHBOOK_NOTES_MAX, CASHBOOK_MSG.notesTooLong.code),
  opening_balance: z
    .number({ error: CASHBOOK_MSG.figuresMismatch.code })
    .int(CASHBOOK_MSG.figuresMismatch.code)
    .optional(),
  closing_balance: z
    .number({ error: CASHBOOK_MSG.figuresMismatch.code })
    .int(CASHBOOK_MSG.figuresMismatch.code)
    .optional(),
  total_income: z
    .number({ error: CASHBOOK_MSG.figuresMismatch.code })
    .int(CASHBOOK_MSG.figuresMismatch.code)
    .optional(),
  total_expenses: z
    .number({ error: CASHBOOK_MSG.figuresMismatch.code })
    .int(CASHBOOK_MSG.figuresMismatch.code)
    .optional(),
});
export type CreateClosingInput = z.infer<typeof createClosingSchema>;

/**
 * GET /api/cashbook/monthly-closings/preview: the month (`YYYY-MM`; without it the one that can be
 * closed now) and, optionally, the counted cash in cents for the difference.
 */
export const closingPreviewQuerySchema = z.object({
  month: z.string().refine(isApiMonth, CASHBOOK_MSG.monthInvalid.code).optional(),
  physical_balance: z.coerce
    .number({ error: CASHBOOK_MSG.physicalInvalid.code })
    .int(CASHBOOK_MSG.physicalInvalid.code)
    .min(0, CASHBOOK_MSG.physicalInvalid.code)
    .max(DB_INT_MAX, CASHBOOK_MSG.physicalInvalid.code)
    .optional(),
});
export type ClosingPreviewQuery = z.infer<typeof closingPreviewQuerySchema>;

/** The figures a closing of the month would store now, in cents; counted cash and difference when given. */
export const closingPreviewSchema = z.object({
  /** `YYYY-MM` */
  month: z.string(),
  opening_balance: z.number().int(),
  total_income: z.number().int(),
  total_expenses: z.number().int(),
  closing_balance: z.number().int(),
  physical_balance: z.number().int().nullable(),
  difference: z.number().int().nullable(),
});
export type ClosingPreview = z.infer<typeof closingPreviewSchema>;

export const closingSchema = z.object({
  id: z.number().int(),
  /** `YYYY-MM-01` */
  month: z.string(),
  opening_balance: z.number().int(),
  total_income: z.number().int(),
  total_expenses: z.number().int(),
  closing_balance: z.number().int(),
  physical_balance: z.number().int(),
  difference: z.number().int(),
  notes: z.string().nullable(),
  created_at: z.string(),
  created_by_name: z.string().nullable(),
});
export type CashbookClosing = z.infer<typeof closingSchema>;

export const closingListQuerySchema = z.object({
  limit: z.coerce
    .number({ error: CASHBOOK_MSG.invalidLimit.code })
    .int(CASHBOOK_MSG.invalidLimit.code)
    .min(1, CASHBOOK_MSG.invalidLimit.code)
    .max(CASHBOOK_PAGE_MAX, CASHBOOK_MSG.invalidLimit.code)
    .default(24),
  offset: z.coerce.number({ error: CASHBOOK_MSG.invalidCursor.code }).int().min(0).max(100_000).default(0),
});

export const closingListResponseSchema = z.object({
  closings: z.array(closingSchema),
  hasMore: z.boolean(),
});

/** The month a report covers: `YYYY-MM` in the path. */
export const reportParamsSchema = z.object({
  month: z.string().refine(isApiMonth, CASHBOOK_MSG.monthInvalid.code),
});

// ---------------------------------------------------------------------------------------------
// Settings

export const settingsSchema = z.object({
  register_name: z
    .string()
    .overwrite(trimInvisible)
    .max(CASHBOOK_REGISTER_NAME_MAX, CASHBOOK_MSG.registerNameTooLong.code)
    .default(''),
  register_address: z
    .string()
    .overwrite(trimInvisible)
    .max(CASHBOOK_REGISTER_ADDRESS_MAX, CASHBOOK_MSG.registerAddressTooLong.code)
    .default(''),
  starting_balance: z
    .number({ error: CASHBOOK_MSG.startingBalanceInvalid.code })
    .int(CASHBOOK_MSG.startingBalanceInvalid.code)
    .min(-CASHBOOK_STARTING_BALANCE_MAX, CASHBOOK_MSG.startingBalanceInvalid.code)
    .max(CASHBOOK_STARTING_BALANCE_MAX, CASHBOOK_MSG.startingBalanceInvalid.code),
});
export type CashbookSettingsInput = z.infer<typeof settingsSchema>;

export const settingsResponseSchema = z.object({
  register_name: z.string(),
  register_address: z.string(),
  starting_balance: z.number().int(),
  /** False once an entry or a closing exists: the starting balance is fixed from then on. */
  starting_balance_editable: z.boolean(),
  country_id: z.number().int(),
});
export type CashbookSettings = z.infer<typeof settingsResponseSchema>;

/** The customer behind a hit of the customer search, with the id a transaction names. */
export const cashbookCustomerSchema = z.object({ id: z.number().int(), kundennummer: z.string(), firma: z.string() });
export const customerNumberParams = z.object({ kundennummer: z.string().trim().min(1).max(50) });
