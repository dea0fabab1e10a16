import { Readable } from 'node:stream';
import { and, asc, eq, gt } from 'drizzle-orm';
import { AUDIT_EXPORT_MAX, type AuditFilter } from '@portal/shared';
import { auditLog, users } from '../../db/schema/index.js';
import { csvField, csvHeader } from '../../platform/csv.js';
import type { ServiceCtx, Viewer } from '../../platform/service.js';
import { fileReply, type Reply } from '../../platform/serve.js';
import { filterConditions } from './trail.js';

const BATCH = 1000;
/** The export is for auditors and authorities: German, as the cashbook's. */
const HEADER = [
  'Nr',
  'Zeit (UTC)',
  'Benutzer',
  'Rolle',
  'IP',
  'Aktion',
  'Gegenstand',
  'ID',
  'Kunde',
  'Land',
  'Änderungen',
  'Hash',
];

/** GET /api/audit/export: the filtered trail, oldest first, streamed a batch at a time (at most AUDIT_EXPORT_MAX rows). */
export function exportAuditCsv(ctx: ServiceCtx, _viewer: Viewer, input: AuditFilter): Reply {
  const where = filterConditions(input);
  async function* lines() {
    yield csvHeader(HEADER);
    let after = 0;
    let written = 0;
    while (written < AUDIT_EXPORT_MAX) {
      const rows = await ctx.db
        .select({ r: auditLog, actor: users.name })
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.actor_id))
        .where(and(...where, gt(auditLog.seq, after)))
        .orderBy(asc(auditLog.seq))
        .limit(Math.min(BATCH, AUDIT_EXPORT_MAX - written));
      if (!rows.length) return;
      yield rows
        .map(
          ({ r, actor }) =>
            [
              csvField(r.seq, false),
              csvField(r.at.toISOString(), false),
              csvField(actor),
              csvField(r.actor_role),
              csvField(r.ip),
              csvField(r.action),
              csvField(r.subject_kind),
              csvField(r.subject_id),
              csvField(r.customer_id),
              csvField(r.country_id),
              csvField(JSON.stringify(r.changes)),
              csvField(r.hash, false),
            ].join(';') + '\r\n',
        )
        .join('');
      after = rows[rows.length - 1]!.r.seq;
      written += rows.length;
      if (rows.length < BATCH) return;
    }
  }
  return fileReply(Readable.from(lines()), 'text/csv; charset=utf-8', { name: 'audit-trail.csv' });
}
