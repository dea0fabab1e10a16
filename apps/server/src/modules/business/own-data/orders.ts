import { and, desc, eq, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import {
  BUSINESS_PICKUP_NOTE,
  orderStage,
  postTrackingUrl,
  SHOP_ERR,
  type BusinessActivationState,
  type BusinessOrder,
  type BusinessOrderDetail,
  type BusinessOrderList,
  type BusinessPageQuery,
} from '@portal/shared';
import type { DbOrTx } from '../../../db/client.js';
import { rksvCards, rksvOrders } from '../../../db/schema/index.js';
import { notFound } from '../../../platform/errors.js';
import type { ServiceCtx, Viewer } from '../../../platform/service.js';
import { stageCondition } from '../../rksv-orders/index.js';
import { ownCustomer } from '../own-customer.js';

const o = rksvOrders;
const iso = (d: Date | string | null) => (d == null ? null : new Date(d).toISOString());

/** Only what the owner may see of an order: no agent, no card keys or certificate fields. */
const orderColumns = {
  id: o.id,
  saved_at: o.saved_at,
  payed_at: o.payed_at,
  payment_status: o.payment_status,
  delivery: o.delivery,
  qty: o.qty,
  total_amount: o.total_amount,
  shipped_at: o.shipped_at,
  tracking_number: o.tracking_number,
  stripe_inv_id: o.stripe_inv_id,
};
type OrderCols = Pick<typeof rksvOrders.$inferSelect, keyof typeof orderColumns>;
type OwnCard = {
  id: number;
  order_id: number;
  serial_number: string | null;
  cert_done: number;
  activated_at: Date | null;
};

/** The cards of the given orders, one query, without keys or certificate data. */
async function cardsOf(db: DbOrTx, orderIds: number[]): Promise<OwnCard[]> {
  if (orderIds.length === 0) return [];
  return db
    .select({
      id: rksvCards.id,
      order_id: rksvCards.order_id,
      serial_number: rksvCards.serial_number,
      cert_done: rksvCards.cert_done,
      activated_at: rksvCards.activated_at,
    })
    .from(rksvCards)
    .where(inArray(rksvCards.order_id, orderIds))
    .orderBy(rksvCards.id);
}

/** An order as its owner sees it; the stage from the shared rule (rksv-rules.ts orderStage). */
function shape(r: OrderCols, cards: OwnCard[]): BusinessOrder {
  const stage = orderStage({ ...r, cards });
  const activated = cards.filter((c) => c.activated_at !== null).length;
  const activation: BusinessActivationState = activated === 0 ? 'none' : activated === cards.length ? 'all' : 'partial';
  const shipped = stage === 'delivery' || stage === 'pickup' || stage === 'completed';
  return {
    id: r.id,
    saved_at: iso(r.saved_at)!,
    payed_at: iso(r.payed_at),
    payment_status: r.payment_status,
    stage,
    delivery: r.delivery,
    qty: r.qty,
    total_amount: r.total_amount,
    shipped_at: iso(r.shipped_at),
    tracking_number: r.tracking_number,
    tracking_url: shipped && r.delivery === 1 && r.tracking_number ? postTrackingUrl(r.tracking_number) : null,
    pickup_note: shipped && r.delivery === 0 ? BUSINESS_PICKUP_NOTE : null,
    invoice_ref: r.stripe_inv_id,
    card_count: cards.length,
    activated_count: activated,
    activation,
  };
}

/** A page of the customer's orders matching `filter`, newest first (keyset on id). */
async function orderPage(ctx: ServiceCtx, filter: SQL, q: BusinessPageQuery): Promise<BusinessOrderList> {
  const where = q.cursor !== undefined ? and(filter, lt(o.id, q.cursor)) : filter;
  const [rows, [count]] = await Promise.all([
    ctx.db
      .select(orderColumns)
      .from(o)
      .where(where)
      .orderBy(desc(o.id))
      .limit(q.limit + 1),
    ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(o)
      .where(filter),
  ]);
  const page = rows.slice(0, q.limit);
  const cards = await cardsOf(
    ctx.db,
    page.map((r) => r.id),
  );
  return {
    orders: page.map((r) =>
      shape(
        r,
        cards.filter((c) => c.order_id === r.id),
      ),
    ),
    total: Number(count?.n ?? 0),
    nextCursor: rows.length > q.limit ? page[page.length - 1]!.id : null,
  };
}

/** Orders of the customer's record (set by staff or matched at payment). */
export async function listOwnOrders(ctx: ServiceCtx, viewer: Viewer, q: BusinessPageQuery): Promise<BusinessOrderList> {
  const me = await ownCustomer(ctx, viewer);
  return orderPage(ctx, eq(o.customer_id, me.id), q);
}

/** The customer's orders on their way: shipped (delivery) or ready for pickup. */
export async function listOwnDeliveries(
  ctx: ServiceCtx,
  viewer: Viewer,
  q: BusinessPageQuery,
): Promise<BusinessOrderList> {
  const me = await ownCustomer(ctx, viewer);
  return orderPage(ctx, and(eq(o.customer_id, me.id), or(stageCondition('delivery'), stageCondition('pickup')))!, q);
}

/** One of the customer's orders with its cards; any other id answers 404. */
export async function ownOrderDetail(
  ctx: ServiceCtx,
  viewer: Viewer,
  input: { orderId: number },
): Promise<BusinessOrderDetail> {
  const me = await ownCustomer(ctx, viewer);
  const [row] = await ctx.db
    .select({
      ...orderColumns,
      companyname: o.companyname,
      customername: o.customername,
      address: o.address,
      zipcode: o.zipcode,
      city: o.city,
    })
    .from(o)
    .where(and(eq(o.id, input.orderId), eq(o.customer_id, me.id)));
  if (!row) throw notFound(SHOP_ERR.orderNotFound);
  const cards = await cardsOf(ctx.db, [row.id]);
  return {
    ...shape(row, cards),
    companyname: row.companyname,
    customername: row.customername,
    address: row.address,
    zipcode: row.zipcode,
    city: row.city,
    cards: cards.map((c) => ({ id: c.id, serial_number: c.serial_number, activated_at: iso(c.activated_at) })),
  };
}

/** Counts of the overview: orders still being prepared (open, created) and on their way. */
export async function ownOrderCounts(db: DbOrTx, customerId: number) {
  const [row] = await db
    .select({
      open: sql<number>`count(*) filter (where ${or(stageCondition('open'), stageCondition('created'))})::int`,
      moving: sql<number>`count(*) filter (where ${or(stageCondition('delivery'), stageCondition('pickup'))})::int`,
    })
    .from(o)
    .where(eq(o.customer_id, customerId));
  return { openOrders: Number(row?.open ?? 0), inDelivery: Number(row?.moving ?? 0) };
}

/** The newest orders of a record (overview). */
export async function latestOwnOrders(ctx: ServiceCtx, customerId: number, limit: number) {
  return (await orderPage(ctx, eq(o.customer_id, customerId), { limit })).orders;
}
