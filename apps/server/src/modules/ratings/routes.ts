import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { COMMON_MSG, RATINGS_MSG, said } from '@portal/shared';
import { ratingsCalls as calls } from '@portal/shared/contracts';
import type { AppContext } from '../../platform/context.js';
import { takeRateLimit } from '../../platform/db-rate-limit.js';
import { RateLimited } from '../../platform/errors.js';
import { serve } from '../../platform/serve.js';
import { submitRating, verifyCode, verifyCustomer } from './flow.js';
import { agentRatingStats, countryRatingStats } from './service.js';

/** The public forms' window: PUBLIC_FORM_RATE_LIMIT calls per IP in 10 minutes (modules/public-forms). */
const WINDOW_MS = 10 * 60 * 1000;

/** The public rating flow (three calls under /web/) and the rating statistics of the staff screens (contracts/ratings.ts). */
export const ratingsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  // Before the body is read: a refused or malformed call counts as much as a good one.
  const perIp = async (req: FastifyRequest) => {
    const limit = await takeRateLimit(ctx.db, `rating:${req.ip}`, ctx.config.publicForms.rateLimit, WINDOW_MS);
    if (!limit.ok) throw new RateLimited(COMMON_MSG.tooManyRequests, limit.retryAfterSeconds);
  };
  serve(app, ctx, calls.verifyCustomerRating, async (c, input) => ({ customerInfo: await verifyCustomer(c, input) }), {
    onRequest: perIp,
  });
  serve(app, ctx, calls.verifyCodeRating, verifyCode, { onRequest: perIp });
  serve(
    app,
    ctx,
    calls.submitRating,
    async (c, input) => {
      await submitRating(c, input);
      return { ...said(RATINGS_MSG.saved) };
    },
    { onRequest: perIp },
  );
  serve(app, ctx, calls.getTaskRatingsStatsAdmin, countryRatingStats);
  serve(app, ctx, calls.getTaskRatingsStatsAgent, agentRatingStats);
};
