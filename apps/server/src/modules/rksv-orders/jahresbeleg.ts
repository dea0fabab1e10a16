import { eq, sql } from 'drizzle-orm';
import {
  jahresbelegCheckedInTime,
  jahresbelegYearValid,
  RKSV_CARDS_MSG as M,
  viennaDay,
  type RksvCardLife,
  type RksvJahresbeleg,
} from '@portal/shared';
import { rksvCards, rksvJahresbelege } from '../../db/schema/index.js';
import { conflict } from '../../platform/errors.js';
import { now as clock, type ServiceCtx, type Viewer } from '../../platform/service.js';
import { loadVisibleCard } from './access.js';
import { recordActivity } from './activity.js';
import { refreshCardDeadline } from './card-deadline.js';
import { readCardLife } from './card-life.js';
import { checkedAt, fieldError } from './card-transitions.js';

/**
 * `POST /api/rksv-jahresbeleg`: the yearly receipt of a year checked. One row per card and year (its
 * primary key refuses a year twice, also two requests at once); the card keeps the last year up to which
 * every year from its activation is checked (counted in SQL in the same transaction: a gap stops it),
 * which moves its Jahresbeleg deadline.
 */
export async function checkJahresbeleg(ctx: ServiceCtx, viewer: Viewer, input: RksvJahresbeleg): Promise<RksvCardLife> {
  return ctx.db.transaction(async (tx) => {
    const { order, card } = await loadVisibleCard(tx, viewer, input.cardId, true);
    const now = clock(ctx);
    if (!card.activated_at) throw conflict(M.jahresbelegNotActivated);
    if (!jahresbelegYearValid(card.activated_at, input.year, now)) throw fieldError('year', M.jahresbelegYearInvalid);
    const at = checkedAt('checked_at', input.checked_at, now, card.activated_at);
    // The December receipt is made on 31 December: a check dated before it cannot have happened.
    if (!jahresbelegCheckedInTime(input.year, at)) throw fieldError('checked_at', M.jahresbelegTooEarly);
    const [saved] = await tx
      .insert(rksvJahresbelege)
      .values({ card_id: card.id, year: input.year, checked_at: at, user_id: viewer.id })
      .onConflictDoNothing()
      .returning({ year: rksvJahresbelege.year });
    if (!saved) throw conflict(M.jahresbelegTwice);
    const first = Number(viennaDay(card.activated_at).slice(0, 4));
    // Gaps and islands: in the run of years starting at the activation year, year − rank is first − 1.
    await tx
      .update(rksvCards)
      .set({
        jahresbeleg_year: sql`(select max(r.year) from (
          select j.year, j.year - row_number() over (order by j.year) as grp
          from rksv_jahresbelege j where j.card_id = ${card.id} and j.year >= ${first}) r
          where r.grp = ${first - 1})`,
      })
      .where(eq(rksvCards.id, card.id));
    await recordActivity(tx, {
      orderId: order.id,
      cardId: card.id,
      userId: viewer.id,
      action: 'jahresbeleg',
      details: { year: input.year, checked_at: at.toISOString() },
    });
    await refreshCardDeadline(tx, [card.id], now);
    return readCardLife(tx, card.id, now);
  });
}
