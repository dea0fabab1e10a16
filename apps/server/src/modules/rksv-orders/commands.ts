import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  mayActivate,
  maySetSerials,
  RKSV_ORDERS_MSG as MSG,
  type RksvActivateCard,
  type RksvCard,
  said,
} from '@portal/shared';
import { customers, rksvCards, rksvOrders, roles, users } from '../../db/schema/index.js';
import { isUniqueViolation } from '../../platform/db-helpers.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { now, type ServiceCtx, type Viewer } from '../../platform/service.js';
import { loadVisibleCard, loadVisibleOrder } from './access.js';
import { customerCountryFilter } from '../customers/index.js';
import { recordActivity } from './activity.js';
import { queueCustomerMail } from './customer-mails.js';
import { refreshCardDeadline } from './card-deadline.js';
import { linkReplacedCard } from './replacement.js';
import { cardOut } from './shape.js';

/**
 * The writes of the order workflow: one transaction each, the order row locked, the stage derived
 * by the shared rule, and an activity row for the order.
 */

const touch = { updated_at: sql`now()` };

/**
 * Saves a card's serial number (trimmed by the schema) and marks it cert_done; paid and not shipped
 * only. A serial belongs to one card of all (unique index on lower(trim(serial_number))): one another
 * card holds, in any spelling, answers 409, also when two requests race for it.
 */
export async function updateCardSerial(
  ctx: ServiceCtx,
  viewer: Viewer,
  input: { cardId: number; serialNumber: string },
): Promise<RksvCard> {
  return saveSerial(ctx, viewer, input).catch((e: unknown) => {
    throw isUniqueViolation(e) ? conflict(MSG.serialTaken) : e;
  });
}

function saveSerial(
  ctx: ServiceCtx,
  viewer: Viewer,
  input: { cardId: number; serialNumber: string },
): Promise<RksvCard> {
  return ctx.db.transaction(async (tx) => {
    const { order, card } = await loadVisibleCard(tx, viewer, input.cardId, true);
    if (!maySetSerials(order)) throw conflict(MSG.serialWrongStage);
    const [saved] = await tx
      .update(rksvCards)
      .set({ serial_number: input.serialNumber, cert_done: 1 })
      .where(eq(rksvCards.id, card.id))
      .returning();
    await tx.update(rksvOrders).set(touch).where(eq(rksvOrders.id, order.id));
    await recordActivity(tx, {
      orderId: order.id,
      cardId: card.id,
      userId: viewer.id,
      action: 'serial',
      details: { serial_number: input.serialNumber, previous: card.serial_number },
    });
    return cardOut(saved!, new Map(), order.shipped_at, now(ctx));
  });
}

/**
 * Ships a shipping order in stage created: tracking number and shipped_at, and the buyer's mail.
 * The order row is locked, so of two requests at once one ships and the other finds it shipped: the
 * same number again (a second click, a retry) answers as the first did and mails nothing; another
 * number is a conflict.
 */
export async function setTracking(ctx: ServiceCtx, viewer: Viewer, input: { orderId: number; trackingNumber: string }) {
  return ctx.db.transaction(async (tx) => {
    const { order, stage } = await loadVisibleOrder(tx, viewer, input.orderId, true);
    if (stage === 'delivery' && order.tracking_number === input.trackingNumber) return { ...said(MSG.trackingSaved) };
    if (stage !== 'created' || order.delivery !== 1) throw conflict(MSG.trackingWrongStage);
    const [shipped] = await tx
      .update(rksvOrders)
      .set({ tracking_number: input.trackingNumber, shipped_at: sql`now()`, ...touch })
      .where(eq(rksvOrders.id, order.id))
      .returning();
    await recordActivity(tx, {
      orderId: order.id,
      userId: viewer.id,
      action: 'tracking',
      details: { tracking_number: input.trackingNumber },
    });
    await queueCustomerMail(tx, ctx.config, { order: shipped!, kind: 'shipped', userId: viewer.id });
    return { ...said(MSG.trackingSaved) };
  });
}

/**
 * Marks a pickup order in stage created as ready for pickup (shipped_at) and mails the buyer where
 * and when to collect it; once ready, a repeated request answers the same and mails nothing.
 */
export async function setPickupReady(ctx: ServiceCtx, viewer: Viewer, input: { orderId: number }) {
  return ctx.db.transaction(async (tx) => {
    const { order, stage } = await loadVisibleOrder(tx, viewer, input.orderId, true);
    if (stage === 'pickup') return { ...said(MSG.pickupReadySaved) };
    if (stage !== 'created' || order.delivery !== 0) throw conflict(MSG.pickupWrongStage);
    const [ready] = await tx
      .update(rksvOrders)
      .set({ shipped_at: sql`now()`, ...touch })
      .where(eq(rksvOrders.id, order.id))
      .returning();
    await recordActivity(tx, { orderId: order.id, userId: viewer.id, action: 'pickup_ready' });
    await queueCustomerMail(tx, ctx.config, { order: ready!, kind: 'pickupReady', userId: viewer.id });
    return { ...said(MSG.pickupReadySaved) };
  });
}

/** Activates a card of a shipped (or ready for pickup) order; the AES key is stored, never answered. */
export async function activateCard(ctx: ServiceCtx, viewer: Viewer, input: RksvActivateCard): Promise<RksvCard> {
  return ctx.db.transaction(async (tx) => {
    const { order, cards, card } = await loadVisibleCard(tx, viewer, input.cardId, true);
    if (!mayActivate({ ...order, cards })) throw conflict(MSG.activateWrongStage);
    if (card.activated_at) throw conflict(MSG.alreadyActivated);
    const at = now(ctx);
    await tx
      .update(rksvCards)
      .set({
        kassenid: input.kassenid,
        cert_sn: input.cert_sn,
        shopid: input.shopid,
        deviceid: input.deviceid,
        systemid: input.systemid,
        aes_key: input.aes_key,
        activated_at: at,
      })
      .where(eq(rksvCards.id, card.id));
    await tx.update(rksvOrders).set(touch).where(eq(rksvOrders.id, order.id));
    await recordActivity(tx, {
      orderId: order.id,
      cardId: card.id,
      userId: viewer.id,
      action: 'activated',
      details: {
        kassenid: input.kassenid,
        cert_sn: input.cert_sn,
        shopid: input.shopid,
        deviceid: input.deviceid,
        systemid: input.systemid,
        aes_key_stored: Boolean(input.aes_key),
      },
    });
    // The card's legal clocks start: registration within a week, the Jahresbeleg, the renewal.
    await refreshCardDeadline(tx, [card.id], at);
    // A replacement order's first activated card replaces the card the order names (issue 32).
    if (order.replaces_card_id !== null)
      await linkReplacedCard(tx, { replacesCardId: order.replaces_card_id, newCardId: card.id, userId: viewer.id, at });
    const [saved] = await tx.select().from(rksvCards).where(eq(rksvCards.id, card.id));
    return cardOut(saved!, new Map(), order.shipped_at, at);
  });
}

/** The AES key of a card, for the viewer who may see its order; every reveal is written down. */
export async function revealCardKey(ctx: ServiceCtx, viewer: Viewer, input: { id: number }) {
  return ctx.db.transaction(async (tx) => {
    const { order, card } = await loadVisibleCard(tx, viewer, input.id);
    if (!card.aes_key) throw notFound(MSG.noAesKey);
    await recordActivity(tx, { orderId: order.id, cardId: card.id, userId: viewer.id, action: 'key_revealed' });
    return { cardId: card.id, aes_key: card.aes_key };
  });
}

/** Admin: assigns an order to a staff member with the rksv flag (400 otherwise). */
export async function assignAgent(ctx: ServiceCtx, viewer: Viewer, input: { orderId: number; agentId: number }) {
  return ctx.db.transaction(async (tx) => {
    const { order } = await loadVisibleOrder(tx, viewer, input.orderId, true);
    const [agent] = await tx
      .select({ id: users.id, name: users.name })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.role_id))
      .where(
        and(
          eq(users.id, input.agentId),
          eq(users.active, true),
          eq(users.rksv, true),
          inArray(roles.role_name, ['admin', 'agent']),
        ),
      );
    if (!agent) throw badRequest(MSG.agentNotRksv);
    await tx
      .update(rksvOrders)
      .set({ agent_id: agent.id, ...touch })
      .where(eq(rksvOrders.id, order.id));
    await recordActivity(tx, {
      orderId: order.id,
      userId: viewer.id,
      action: 'agent_assigned',
      details: { agent_id: agent.id, agent_name: agent.name, previous: order.agent_id },
    });
    return { agent_id: agent.id, agent_name: agent.name };
  });
}

/** Links an order to a customer record of the register (400 for an unknown customer). */
export async function assignCustomer(ctx: ServiceCtx, viewer: Viewer, input: { orderId: number; customerId: number }) {
  return ctx.db.transaction(async (tx) => {
    const { order } = await loadVisibleOrder(tx, viewer, input.orderId, true);
    const [customer] = await tx
      .select({ id: customers.id, firma: customers.firma })
      .from(customers)
      .where(and(eq(customers.id, input.customerId), customerCountryFilter(viewer)));
    // Another country's customer is unknown to an agent (staff work per country).
    if (!customer) throw badRequest(MSG.customerNotFound);
    await tx
      .update(rksvOrders)
      .set({ customer_id: customer.id, ...touch })
      .where(eq(rksvOrders.id, order.id));
    await recordActivity(tx, {
      orderId: order.id,
      userId: viewer.id,
      action: 'customer_assigned',
      details: { customer_id: customer.id, firma: customer.firma, previous: order.customer_id },
    });
    return { customer_id: customer.id };
  });
}
