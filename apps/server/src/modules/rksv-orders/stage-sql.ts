import { sql, type SQL } from 'drizzle-orm';
import { RKSV_PAID_STATUSES, type RksvStage } from '@portal/shared';
import { rksvOrders } from '../../db/schema/index.js';

/**
 * The SQL mirror of the shared `orderStage` (packages/shared rksv-rules.ts), over `rksv_orders` as
 * named in the query: the same decisions in the same order. rksv-orders-stage.test.ts checks that
 * the stage column and every stage filter agree with the TypeScript rule for every stage and status.
 */
const o = rksvOrders;
const paidList = sql.raw(RKSV_PAID_STATUSES.map((s) => `'${s}'`).join(', '));

export const isPaidSql: SQL = sql`${o.payment_status} in (${paidList})`;
/** Any card activated (partial index rksv_cards_activated_idx). */
const anyActivated: SQL = sql`exists (select 1 from rksv_cards c where c.order_id = ${o.id} and c.activated_at is not null)`;
/** Any card without its serial number (partial index rksv_cards_pending_idx). */
const anyPending: SQL = sql`exists (select 1 from rksv_cards c where c.order_id = ${o.id} and c.cert_done = 0)`;

/** The stage as a column: null for an order that is not paid. */
export const stageSql: SQL<RksvStage | null> = sql<RksvStage | null>`case
  when not (${isPaidSql}) then null
  when ${anyActivated} then 'completed'
  when ${anyPending} then 'open'
  when ${o.shipped_at} is null then 'created'
  when ${o.delivery} = 1 then 'delivery'
  else 'pickup' end`;

/** The filter of one stage, written out so each part can use its index. */
export function stageCondition(stage: RksvStage): SQL {
  const settled = sql`${isPaidSql} and not ${anyActivated} and not ${anyPending}`;
  switch (stage) {
    case 'completed':
      return sql`(${isPaidSql} and ${anyActivated})`;
    case 'open':
      return sql`(${isPaidSql} and not ${anyActivated} and ${anyPending})`;
    case 'created':
      return sql`(${settled} and ${o.shipped_at} is null)`;
    case 'delivery':
      return sql`(${settled} and ${o.shipped_at} is not null and ${o.delivery} = 1)`;
    case 'pickup':
      return sql`(${settled} and ${o.shipped_at} is not null and ${o.delivery} = 0)`;
  }
}
