import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { publicAccess } from '../../platform/access.js';
import { errorResponses } from '../../platform/openapi.js';

/** /readyz answers within this time, also when the database hangs. */
const READY_TIMEOUT_MS = 800;

export const healthRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.get(
    '/healthz',
    {
      config: { access: publicAccess },
      schema: {
        operationId: 'getHealth',
        tags: ['health'],
        summary: 'The process is alive',
        response: { ...errorResponses(400), 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async () => ({ status: 'ok' as const }),
  );
  app.get(
    '/readyz',
    {
      config: { access: publicAccess },
      schema: {
        operationId: 'getReadiness',
        tags: ['health'],
        summary: 'The database answers (503 when it does not)',
        response: {
          ...errorResponses(400),
          200: z.object({ status: z.string(), database: z.string() }),
          503: z.object({ status: z.string(), database: z.string() }),
        },
      },
    },
    async (_req, reply) => {
      try {
        // A load balancer asks often and waits little: a database slower than this counts as down.
        let timer: NodeJS.Timeout | undefined;
        const late = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('readiness check timed out')), READY_TIMEOUT_MS);
        });
        await Promise.race([ctx.db.execute(sql`select 1`), late]).finally(() => clearTimeout(timer));
        return { status: 'ok', database: 'ok' };
      } catch {
        return reply.status(503).send({ status: 'unavailable', database: 'error' });
      }
    },
  );
};
