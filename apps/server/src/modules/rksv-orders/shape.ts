import { sql } from 'drizzle-orm';
import {
  isPaidStatus,
  jahresbelegDue,
  OUTAGE_REPORTABLE_HOURS,
  type RksvCard,
  type RksvOrder,
  type RksvStage,
} from '@portal/shared';
import type { DbOrTx } from '../../db/client.js';
import { rowsOf } from '../shop/index.js';
import type { CardRow, OrderRow } from './access.js';

export const iso = (d: Date | string | null | undefined) => (d == null ? null : new Date(d).toISOString());

/** Reportable outages (> 48 h, or open for longer) per card of the given cards, one query. */
export async function reportableOutages(db: DbOrTx, cardIds: number[]): Promise<Map<number, number>> {
  if (cardIds.length === 0) return new Map();
  const res = rowsOf<{ card_id: number; n: number }>(
    await db.execute(sql`
    select card_id, count(*)::int as n from rksv_outages
    where card_id in (${sql.join(
      cardIds.map((id) => sql`${id}`),
      sql`, `,
    )})
      and coalesce(ended_at, now()) - started_at > make_interval(hours => ${OUTAGE_REPORTABLE_HOURS})
    group by card_id`),
  );
  return new Map(res.map((r) => [Number(r.card_id), Number(r.n)]));
}

/** A card as the API shows it: every field but the AES key (only whether one is stored). */
export function cardOut(c: CardRow, outages: Map<number, number>, now: Date): RksvCard {
  return {
    id: c.id,
    order_id: c.order_id,
    kassenid: c.kassenid,
    serial_number: c.serial_number,
    cert_done: c.cert_done,
    activated_at: iso(c.activated_at),
    shopid: c.shopid,
    deviceid: c.deviceid,
    systemid: c.systemid,
    cert_sn: c.cert_sn,
    has_aes_key: c.aes_key !== null && c.aes_key !== '',
    jahresbeleg_due: c.activated_at ? jahresbelegDue(c.activated_at, now) : null,
    reportable_outages: outages.get(c.id) ?? 0,
  };
}

export type OrderFields = Pick<
  OrderRow,
  | 'id'
  | 'companyname'
  | 'customername'
  | 'email'
  | 'address'
  | 'zipcode'
  | 'city'
  | 'vatnr'
  | 'payment_status'
  | 'delivery'
  | 'total_amount'
  | 'qty'
  | 'saved_at'
  | 'payed_at'
  | 'shipped_at'
  | 'tracking_number'
  | 'stripe_inv_id'
  | 'agent_id'
  | 'customer_id'
>;

/** An order as the API shows it: the fields of spec section 3, its stage, agent name and cards. */
export function orderOut(
  o: OrderFields,
  extra: { stage: RksvStage | null; agent_name: string | null; insolvent: boolean; cards: RksvCard[] },
): RksvOrder {
  return {
    id: o.id,
    companyname: o.companyname,
    customername: o.customername,
    email: o.email,
    address: o.address,
    zipcode: o.zipcode,
    city: o.city,
    vatnr: o.vatnr,
    payment_status: o.payment_status,
    delivery: o.delivery,
    total_amount: o.total_amount,
    qty: o.qty,
    saved_at: iso(o.saved_at)!,
    // "Bezahlt am": only a paid order has a paid date (a failed or reversed payment may leave one behind).
    payed_at: isPaidStatus(o.payment_status) ? iso(o.payed_at) : null,
    shipped_at: iso(o.shipped_at),
    tracking_number: o.tracking_number,
    stripe_inv_id: o.stripe_inv_id,
    agent_id: o.agent_id,
    customer_id: o.customer_id,
    ...extra,
  };
}
