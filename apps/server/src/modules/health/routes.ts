import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';

export const healthRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.get(
    '/healthz',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'The process is alive',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async () => ({ status: 'ok' as const }),
  );
  app.get(
    '/readyz',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'The database answers (503 when it does not)',
        response: {
          200: z.object({ status: z.string(), database: z.string() }),
          503: z.object({ status: z.string(), database: z.string() }),
        },
      },
    },
    async (_req, reply) => {
      try {
        await ctx.db.execute(sql`select 1`);
        return { status: 'ok', database: 'ok' };
      } catch {
        return reply.status(503).send({ status: 'unavailable', database: 'error' });
      }
    },
  );
};
