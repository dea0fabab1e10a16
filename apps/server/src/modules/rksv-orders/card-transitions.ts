import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  CARD_STATE_DE,
  cardState,
  fillText,
  mayTransition,
  RKSV_CARDS_MSG as M,
  RKSV_ORDERS_MSG,
  type CardState,
  type Message,
  type RksvCardLife,
  type RksvCardTransition,
} from '@portal/shared';
import type { DbOrTx } from '../../db/client.js';
import { rksvCards, rksvOrders, rksvOutages } from '../../db/schema/index.js';
import { HttpError } from '../../platform/errors.js';
import { now as clock, type ServiceCtx, type Viewer } from '../../platform/service.js';
import { loadVisibleCard, type CardRow } from './access.js';
import { recordActivity } from './activity.js';
import { lifeOf, refreshCardDeadline } from './card-deadline.js';
import { readCardLife } from './card-life.js';

/** The card's dates a transition writes. */
type LifeDate = 'registered_at' | 'startbeleg_checked_at' | 'defective_at' | 'replaced_at' | 'deregistered_at';

/** A time more than this ahead of the clock is refused (a browser's clock may run a little ahead). */
const FUTURE_SLACK_MS = 60_000;

/** 400 naming one field (the form shows it there). */
export function fieldError(field: string, entry: Message, params?: Record<string, string>): HttpError {
  return new HttpError(400, entry, params, [
    { field, message: params ? fillText(entry.de, params) : entry.de, code: entry.code },
  ]);
}

/**
 * 409: the card cannot move from one state to the other, both named in German; the states' ids go along
 * (`from_state`, `to_state`), so the web names them in the reader's language.
 */
function transitionRefused(from: CardState, to: CardState): HttpError {
  return new HttpError(409, M.transitionRefused, {
    from: CARD_STATE_DE[from],
    to: CARD_STATE_DE[to],
    from_state: from,
    to_state: to,
  });
}

/** Whether the card has an outage without an end (its state reads `outage`). */
async function hasOpenOutage(tx: DbOrTx, cardId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: rksvOutages.id })
    .from(rksvOutages)
    .where(and(eq(rksvOutages.card_id, cardId), isNull(rksvOutages.ended_at)))
    .limit(1);
  return row !== undefined;
}

/** The state of a loaded card at `now` by the shared rule. */
export async function stateNow(tx: DbOrTx, card: CardRow, shippedAt: Date | null, now: Date): Promise<CardState> {
  const open = card.activated_at ? await hasOpenOutage(tx, card.id) : false;
  return cardState({ ...lifeOf(card, shippedAt, null), open_outage: open }, now);
}

/** `at` of a step: now when not given; not in the future; not before the card's activation. */
export function checkedAt(field: string, given: string | null | undefined, now: Date, activatedAt: Date | null): Date {
  const at = given ? new Date(given) : now;
  if (at.getTime() > now.getTime() + FUTURE_SLACK_MS) throw fieldError(field, M.atInFuture);
  if (activatedAt && at.getTime() < activatedAt.getTime()) throw fieldError(field, M.atBeforeActivation);
  return at;
}

/**
 * `POST /api/rksv-card-transition`: moves a card to registered, in_use, outage, defective, replaced or
 * deregistered. One transaction with the order row locked (two moves of one card at once: the second
 * finds the first's state and is refused with 409), the state derived by the shared rule at now, the
 * move's own field written, one activity row, the deadline refreshed; answers the card's life.
 */
export async function transitionCard(
  ctx: ServiceCtx,
  viewer: Viewer,
  input: RksvCardTransition,
): Promise<RksvCardLife> {
  return ctx.db.transaction(async (tx) => {
    const { order, card } = await loadVisibleCard(tx, viewer, input.cardId, true);
    const now = clock(ctx);
    const from = await stateNow(tx, card, order.shipped_at, now);
    const to = input.to;
    if (!mayTransition(from, to)) throw transitionRefused(from, to);
    const at = checkedAt('at', input.at, now, card.activated_at);
    const set: Partial<Pick<typeof rksvCards.$inferInsert, LifeDate>> = {};
    if (to === 'registered') set.registered_at = at;
    else if (to === 'in_use' && from === 'outage') {
      // The outage ends when the card works again; an end before its start is refused.
      const ended = await tx
        .update(rksvOutages)
        .set({ ended_at: at })
        .where(
          and(
            eq(rksvOutages.card_id, card.id),
            isNull(rksvOutages.ended_at),
            sql`${rksvOutages.started_at} <= ${at.toISOString()}::timestamptz`,
          ),
        )
        .returning({ id: rksvOutages.id });
      if (ended.length === 0 || (await hasOpenOutage(tx, card.id)))
        throw fieldError('at', RKSV_ORDERS_MSG.outageEndBeforeStart);
    } else if (to === 'in_use') set.startbeleg_checked_at = at;
    else if (to === 'outage') {
      if (!input.note) throw fieldError('note', M.outageReasonRequired);
      await tx.insert(rksvOutages).values({
        card_id: card.id,
        order_id: order.id,
        started_at: at,
        reason: input.note,
        created_by: viewer.id,
      });
    } else if (to === 'defective') set.defective_at = at;
    else if (to === 'replaced') set.replaced_at = at;
    else if (to === 'deregistered') set.deregistered_at = at;
    if (Object.keys(set).length) await tx.update(rksvCards).set(set).where(eq(rksvCards.id, card.id));
    await tx
      .update(rksvOrders)
      .set({ updated_at: sql`now()` })
      .where(eq(rksvOrders.id, order.id));
    await recordActivity(tx, {
      orderId: order.id,
      cardId: card.id,
      userId: viewer.id,
      action: 'card_state',
      details: { from, to, at: at.toISOString(), note: input.note ?? null },
    });
    await refreshCardDeadline(tx, [card.id], now);
    return readCardLife(tx, card.id, now);
  });
}
