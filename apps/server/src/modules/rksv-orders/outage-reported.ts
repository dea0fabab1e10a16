import { eq } from 'drizzle-orm';
import { outageReportable, RKSV_CARDS_MSG as M, type RksvCardLife, type RksvOutageReported } from '@portal/shared';
import { rksvOutages } from '../../db/schema/index.js';
import { conflict, notFound } from '../../platform/errors.js';
import { now as clock, type ServiceCtx, type Viewer } from '../../platform/service.js';
import { loadVisibleCard } from './access.js';
import { recordActivity } from './activity.js';
import { refreshCardDeadline } from './card-deadline.js';
import { readCardLife } from './card-life.js';
import { checkedAt } from './card-transitions.js';

/**
 * `POST /api/rksv-outage-reported`: an outage of more than 48 hours was reported to the tax office
 * (§ 17 RKSV), which ends its report deadline. Once per outage (the order row locked: a second report,
 * also at the same time, finds it reported: 409).
 */
export async function reportOutage(ctx: ServiceCtx, viewer: Viewer, input: RksvOutageReported): Promise<RksvCardLife> {
  return ctx.db.transaction(async (tx) => {
    const [ref] = await tx
      .select({ card_id: rksvOutages.card_id })
      .from(rksvOutages)
      .where(eq(rksvOutages.id, input.outageId));
    if (!ref) throw notFound(M.outageNotFound);
    const { order, card } = await loadVisibleCard(tx, viewer, ref.card_id, true);
    // Read again under the order's lock: a report at the same time has committed by now.
    const [outage] = await tx.select().from(rksvOutages).where(eq(rksvOutages.id, input.outageId));
    const now = clock(ctx);
    if (outage!.reported_at) throw conflict(M.outageReportedTwice);
    if (!outageReportable(outage!, now)) throw conflict(M.outageNotReportable);
    const at = checkedAt('reported_at', input.reported_at, now, null);
    await tx.update(rksvOutages).set({ reported_at: at }).where(eq(rksvOutages.id, outage!.id));
    await recordActivity(tx, {
      orderId: order.id,
      cardId: card.id,
      userId: viewer.id,
      action: 'outage_reported',
      details: { outage_id: outage!.id, reported_at: at.toISOString() },
    });
    await refreshCardDeadline(tx, [card.id], now);
    return readCardLife(tx, card.id, now);
  });
}
