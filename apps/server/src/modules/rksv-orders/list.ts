import { and, desc, eq, lt, sql, type SQL } from 'drizzle-orm';
import { RKSV_TOTAL_CAP, type RksvOrder, type RksvOrderList, type RksvOrderListQuery } from '@portal/shared';
import { normalisedSearch, rksvOrders, users } from '../../db/schema/index.js';
import { now as clock, type ServiceCtx, type Viewer } from '../../platform/service.js';
import { cardsOfOrders, loadVisibleOrder } from './access.js';
import { cardOut, orderOut, outageFacts } from './shape.js';
import { stageCondition, stageSql } from './stage-sql.js';
import { insolventSql } from '../insolvency/index.js';

const o = rksvOrders;

/** LIKE's own characters in a typed search are meant literally. */
const likeLiteral = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The filters of the list as one condition. A non-admin agent only ever sees their own orders,
 * whatever the query says (spec section 6); search runs over the normalised search column (trigram
 * index) and, for digits, the order number.
 */
export function listCondition(viewer: Viewer, q: Omit<RksvOrderListQuery, 'limit' | 'cursor'>): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (viewer.role !== 'admin') parts.push(eq(o.agent_id, viewer.id));
  if (q.agent_id !== undefined) parts.push(eq(o.agent_id, q.agent_id));
  if (q.payment_status) parts.push(eq(o.payment_status, q.payment_status));
  if (q.delivery !== undefined) parts.push(eq(o.delivery, q.delivery));
  if (q.stage) parts.push(stageCondition(q.stage));
  const text = q.q?.trim();
  if (text) parts.push(orderSearchCondition(text));
  return parts.length ? and(...parts) : undefined;
}

/**
 * The search of the back office over an order: the normalised search column (trigram index) and, for
 * digits, the order number. `extra` is one more alternative on the order row (a customer number found).
 */
export function orderSearchCondition(text: string, extra?: SQL): SQL {
  const like = sql`${o.search_text} like '%' || ${normalisedSearch(sql`${likeLiteral(text)}::text`)} || '%'`;
  const asId = /^#?\d{1,9}$/.test(text) ? Number(text.replace('#', '')) : null;
  const alternatives = [like, ...(asId !== null ? [sql`${o.id} = ${asId}`] : []), ...(extra ? [extra] : [])];
  return alternatives.length === 1 ? like : sql`(${sql.join(alternatives, sql` or `)})`;
}

/** A page of orders, newest first (keyset on id), with the total of the filter and the next cursor. */
export async function listOrders(ctx: ServiceCtx, viewer: Viewer, q: RksvOrderListQuery): Promise<RksvOrderList> {
  const where = listCondition(viewer, q);
  const pageWhere = q.cursor !== undefined ? and(where, lt(o.id, q.cursor)) : where;
  const [rows, [count]] = await Promise.all([
    ctx.db
      .select({
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
        saved_at: o.saved_at,
        payed_at: o.payed_at,
        shipped_at: o.shipped_at,
        tracking_number: o.tracking_number,
        stripe_inv_id: o.stripe_inv_id,
        agent_id: o.agent_id,
        customer_id: o.customer_id,
        stage: stageSql,
        agent_name: users.name,
        insolvent: insolventSql(o.customer_id),
      })
      .from(o)
      .leftJoin(users, eq(users.id, o.agent_id))
      .where(pageWhere)
      .orderBy(desc(o.id))
      .limit(q.limit + 1),
    // Counted up to the cap (a bounded scan, as the task board does): an exact count of a filter that
    // matches most of 100,000 orders costs more than the page itself.
    ctx.db.select({ n: sql<number>`count(*)::int` }).from(
      ctx.db
        .select({ one: sql`1` })
        .from(o)
        .where(where)
        .limit(RKSV_TOTAL_CAP + 1)
        .as('capped'),
    ),
  ]);
  const page = rows.slice(0, q.limit);
  const cards = await cardsOfOrders(
    ctx.db,
    page.map((r) => r.id),
  );
  const now = clock(ctx);
  const outages = await outageFacts(
    ctx.db,
    cards.filter((c) => c.activated_at).map((c) => c.id),
    now,
  );
  return {
    orders: page.map(({ stage, agent_name, insolvent, ...r }) =>
      orderOut(r, {
        stage,
        agent_name,
        insolvent,
        cards: cards.filter((c) => c.order_id === r.id).map((c) => cardOut(c, outages, r.shipped_at, now)),
      }),
    ),
    total: Math.min(Number(count?.n ?? 0), RKSV_TOTAL_CAP),
    totalCapped: Number(count?.n ?? 0) > RKSV_TOTAL_CAP,
    nextCursor: rows.length > q.limit ? page[page.length - 1]!.id : null,
  };
}

/** One order as the list shows it (the dialog keeps it when it leaves the filtered page); 404 when not visible. */
export async function orderDetail(ctx: ServiceCtx, viewer: Viewer, input: { id: number }): Promise<RksvOrder> {
  const { order, cards, stage } = await loadVisibleOrder(ctx.db, viewer, input.id);
  const [agent] = order.agent_id
    ? await ctx.db.select({ name: users.name }).from(users).where(eq(users.id, order.agent_id))
    : [];
  const [flag] = await ctx.db
    .select({ insolvent: insolventSql(o.customer_id) })
    .from(o)
    .where(eq(o.id, order.id));
  const now = clock(ctx);
  const outages = await outageFacts(
    ctx.db,
    cards.map((c) => c.id),
    now,
  );
  return orderOut(order, {
    stage,
    agent_name: agent?.name ?? null,
    insolvent: Boolean(flag?.insolvent),
    cards: cards.map((c) => cardOut(c, outages, order.shipped_at, now)),
  });
}

/** The cards of one order the viewer may see (404 otherwise). */
export async function orderCards(ctx: ServiceCtx, viewer: Viewer, input: { id: number }) {
  const { order, cards } = await loadVisibleOrder(ctx.db, viewer, input.id);
  const now = clock(ctx);
  const outages = await outageFacts(
    ctx.db,
    cards.map((c) => c.id),
    now,
  );
  return cards.map((c) => cardOut(c, outages, order.shipped_at, now));
}
