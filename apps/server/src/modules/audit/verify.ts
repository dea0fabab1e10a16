import { asc, gt } from 'drizzle-orm';
import type { AuditVerify } from '@portal/shared';
import { auditLog } from '../../db/schema/index.js';
import { AUDIT_GENESIS, auditHash, changesHash, isRedacted } from '../../platform/audit.js';
import type { ServiceCtx, Viewer } from '../../platform/service.js';

/** Rows read per query while the chain is checked. */
const BATCH = 5000;

/**
 * GET /api/audit/verify: recomputes every row's hash from its stored fields and its predecessor's
 * stored hash, in seq order, and each row's digest of its changes (unless an erasure redacted them). The first row whose hash differs (an edited field) or whose seq skips
 * one (a deleted row) is named; the check stops there, as everything after it depends on it.
 */
export async function verifyAuditTrail(ctx: ServiceCtx, _viewer?: Viewer): Promise<AuditVerify> {
  let prev = AUDIT_GENESIS;
  let expected = 1;
  let checked = 0;
  for (;;) {
    const rows = await ctx.db
      .select()
      .from(auditLog)
      .where(gt(auditLog.seq, expected - 1))
      .orderBy(asc(auditLog.seq))
      .limit(BATCH);
    for (const r of rows) {
      const broken = (reason: 'hash' | 'gap'): AuditVerify => ({
        ok: false,
        checked,
        firstBroken: { seq: r.seq, at: r.at.toISOString(), action: r.action, reason },
      });
      if (r.seq !== expected) return broken('gap');
      // A row's values may have been erased (their digest stays); otherwise they must give the digest.
      if (!isRedacted(r.changes) && changesHash(r.changes) !== r.changes_hash) return broken('hash');
      if (auditHash(r, prev) !== r.hash) return broken('hash');
      prev = r.hash;
      expected += 1;
      checked += 1;
    }
    if (rows.length < BATCH) return { ok: true, checked, firstBroken: null };
  }
}
