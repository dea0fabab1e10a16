import { COMMON_MSG } from '@portal/shared';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { Db } from '../db/client.js';
import { idempotencyKeys } from '../db/schema/index.js';
import { HttpError, badRequest } from './errors.js';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** A first request still unanswered after this long belongs to a process that stopped: it is taken over. */
export const IDEMPOTENCY_STALE_MS = 5 * 60 * 1000;
export const MSG_IN_PROGRESS = COMMON_MSG.requestInProgress;
export const MSG_BAD_KEY = COMMON_MSG.badIdempotencyKey;

const KEY = /^[\x21-\x7e]{1,200}$/;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route honours an `Idempotency-Key` header (create calls): see platform/idempotency. */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    /** The key this request holds (it is the first with it) until its answer is stored. */
    idempotency: { scope: string; key: string } | null;
  }
}

/**
 * `Idempotency-Key` for create calls: a route with `config.idempotent` answers a repeated key of the
 * same caller within 24 hours with the stored first answer (status and body), without doing the work
 * again — before any other check of the route, since a proof of work is single use and the retry
 * carries the one already spent. A second request while the first is still running gets 409.
 *
 * What is stored: every answer below 500 except 409 and 429 (those and server errors are passing
 * states; their key is released so a retry does the work). Without the header nothing changes.
 *
 * Call before compression is registered: the answer is stored as serialized, before it is compressed.
 */
export function registerIdempotency(app: FastifyInstance, db: Db): void {
  app.decorateRequest('idempotency', null);
  let lastSweep = 0;
  const sweep = () => {
    if (Date.now() - lastSweep < 60 * 60 * 1000) return;
    lastSweep = Date.now();
    void db
      .delete(idempotencyKeys)
      .where(lt(idempotencyKeys.created_at, new Date(Date.now() - IDEMPOTENCY_TTL_MS)))
      .catch((err: unknown) => app.log.warn({ err }, 'idempotency keys sweep failed'));
  };

  const begin: onRequestAsyncHookHandler = async function (req: FastifyRequest, reply: FastifyReply) {
    const raw = req.headers[IDEMPOTENCY_HEADER];
    if (raw === undefined) return;
    if (typeof raw !== 'string' || !KEY.test(raw)) throw badRequest(MSG_BAD_KEY);
    // Per caller: another person's key never answers with someone else's result.
    const caller = req.user ? `user:${req.user.id}` : `ip:${req.ip}`;
    const scope = `${req.method} ${req.routeOptions.url}|${caller}`;
    const where = and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, raw));
    sweep();
    for (let attempt = 0; attempt < 3; attempt++) {
      const [mine] = await db
        .insert(idempotencyKeys)
        .values({ scope, key: raw })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (mine) {
        req.idempotency = { scope, key: raw };
        return;
      }
      const [row] = await db.select().from(idempotencyKeys).where(where);
      if (!row) continue; // released meanwhile (the first ended in a passing state)
      const now = Date.now();
      const expired = row.created_at.getTime() < now - IDEMPOTENCY_TTL_MS;
      const abandoned = row.status === null && row.created_at.getTime() < now - IDEMPOTENCY_STALE_MS;
      if (expired || abandoned) {
        await db
          .delete(idempotencyKeys)
          .where(
            and(
              where,
              or(
                lt(idempotencyKeys.created_at, new Date(now - IDEMPOTENCY_TTL_MS)),
                and(
                  isNull(idempotencyKeys.status),
                  lt(idempotencyKeys.created_at, new Date(now - IDEMPOTENCY_STALE_MS)),
                ),
              ),
            ),
          );
        continue;
      }
      if (row.status === null) throw new HttpError(409, MSG_IN_PROGRESS);
      reply
        .code(row.status)
        .header('content-type', row.content_type ?? 'application/json; charset=utf-8')
        .header('idempotent-replayed', 'true');
      return reply.send(row.body ?? '');
    }
    throw new HttpError(409, MSG_IN_PROGRESS);
  };

  app.addHook('onRoute', (route) => {
    if (!route.config?.idempotent) return;
    const own = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
    // First among the route's own hooks (after the global sign-in check, which names the caller).
    route.onRequest = [begin, ...own];
  });

  app.addHook('onSend', async (req, reply, payload) => {
    const held = req.idempotency;
    if (!held) return payload;
    req.idempotency = null;
    const where = and(eq(idempotencyKeys.scope, held.scope), eq(idempotencyKeys.key, held.key));
    const status = reply.statusCode;
    const replayable = typeof payload === 'string' || Buffer.isBuffer(payload);
    try {
      if (status >= 500 || status === 409 || status === 429 || !replayable) {
        await db.delete(idempotencyKeys).where(where);
      } else {
        const type = reply.getHeader('content-type');
        await db
          .update(idempotencyKeys)
          .set({ status, content_type: type === undefined ? null : String(type), body: String(payload) })
          .where(where);
      }
    } catch (err) {
      // The answer still goes out; a retry then finds the key in progress until it goes stale.
      req.log.error({ err }, 'idempotency answer not stored');
    }
    return payload;
  });
}
