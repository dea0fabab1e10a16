import { eq, sql } from 'drizzle-orm';
import {
  CASHBOOK_HISTORY_MONTHS,
  CASHBOOK_LATEST,
  cashbookLastMonths,
  cashbookMonthOf,
  type CashbookOverview,
  type CashbookType,
  type PeriodQuery,
} from '@portal/shared';
import type { DbOrTx } from '../../db/client.js';
import { cashbookSettings, cashbookTransactions } from '../../db/schema/index.js';
import { now as clockNow, type ServiceCtx, type Viewer } from '../../platform/service.js';
import { rowsOf } from '../../platform/db-helpers.js';
import { countryOf, num, viennaDayEnd, viennaDayStart, viennaMonthEnd, viennaMonthStart } from './common.js';
import { listEntries } from './queries.js';

/*
 * The cashbook's figures, each one SQL aggregate (never the rows into Node). Income adds to the cash,
 * expense takes away; a reversal carries the negated amount, so plain sums are right.
 */

const t = cashbookTransactions;

export async function startingBalance(db: DbOrTx, countryId: number): Promise<number> {
  const [row] = await db
    .select({ v: cashbookSettings.starting_balance })
    .from(cashbookSettings)
    .where(eq(cashbookSettings.country_id, countryId));
  return row?.v ?? 0;
}

/** Income and expense totals of the entries in [from, to) (SQL instants), by type. */
export async function totalsBetween(db: DbOrTx, countryId: number, from: unknown, to: unknown) {
  const r = await db.execute(sql`
    select coalesce(sum(${t.amount}) filter (where ${t.type} = 'income'), 0)::bigint as income,
           coalesce(sum(${t.amount}) filter (where ${t.type} = 'expense'), 0)::bigint as expenses
    from ${t}
    where ${t.country_id} = ${countryId}
      ${from ? sql`and ${t.transaction_date} >= ${from}` : sql``}
      ${to ? sql`and ${t.transaction_date} < ${to}` : sql``}`);
  const row = rowsOf<{ income: unknown; expenses: unknown }>(r)[0];
  return { income: num(row?.income), expenses: num(row?.expenses) };
}

/** The starting balance plus all income minus all expenses. */
export async function balance(ctx: ServiceCtx, viewer: Viewer): Promise<{ balance: number }> {
  const countryId = countryOf(viewer);
  const [start, all] = await Promise.all([
    startingBalance(ctx.db, countryId),
    totalsBetween(ctx.db, countryId, null, null),
  ]);
  return { balance: start + all.income - all.expenses };
}

/** `[{type, total_amount}]` of a period (Vienna days, both ends included); both types, zero when none. */
export async function summary(
  ctx: ServiceCtx,
  viewer: Viewer,
  input: PeriodQuery,
): Promise<{ type: CashbookType; total_amount: number }[]> {
  const totals = await totalsBetween(
    ctx.db,
    countryOf(viewer),
    viennaDayStart(input.start_date),
    viennaDayEnd(input.end_date),
  );
  return [
    { type: 'income', total_amount: totals.income },
    { type: 'expense', total_amount: totals.expenses },
  ];
}

/** The overview screen: balance, this month's income and expenses, count, 6 months, the 5 newest entries. */
export async function overview(ctx: ServiceCtx, viewer: Viewer): Promise<CashbookOverview> {
  const countryId = countryOf(viewer);
  const now = clockNow(ctx);
  const months = cashbookLastMonths(now, CASHBOOK_HISTORY_MONTHS);
  const current = cashbookMonthOf(now);
  const [start, byMonth, totals, latest] = await Promise.all([
    startingBalance(ctx.db, countryId),
    ctx.db.execute(sql`
      select to_char(${t.transaction_date} at time zone 'Europe/Vienna', 'YYYY-MM') as month,
             coalesce(sum(${t.amount}) filter (where ${t.type} = 'income'), 0)::bigint as income,
             coalesce(sum(${t.amount}) filter (where ${t.type} = 'expense'), 0)::bigint as expenses
      from ${t}
      where ${t.country_id} = ${countryId}
        and ${t.transaction_date} >= ${viennaMonthStart(months[0]!)}
        and ${t.transaction_date} < ${viennaMonthEnd(current)}
      group by 1`),
    ctx.db.execute(sql`
      select coalesce(sum(case when ${t.type} = 'income' then ${t.amount} else -${t.amount} end), 0)::bigint as net,
             count(*)::int as n
      from ${t} where ${t.country_id} = ${countryId}`),
    listEntries(ctx.db, { countryId }, { limit: CASHBOOK_LATEST }),
  ]);
  const found = new Map(
    rowsOf<{ month: string; income: unknown; expenses: unknown }>(byMonth).map((r) => [
      r.month,
      { income: num(r.income), expenses: num(r.expenses) },
    ]),
  );
  const series = months.map((month) => ({ month, ...(found.get(month) ?? { income: 0, expenses: 0 }) }));
  const all = rowsOf<{ net: unknown; n: number }>(totals)[0];
  const thisMonth = series[series.length - 1]!;
  return {
    currentBalance: start + num(all?.net),
    monthlyIncome: thisMonth.income,
    monthlyExpenses: thisMonth.expenses,
    transactionCount: num(all?.n),
    months: series,
    latest: latest.transactions,
  };
}
