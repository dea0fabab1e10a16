import { and, eq, lte, sql, type SQL } from 'drizzle-orm';
import {
  CARD_DEADLINE_KINDS,
  RKSV_DEADLINE_COUNT_CAP,
  type CardDeadlineKind,
  type RksvDeadlineList,
  type RksvDeadlineListQuery,
  type RksvDeadlineRow,
} from '@portal/shared';
import { customPlan, type DbOrTx } from '../../db/client.js';
import { customers, rksvCards, rksvOrders, users } from '../../db/schema/index.js';
import { now as clock, type ServiceCtx, type Viewer } from '../../platform/service.js';
import { rowsOf } from '../shop/index.js';
import { cardStateSql } from './card-state-sql.js';
import { inIds } from './card-deadline.js';
import { orderSearchCondition } from './list.js';

const c = rksvCards;
const o = rksvOrders;

/**
 * What the search names: a card's serial number (exactly, any case: its unique index), else the order's
 * search text, order number or linked customer's number (exactly: its unique index). Looked up first, so
 * the page's statement holds conditions on one table each and reads their indexes.
 */
async function searchCondition(db: DbOrTx, text: string): Promise<Filters> {
  const [card] = await db
    .select({ id: c.id })
    .from(c)
    .where(sql`lower(trim(${c.serial_number})) = lower(${text})`)
    .limit(1);
  if (card) return { cards: [eq(c.id, card.id)], orders: [] };
  const [customer] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.kundennummer, text))
    .limit(1);
  const orderSearch = orderSearchCondition(text, customer ? eq(o.customer_id, customer.id) : undefined);
  // A narrow search (a customer number, an order number, a rare name) becomes the orders' ids, so the
  // page and each of the six counts read the cards of those orders (rksv_cards_order_idx) instead of
  // running the trigram search again, joined, seven times; a broad one stays a condition on the order.
  const orders = await db
    .select({ id: o.id })
    .from(o)
    .where(orderSearch)
    .limit(SEARCH_IDS_MAX + 1);
  if (orders.length <= SEARCH_IDS_MAX)
    return { cards: [orders.length ? inIds(c.order_id, orders.map((r) => r.id)) : sql`false`], orders: [] };
  return { cards: [], orders: [orderSearch] };
}

/** Orders a search may match to be read as a list of ids (more: the search stays a join). */
const SEARCH_IDS_MAX = 200;

/** Conditions on the card row and on its order's (the counts join the order only when they need it). */
interface Filters {
  cards: SQL[];
  orders: SQL[];
}

/**
 * The filters of the work list but its kind: only cards with a deadline (the partial indexes, per agent
 * and per country too); an agent who is not an admin only ever sees the cards of the orders assigned to
 * them, whatever the query says.
 */
async function deadlineFilter(db: DbOrTx, viewer: Viewer, q: RksvDeadlineListQuery): Promise<Filters> {
  const cards: SQL[] = [sql`${c.next_deadline_at} is not null`];
  const orders: SQL[] = [];
  // The order's agent and its customer's country as the card keeps them (triggers of migration 0030).
  if (viewer.role !== 'admin') cards.push(eq(c.agent_id, viewer.id));
  if (q.agent_id !== undefined) cards.push(eq(c.agent_id, q.agent_id));
  if (q.due_before) cards.push(lte(c.next_deadline_at, q.due_before));
  if (q.country !== undefined) cards.push(eq(c.country_id, q.country));
  const text = q.q?.trim();
  if (text) {
    const found = await searchCondition(db, text);
    cards.push(...found.cards);
    orders.push(...found.orders);
  }
  return { cards, orders };
}

/** `YYYY-MM-DD.<cardId>` of the last row → the keyset condition after it. */
function after(cursor: string): SQL {
  const [day, id] = cursor.split('.') as [string, string];
  return sql`(${c.next_deadline_at}, ${c.id}) > (${day}::date, ${Number(id)}::int)`;
}

/**
 * `GET /api/rksv-deadlines`: one page of cards by their next legal deadline, most urgent first (keyset
 * over the stored `next_deadline_at, id`: the partial indexes rksv_cards_deadline_idx and, per kind,
 * rksv_cards_deadline_kind_idx), each row's state by the SQL mirror of the shared rule at now; and per
 * kind the cards under the same filters, each counted up to RKSV_DEADLINE_COUNT_CAP (a bounded scan).
 */
export async function listDeadlines(
  ctx: ServiceCtx,
  viewer: Viewer,
  q: RksvDeadlineListQuery,
): Promise<RksvDeadlineList> {
  const now = clock(ctx);
  const filters = await deadlineFilter(ctx.db, viewer, q);
  // A filter's best plan depends on its value (a near day or a far one, an agent with ten cards or ten
  // thousand, a rare word): planned for its values each time, never one generic plan for all.
  const valueDependent = Boolean(q.q?.trim() || q.due_before) || q.agent_id !== undefined || q.country !== undefined;
  const plan = valueDependent || viewer.role !== 'admin' ? customPlan : sql``;
  const page = and(
    ...filters.cards,
    ...filters.orders,
    ...(q.kind ? [eq(c.next_deadline_kind, q.kind)] : []),
    ...(q.cursor ? [after(q.cursor)] : []),
  );
  const capped = (kind: CardDeadlineKind) =>
    sql`(select count(*)::int from (select 1 from ${c} ${filters.orders.length ? sql`join ${o} on ${o.id} = ${c.order_id}` : sql``}
      where ${and(...filters.cards, ...filters.orders, eq(c.next_deadline_kind, kind))} limit ${RKSV_DEADLINE_COUNT_CAP + 1}) capped)`;
  // Raw statements: `customPlan` must start the statement, which a builder's cannot.
  const [found, counted] = await Promise.all([
    ctx.db.execute(sql`${plan}select ${c.id} as card_id, ${c.order_id} as order_id, ${o.companyname} as companyname,
        ${o.customer_id} as customer_id, ${c.serial_number} as serial_number, ${c.card_type} as card_type,
        ${cardStateSql(now)} as state, ${c.next_deadline_kind} as kind, to_char(${c.next_deadline_at}, 'YYYY-MM-DD') as due,
        ${o.agent_id} as agent_id, ${users.name} as agent_name
      from ${c} join ${o} on ${o.id} = ${c.order_id} left join ${users} on ${users.id} = ${o.agent_id}
      where ${page}
      order by ${c.next_deadline_at}, ${c.id}
      limit ${q.limit + 1}`),
    ctx.db.execute(
      sql`${plan}select ${sql.join(
        CARD_DEADLINE_KINDS.map((k) => sql`${capped(k)} as ${sql.identifier(k)}`),
        sql`, `,
      )}`,
    ),
  ]);
  const rows = rowsOf<RksvDeadlineRow>(found);
  const n = rowsOf<Record<CardDeadlineKind, number>>(counted)[0]!;
  const items = rows.slice(0, q.limit);
  const last = items[items.length - 1];
  return {
    items,
    counts: Object.fromEntries(
      CARD_DEADLINE_KINDS.map((k) => [k, Math.min(Number(n[k]), RKSV_DEADLINE_COUNT_CAP)]),
    ) as Record<CardDeadlineKind, number>,
    counts_capped: CARD_DEADLINE_KINDS.filter((k) => Number(n[k]) > RKSV_DEADLINE_COUNT_CAP),
    nextCursor: rows.length > q.limit && last ? `${last.due}.${last.card_id}` : null,
  };
}
