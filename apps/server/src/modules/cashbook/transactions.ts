import { and, eq } from 'drizzle-orm';
import { CASHBOOK_MSG, cashbookMonthOf, type CashbookTransaction, type CreateTransactionInput } from '@portal/shared';
import type { DbOrTx } from '../../db/client.js';
import { cashbookCategories, cashbookTransactions, customers } from '../../db/schema/index.js';
import { isUniqueViolation } from '../../platform/db-helpers.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { now, type ServiceCtx, type Viewer } from '../../platform/service.js';
import { appendEntry, latestClosing, lockCashbook } from './chain.js';
import { countryOf } from './common.js';
import { findEntry } from './queries.js';

/** An entry dated in a closed month (or before the latest closing) would change a closed period: 409. */
async function assertOpenMonth(tx: DbOrTx, countryId: number, date: Date) {
  const latest = await latestClosing(tx, countryId);
  if (latest && cashbookMonthOf(date) <= latest.month.slice(0, 7)) throw conflict(CASHBOOK_MSG.monthClosed);
}

/**
 * Posts an entry (issue 20): the category must be one of this cashbook's and of the same type, a
 * customer one of this country's; only an admin dates an entry (not in the future), everyone else
 * posts at the current time. One transaction under the cashbook's lock: seq and hash follow.
 */
export async function createTransaction(
  ctx: ServiceCtx,
  viewer: Viewer,
  input: CreateTransactionInput,
): Promise<CashbookTransaction> {
  const countryId = countryOf(viewer);
  const recordedAt = now(ctx);
  let date = recordedAt;
  if (viewer.role === 'admin' && input.transaction_date) {
    date = new Date(input.transaction_date);
    if (date.getTime() > recordedAt.getTime()) throw badRequest(CASHBOOK_MSG.dateInFuture);
  }
  const id = await ctx.db.transaction(async (tx) => {
    await lockCashbook(tx, countryId);
    const [category] = await tx
      .select({ type: cashbookCategories.type })
      .from(cashbookCategories)
      .where(and(eq(cashbookCategories.id, input.category_id), eq(cashbookCategories.country_id, countryId)));
    if (!category) throw badRequest(CASHBOOK_MSG.categoryNotFound);
    if (category.type !== input.type) throw badRequest(CASHBOOK_MSG.categoryTypeMismatch);
    if (input.customer_id !== undefined) {
      const [customer] = await tx
        .select({ id: customers.id })
        .from(customers)
        .where(and(eq(customers.id, input.customer_id), eq(customers.country_id, countryId)));
      if (!customer) throw badRequest(CASHBOOK_MSG.customerNotFound);
    }
    await assertOpenMonth(tx, countryId, date);
    const row = await appendEntry(tx, {
      country_id: countryId,
      transaction_date: date,
      recorded_at: recordedAt,
      type: input.type,
      amount: input.amount,
      category_id: input.category_id,
      description: input.description,
      invoice_number: input.invoice_number ?? null,
      customer_id: input.customer_id ?? null,
      user_id: viewer.id,
      reverses_id: null,
    });
    return row.id;
  });
  return (await findEntry(ctx.db, id))!;
}

/**
 * The correction of an entry: a new entry of the same type, category, invoice and customer with the
 * amount negated, dated now, pointing to the original. An entry is reversed once; a reversal is not
 * reversed (409 each). The reason is the description, which the hash covers; the kind `reversal`
 * and its parameters (the original's number beside the reason) let each reader see it in their
 * language ("Storno zu Nr. 48: …" in German, the exports' wording).
 */
export async function reverseTransaction(
  ctx: ServiceCtx,
  viewer: Viewer,
  input: { id: number; reason: string },
): Promise<CashbookTransaction> {
  const countryId = countryOf(viewer);
  const at = now(ctx);
  try {
    const id = await ctx.db.transaction(async (tx) => {
      await lockCashbook(tx, countryId);
      const [orig] = await tx
        .select()
        .from(cashbookTransactions)
        .where(and(eq(cashbookTransactions.id, input.id), eq(cashbookTransactions.country_id, countryId)));
      if (!orig) throw notFound(CASHBOOK_MSG.notFound);
      if (orig.reverses_id !== null) throw conflict(CASHBOOK_MSG.reversalOfReversal);
      const [already] = await tx
        .select({ id: cashbookTransactions.id })
        .from(cashbookTransactions)
        .where(eq(cashbookTransactions.reverses_id, orig.id));
      if (already) throw conflict(CASHBOOK_MSG.alreadyReversed);
      await assertOpenMonth(tx, countryId, at);
      const row = await appendEntry(tx, {
        country_id: countryId,
        transaction_date: at,
        recorded_at: at,
        type: orig.type as CreateTransactionInput['type'],
        amount: -orig.amount,
        category_id: orig.category_id,
        description: input.reason,
        description_kind: 'reversal',
        description_params: { reversal_of_seq: orig.seq, reason: input.reason },
        invoice_number: orig.invoice_number,
        customer_id: orig.customer_id,
        user_id: viewer.id,
        reverses_id: orig.id,
      });
      return row.id;
    });
    return (await findEntry(ctx.db, id))!;
  } catch (e) {
    // Two reversals at the same moment: the unique index on reverses_id decides.
    if (isUniqueViolation(e)) throw conflict(CASHBOOK_MSG.alreadyReversed);
    throw e;
  }
}
