import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operationsCalls as calls } from '@portal/shared/contracts';
import type { AppContext } from '../../platform/context.js';
import { Reply, serve } from '../../platform/serve.js';
import type { ServiceCtx } from '../../platform/service.js';
import type { Drain } from '../../platform/drain.js';

/** /readyz answers within this time, also when the database hangs. */
const READY_TIMEOUT_MS = 800;

const unavailable = (database: 'ok' | 'error') =>
  new Reply(503, JSON.stringify({ status: 'unavailable', database }), {
    'content-type': 'application/json; charset=utf-8',
  });

/**
 * The database answers in time: ready; otherwise 503 with the same shape (what a load balancer reads).
 * A process that is draining (SIGTERM, platform/drain.ts) is not ready either, whatever its database.
 */
export async function readiness(ctx: ServiceCtx & { drain?: Drain }) {
  if (ctx.drain?.draining) return unavailable('ok');
  try {
    // A load balancer asks often and waits little: a database slower than this counts as down.
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('readiness check timed out')), READY_TIMEOUT_MS);
    });
    await Promise.race([ctx.db.execute(sql`select 1`), late]).finally(() => clearTimeout(timer));
    return { status: 'ok', database: 'ok' };
  } catch {
    return unavailable('error');
  }
}

/** /healthz and /readyz (outside the API prefixes, public), declared in contracts/operations.ts. */
export const healthRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  serve(app, ctx, calls.getHealth, () => ({ status: 'ok' as const }));
  serve(app, ctx, calls.getReadiness, readiness);
};
