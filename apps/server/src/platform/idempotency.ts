import { COMMON_MSG } from '@portal/shared';
import { randomBytes } from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { PROCESS_NAME, type Db, type DbOrTx } from '../db/client.js';
import { idempotencyKeys } from '../db/schema/index.js';
import { HttpError, badRequest } from './errors.js';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * A first request still unanswered after this long is taken over whatever its process (one that ran
 * this long is cut off by the answer's fence, `storeAnswer`). A crashed process's key is taken over at once.
 */
export const IDEMPOTENCY_STALE_MS = 5 * 60 * 1000;
/** How long a retry waits for a first request still running (on a live process) before it answers 409. */
export const IDEMPOTENCY_WAIT_MS = 2000;
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
    idempotency: HeldKey | null;
  }
}

export interface HeldKey {
  scope: string;
  key: string;
  /** `<process name>#<request token>`: the process part tells whether the holder still lives. */
  holder: string;
}

/**
 * The submission a request belongs to, by its caller and key (null without a key): what a retry
 * shares with its first try and with nobody else's request (the proof of work's reuse by a retry).
 */
export const submissionOf = (req: FastifyRequest): string | undefined =>
  req.idempotency ? `${req.idempotency.scope} ${req.idempotency.key}` : undefined;

const holderProcess = (holder: string) => holder.slice(0, holder.lastIndexOf('#'));

/**
 * Whether the process holding a key still has a connection to the database. A process killed with its
 * request half done leaves a key that a retry would otherwise find "in progress" for five minutes; its
 * connections end with it. (The embedded database has one process: another holder is from before a restart.)
 */
async function holderLives(db: Db, holder: string | null): Promise<boolean> {
  if (!holder) return true;
  const name = holderProcess(holder);
  if (name === PROCESS_NAME) return true;
  const r = await db.execute(
    sql`select exists (select 1 from pg_stat_activity where application_name = ${name}) as alive`,
  );
  return (r as unknown as { rows: { alive: boolean }[] }).rows[0]?.alive === true;
}

/**
 * Stores a successful answer in the transaction of its work (serve), so that the work and its answer
 * commit together: a process that dies after the commit leaves the answer for the retry, one that dies
 * before it leaves a key without an answer, which a retry takes over and does the work once. The update
 * is the fence: a holder whose key was taken over (a request slower than IDEMPOTENCY_STALE_MS) finds its
 * key gone, and its work rolls back with 409.
 */
export async function storeAnswer(
  tx: DbOrTx,
  held: HeldKey,
  answer: { status: number; contentType: string | null; body: string },
): Promise<void> {
  const stored = await tx
    .update(idempotencyKeys)
    .set({ status: answer.status, content_type: answer.contentType, body: answer.body })
    .where(
      and(
        eq(idempotencyKeys.scope, held.scope),
        eq(idempotencyKeys.key, held.key),
        eq(idempotencyKeys.holder, held.holder),
        isNull(idempotencyKeys.status),
      ),
    )
    .returning({ key: idempotencyKeys.key });
  if (stored.length === 0) throw new HttpError(409, MSG_IN_PROGRESS);
}

/**
 * `Idempotency-Key` for create calls: a route with `config.idempotent` answers a repeated key of the
 * same caller within 24 hours with the stored first answer (status and body), without doing the work
 * again — before any other check of the route, since a proof of work is single use and the retry
 * carries the one already spent. A second request while the first is still running waits up to
 * IDEMPOTENCY_WAIT_MS for its answer, then gets 409.
 *
 * What is stored: every answer below 500 except 409 and 429 (those and server errors are passing
 * states; their key is released so a retry does the work). A success is stored with its work in one
 * transaction (storeAnswer); refusals when they are sent. Without the header nothing changes.
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
    // Each turn takes the key, finds its answer, takes over a dead holder's key, or waits for a live one.
    const waitUntil = Date.now() + IDEMPOTENCY_WAIT_MS;
    for (let turn = 0; turn === 0 || Date.now() < waitUntil; turn++) {
      const holder = `${PROCESS_NAME}#${randomBytes(6).toString('hex')}`;
      const [mine] = await db
        .insert(idempotencyKeys)
        .values({ scope, key: raw, holder })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (mine) {
        req.idempotency = { scope, key: raw, holder };
        return;
      }
      const [row] = await db.select().from(idempotencyKeys).where(where);
      if (!row) continue; // released meanwhile (the first ended in a passing state)
      const now = Date.now();
      const expired = row.created_at.getTime() < now - IDEMPOTENCY_TTL_MS;
      const abandoned =
        row.status === null &&
        (row.created_at.getTime() < now - IDEMPOTENCY_STALE_MS || !(await holderLives(db, row.holder)));
      if (expired || abandoned) {
        // Only the row seen: a key answered or taken over meanwhile stays.
        await db
          .delete(idempotencyKeys)
          .where(
            and(
              where,
              expired
                ? lt(idempotencyKeys.created_at, new Date(now - IDEMPOTENCY_TTL_MS))
                : and(
                    isNull(idempotencyKeys.status),
                    row.holder === null ? isNull(idempotencyKeys.holder) : eq(idempotencyKeys.holder, row.holder),
                  ),
            ),
          );
        continue;
      }
      if (row.status === null) {
        // Running on a live process: a retry whose first try lost its answer (a broken connection) waits
        // for it a moment and replays it; after that, 409 (the client tries again later).
        await new Promise((r) => setTimeout(r, 100));
        continue;
      }
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
    // Only this request's own key: one taken over from it belongs to its retry now.
    const where = and(
      eq(idempotencyKeys.scope, held.scope),
      eq(idempotencyKeys.key, held.key),
      eq(idempotencyKeys.holder, held.holder),
    );
    const status = reply.statusCode;
    const replayable = typeof payload === 'string' || Buffer.isBuffer(payload);
    try {
      if (status >= 500 || status === 409 || status === 429 || !replayable) {
        // A success already stored with its work stays (a later step failed; the work is done).
        await db.delete(idempotencyKeys).where(and(where, isNull(idempotencyKeys.status)));
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
