import { and, eq, isNull } from 'drizzle-orm';
import { RKSV_ORDERS_MSG as MSG, type RksvReplacementPrefill, type TaxIdType } from '@portal/shared';
import type { DbOrTx } from '../../db/client.js';
import { rksvCards, rksvOrders } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';
import type { ServiceCtx, Viewer } from '../../platform/service.js';
import { loadVisibleCard } from './access.js';
import { recordActivity } from './activity.js';
import { refreshCardDeadline } from './card-deadline.js';
import { cardStateSql } from './card-state-sql.js';

/**
 * "Ersatz bestellen" (issue 32): the shop form's data from the replaced card's order, and the link of
 * the old card to the first card of the replacement order that is activated.
 */

/** The shop form's data from the order of `cardId`, when `owner` holds (null otherwise: the caller answers 404). */
export async function replacementPrefill(
  db: DbOrTx,
  cardId: number,
  owner: { customerId: number } | 'checked',
): Promise<RksvReplacementPrefill | null> {
  const [row] = await db
    .select({ card: { id: rksvCards.id, serial_number: rksvCards.serial_number }, order: rksvOrders })
    .from(rksvCards)
    .innerJoin(rksvOrders, eq(rksvOrders.id, rksvCards.order_id))
    .where(
      owner === 'checked'
        ? eq(rksvCards.id, cardId)
        : and(eq(rksvCards.id, cardId), eq(rksvOrders.customer_id, owner.customerId)),
    );
  if (!row) return null;
  const o = row.order;
  return {
    cardId: row.card.id,
    serial_number: row.card.serial_number,
    company: o.companyname,
    name: o.customername,
    taxIdType: (o.tax_id_type === 'steuernummer' ? 'steuernummer' : 'uid') satisfies TaxIdType,
    taxId: o.vatnr,
    address: o.address,
    postalCode: o.zipcode,
    city: o.city,
    email: o.email,
    phone: o.phone,
  };
}

/** `GET /api/rksv-card/{cardId}/replacement`: for staff who may see the card's order (404 otherwise). */
export async function staffReplacementPrefill(
  ctx: ServiceCtx,
  viewer: Viewer,
  input: { cardId: number },
): Promise<RksvReplacementPrefill> {
  await loadVisibleCard(ctx.db, viewer, input.cardId);
  const out = await replacementPrefill(ctx.db, input.cardId, 'checked');
  if (!out) throw notFound(MSG.cardNotFound);
  return out;
}

/**
 * In the activation's transaction: the first activated card of a replacement order replaces the card the
 * order names, unless that one is already replaced or deregistered. One conditional UPDATE: of two
 * activations at once (two replacement orders for one card) one links, the other finds it replaced.
 * Writes the old card's `card_state` row on its own order and refreshes its deadline (a replaced card has none).
 */
export async function linkReplacedCard(
  tx: DbOrTx,
  input: { replacesCardId: number; newCardId: number; userId: number; at: Date },
): Promise<void> {
  const { replacesCardId, newCardId, at } = input;
  if (replacesCardId === newCardId) return;
  // The state before, for the activity row (the rule's SQL mirror, over the card and its order).
  const [before] = await tx
    .select({ state: cardStateSql(at) })
    .from(rksvCards)
    .innerJoin(rksvOrders, eq(rksvOrders.id, rksvCards.order_id))
    .where(eq(rksvCards.id, replacesCardId));
  const [linked] = await tx
    .update(rksvCards)
    .set({ replaced_by_card_id: newCardId, replaced_at: at })
    .where(
      and(
        eq(rksvCards.id, replacesCardId),
        isNull(rksvCards.replaced_at),
        isNull(rksvCards.replaced_by_card_id),
        isNull(rksvCards.deregistered_at),
      ),
    )
    .returning({ id: rksvCards.id, order_id: rksvCards.order_id });
  if (!linked) return;
  await recordActivity(tx, {
    orderId: linked.order_id,
    cardId: linked.id,
    userId: input.userId,
    action: 'card_state',
    details: {
      from: before?.state ?? null,
      to: 'replaced',
      at: at.toISOString(),
      note: null,
      replaced_by_card_id: newCardId,
    },
  });
  await refreshCardDeadline(tx, [linked.id], at);
}
