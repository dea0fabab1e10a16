import { sql, type SQL } from 'drizzle-orm';
import { RKSV_PAID_STATUSES, type RksvStage } from '@portal/shared';
import { rksvOrders, rksvStageSql } from '../../db/schema/index.js';

/**
 * The SQL mirror of the shared `orderStage` (packages/shared rksv-rules.ts), over `rksv_orders` as
 * named in the query: the same decisions in the same order, read from the order's card summary
 * (cards_pending, cards_activated, kept by the database on every card write). rksv-orders-stage.test.ts
 * checks that the stage column and every stage filter agree with the TypeScript rule for every stage
 * and status.
 */
const o = rksvOrders;
const paidList = sql.raw(RKSV_PAID_STATUSES.map((s) => `'${s}'`).join(', '));

export const isPaidSql: SQL = sql`${o.payment_status} in (${paidList})`;

/** The stage as a column: null for an order that is not paid. */
export const stageSql: SQL<RksvStage | null> = rksvStageSql(o);

/** The filter of one stage: the same expression as the index rksv_orders_stage_idx, so the page reads it. */
export function stageCondition(stage: RksvStage): SQL {
  return sql`${stageSql} = ${stage}`;
}
