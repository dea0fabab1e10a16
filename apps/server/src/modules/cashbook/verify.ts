import { and, asc, eq, gt } from 'drizzle-orm';
import type { CashbookType, CashbookVerify } from '@portal/shared';
import type { DbOrTx } from '../../db/client.js';
import { cashbookTransactions } from '../../db/schema/index.js';
import type { ServiceCtx, Viewer } from '../../platform/service.js';
import { entryHash, GENESIS } from './chain.js';
import { countryOf } from './common.js';

/** Rows per round trip: the check streams the chain page by page, never the whole table into Node. */
const BATCH = 2000;

/**
 * Recomputes a country's chain from the first entry: each entry's hash from its stored fields and
 * the previous stored hash, and seq without gaps. A row changed in the database breaks its own hash;
 * a row changed with its hash recomputed breaks the next one; a deleted row leaves a gap in seq.
 */
export async function verifyChain(db: DbOrTx, countryId: number): Promise<CashbookVerify> {
  const t = cashbookTransactions;
  let prev = GENESIS;
  let expected = 1;
  let checked = 0;
  for (;;) {
    const rows = await db
      .select()
      .from(t)
      .where(and(eq(t.country_id, countryId), gt(t.seq, expected - 1)))
      .orderBy(asc(t.seq))
      .limit(BATCH);
    for (const r of rows) {
      checked++;
      const fields = { ...r, type: r.type as CashbookType };
      if (r.seq !== expected || entryHash(fields, prev) !== r.hash)
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
