import { sql } from 'drizzle-orm';
import {
  cardDeadlines,
  cardState,
  isPaidStatus,
  OUTAGE_REPORTABLE_HOURS,
  type CardDeadlineKind,
  type RksvCard,
  type RksvOrder,
  type RksvStage,
} from '@portal/shared';
import type { DbOrTx } from '../../db/client.js';
import { rowsOf } from '../shop/index.js';
import type { CardRow, OrderRow } from './access.js';
import { lifeOf } from './card-deadline.js';

export const iso = (d: Date | string | null | undefined) => (d == null ? null : new Date(d).toISOString());

/** What a card's answer needs of its outages: how many are reportable (> 48 h) and whether one is open. */
export interface OutageFacts {
  reportable: number;
  open: boolean;
}

/** The outage facts of the given cards at `now`, one query. */
export async function outageFacts(db: DbOrTx, cardIds: number[], now: Date): Promise<Map<number, OutageFacts>> {
  if (cardIds.length === 0) return new Map();
  const res = rowsOf<{ card_id: number; n: number; open: boolean }>(
    await db.execute(sql`
    select card_id,
      (count(*) filter (where coalesce(ended_at, ${now.toISOString()}::timestamptz) - started_at > make_interval(hours => ${OUTAGE_REPORTABLE_HOURS})))::int as n,
      bool_or(ended_at is null) as open
    from rksv_outages
    where card_id in (${sql.join(
      cardIds.map((id) => sql`${id}`),
      sql`, `,
    )})
    group by card_id`),
  );
  return new Map(res.map((r) => [Number(r.card_id), { reportable: Number(r.n), open: Boolean(r.open) }]));
}

/**
 * A card as the API shows it: every field but the AES key (only whether one is stored), its state now by
 * the shared rule and its next deadline as stored (the work list's column). `jahresbeleg_due` is the
 * rule's Jahresbeleg deadline (the oldest year not checked), none once the card's life has ended.
 */
export function cardOut(
  c: CardRow,
  outages: Map<number, OutageFacts>,
  shippedAt: Date | string | null,
  now: Date,
): RksvCard {
  const facts = outages.get(c.id);
  const life = lifeOf(c, shippedAt, null);
  // The Jahresbeleg's day does not depend on outages (an outage ends no card's life).
  const jahresbeleg = cardDeadlines(life, [], now).find((d) => d.kind === 'jahresbeleg');
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
    jahresbeleg_due: jahresbeleg?.due ?? null,
    reportable_outages: facts?.reportable ?? 0,
    state: cardState({ ...life, open_outage: facts?.open ?? false }, now),
    next_deadline:
      c.next_deadline_at && c.next_deadline_kind
        ? { kind: c.next_deadline_kind as CardDeadlineKind, due: c.next_deadline_at }
        : null,
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
