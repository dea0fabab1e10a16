import { and, desc, eq, sql } from 'drizzle-orm';
import {
  CASHBOOK_MSG,
  cashbookAddMonths,
  closableMonth,
  computeClosing,
  fillText,
  isClosableMonth,
  type CashbookClosing,
  type ClosingPreview,
  type ClosingPreviewQuery,
  type CreateClosingInput,
} from '@portal/shared';
import type { DbOrTx } from '../../db/client.js';
import { cashbookClosings, cashbookTransactions, users } from '../../db/schema/index.js';
import { isUniqueViolation } from '../../platform/db-helpers.js';
import { badRequest, conflict, HttpError } from '../../platform/errors.js';
import { now, type ServiceCtx, type Viewer } from '../../platform/service.js';
import { latestClosing, lockCashbook } from './chain.js';
import { countryOf, iso, viennaMonthEnd, viennaMonthStart } from './common.js';
import { startingBalance, totalsBetween } from './figures.js';
import { chainHead, previousSeal, sealOf } from './seal.js';

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

/** `03/2026`: a month as the refusals name it (the reports' wording). */
const monthWords = (month: string) => `${month.slice(5, 7)}/${month.slice(0, 4)}`;

/** 400 at the month field, naming the month that can be closed. */
function notClosable(closable: string) {
  const params = { month: monthWords(closable) };
  const e = CASHBOOK_MSG.monthNotClosable;
  return new HttpError(400, e, params, [{ field: 'month', message: fillText(e.de, params), code: e.code }]);
}

/** The month of a country's first entry (Vienna, `YYYY-MM`), or null. */
async function firstEntryMonth(db: DbOrTx, countryId: number): Promise<string | null> {
  const t = cashbookTransactions;
  const r = await db.execute(sql`
    select to_char(min(${t.transaction_date}) at time zone 'Europe/Vienna', 'YYYY-MM') as month
    from ${t} where ${t.country_id} = ${countryId}`);
  return (r as unknown as { rows: { month: string | null }[] }).rows[0]?.month ?? null;
}

/**
 * The figures a closing of `month` (`YYYY-MM`) stores: the opening balance is the latest closing's
 * closing balance (the first: the starting balance), the month's income and expenses, the counted
 * cash and its difference. One function for the preview and the closing, so both show the same.
 */
async function closingFigures(
  db: DbOrTx,
  countryId: number,
  month: string,
  opening_balance: number,
  physical_balance: number,
) {
  const totals = await totalsBetween(db, countryId, viennaMonthStart(month), viennaMonthEnd(month));
  return computeClosing({
    opening_balance,
    total_income: totals.income,
    total_expenses: totals.expenses,
    physical_balance,
  });
}

/** The month that can be closed now (shared rule `closableMonth`) and the latest closing, read in `db`. */
async function nextClosable(ctx: ServiceCtx, db: DbOrTx, countryId: number) {
  const latest = await latestClosing(db, countryId);
  const month = closableMonth({
    latestClosed: latest?.month ?? null,
    firstEntryMonth: latest ? null : await firstEntryMonth(db, countryId),
    now: now(ctx),
  });
  return { latest, month };
}

/**
 * GET /api/cashbook/monthly-closings/preview: what closing the month would store now, each figure in
 * cents as the server computes it, the counted cash and difference when given. Only the month that
 * can be closed (400 naming it; without `month`, that month); 409 when every month up to the previous
 * one is closed.
 */
export async function previewClosing(
  ctx: ServiceCtx,
  viewer: Viewer,
  input: ClosingPreviewQuery,
): Promise<ClosingPreview> {
  const countryId = countryOf(viewer);
  const { latest, month } = await nextClosable(ctx, ctx.db, countryId);
  if (!month) throw conflict(CASHBOOK_MSG.nothingToClose);
  if (input.month && input.month !== month) throw notClosable(month);
  const opening = latest ? latest.closing_balance : await startingBalance(ctx.db, countryId);
  const figures = await closingFigures(ctx.db, countryId, month, opening, input.physical_balance ?? 0);
  const counted = input.physical_balance !== undefined;
  return {
    month,
    opening_balance: figures.opening_balance,
    total_income: figures.total_income,
    total_expenses: figures.total_expenses,
    closing_balance: figures.closing_balance,
    physical_balance: counted ? figures.physical_balance : null,
    difference: counted ? figures.difference : null,
  };
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
      // Whatever else is wrong was said above; this is the month the preview offers (no earlier empty one).
      const closable = await nextClosable(ctx, tx, countryId);
      if (closable.month !== month) throw notClosable(closable.month ?? month);
      const figures = await closingFigures(
        tx,
        countryId,
        month,
        latest ? latest.closing_balance : settings.starting_balance,
        input.physical_balance,
      );
      for (const k of ['opening_balance', 'closing_balance', 'total_income', 'total_expenses'] as const) {
        if (input[k] !== undefined && input[k] !== figures[k]) throw badRequest(CASHBOOK_MSG.figuresMismatch);
      }
      // Sealed with the chain's head now: every entry up to it is the month's and the months' before.
      const head = await chainHead(tx, countryId);
      const sealed = {
        country_id: countryId,
        month: input.month,
        ...figures,
        sealed_seq: head.seq,
        sealed_hash: head.hash,
      };
      const [row] = await tx
        .insert(c)
        .values({
          ...sealed,
          seal: sealOf(sealed, await previousSeal(tx, countryId, input.month)),
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
