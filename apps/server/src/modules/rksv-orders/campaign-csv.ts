import { Readable } from 'node:stream';
import { and, sql } from 'drizzle-orm';
import { CARD_STATE_DE, formatDate, type RksvCampaignCsvQuery, type RksvCampaignRow } from '@portal/shared';
import { rksvCards } from '../../db/schema/index.js';
import { rowsOf } from '../../platform/db-helpers.js';
import { csvField, csvHeader } from '../../platform/csv.js';
import { now as clock, type ServiceCtx, type Viewer } from '../../platform/service.js';
import { campaignColumns, campaignConditions, campaignFrom, campaignKey } from './campaign-filter.js';

/** Rows per query while the file streams out. */
const BATCH = 1000;

const HEADER = [
  'Karte',
  'Bestellung',
  'Firma',
  'E-Mail',
  'Kunden-ID',
  'Seriennummer',
  'Kartentyp',
  'Gültig bis',
  'Status',
  'Erinnert am',
];

const day = (d: string | null) => (d ? formatDate(`${d}T12:00:00Z`) : null);

function line(r: RksvCampaignRow): string {
  return [
    r.card_id,
    r.order_id,
    r.companyname,
    r.email,
    r.customer_id,
    r.serial_number,
    r.card_type,
    day(r.valid_until),
    CARD_STATE_DE[r.state],
    r.reminded_at ? formatDate(r.reminded_at) : null,
  ]
    .map((v) => csvField(v))
    .join(';');
}

/**
 * `GET /api/rksv-campaign.csv`: every card of the campaign for Excel in de-AT: semicolons, UTF-8 with
 * BOM, CRLF, a German header; streamed a batch at a time by card id (a campaign may have a million cards).
 */
export function exportCampaignCsv(ctx: ServiceCtx, viewer: Viewer, q: RksvCampaignCsvQuery): Readable {
  const now = clock(ctx);
  const key = campaignKey(q);
  const where = campaignConditions(viewer, q);
  async function* lines() {
    yield csvHeader(HEADER);
    let after = 0;
    for (;;) {
      const batch = rowsOf<RksvCampaignRow>(
        await ctx.db.execute(sql`select ${campaignColumns(now)} from ${campaignFrom(key)}
          where ${and(...where, sql`${rksvCards.id} > ${after}::int`)} order by ${rksvCards.id} limit ${BATCH}`),
      );
      if (!batch.length) return;
      yield batch.map((r) => `${line(r)}\r\n`).join('');
      after = batch[batch.length - 1]!.card_id;
      if (batch.length < BATCH) return;
    }
  }
  return Readable.from(lines());
}
