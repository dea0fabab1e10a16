import { and, asc, between, eq, gt, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { nextCardDeadline, type CardLife, type CardOutage } from '@portal/shared';
import type { DbOrTx } from '../../db/client.js';
import { rksvCards, rksvCardTypes, rksvOrders, rksvOutages } from '../../db/schema/index.js';
import type { CardRow } from './access.js';

/** Cards per statement when deadlines are written (the VALUES list of one UPDATE). */
export const DEADLINE_BATCH = 1000;
/** Ids a pass over the cards reads at once: one range of the primary key. */
const ID_WINDOW = 20_000;

/**
 * One pass over the cards matching `where`, by ranges of the primary key: each range is one bounded
 * read, so a pass costs one walk of the table however many cards match and whatever plan the condition
 * alone would get (a limit with an order by id over a condition the planner misjudges is a sort of
 * every match, per batch). `visit` gets the matching ids in slices of `size` (DEADLINE_BATCH); with `wholeOrders`
 * a slice never ends inside an order (its cards in a row by id go together: one mail names them all).
 */
export async function eachCardBatch(
  db: DbOrTx,
  where: SQL,
  visit: (ids: number[]) => Promise<void>,
  opts: { wholeOrders?: boolean; size?: number } = {},
): Promise<void> {
  const size = opts.size ?? DEADLINE_BATCH;
  const [top] = await db.select({ max: sql<number | null>`max(${rksvCards.id})` }).from(rksvCards);
  const max = Number(top?.max ?? 0);
  let pending: { id: number; order_id: number }[] = [];
  for (let lo = 0; lo < max; lo += ID_WINDOW) {
    const rows = await db
      .select({ id: rksvCards.id, order_id: rksvCards.order_id })
      .from(rksvCards)
      .where(and(gt(rksvCards.id, lo), lte(rksvCards.id, lo + ID_WINDOW), where))
      .orderBy(asc(rksvCards.id));
    pending = pending.concat(rows);
    // What is left under a full slice waits for the next range (its order may go on there).
    while (pending.length >= size) {
      let cut = size;
      if (opts.wholeOrders) {
        const order = pending[cut - 1]!.order_id;
        while (cut < pending.length && pending[cut]!.order_id === order) cut++;
        if (cut === pending.length) break;
      }
      await visit(pending.slice(0, cut).map((r) => r.id));
      pending = pending.slice(cut);
    }
  }
  if (pending.length) await visit(pending.map((r) => r.id));
}

/**
 * `column = any('{1,2,…}'::int[])`: a batch's ids as one bound parameter (a thousand bound values each
 * cost the statement's builder and the driver more than the lookup itself).
 */
export function inIds(column: SQL.Aliased | SQL | AnyPgColumn, ids: readonly number[]): SQL {
  return sql`${column} = any(${`{${ids.map((id) => Math.trunc(id)).join(',')}}`}::int[])`;
}

export interface LoadedLife {
  card: CardRow;
  shipped_at: Date | null;
  approval_ends: string | null;
  life: CardLife;
}

/** The rule's view of a card row with its order's shipping and its type's approval end. */
export function lifeOf(card: CardRow, shippedAt: Date | string | null, approvalEnds: string | null): CardLife {
  return {
    cert_done: card.cert_done,
    shipped_at: shippedAt,
    activated_at: card.activated_at,
    registered_at: card.registered_at,
    startbeleg_checked_at: card.startbeleg_checked_at,
    deregistered_at: card.deregistered_at,
    defective_at: card.defective_at,
    replaced_at: card.replaced_at,
    valid_until: card.valid_until,
    jahresbeleg_year: card.jahresbeleg_year,
    approval_ends: approvalEnds,
  };
}

/** Cards with what their deadlines are derived from, two queries for the whole list (no query per card). */
export async function loadLives(
  db: DbOrTx,
  cardIds: readonly number[],
): Promise<{ lives: LoadedLife[]; outages: Map<number, CardOutage[]> }> {
  if (cardIds.length === 0) return { lives: [], outages: new Map() };
  const ids = [...cardIds];
  // The ids' range beside the list: a batch of a pass by id is one short range of the primary key, which
  // the planner reads as such (a list of a thousand alone it weighed as a scan of the whole table).
  const lo = Math.min(...ids);
  const hi = Math.max(...ids);
  const [rows, outageRows] = await Promise.all([
    db
      .select({ card: rksvCards, shipped_at: rksvOrders.shipped_at, approval_ends: rksvCardTypes.approval_ends })
      .from(rksvCards)
      .innerJoin(rksvOrders, eq(rksvOrders.id, rksvCards.order_id))
      .leftJoin(rksvCardTypes, eq(rksvCardTypes.name, rksvCards.card_type))
      .where(and(between(rksvCards.id, lo, hi), inIds(rksvCards.id, ids))),
    // A reported outage has no deadline left: only the others are read.
    db
      .select({
        card_id: rksvOutages.card_id,
        started_at: rksvOutages.started_at,
        ended_at: rksvOutages.ended_at,
        reported_at: rksvOutages.reported_at,
      })
      .from(rksvOutages)
      .where(
        and(between(rksvOutages.card_id, lo, hi), inIds(rksvOutages.card_id, ids), isNull(rksvOutages.reported_at)),
      ),
  ]);
  const outages = new Map<number, CardOutage[]>();
  for (const o of outageRows) {
    const list = outages.get(o.card_id) ?? [];
    list.push(o);
    outages.set(o.card_id, list);
  }
  return {
    lives: rows.map((r) => ({
      card: r.card,
      shipped_at: r.shipped_at,
      approval_ends: r.approval_ends,
      life: lifeOf(r.card, r.shipped_at, r.approval_ends),
    })),
    outages,
  };
}

/**
 * Writes each card's next legal deadline (`next_deadline_at`, `next_deadline_kind`) by the shared rule at
 * `now`: called in every transaction that changes one of its inputs (activation, a transition, an outage,
 * the Jahresbeleg, the card's details, its type's approval end) and by the nightly job for what the
 * calendar alone moves. Set-based: one UPDATE … FROM jsonb_to_recordset (the batch as one parameter) per batch, rows only where it changed.
 * Answers how many cards got another deadline.
 */
export async function refreshCardDeadline(tx: DbOrTx, cardIds: readonly number[], now: Date): Promise<number> {
  let changed = 0;
  const unique = [...new Set(cardIds)];
  for (let i = 0; i < unique.length; i += DEADLINE_BATCH) {
    const { lives, outages } = await loadLives(tx, unique.slice(i, i + DEADLINE_BATCH));
    if (lives.length === 0) continue;
    const values = lives.map(({ card, life }) => {
      const next = nextCardDeadline(life, outages.get(card.id) ?? [], now);
      return { id: card.id, due: next?.due ?? null, kind: next?.kind ?? null };
    });
    // The batch as one JSON parameter (not three bound values per card).
    const res = await tx.execute(sql`
      update rksv_cards c set next_deadline_at = v.due, next_deadline_kind = v.kind
      from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as v(id integer, due date, kind text)
      where c.id = v.id
        and (c.next_deadline_at is distinct from v.due or c.next_deadline_kind is distinct from v.kind)`);
    // node-postgres says rowCount, PGlite affectedRows.
    const counted = res as unknown as { rowCount?: number | null; affectedRows?: number };
    changed += Number(counted.rowCount ?? counted.affectedRows ?? 0);
  }
  return changed;
}
