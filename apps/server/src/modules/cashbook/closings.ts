import { and, desc, eq, sql } from 'drizzle-orm';
import {
  CASHBOOK_MSG,
  cashbookAddMonths,
  computeClosing,
  isClosableMonth,
  type CashbookClosing,
  type CreateClosingInput,
} from '@portal/shared';
import type { DbOrTx } from '../../db/client.js';
import { cashbookClosings, cashbookTransactions, users } from '../../db/schema/index.js';
import { isUniqueViolation } from '../../platform/db-helpers.js';
import { badRequest, conflict } from '../../platform/errors.js';
import { now, type ServiceCtx, type Viewer } from '../../platform/service.js';
import { latestClosing, lockCashbook } from './chain.js';
import { countryOf, iso, viennaMonthEnd, viennaMonthStart } from './common.js';
import { totalsBetween } from './figures.js';

/*
 * Monthly closings. The months are closed in order without gaps, so each opening balance is the
 * previous closing's closing balance (the first: the starting balance of the settings) and equals
 * the starting balance plus every entry before the month; entries cannot be added to a closed month
 * or before it (transactions.ts), so a closing's figures stay true.
 */

const c = cashbookClosings;

function shape(r: typeof c.$inferSelect & { created_by_name: string | null }): CashbookClosing {
  return {
    id: r.id,
    month: r.month,
    opening_balance: r.opening_balance,
    total_income: r.total_income,
    total_expenses: r.total_expenses,
    closing_balance: r.closing_balance,
    physical_balance: r.physical_balance,
    difference: r.difference,
    notes: r.notes,
    created_at: iso(r.created_at),
    created_by_name: r.created_by_name,
  };
}

function selectClosings(db: DbOrTx) {
  return db.select({ closing: c, created_by_name: users.name }).from(c).leftJoin(users, eq(users.id, c.created_by));
}

/** The closings of the caller's cashbook, newest month first (offset paging: a dozen a year). */
export async function listClosings(
  ctx: ServiceCtx,
  viewer: Viewer,
  input: { limit: number; offset: number },
): Promise<{ closings: CashbookClosing[]; hasMore: boolean }> {
  const rows = await selectClosings(ctx.db)
    .where(eq(c.country_id, countryOf(viewer)))
    .orderBy(desc(c.month))
    .limit(input.limit + 1)
    .offset(input.offset);
  return {
    closings: rows.slice(0, input.limit).map((r) => shape({ ...r.closing, created_by_name: r.created_by_name })),
    hasMore: rows.length > input.limit,
  };
}

/** The closing of one month (`YYYY-MM`), if there is one. */
export async function closingOf(db: DbOrTx, countryId: number, month: string): Promise<CashbookClosing | null> {
  const [r] = await selectClosings(db).where(and(eq(c.country_id, countryId), eq(c.month, `${month}-01`)));
  return r ? shape({ ...r.closing, created_by_name: r.created_by_name }) : null;
}

/**
 * Closes a month against the counted cash. The server computes every figure; figures the client
 * sends along must agree (400), and are never stored as sent. Not the current month or later (400),
 * not twice (409 monthAlreadyClosed), not before the latest closing (409), not leaving a month open
 * before it (409).
 */
export async function createClosing(
  ctx: ServiceCtx,
  viewer: Viewer,
  input: CreateClosingInput,
): Promise<CashbookClosing> {
  const countryId = countryOf(viewer);
  if (!isClosableMonth(input.month, now(ctx))) throw badRequest(CASHBOOK_MSG.monthTooLate);
  const month = input.month.slice(0, 7);
  try {
    const id = await ctx.db.transaction(async (tx) => {
      const settings = await lockCashbook(tx, countryId);
      const [same] = await tx
        .select({ id: c.id })
        .from(c)
        .where(and(eq(c.country_id, countryId), eq(c.month, input.month)));
      if (same) throw conflict(CASHBOOK_MSG.monthAlreadyClosed);
      const latest = await latestClosing(tx, countryId);
      if (latest) {
        if (latest.month > input.month) throw conflict(CASHBOOK_MSG.monthBeforeLatest);
        if (cashbookAddMonths(latest.month.slice(0, 7), 1) !== month) throw conflict(CASHBOOK_MSG.previousMonthOpen);
      } else {
        // The first closing: no entry may lie before it, or that month would stay open for ever.
        const earlier = await tx.execute(sql`
          select 1 from ${cashbookTransactions}
          where ${cashbookTransactions.country_id} = ${countryId}
            and ${cashbookTransactions.transaction_date} < ${viennaMonthStart(month)} limit 1`);
        if ((earlier as unknown as { rows: unknown[] }).rows.length) throw conflict(CASHBOOK_MSG.previousMonthOpen);
      }
      const totals = await totalsBetween(tx, countryId, viennaMonthStart(month), viennaMonthEnd(month));
      const figures = computeClosing({
        opening_balance: latest ? latest.closing_balance : settings.starting_balance,
        total_income: totals.income,
        total_expenses: totals.expenses,
        physical_balance: input.physical_balance,
      });
      for (const k of ['opening_balance', 'closing_balance', 'total_income', 'total_expenses'] as const) {
        if (input[k] !== undefined && input[k] !== figures[k]) throw badRequest(CASHBOOK_MSG.figuresMismatch);
      }
      const [row] = await tx
        .insert(c)
        .values({
          country_id: countryId,
          month: input.month,
          ...figures,
          notes: input.notes ?? null,
          created_by: viewer.id,
        })
        .returning({ id: c.id });
      return row!.id;
    });
    const [r] = await selectClosings(ctx.db).where(eq(c.id, id));
    return shape({ ...r!.closing, created_by_name: r!.created_by_name });
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(CASHBOOK_MSG.monthAlreadyClosed);
    throw e;
  }
}

/**
 * The figures of a month as a closing would compute them now (for a report of a month not yet
 * closed): opening = starting balance plus every entry before the month.
 */
export async function monthFigures(db: DbOrTx, countryId: number, month: string, starting: number) {
  const before = await totalsBetween(db, countryId, null, viennaMonthStart(month));
  const during = await totalsBetween(db, countryId, viennaMonthStart(month), viennaMonthEnd(month));
  const opening_balance = starting + before.income - before.expenses;
  return {
    opening_balance,
    total_income: during.income,
    total_expenses: during.expenses,
    closing_balance: opening_balance + during.income - during.expenses,
  };
}
