import { and, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { cardDeadlines, cardState, cardValidUntil, transitionsFrom, type RksvCardLife } from '@portal/shared';
import type { DbOrTx } from '../../db/client.js';
import {
  rksvCards,
  rksvJahresbelege,
  rksvOrderActivity,
  rksvOrders,
  rksvOutages,
  users,
} from '../../db/schema/index.js';
import { now as clock, type ServiceCtx, type Viewer } from '../../platform/service.js';
import { loadVisibleCard } from './access.js';
import { loadLives } from './card-deadline.js';
import { outageOut } from './outages.js';
import { cardOut, iso } from './shape.js';

/** The card the order replaces and the card that replaced this one (their serial numbers). */
const replaced = alias(rksvCards, 'replaced');
const successor = alias(rksvCards, 'successor');

/** Outages, Jahresbelege and history rows a card's answer lists at most (newest first). */
const LIST_MAX = 200;

/**
 * A card's life as `GET /api/rksv-card/{cardId}` answers it, read in the caller's transaction (a write
 * answers what it committed): the card with its life fields, its order, its state, every open deadline
 * and the transitions open to it at `now`, its outages, Jahresbelege and history. The caller checked
 * that the viewer may see the card.
 */
export async function readCardLife(db: DbOrTx, cardId: number, now: Date): Promise<RksvCardLife> {
  const { lives } = await loadLives(db, [cardId]);
  const { card, shipped_at, life } = lives[0]!;
  const [orderRows, outageRows, jahresbelege, history] = await Promise.all([
    db
      .select({
        id: rksvOrders.id,
        companyname: rksvOrders.companyname,
        customer_id: rksvOrders.customer_id,
        agent_id: rksvOrders.agent_id,
        agent_name: users.name,
        replaces_card_id: rksvOrders.replaces_card_id,
        replaces_serial: replaced.serial_number,
        replaced_by_serial: successor.serial_number,
      })
      .from(rksvOrders)
      .leftJoin(users, eq(users.id, rksvOrders.agent_id))
      .leftJoin(replaced, eq(replaced.id, rksvOrders.replaces_card_id))
      .leftJoin(successor, eq(successor.id, card.replaced_by_card_id ?? 0))
      .where(eq(rksvOrders.id, card.order_id)),
    db
      .select()
      .from(rksvOutages)
      .where(eq(rksvOutages.card_id, cardId))
      .orderBy(desc(rksvOutages.started_at))
      .limit(LIST_MAX),
    db
      .select({ year: rksvJahresbelege.year, checked_at: rksvJahresbelege.checked_at, user_name: users.name })
      .from(rksvJahresbelege)
      .leftJoin(users, eq(users.id, rksvJahresbelege.user_id))
      .where(eq(rksvJahresbelege.card_id, cardId))
      .orderBy(desc(rksvJahresbelege.year))
      .limit(LIST_MAX),
    db
      .select({
        id: rksvOrderActivity.id,
        order_id: rksvOrderActivity.order_id,
        card_id: rksvOrderActivity.card_id,
        action: rksvOrderActivity.action,
        details: rksvOrderActivity.details,
        user_id: rksvOrderActivity.user_id,
        user_name: users.name,
        created_at: rksvOrderActivity.created_at,
      })
      .from(rksvOrderActivity)
      .leftJoin(users, eq(users.id, rksvOrderActivity.user_id))
      .where(and(eq(rksvOrderActivity.order_id, card.order_id), eq(rksvOrderActivity.card_id, cardId)))
      .orderBy(desc(rksvOrderActivity.id))
      .limit(LIST_MAX),
  ]);
  const order = orderRows[0]!;
  const openOutage = outageRows.some((o) => o.ended_at === null);
  const reportable = outageRows.filter((o) => outageOut(o, now).reportable).length;
  const state = cardState({ ...life, open_outage: openOutage }, now);
  const deadlines = cardDeadlines(life, outageRows, now);
  const out = cardOut(card, new Map([[card.id, { reportable, open: openOutage }]]), shipped_at, now);
  return {
    card: {
      ...out,
      card_type: card.card_type,
      valid_until: cardValidUntil(life),
      registered_at: iso(card.registered_at),
      startbeleg_checked_at: iso(card.startbeleg_checked_at),
      deregistered_at: iso(card.deregistered_at),
      defective_at: iso(card.defective_at),
      replaced_at: iso(card.replaced_at),
      replaced_by_card_id: card.replaced_by_card_id,
      replaced_by_serial: card.replaced_by_card_id ? order.replaced_by_serial : null,
      replaces_card_id: order.replaces_card_id,
      replaces_serial: order.replaces_serial,
      jahresbeleg_year: card.jahresbeleg_year,
    },
    order: {
      id: order.id,
      companyname: order.companyname,
      customer_id: order.customer_id,
      agent_id: order.agent_id,
      agent_name: order.agent_name,
    },
    state,
    next_deadline: deadlines[0] ?? null,
    deadlines,
    transitions: transitionsFrom(state),
    outages: outageRows.map((o) => ({ ...outageOut(o, now), reported_at: iso(o.reported_at) })),
    jahresbelege: jahresbelege.map((j) => ({ year: j.year, checked_at: iso(j.checked_at)!, user_name: j.user_name })),
    history: history.map((h) => ({
      ...h,
      details: h.details as Record<string, unknown>,
      created_at: iso(h.created_at)!,
    })),
  };
}

/** `GET /api/rksv-card/{cardId}`: the card's life for a viewer who may see its order (404 otherwise). */
export async function getCardLife(ctx: ServiceCtx, viewer: Viewer, input: { cardId: number }): Promise<RksvCardLife> {
  await loadVisibleCard(ctx.db, viewer, input.cardId);
  return readCardLife(ctx.db, input.cardId, clock(ctx));
}
