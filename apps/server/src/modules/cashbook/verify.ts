import { and, asc, eq, getTableColumns, gt, sql } from 'drizzle-orm';
import { cashbookDescriptionDe, type CashbookType, type CashbookVerify, type ReversalParams } from '@portal/shared';
import type { DbOrTx } from '../../db/client.js';
import { cashbookTransactions } from '../../db/schema/index.js';
import { correlated } from '../../platform/db-helpers.js';
import type { ServiceCtx, Viewer } from '../../platform/service.js';
import { entryHash, GENESIS } from './chain.js';
import { countryOf } from './common.js';

/** Rows per round trip: the check streams the chain page by page, never the whole table into Node. */
const BATCH = 2000;

/**
 * A reversal's kind and parameters (not hashed) must say what the hashed fields say: the reason is
 * the description (or, written before kinds existed, the German sentence the description holds), and
 * the number is the one of the entry `reverses_id` points to.
 */
function describedAsHashed(r: {
  description: string;
  description_kind: 'text' | 'reversal';
  description_params: ReversalParams | null;
  reverses_id: number | null;
  reverses_seq: number | null;
}): boolean {
  if (r.description_kind === 'text') return r.description_params === null;
  const p = r.description_params;
  if (!p || r.reverses_id === null || p.reversal_of_seq !== r.reverses_seq) return false;
  return p.reason === r.description || cashbookDescriptionDe(r) === r.description;
}

/**
 * Recomputes a country's chain from the first entry: each entry's hash from its stored fields and
 * the previous stored hash, and seq without gaps. A row changed in the database breaks its own hash;
 * a row changed with its hash recomputed breaks the next one; a deleted row leaves a gap in seq;
 * a reversal's wording that disagrees with its hashed fields breaks it too.
 */
export async function verifyChain(db: DbOrTx, countryId: number): Promise<CashbookVerify> {
  const t = cashbookTransactions;
  let prev = GENESIS;
  let expected = 1;
  let checked = 0;
  for (;;) {
    const rows = await db
      .select({
        ...getTableColumns(t),
        reverses_seq: correlated(
          sql<number | null>`(select o.seq from cashbook_transactions o where o.id = ${t.reverses_id})`,
        ),
      })
      .from(t)
      .where(and(eq(t.country_id, countryId), gt(t.seq, expected - 1)))
      .orderBy(asc(t.seq))
      .limit(BATCH);
    for (const r of rows) {
      checked++;
      const fields = { ...r, type: r.type as CashbookType };
      if (r.seq !== expected || entryHash(fields, prev) !== r.hash || !describedAsHashed(r))
        return { ok: false, checked, firstBrokenSeq: Math.min(r.seq, expected) };
      prev = r.hash;
      expected++;
    }
    if (rows.length < BATCH) return { ok: true, checked, firstBrokenSeq: null };
  }
}

export function verify(ctx: ServiceCtx, viewer: Viewer): Promise<CashbookVerify> {
  return verifyChain(ctx.db, countryOf(viewer));
}
