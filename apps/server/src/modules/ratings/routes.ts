import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  COMMON_MSG,
  messageSchema,
  ratingCustomerInfoSchema,
  ratingSavedSchema,
  RATINGS_MSG,
  ratingStatsSchema,
  ratingVerifiedSchema,
  statsCountryAgentParams,
  statsCountryParams,
  submitRatingSchema,
  verifyCodeRatingSchema,
  verifyCustomerRatingSchema,
} from '@portal/shared';
import type { AppContext } from '../../platform/context.js';
import { adminWith, publicAccess, staffWith } from '../../platform/access.js';
import { currentUser } from '../../platform/auth.js';
import { takeRateLimit } from '../../platform/db-rate-limit.js';
import { RateLimited } from '../../platform/errors.js';
import { submitRating, verifyCode, verifyCustomer } from './flow.js';
import { agentRatingStats, countryRatingStats } from './service.js';
import { errorResponses } from '../../platform/openapi.js';

/** The public forms' window: PUBLIC_FORM_RATE_LIMIT calls per IP in 10 minutes (modules/public-forms). */
const WINDOW_MS = 10 * 60 * 1000;

/** The public rating flow (three calls under /web/) and the rating statistics of the staff screens. */
export const ratingsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const perIp = async (req: FastifyRequest) => {
    const limit = await takeRateLimit(ctx.db, `rating:${req.ip}`, ctx.config.publicForms.rateLimit, WINDOW_MS);
    if (!limit.ok) throw new RateLimited(COMMON_MSG.tooManyRequests, limit.retryAfterSeconds);
  };
  const tags = ['ratings'];
  const publicErrors = {
    400: messageSchema,
    404: messageSchema,
    409: messageSchema,
    410: messageSchema,
    429: messageSchema,
  };

  app.post(
    '/web/verify-customer-rating',
    {
      config: { access: publicAccess },
      onRequest: perIp,
      schema: {
        operationId: 'verifyCustomerRating',
        tags,
        summary: "Step 1: the customer number is the task's → firma, kundennummer, kontaktperson (else 404)",
        body: verifyCustomerRatingSchema,
        response: { 200: ratingCustomerInfoSchema, ...publicErrors },
      },
    },
    async (req) => ({ customerInfo: await verifyCustomer(ctx, req.body) }),
  );

  app.post(
    '/web/verify-code-rating',
    {
      config: { access: publicAccess },
      onRequest: perIp,
      schema: {
        operationId: 'verifyCodeRating',
        tags,
        summary: 'Step 2: the mailed code (400 wrong, 410 locked after 5 wrong tries or expired after 30 days)',
        body: verifyCodeRatingSchema,
        response: { 200: ratingVerifiedSchema, ...publicErrors },
      },
    },
    async (req) => verifyCode(ctx, req.body),
  );

  app.post(
    '/web/submit-rating',
    {
      config: { access: publicAccess },
      onRequest: perIp,
      schema: {
        operationId: 'submitRating',
        tags,
        summary: 'Step 3: three ratings 1..5 and an optional comment; one rating per closed task (409)',
        body: submitRatingSchema,
        response: { 201: ratingSavedSchema, ...publicErrors },
      },
    },
    async (req, reply) => {
      await submitRating(ctx, req.body);
      return reply.status(201).send({ message: RATINGS_MSG.saved });
    },
  );

  const staffErrors = { 400: messageSchema, 403: messageSchema };
  app.get(
    '/api/get-task-ratings-stats-admin/:countryId',
    {
      config: { access: adminWith('tasks') },
      schema: {
        operationId: 'getTaskRatingsStatsAdmin',
        tags,
        summary: "Ratings of the country's tasks per month of the 6-month window, newest first",
        params: statsCountryParams,
        response: { ...errorResponses(401), 200: ratingStatsSchema, ...staffErrors },
      },
    },
    async (req) => countryRatingStats(ctx, currentUser(req), req.params),
  );

  app.get(
    '/api/get-task-ratings-stats-agent/:countryId/:agentId',
    {
      config: { access: staffWith('tasks') },
      schema: {
        operationId: 'getTaskRatingsStatsAgent',
        tags,
        summary: 'Ratings counted for one agent per month (agentId must be the caller, unless admin)',
        params: statsCountryAgentParams,
        response: { ...errorResponses(401), 200: ratingStatsSchema, ...staffErrors },
      },
    },
    async (req) => agentRatingStats(ctx, currentUser(req), req.params),
  );
};
