import { createHash } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import type { CashbookDescriptionKind, CashbookType, ReversalParams } from '@portal/shared';
import type { DbOrTx } from '../../db/client.js';
import { cashbookClosings, cashbookSettings, cashbookTransactions } from '../../db/schema/index.js';

/*
 * The hash chain (§131 BAO: nothing altered afterwards, and provably so). Each entry's hash is
 * SHA-256 over a canonical text of every stored field and the previous entry's hash; the first
 * entry of a country chains to GENESIS. seq and hash are assigned here, inside the inserting
 * transaction, while the country's settings row is locked (SELECT … FOR UPDATE): concurrent posts
 * wait for each other, so seq stays gap-free and every entry links to the one before it.
 * The demo seed posts through appendEntry too.
 */

export const GENESIS = '0'.repeat(64);

/** What an entry stores, except seq and hash (assigned by appendEntry). */
export interface EntryFields {
  country_id: number;
  transaction_date: Date;
  recorded_at: Date;
  type: CashbookType;
  amount: number;
  category_id: number;
  description: string;
  invoice_number: string | null;
  customer_id: number | null;
  user_id: number;
  reverses_id: number | null;
  /** A reversal: its kind and parameters beside the reason in `description` (not hashed: verify.ts holds them to it). */
  description_kind?: CashbookDescriptionKind;
  description_params?: ReversalParams | null;
}

/**
 * The canonical text of an entry: a JSON array in a fixed order, dates as ISO UTC with milliseconds
 * (the columns keep milliseconds, so a stored value reads back identically). Versioned, so a later
 * change of the form can be told apart.
 */
export function canonicalEntry(e: EntryFields & { seq: number }, prevHash: string): string {
  return JSON.stringify([
    'cashbook-v1',
    e.country_id,
    e.seq,
    e.transaction_date.toISOString(),
    e.recorded_at.toISOString(),
    e.type,
    e.amount,
    e.category_id,
    e.description,
    e.invoice_number,
    e.customer_id,
    e.user_id,
    e.reverses_id,
    prevHash,
  ]);
}

export function entryHash(e: EntryFields & { seq: number }, prevHash: string): string {
  return createHash('sha256').update(canonicalEntry(e, prevHash), 'utf8').digest('hex');
}

/**
 * Locks a country's cashbook for the rest of the transaction (creating its settings row on first
 * use) and answers its settings. Every write of the cashbook (entry, closing, starting balance) takes
 * this lock first, so the month and balance rules are checked against what is committed.
 */
export async function lockCashbook(tx: DbOrTx, countryId: number) {
  await tx.insert(cashbookSettings).values({ country_id: countryId }).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(cashbookSettings)
    .where(eq(cashbookSettings.country_id, countryId))
    .for('update');
  return row!;
}

/** The latest closed month of a country (`YYYY-MM-01`), if any. Call under the lock. */
export async function latestClosing(tx: DbOrTx, countryId: number) {
  const [row] = await tx
    .select()
    .from(cashbookClosings)
    .where(eq(cashbookClosings.country_id, countryId))
    .orderBy(desc(cashbookClosings.month))
    .limit(1);
  return row;
}

/** Appends one entry to the country's chain. The caller holds the lock (lockCashbook) in `tx`. */
export async function appendEntry(tx: DbOrTx, fields: EntryFields) {
  const [last] = await tx
    .select({ seq: cashbookTransactions.seq, hash: cashbookTransactions.hash })
    .from(cashbookTransactions)
    .where(eq(cashbookTransactions.country_id, fields.country_id))
    .orderBy(desc(cashbookTransactions.seq))
    .limit(1);
  const seq = (last?.seq ?? 0) + 1;
  const hash = entryHash({ ...fields, seq }, last?.hash ?? GENESIS);
  const [row] = await tx
    .insert(cashbookTransactions)
    .values({ ...fields, seq, hash })
    .returning();
  return row!;
}

/** Whether a country's cashbook has any entry or closing (the starting balance is fixed from then on). */
export async function hasHistory(tx: DbOrTx, countryId: number): Promise<boolean> {
  const r = await tx.execute<{ any: boolean }>(sql`
    select exists (select 1 from ${cashbookTransactions} where ${cashbookTransactions.country_id} = ${countryId})
        or exists (select 1 from ${cashbookClosings} where ${cashbookClosings.country_id} = ${countryId}) as any`);
  return Boolean((r as unknown as { rows: { any: boolean }[] }).rows[0]?.any);
}
