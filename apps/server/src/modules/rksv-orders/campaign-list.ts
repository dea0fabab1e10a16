import { and, sql } from 'drizzle-orm';
import {
  RKSV_CAMPAIGN_PAGE,
  type RksvCampaignList,
  type RksvCampaignQuery,
  type RksvCampaignRow,
} from '@portal/shared';
import { customPlan } from '../../db/client.js';
import { rksvCampaignRecipients, rksvCards, rksvOrders } from '../../db/schema/index.js';
import { rowsOf } from '../../platform/db-helpers.js';
import { now as clock, type ServiceCtx, type Viewer } from '../../platform/service.js';
import { campaignColumns, campaignConditions, campaignFrom, campaignKey } from './campaign-filter.js';

const c = rksvCards;
const o = rksvOrders;

/**
 * `GET /api/rksv-campaign`: one page of a campaign's cards by card id (keyset: each page reads on after
 * the last id), each with its state by the SQL mirror of the shared rule and when this campaign reminded
 * it; and the campaign's counts: cards, distinct customers (the linked customer, else the order's e-mail)
 * and cards reminded.
 */
export async function listCampaign(ctx: ServiceCtx, viewer: Viewer, q: RksvCampaignQuery): Promise<RksvCampaignList> {
  const now = clock(ctx);
  const key = campaignKey(q);
  const where = campaignConditions(viewer, q);
  // The best plan depends on the values (a rare type or a common one, a near day or a far one).
  const page = and(...where, ...(q.cursor ? [sql`${c.id} > ${Number(q.cursor)}::int`] : []));
  const [found, counted] = await Promise.all([
    ctx.db.execute(sql`${customPlan}select ${campaignColumns(now)} from ${campaignFrom(key)}
      where ${page} order by ${c.id} limit ${RKSV_CAMPAIGN_PAGE + 1}`),
    ctx.db.execute(sql`${customPlan}select count(*)::int as cards,
        count(distinct coalesce('c' || ${o.customer_id}::text, 'e' || lower(${o.email})))::int as customers,
        count(${rksvCampaignRecipients.card_id})::int as reminded
      from ${campaignFrom(key)} where ${and(...where)}`),
  ]);
  const rows = rowsOf<RksvCampaignRow>(found);
  const n = rowsOf<{ cards: number; customers: number; reminded: number }>(counted)[0]!;
  const items = rows.slice(0, RKSV_CAMPAIGN_PAGE);
  const last = items[items.length - 1];
  return {
    items,
    cards: Number(n.cards),
    customers: Number(n.customers),
    reminded: Number(n.reminded),
    nextCursor: rows.length > RKSV_CAMPAIGN_PAGE && last ? String(last.card_id) : null,
  };
}
