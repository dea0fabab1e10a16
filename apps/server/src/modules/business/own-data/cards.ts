import { asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type BusinessSignatureCard, type CardDeadlineKind, type RksvReplacementPrefill } from '@portal/shared';
import { rksvCards, rksvOrders } from '../../../db/schema/index.js';
import { notFound } from '../../../platform/errors.js';
import { now, type ServiceCtx, type Viewer } from '../../../platform/service.js';
import { cardStateSql, replacementPrefill } from '../../rksv-orders/index.js';
import { ownCustomer } from '../own-customer.js';

/** Cards one answer lists at most: a customer holds a handful (a chain a few hundred). */
const CARDS_MAX = 500;

const c = rksvCards;
const replaced = alias(rksvCards, 'replaced');
const successor = alias(rksvCards, 'successor');
const iso = (d: Date | null) => (d == null ? null : d.toISOString());

/**
 * The signature cards of the orders linked to the customer's record (issue 32), oldest first: the state
 * by the shared rule's SQL mirror (no outage rows loaded), the next deadline as stored (kept by every
 * transaction that changes one of its inputs), and the serial numbers of the cards replaced or replacing.
 * Reads rksv_orders_customer_idx, then each order's cards (rksv_cards_order_idx).
 */
export async function listOwnCards(ctx: ServiceCtx, viewer: Viewer): Promise<{ cards: BusinessSignatureCard[] }> {
  const at = now(ctx);
  const me = await ownCustomer(ctx, viewer);
  const rows = await ctx.db
    .select({
      id: c.id,
      order_id: c.order_id,
      serial_number: c.serial_number,
      card_type: c.card_type,
      state: cardStateSql(at),
      next_deadline_at: c.next_deadline_at,
      next_deadline_kind: c.next_deadline_kind,
      activated_at: c.activated_at,
      replaces_serial: replaced.serial_number,
      replaced_by_serial: successor.serial_number,
    })
    .from(c)
    .innerJoin(rksvOrders, eq(rksvOrders.id, c.order_id))
    .leftJoin(replaced, eq(replaced.id, rksvOrders.replaces_card_id))
    .leftJoin(successor, eq(successor.id, c.replaced_by_card_id))
    .where(eq(rksvOrders.customer_id, me.id))
    .orderBy(asc(c.id))
    .limit(CARDS_MAX);
  return {
    cards: rows.map((r) => ({
      id: r.id,
      order_id: r.order_id,
      serial_number: r.serial_number,
      card_type: r.card_type,
      state: r.state,
      next_deadline:
        r.next_deadline_at && r.next_deadline_kind
          ? { kind: r.next_deadline_kind as CardDeadlineKind, due: r.next_deadline_at }
          : null,
      activated_at: iso(r.activated_at),
      replaces_serial: r.replaces_serial,
      replaced_by_serial: r.replaced_by_serial,
    })),
  };
}

/** "Ersatz bestellen": the shop form's data from the order of one of the customer's cards; any other is 404. */
export async function ownCardReplacement(
  ctx: ServiceCtx,
  viewer: Viewer,
  input: { cardId: number },
): Promise<RksvReplacementPrefill> {
  const me = await ownCustomer(ctx, viewer);
  const out = await replacementPrefill(ctx.db, input.cardId, { customerId: me.id });
  if (!out) throw notFound();
  return out;
}
