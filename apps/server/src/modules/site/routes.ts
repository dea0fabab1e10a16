import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { publicAccess } from '../../platform/access.js';
import { errorResponses } from '../../platform/openapi.js';

export const siteInfoResponseSchema = z.object({
  seller: z.object({
    name: z.string(),
    address: z.string(),
    uid: z.string(),
    email: z.string(),
    phone: z.string(),
    register: z.string(),
    court: z.string(),
    authority: z.string(),
  }),
  hotline: z.string(),
});

/**
 * GET /web/site-info: who runs the portal (imprint, privacy notice, terms) and the emergency hotline,
 * from the configuration. The same for everyone and changed only by a restart, so shared caches may
 * keep it for a few minutes.
 */
export const siteRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const info = siteInfoResponseSchema.parse({ seller: ctx.config.seller, hotline: ctx.config.supportHotline });
  app.get(
    '/web/site-info',
    {
      config: { access: publicAccess },
      schema: {
        operationId: 'getSiteInfo',
        tags: ['site'],
        summary: 'Seller data for imprint, privacy notice and terms, and the emergency hotline',
        response: { ...errorResponses(400), 200: siteInfoResponseSchema },
      },
    },
    async (_req, reply) => {
      reply.header('Cache-Control', 'public, max-age=300');
      return info;
    },
  );
};
