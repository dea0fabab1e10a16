import { eq } from 'drizzle-orm';
import { RKSV_CARDS_MSG as M, type RksvCardDetails, type RksvCardLife } from '@portal/shared';
import { rksvCards, rksvCardTypes } from '../../db/schema/index.js';
import { now as clock, type ServiceCtx, type Viewer } from '../../platform/service.js';
import { loadVisibleCard } from './access.js';
import { recordActivity } from './activity.js';
import { refreshCardDeadline } from './card-deadline.js';
import { readCardLife } from './card-life.js';
import { fieldError } from './card-transitions.js';

/**
 * `PUT /api/rksv-card/{cardId}`: the card's type (one of the admins' list: its approval end is a
 * deadline) and its certificate's end where it differs from activation + 5 years (the renewal).
 */
export async function updateCardDetails(
  ctx: ServiceCtx,
  viewer: Viewer,
  input: RksvCardDetails & { cardId: number },
): Promise<RksvCardLife> {
  return ctx.db.transaction(async (tx) => {
    const { order, card } = await loadVisibleCard(tx, viewer, input.cardId, true);
    if (input.card_type !== null) {
      const [type] = await tx
        .select({ name: rksvCardTypes.name })
        .from(rksvCardTypes)
        .where(eq(rksvCardTypes.name, input.card_type))
        .for('share');
      if (!type) throw fieldError('card_type', M.cardTypeUnknown);
    }
    await tx
      .update(rksvCards)
      .set({ card_type: input.card_type, valid_until: input.valid_until })
      .where(eq(rksvCards.id, card.id));
    await recordActivity(tx, {
      orderId: order.id,
      cardId: card.id,
      userId: viewer.id,
      action: 'card_details',
      details: {
        card_type: input.card_type,
        valid_until: input.valid_until,
        previous: { card_type: card.card_type, valid_until: card.valid_until },
      },
    });
    const now = clock(ctx);
    await refreshCardDeadline(tx, [card.id], now);
    return readCardLife(tx, card.id, now);
  });
}
