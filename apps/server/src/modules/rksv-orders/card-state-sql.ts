import { sql, type SQL } from 'drizzle-orm';
import { CARD_EXPIRING_DAYS, CARD_VALID_YEARS, type CardState } from '@portal/shared';
import { rksvCards, rksvOrders } from '../../db/schema/index.js';
import { correlated } from '../../platform/db-helpers.js';

/**
 * The SQL mirror of the shared `cardState` (packages/shared rksv-card-life.ts) over `rksv_cards` and its
 * order `rksv_orders` as named in the query: the same decisions in the same order, with "now" as a
 * parameter (the services' clock), so a list answers each row's state without loading its outages.
 * rksv-cards-state.test.ts checks it against the TypeScript rule for every state and the time edges.
 */
const c = rksvCards;

/** The day of an instant in Vienna. */
export const viennaDaySql = (at: SQL | Date) => sql`((${at}::timestamptz at time zone 'Europe/Vienna')::date)`;

/** The certificate's last day: as set, else activation + 5 years (29 February becomes 28 February). */
export const validUntilSql: SQL = sql`coalesce(${c.valid_until}, (${viennaDaySql(sql`${c.activated_at}`)} + make_interval(years => ${sql.raw(String(CARD_VALID_YEARS))}))::date)`;

/** The card has an outage without an end. */
export const openOutageSql: SQL<boolean> = correlated(
  sql<boolean>`exists (select 1 from rksv_outages u where u.card_id = ${c.id} and u.ended_at is null)`,
);

export function cardStateSql(now: Date): SQL<CardState> {
  const today = viennaDaySql(sql`${now.toISOString()}`);
  return sql<CardState>`(case
    when ${c.deregistered_at} is not null then 'deregistered'
    when ${c.replaced_at} is not null then 'replaced'
    when ${c.defective_at} is not null then 'defective'
    when ${c.activated_at} is not null then (case
      when ${validUntilSql} < ${today} then 'expired'
      when ${openOutageSql} then 'outage'
      when ${validUntilSql} - ${sql.raw(String(CARD_EXPIRING_DAYS))} <= ${today} then 'expiring'
      when ${c.startbeleg_checked_at} is not null then 'in_use'
      when ${c.registered_at} is not null then 'registered'
      else 'activated' end)
    when ${rksvOrders.shipped_at} is not null and ${c.cert_done} = 1 then 'delivered'
    when ${c.cert_done} = 1 then 'serial_entered'
    else 'ordered' end)`;
}
