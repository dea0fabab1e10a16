import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { siteCalls as calls, siteInfoResponseSchema } from '@portal/shared/contracts';
import type { AppContext } from '../../platform/context.js';
import { serve } from '../../platform/serve.js';

/**
 * GET /web/site-info: who runs the portal (imprint, privacy notice, terms) and the emergency hotline,
 * from the configuration. The same for everyone and changed only by a restart, so shared caches may
 * keep it for a few minutes (the declaration's `cacheControl`).
 */
export const siteRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const info = siteInfoResponseSchema.parse({ seller: ctx.config.seller, hotline: ctx.config.supportHotline });
  serve(app, ctx, calls.getSiteInfo, () => info);
};
