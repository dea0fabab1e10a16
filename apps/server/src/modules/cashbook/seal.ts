import { createHash } from 'node:crypto';
import { and, asc, desc, eq, isNotNull, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { cashbookClosings, cashbookTransactions } from '../../db/schema/index.js';
import { GENESIS } from './chain.js';

/**
 * The seal of a monthly closing (issue 34, the auditor's package): a hash over the closing's own
 * figures, the chain's last entry when it was closed and the previous closing's seal. The entries'
 * chain (chain.ts) shows a changed entry; the seal shows a changed closing, and an entry changed with
 * every later hash recomputed (the sealed entry's hash no longer matches). Closings are sealed in the
 * closing's own transaction, under the cashbook's lock.
 */

type Closing = typeof cashbookClosings.$inferSelect;
export type SealFields = Pick<
  Closing,
  | 'country_id'
  | 'month'
  | 'opening_balance'
  | 'total_income'
  | 'total_expenses'
  | 'closing_balance'
  | 'physical_balance'
  | 'difference'
> & { sealed_seq: number; sealed_hash: string };

/** One line per field in a fixed order: the same closing always gives the same text. */
export function sealOf(c: SealFields, previousSeal: string | null): string {
  const text = [
    'cashbook-closing-v1',
    c.country_id,
    c.month,
    c.opening_balance,
    c.total_income,
    c.total_expenses,
    c.closing_balance,
    c.physical_balance,
    c.difference,
    c.sealed_seq,
    c.sealed_hash,
    previousSeal ?? GENESIS,
  ].join('\n');
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** The chain's head now (seq 0 and the genesis hash before the first entry). Call under the lock. */
export async function chainHead(tx: DbOrTx, countryId: number): Promise<{ seq: number; hash: string }> {
  const [last] = await tx
    .select({ seq: cashbookTransactions.seq, hash: cashbookTransactions.hash })
    .from(cashbookTransactions)
    .where(eq(cashbookTransactions.country_id, countryId))
    .orderBy(desc(cashbookTransactions.seq))
    .limit(1);
  return last ?? { seq: 0, hash: GENESIS };
}

export interface ClosingCheck {
  month: string;
  /** null: closed before seals existed. */
  sealed: boolean;
  ok: boolean | null;
  sealed_seq: number | null;
}

/**
 * Every closing of a country checked against its seal, oldest first: its figures and its sealed entry
 * (that entry's stored hash) must give the stored seal, chained to the previous closing's.
 */
export async function checkClosings(db: DbOrTx, countryId: number): Promise<ClosingCheck[]> {
  const closings = await db
    .select()
    .from(cashbookClosings)
    .where(eq(cashbookClosings.country_id, countryId))
    .orderBy(asc(cashbookClosings.month));
  const out: ClosingCheck[] = [];
  let previous: string | null = null;
  for (const c of closings) {
    if (c.seal === null || c.sealed_seq === null || c.sealed_hash === null) {
      out.push({ month: c.month, sealed: false, ok: null, sealed_seq: null });
      continue;
    }
    const [entry] =
      c.sealed_seq === 0
        ? [{ hash: GENESIS }]
        : await db
            .select({ hash: cashbookTransactions.hash })
            .from(cashbookTransactions)
            .where(and(eq(cashbookTransactions.country_id, countryId), eq(cashbookTransactions.seq, c.sealed_seq)));
    const fieldsOk = sealOf({ ...c, sealed_seq: c.sealed_seq, sealed_hash: c.sealed_hash }, previous) === c.seal;
    out.push({ month: c.month, sealed: true, ok: fieldsOk && entry?.hash === c.sealed_hash, sealed_seq: c.sealed_seq });
    previous = c.seal;
  }
  return out;
}

/** The seal of the latest sealed closing before `month` (the chain of seals skips unsealed ones). */
export async function previousSeal(tx: DbOrTx, countryId: number, month: string): Promise<string | null> {
  const [row] = await tx
    .select({ seal: cashbookClosings.seal })
    .from(cashbookClosings)
    .where(
      and(
        eq(cashbookClosings.country_id, countryId),
        lt(cashbookClosings.month, month),
        isNotNull(cashbookClosings.seal),
      ),
    )
    .orderBy(desc(cashbookClosings.month))
    .limit(1);
  return row?.seal ?? null;
}
