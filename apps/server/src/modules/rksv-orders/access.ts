import { eq, inArray } from 'drizzle-orm';
import { orderStage, RKSV_ORDERS_MSG as MSG, type RksvStage } from '@portal/shared';
import type { DbOrTx } from '../../db/client.js';
import { rksvCards, rksvOrders } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';
import type { Viewer } from '../../platform/service.js';

export type OrderRow = typeof rksvOrders.$inferSelect;
export type CardRow = typeof rksvCards.$inferSelect;

/**
 * Who may see and change an order: admins every order, an agent only the orders assigned to them.
 * Another agent's order answers 404 (its existence is not revealed), like an unknown one.
 */
export const maySeeOrder = (viewer: Viewer, order: Pick<OrderRow, 'agent_id'>) =>
  viewer.role === 'admin' || (viewer.role === 'agent' && order.agent_id === viewer.id);

export interface LoadedOrder {
  order: OrderRow;
  cards: CardRow[];
  stage: RksvStage | null;
}

/** The order with its cards and derived stage, or 404; `lock` takes the order row for update (writes). */
export async function loadVisibleOrder(tx: DbOrTx, viewer: Viewer, orderId: number, lock = false): Promise<LoadedOrder> {
  const q = tx.select().from(rksvOrders).where(eq(rksvOrders.id, orderId));
  const [order] = lock ? await q.for('update') : await q;
  if (!order || !maySeeOrder(viewer, order)) throw notFound(MSG.orderNotFound);
  const cards = await tx.select().from(rksvCards).where(eq(rksvCards.order_id, orderId)).orderBy(rksvCards.id);
  return { order, cards, stage: orderStage({ ...order, cards }) };
}

/** The card's order (visible to the viewer) with its cards, or 404 for the card. */
export async function loadVisibleCard(tx: DbOrTx, viewer: Viewer, cardId: number, lock = false) {
  const [ref] = await tx.select({ order_id: rksvCards.order_id }).from(rksvCards).where(eq(rksvCards.id, cardId));
  if (!ref) throw notFound(MSG.cardNotFound);
  const [owner] = await tx.select({ agent_id: rksvOrders.agent_id }).from(rksvOrders).where(eq(rksvOrders.id, ref.order_id));
  if (!owner || !maySeeOrder(viewer, owner)) throw notFound(MSG.cardNotFound);
  const loaded = await loadVisibleOrder(tx, viewer, ref.order_id, lock);
  const card = loaded.cards.find((c) => c.id === cardId)!;
  return { ...loaded, card };
}

/** Cards of several orders in one query (no N+1). */
export function cardsOfOrders(db: DbOrTx, orderIds: number[]) {
  if (orderIds.length === 0) return Promise.resolve([] as CardRow[]);
  return db.select().from(rksvCards).where(inArray(rksvCards.order_id, orderIds)).orderBy(rksvCards.order_id, rksvCards.id);
}
