import { and, desc, eq, sql } from 'drizzle-orm';
import type { MailStatus, RksvActivity } from '@portal/shared';
import type { DbOrTx } from '../../db/client.js';
import { mailOutbox, rksvOrderActivity, users } from '../../db/schema/index.js';
import type { ServiceCtx, Viewer } from '../../platform/service.js';
import { loadVisibleOrder } from './access.js';
import { iso } from './shape.js';

export type ActivityAction =
  | 'serial'
  | 'tracking'
  | 'pickup_ready'
  | 'activated'
  | 'key_revealed'
  | 'agent_assigned'
  | 'customer_assigned'
  | 'outage'
  /** A mail to the buyer (shipped, ready for pickup): details name which, to whom, in which language. */
  | 'customer_mail'
  /** The card's life (issue 32): a transition {from, to, at, note}, a Jahresbeleg checked, an outage reported, type and validity. */
  | 'card_state'
  | 'jahresbeleg'
  | 'outage_reported'
  | 'card_details';

/** One row of the order's activity, in the caller's transaction (who, what, when). Never the AES key. */
export async function recordActivity(
  tx: DbOrTx,
  input: {
    orderId: number;
    cardId?: number | null;
    userId: number;
    action: ActivityAction;
    details?: Record<string, unknown>;
  },
) {
  await tx.insert(rksvOrderActivity).values({
    order_id: input.orderId,
    card_id: input.cardId ?? null,
    user_id: input.userId,
    action: input.action,
    details: input.details ?? {},
  });
}

/** The activity of an order the viewer may see, newest first (at most 200 rows). */
export async function orderActivity(ctx: ServiceCtx, viewer: Viewer, input: { id: number }): Promise<RksvActivity[]> {
  await loadVisibleOrder(ctx.db, viewer, input.id);
  const a = rksvOrderActivity;
  const rows = await ctx.db
    .select({
      id: a.id,
      order_id: a.order_id,
      card_id: a.card_id,
      action: a.action,
      details: a.details,
      user_id: a.user_id,
      user_name: users.name,
      created_at: a.created_at,
      mail_status: sql<MailStatus | null>`${mailOutbox.status}`,
    })
    .from(a)
    .leftJoin(users, eq(users.id, a.user_id))
    // A buyer's mail row names its outbox row: shown as delivered, waiting or failed, as it stands now.
    .leftJoin(
      mailOutbox,
      and(eq(a.action, 'customer_mail'), eq(mailOutbox.id, sql<number>`(${a.details}->>'mail_id')::int`)),
    )
    .where(eq(a.order_id, input.id))
    .orderBy(desc(a.id))
    .limit(200);
  return rows.map(({ mail_status, ...r }) => ({
    ...r,
    created_at: iso(r.created_at)!,
    ...(r.action === 'customer_mail' ? { mail_status } : {}),
  }));
}
