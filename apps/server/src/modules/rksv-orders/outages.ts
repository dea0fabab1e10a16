import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import {
  formatDate,
  OUTAGE_REPORTABLE_HOURS,
  outageReportable,
  outageReportDeadline,
  RKSV_ORDERS_MSG as MSG,
  type RksvCreateOutage,
  type RksvOutage,
} from '@portal/shared';
import type { Db } from '../../db/client.js';
import { rksvOrders, rksvOutages, roles, users } from '../../db/schema/index.js';
import { badRequest, conflict } from '../../platform/errors.js';
import { now as clock, type ServiceCtx, type Viewer } from '../../platform/service.js';
import type { NotificationRow } from '../../platform/unit-of-work.js';
import { notify } from '../notifications/index.js';
import { loadVisibleCard } from './access.js';
import { recordActivity } from './activity.js';
import { refreshCardDeadline } from './card-deadline.js';
import { iso } from './shape.js';

export type OutageRow = typeof rksvOutages.$inferSelect;

export const outageOut = (u: OutageRow, now: Date): RksvOutage => ({
  id: u.id,
  card_id: u.card_id,
  started_at: iso(u.started_at)!,
  ended_at: iso(u.ended_at),
  reason: u.reason,
  reportable: outageReportable(u, now),
  report_deadline: outageReportDeadline(u.started_at).toISOString(),
});

/** Records an outage of an activated card (§ 17 RKSV), with an activity row for its order. */
export async function createOutage(ctx: ServiceCtx, viewer: Viewer, input: RksvCreateOutage): Promise<RksvOutage> {
  return ctx.db.transaction(async (tx) => {
    const { order, card } = await loadVisibleCard(tx, viewer, input.cardId, true);
    if (!card.activated_at) throw conflict(MSG.outageNotActivated);
    const started = new Date(input.started_at);
    if (started.getTime() > clock(ctx).getTime() + 60_000) throw badRequest(MSG.outageInFuture);
    const [row] = await tx
      .insert(rksvOutages)
      .values({
        card_id: card.id,
        order_id: order.id,
        started_at: started,
        ended_at: input.ended_at ? new Date(input.ended_at) : null,
        reason: input.reason,
        created_by: viewer.id,
      })
      .returning();
    const out = outageOut(row!, clock(ctx));
    await recordActivity(tx, {
      orderId: order.id,
      cardId: card.id,
      userId: viewer.id,
      action: 'outage',
      details: { outage_id: row!.id, started_at: out.started_at, ended_at: out.ended_at, reportable: out.reportable },
    });
    // An outage may bring a report deadline (§ 17 RKSV) and changes the card's state.
    await refreshCardDeadline(tx, [card.id], clock(ctx));
    return out;
  });
}

/** The outages of a card the viewer may see, newest first. */
export async function listOutages(ctx: ServiceCtx, viewer: Viewer, input: { cardId: number }): Promise<RksvOutage[]> {
  await loadVisibleCard(ctx.db, viewer, input.cardId);
  const rows = await ctx.db
    .select()
    .from(rksvOutages)
    .where(eq(rksvOutages.card_id, input.cardId))
    .orderBy(sql`${rksvOutages.started_at} desc`)
    .limit(200);
  const now = clock(ctx);
  return rows.map((r) => outageOut(r, now));
}

/**
 * The SQL mirror of `outageReportable` for an open outage: still open and started more than 48 h ago.
 * The scheduled job `rksv-outages` tells the order's agent once (notified_at), or the admins with the
 * rksv flag when the order has none; in a unit of work, so notifications and mails leave after commit.
 */
export async function notifyLongOutages(ctx: { db: Db; clock?: () => Date }): Promise<NotificationRow[]> {
  const { db } = ctx;
  const at = clock(ctx);
  const limit = new Date(at.getTime() - OUTAGE_REPORTABLE_HOURS * 3_600_000);
  const due = await db
    .select({
      id: rksvOutages.id,
      card_id: rksvOutages.card_id,
      order_id: rksvOutages.order_id,
      started_at: rksvOutages.started_at,
      agent_id: rksvOrders.agent_id,
      companyname: rksvOrders.companyname,
    })
    .from(rksvOutages)
    .innerJoin(rksvOrders, eq(rksvOrders.id, rksvOutages.order_id))
    .where(and(isNull(rksvOutages.ended_at), isNull(rksvOutages.notified_at), lt(rksvOutages.started_at, limit)))
    .orderBy(asc(rksvOutages.started_at))
    .limit(500);
  if (due.length === 0) return [];
  const needAdmins = due.some((d) => d.agent_id === null);
  const admins = needAdmins
    ? await db
        .select({ id: users.id })
        .from(users)
        .innerJoin(roles, eq(roles.id, users.role_id))
        .where(and(eq(roles.role_name, 'admin'), eq(users.active, true), eq(users.rksv, true)))
    : [];
  const pushed: NotificationRow[] = [];
  await db.transaction(async (tx) => {
    for (const d of due) {
      const rows = await notify(tx, {
        recipients: d.agent_id !== null ? [d.agent_id] : admins.map((a) => a.id),
        actorId: null,
        type: 'rksv_outage',
        params: {
          kind: 'rksvOutage',
          id: d.order_id,
          titel: d.companyname,
          comment: formatDate(outageReportDeadline(d.started_at)),
        },
        link: `/agent-dashboard/rksvorders?order=${d.order_id}`,
        priority: 'high',
      });
      await tx.update(rksvOutages).set({ notified_at: at }).where(eq(rksvOutages.id, d.id));
      pushed.push(...rows);
    }
  });
  return pushed;
}
