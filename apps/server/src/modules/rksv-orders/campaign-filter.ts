import { eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { RksvCampaignCsvQuery } from '@portal/shared';
import { rksvCampaignRecipients, rksvCards, rksvOrders } from '../../db/schema/index.js';
import type { Viewer } from '../../platform/service.js';
import { cardStateSql, validUntilSql } from './card-state-sql.js';

const c = rksvCards;
const o = rksvOrders;
const r = rksvCampaignRecipients;

export type CampaignFilter = Pick<RksvCampaignCsvQuery, 'card_type' | 'valid_before'>;

/** The campaign a filter names: the same card type and window sent again is the same campaign. */
export const campaignKey = (q: CampaignFilter) => JSON.stringify([q.card_type ?? null, q.valid_before ?? null]);

/**
 * The cards of a campaign: of the card type, and/or whose certificate's last day (as set, else
 * activation + 5 years: the state rule's) is before the day; still in their life, that is not in the
 * states `deregistered` or `replaced` (the first two decisions of `cardState` and its SQL mirror, read
 * from their columns so the card type's index serves). An agent who is not an admin only ever gets the
 * cards of the orders assigned to them (the card's copy of its order's agent, migration 0030).
 */
export function campaignConditions(viewer: Viewer, q: CampaignFilter): SQL[] {
  const where: SQL[] = [isNull(c.deregistered_at), isNull(c.replaced_at)];
  if (viewer.role !== 'admin') where.push(eq(c.agent_id, viewer.id));
  if (q.card_type) where.push(eq(c.card_type, q.card_type));
  if (q.valid_before) where.push(sql`${validUntilSql} < ${q.valid_before}::date`);
  return where;
}

/** An instant as the API writes it (ISO 8601, UTC). */
const isoSql = (at: SQL) => sql`to_char(${at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The columns of a campaign row (rksvCampaignRowSchema) over the cards, their orders and this campaign's recipients. */
export function campaignColumns(now: Date): SQL {
  return sql`${c.id} as card_id, ${c.order_id} as order_id, ${o.companyname} as companyname, ${o.email} as email,
    ${o.customer_id} as customer_id, ${c.serial_number} as serial_number, ${c.card_type} as card_type,
    to_char(${validUntilSql}, 'YYYY-MM-DD') as valid_until, ${cardStateSql(now)} as state,
    ${isoSql(sql`${r.sent_at}`)} as reminded_at`;
}

/** The cards joined with their orders and, where this campaign mailed them, their recipient row. */
export function campaignFrom(key: string): SQL {
  return sql`${c} join ${o} on ${o.id} = ${c.order_id}
    left join ${r} on ${r.campaign_key} = ${key} and ${r.card_id} = ${c.id}`;
}
