import { and, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import {
  CASHBOOK_MSG,
  parseTransactionCursor,
  type CashbookTransaction,
  type CashbookType,
  type TransactionListResponse,
} from '@portal/shared';
import type { DbOrTx } from '../../db/client.js';
import { cashbookCategories, cashbookTransactions, customers, users } from '../../db/schema/index.js';
import { correlated, likeEscape } from '../../platform/db-helpers.js';
import { notFound } from '../../platform/errors.js';
import type { ServiceCtx, Viewer } from '../../platform/service.js';
import { countryOf, iso, viennaDayEnd, viennaDayStart } from './common.js';

const t = cashbookTransactions;
// The two correction links as subqueries run per row of the page (each one index probe): as joins,
// the planner may hash the whole table before it takes the first 50 rows. `correlated` keeps the
// outer column qualified should the select ever lose its joins (a bare "id" would be r's own).
const reversedById = correlated(
  sql<number | null>`(select r.id from cashbook_transactions r where r.reverses_id = ${t.id})`,
);
const reversesSeq = correlated(
  sql<number | null>`(select o.seq from cashbook_transactions o where o.id = ${t.reverses_id})`,
);

/** Filters of the list (all optional) within one country's cashbook. */
export interface EntryFilter {
  countryId: number;
  start_date?: string;
  end_date?: string;
  type?: CashbookType;
  category_id?: number;
  q?: string;
}

export function entryFilter(f: EntryFilter): SQL {
  const conds: (SQL | undefined)[] = [eq(t.country_id, f.countryId)];
  if (f.start_date) conds.push(sql`${t.transaction_date} >= ${viennaDayStart(f.start_date)}`);
  if (f.end_date) conds.push(sql`${t.transaction_date} < ${viennaDayEnd(f.end_date)}`);
  if (f.type) conds.push(eq(t.type, f.type));
  if (f.category_id) conds.push(eq(t.category_id, f.category_id));
  if (f.q) {
    const pattern = `%${likeEscape(f.q)}%`;
    const alternatives: SQL[] = [ilike(t.description, pattern), ilike(t.invoice_number, pattern)];
    // "#12" or "12": the entry with that number.
    const asSeq = /^#?(\d{1,9})$/.exec(f.q);
    if (asSeq) alternatives.push(eq(t.seq, Number(asSeq[1])));
    conds.push(or(...alternatives));
  }
  return and(...conds)!;
}

/** One entry as the lists answer it: with its category, user and customer names and its reversal, if any. */
function selectEntries(db: DbOrTx) {
  return db
    .select({
      id: t.id,
      seq: t.seq,
      amount: t.amount,
      type: t.type,
      category_id: t.category_id,
      category_name: cashbookCategories.name,
      description: t.description,
      description_kind: t.description_kind,
      description_params: t.description_params,
      transaction_date: t.transaction_date,
      recorded_at: t.recorded_at,
      invoice_number: t.invoice_number,
      customer_id: t.customer_id,
      customer_name: customers.firma,
      user_id: t.user_id,
      agent_name: users.name,
      reverses_id: t.reverses_id,
      reverses_seq: reversesSeq,
      reversed_by_id: reversedById,
      hash: t.hash,
    })
    .from(t)
    .innerJoin(cashbookCategories, eq(cashbookCategories.id, t.category_id))
    .leftJoin(users, eq(users.id, t.user_id))
    .leftJoin(customers, eq(customers.id, t.customer_id));
}

type EntryRow = Awaited<ReturnType<ReturnType<typeof selectEntries>['execute']>>[number];

const shape = (r: EntryRow): CashbookTransaction => ({
  ...r,
  type: r.type as CashbookType,
  transaction_date: iso(r.transaction_date),
  recorded_at: iso(r.recorded_at),
});

const encodeCursor = (c: { d: string; s: number }) => Buffer.from(JSON.stringify(c)).toString('base64url');

/**
 * A page of entries, newest first (transaction date, then seq), keyset paging on that pair: page 100
 * costs what page 1 costs. One extra row tells whether there is a next page.
 */
export async function listEntries(
  db: DbOrTx,
  filter: EntryFilter,
  page: { limit: number; cursor?: string },
): Promise<TransactionListResponse> {
  const conds: SQL[] = [entryFilter(filter)];
  const c = page.cursor ? parseTransactionCursor(page.cursor) : null;
  if (c) conds.push(sql`(${t.transaction_date}, ${t.seq}) < (${new Date(c.d)}, ${c.s})`);
  const rows = await selectEntries(db)
    .where(and(...conds))
    .orderBy(desc(t.transaction_date), desc(t.seq))
    .limit(page.limit + 1);
  const more = rows.length > page.limit;
  const list = rows.slice(0, page.limit).map(shape);
  const last = list[list.length - 1];
  return {
    transactions: list,
    nextCursor: more && last ? encodeCursor({ d: last.transaction_date, s: last.seq }) : null,
  };
}

/** The list and the period screen: the caller's country's entries, filtered, a keyset page. */
export function listTransactions(
  ctx: ServiceCtx,
  viewer: Viewer,
  input: Omit<EntryFilter, 'countryId'> & { limit: number; cursor?: string },
): Promise<TransactionListResponse> {
  const { limit, cursor, ...filter } = input;
  return listEntries(ctx.db, { countryId: countryOf(viewer), ...filter }, { limit, cursor });
}

export async function findEntry(db: DbOrTx, id: number): Promise<CashbookTransaction | null> {
  const [row] = await selectEntries(db).where(eq(t.id, id));
  return row ? shape(row) : null;
}

/** Entries of one country by seq, from `afterSeq` on, for the export and the report (a page at a time). */
export async function entriesBySeq(db: DbOrTx, filter: EntryFilter, afterSeq: number, limit: number) {
  const rows = await selectEntries(db)
    .where(and(entryFilter(filter), sql`${t.seq} > ${afterSeq}`))
    .orderBy(t.seq)
    .limit(limit);
  return rows.map(shape);
}

/** One entry of the caller's cashbook (another country's is not found). */
export async function getTransaction(
  ctx: ServiceCtx,
  viewer: Viewer,
  input: { id: number },
): Promise<CashbookTransaction> {
  const [row] = await selectEntries(ctx.db).where(and(eq(t.id, input.id), eq(t.country_id, countryOf(viewer))));
  if (!row) throw notFound(CASHBOOK_MSG.notFound);
  return shape(row);
}
