import { z } from 'zod';
import {
  CASHBOOK_AMOUNT_MAX,
  CASHBOOK_DESCRIPTION_MAX,
  CASHBOOK_PAGE_DEFAULT,
  CASHBOOK_PAGE_MAX,
  CASHBOOK_REASON_MAX,
  CASHBOOK_STARTING_BALANCE_MAX,
  CASHBOOK_TYPES,
  parseAmountToCents,
} from '../cashbook-rules.js';
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

export const cashbookTypeSchema = z.enum(CASHBOOK_TYPES, { error: CASHBOOK_MSG.typeRequired });

const cents = (required: string, invalid: string, min: number, max: number) =>
  z.number({ error: required }).int(invalid).min(min, invalid).max(max, invalid);

const isoDay = apiDay(CASHBOOK_MSG.dateFormat);

// ---------------------------------------------------------------------------------------------
// Categories

export const createCategorySchema = z.object({
  name: required(COMMON_MSG.nameRequired).max(100, CASHBOOK_MSG.categoryNameTooLong),
  description: required(COMMON_MSG.descriptionRequired).max(CASHBOOK_DESCRIPTION_MAX, COMMON_MSG.descriptionTooLong),
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
    ctx.addIssue({ code: 'custom', path: ['invoice_number'], message: CASHBOOK_MSG.invoiceRequired });
  if (v.type === 'expense' && v.customer_id !== undefined)
    ctx.addIssue({ code: 'custom', path: ['customer_id'], message: CASHBOOK_MSG.customerOnlyIncome });
}

/** POST /api/cashbook/transactions. `transaction_date` counts only for admins (the server takes now otherwise). */
export const createTransactionSchema = z
  .object({
    amount: cents(CASHBOOK_MSG.amountRequired, CASHBOOK_MSG.amountInvalid, 1, DB_INT_MAX).max(
      CASHBOOK_AMOUNT_MAX,
      CASHBOOK_MSG.amountTooLarge,
    ),
    type: cashbookTypeSchema,
    category_id: id(CASHBOOK_MSG.categoryRequired),
    description: required(COMMON_MSG.descriptionRequired).max(CASHBOOK_DESCRIPTION_MAX, COMMON_MSG.descriptionTooLong),
    transaction_date: z
      .string({ error: COMMON_MSG.invalidDate })
      .refine(
        (s) => isApiDateText(s) && /^\d{4}-\d{2}-\d{2}T/.test(s),
        COMMON_MSG.invalidDate,
      )
      .optional()
      .nullable()
      .transform((v) => v ?? undefined),
    invoice_number: optionalText(100, CASHBOOK_MSG.invoiceTooLong),
    customer_id: id(CASHBOOK_MSG.customerNotFound)
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
    amount: required(CASHBOOK_MSG.amountRequired)
      .refine((s) => {
        const c = parseAmountToCents(s);
        return c !== null && c >= 1;
      }, CASHBOOK_MSG.amountInvalid)
      .refine((s) => (parseAmountToCents(s) ?? 0) <= CASHBOOK_AMOUNT_MAX, CASHBOOK_MSG.amountTooLarge),
    type: cashbookTypeSchema,
    category_id: required(CASHBOOK_MSG.categoryRequired),
    description: required(COMMON_MSG.descriptionRequired).max(CASHBOOK_DESCRIPTION_MAX, COMMON_MSG.descriptionTooLong),
    transaction_date: required(COMMON_MSG.invalidDate).refine(
      (s) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(s) && isApiDateText(s),
      COMMON_MSG.invalidDate,
    ),
    invoice_number: z.string().overwrite(trimInvisible).max(100, CASHBOOK_MSG.invoiceTooLong),
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
  reason: required(CASHBOOK_MSG.reasonRequired).max(CASHBOOK_REASON_MAX, CASHBOOK_MSG.reasonTooLong),
});

export const transactionIdParams = z.object({ id: id(CASHBOOK_MSG.notFound) });

/** One entry as every list answers it (spec "Cashbook transaction" plus the chain and the correction links). */
export const transactionSchema = z.object({
  id: z.number().int(),
  seq: z.number().int(),
  amount: z.number().int(),
  type: cashbookTypeSchema,
  category_id: z.number().int(),
  category_name: z.string(),
  description: z.string(),
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
    .number({ error: CASHBOOK_MSG.invalidLimit })
    .int(CASHBOOK_MSG.invalidLimit)
    .min(1, CASHBOOK_MSG.invalidLimit)
    .max(CASHBOOK_PAGE_MAX, CASHBOOK_MSG.invalidLimit)
    .default(CASHBOOK_PAGE_DEFAULT),
  cursor: z
    .string()
    .max(200, CASHBOOK_MSG.invalidCursor)
    .refine((c) => parseTransactionCursor(c) !== null, CASHBOOK_MSG.invalidCursor)
    .optional(),
};

/** GET /api/cashbook/transactions: filters, newest first, keyset paging. */
export const transactionListQuerySchema = z
  .object({
    ...periodFields,
    type: cashbookTypeSchema.optional(),
    category_id: id(CASHBOOK_MSG.categoryNotFound).optional(),
    q: z.string().trim().max(200, CASHBOOK_MSG.invalidSearch).optional(),
    ...pageFields,
  })
  .refine(periodOrder, { message: CASHBOOK_MSG.invalidPeriod, path: ['end_date'] });
export type TransactionListQuery = z.infer<typeof transactionListQuerySchema>;

/** A period with both ends (yyyy-MM-dd, Vienna days, both included). */
const requiredPeriod = {
  start_date: z.string({ error: CASHBOOK_MSG.periodRequired }).refine(isApiDay, CASHBOOK_MSG.dateFormat),
  end_date: z.string({ error: CASHBOOK_MSG.periodRequired }).refine(isApiDay, CASHBOOK_MSG.dateFormat),
};
export const periodQuerySchema = z
  .object(requiredPeriod)
  .refine(periodOrder, { message: CASHBOOK_MSG.invalidPeriod, path: ['end_date'] });
export type PeriodQuery = z.infer<typeof periodQuerySchema>;
/** GET /api/cashbook/transactions/period: the entries of a period, paged like the list. */
export const periodPageQuerySchema = z
  .object({ ...requiredPeriod, ...pageFields })
  .refine(periodOrder, { message: CASHBOOK_MSG.invalidPeriod, path: ['end_date'] });

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
    .string({ error: CASHBOOK_MSG.monthRequired })
    .min(1, { message: CASHBOOK_MSG.monthRequired, abort: true })
    .refine((m) => isApiMonth(m.endsWith('-01') && m.length === 10 ? m.slice(0, 7) : m), CASHBOOK_MSG.monthInvalid)
    .transform((m) => (m.length === 7 ? `${m}-01` : m)),
  physical_balance: cents(CASHBOOK_MSG.physicalRequired, CASHBOOK_MSG.physicalInvalid, 0, DB_INT_MAX),
  notes: optionalText(1000, CASHBOOK_MSG.notesTooLong),
  opening_balance: z.number({ error: CASHBOOK_MSG.figuresMismatch }).int(CASHBOOK_MSG.figuresMismatch).optional(),
  closing_balance: z.number({ error: CASHBOOK_MSG.figuresMismatch }).int(CASHBOOK_MSG.figuresMismatch).optional(),
  total_income: z.number({ error: CASHBOOK_MSG.figuresMismatch }).int(CASHBOOK_MSG.figuresMismatch).optional(),
  total_expenses: z.number({ error: CASHBOOK_MSG.figuresMismatch }).int(CASHBOOK_MSG.figuresMismatch).optional(),
});
export type CreateClosingInput = z.infer<typeof createClosingSchema>;

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
    .number({ error: CASHBOOK_MSG.invalidLimit })
    .int(CASHBOOK_MSG.invalidLimit)
    .min(1, CASHBOOK_MSG.invalidLimit)
    .max(CASHBOOK_PAGE_MAX, CASHBOOK_MSG.invalidLimit)
    .default(24),
  offset: z.coerce.number({ error: CASHBOOK_MSG.invalidCursor }).int().min(0).max(100_000).default(0),
});

export const closingListResponseSchema = z.object({
  closings: z.array(closingSchema),
  hasMore: z.boolean(),
});

/** The month a report covers: `YYYY-MM` in the path. */
export const reportParamsSchema = z.object({
  month: z.string().refine(isApiMonth, CASHBOOK_MSG.monthInvalid),
});

// ---------------------------------------------------------------------------------------------
// Settings

export const settingsSchema = z.object({
  register_name: z.string().overwrite(trimInvisible).max(200, CASHBOOK_MSG.registerNameTooLong).default(''),
  register_address: z.string().overwrite(trimInvisible).max(500, CASHBOOK_MSG.registerAddressTooLong).default(''),
  starting_balance: z
    .number({ error: CASHBOOK_MSG.startingBalanceInvalid })
    .int(CASHBOOK_MSG.startingBalanceInvalid)
    .min(-CASHBOOK_STARTING_BALANCE_MAX, CASHBOOK_MSG.startingBalanceInvalid)
    .max(CASHBOOK_STARTING_BALANCE_MAX, CASHBOOK_MSG.startingBalanceInvalid),
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
