import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { SHOP_ERR } from '@portal/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { roles, rksvCards, rksvOrders, sessions, users } from '../../db/schema/index.js';
import { bearerToken, findSession } from '../../platform/auth.js';
import { HttpError } from '../../platform/errors.js';

/**
 * "Ersatz bestellen" (issue 32): an order may name the card it replaces. The shop's order calls are
 * public, so the caller's session is read here when one is sent (the hook below), never required: a
 * visitor orders as before, but only a signed-in caller who may see the card names one (the customer a
 * card of their own record, staff with the rksv flag a card of an order they may see); otherwise the
 * field is refused (400), so nobody marks another's card replaced.
 */

/** preHandler of the order calls: a valid bearer session becomes the request's (an invalid one is ignored). */
export function optionalSession(db: Db) {
  return async (req: FastifyRequest) => {
    const token = bearerToken(req);
    if (!token) return;
    const found = await findSession(db, token);
    if (!found) return;
    req.user = found.user;
    req.sessionId = found.sessionId;
  };
}

const refused = () =>
  new HttpError(400, SHOP_ERR.replacedCardUnknown, undefined, [
    { field: 'replacesCardId', message: SHOP_ERR.replacedCardUnknown.de, code: SHOP_ERR.replacedCardUnknown.code },
  ]);

/** The card the order replaces, checked against the caller of session `sessionId` (400 at the field otherwise). */
export async function checkReplacedCard(db: DbOrTx, sessionId: number | null, cardId: number): Promise<number> {
  if (sessionId === null) throw refused();
  const [caller] = await db
    .select({ id: users.id, role: roles.role_name, rksv: users.rksv, customer_id: users.customer_id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.user_id))
    .innerJoin(roles, eq(roles.id, users.role_id))
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revoked_at), gt(sessions.expires_at, new Date())));
  const [card] = await db
    .select({ customer_id: rksvOrders.customer_id, agent_id: rksvOrders.agent_id })
    .from(rksvCards)
    .innerJoin(rksvOrders, eq(rksvOrders.id, rksvCards.order_id))
    .where(eq(rksvCards.id, cardId));
  if (!caller || !card) throw refused();
  const mine =
    caller.role === 'customer'
      ? caller.customer_id !== null && card.customer_id === caller.customer_id
      : caller.rksv && (caller.role === 'admin' || (caller.role === 'agent' && card.agent_id === caller.id));
  if (!mine) throw refused();
  return cardId;
}
