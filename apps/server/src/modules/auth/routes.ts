import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hitRateLimit, rateLimitCount } from '../../platform/db-rate-limit.js';
import { z } from 'zod';
import {
  AUTH_MSG,
  authUserSchema,
  changePasswordSchema,
  loginSchema,
  messageSchema,
  setPasswordSchema,
} from '@portal/shared';
import type { AppContext } from '../../platform/context.js';
import { publicAccess, signedIn } from '../../platform/access.js';
import { HttpError } from '../../platform/errors.js';
import { bearerToken, currentUser } from '../../platform/auth.js';
import {
  changePassword,
  describeInvitation,
  endSession,
  setPasswordFromInvitation,
  signIn,
  toAuthUser,
} from './service.js';
// The language of a sign-in answer follows one rule, kept with the settings that record a choice.
import { withWorkingLanguage } from '../users/index.js';
import { errorResponses } from '../../platform/openapi.js';

const MSG_TOO_MANY = AUTH_MSG.tooManyAttempts;

/** Sign-in, session and password calls under /auth (and /api/logout, see below). */
export const authRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db, config } = ctx;
  const { max, windowMs } = config.loginRateLimit;
  const tooMany = () => new HttpError(429, MSG_TOO_MANY);
  // Two limits: per address (a script trying many accounts; in memory, per process) and per email
  // (many addresses trying one account; in the database, so all processes count together).
  const perIp = app.rateLimit({ max: max * 5, timeWindow: windowMs, errorResponseBuilder: tooMany });
  const failedFrom = (req: FastifyRequest) => `login-failed:${req.ip}`;
  /**
   * Over the per-email limit an attacker must not lock the owner out: an address that has not failed
   * a sign-in within the window still gets its answer, and only a correct password counts. Any other
   * answer over the limit is 429, so the limit reveals nothing about the password or the account.
   */
  const limitedSignIn = async (req: FastifyRequest, body: { email: string; password: string }, onlyRole?: 'customer') => {
    const withinLimit = await hitRateLimit(db, `login:${body.email.toLowerCase()}`, max, windowMs);
    if (!withinLimit && (await rateLimitCount(db, failedFrom(req), windowMs)) > 0) throw tooMany();
    try {
      return await signIn(ctx, { ...body, onlyRole });
    } catch (e) {
      if (e instanceof HttpError && (e.statusCode === 401 || e.statusCode === 404)) {
        await hitRateLimit(db, failedFrom(req), Number.MAX_SAFE_INTEGER, windowMs);
        if (!withinLimit) throw tooMany();
      }
      throw e;
    }
  };
  const loginSchemaDoc = {
    body: loginSchema,
    response: { ...errorResponses(400, 401, 403, 404, 429), 200: authUserSchema },
  };

  app.post(
    '/auth/login',
    {
      config: { access: publicAccess },
      preHandler: [perIp],
      schema: { operationId: 'login', ...loginSchemaDoc, tags: ['auth'], summary: 'Sign in (staff and customers)' },
    },
    async (req) =>
      withWorkingLanguage(ctx, {
        user: await limitedSignIn(req, req.body),
        acceptLanguage: req.headers['accept-language'],
      }),
  );

  app.post(
    '/auth/business-login',
    {
      config: { access: publicAccess },
      preHandler: [perIp],
      schema: {
        operationId: 'businessLogin',
        ...loginSchemaDoc,
        tags: ['auth'],
        summary: 'Sign in for business customers only (403 for staff)',
      },
    },
    async (req) =>
      withWorkingLanguage(ctx, {
        user: await limitedSignIn(req, req.body, 'customer'),
        acceptLanguage: req.headers['accept-language'],
      }),
  );

  app.get(
    '/auth/verify-token',
    {
      config: { access: signedIn },
      schema: {
        operationId: 'verifyToken',
        tags: ['auth'],
        summary: 'The user of a valid token; 401 otherwise',
        response: { ...errorResponses(400, 401), 200: authUserSchema },
      },
    },
    async (req) => {
      const user = currentUser(req);
      const answer = toAuthUser(user, bearerToken(req)!, user.session_expires_at);
      return withWorkingLanguage(ctx, { user: answer, acceptLanguage: req.headers['accept-language'] });
    },
  );

  app.post(
    '/auth/change-password',
    {
      config: { access: signedIn },
      schema: {
        operationId: 'changePassword',
        tags: ['auth'],
        summary: 'Change the own password; other sessions of the user end',
        body: changePasswordSchema,
        response: { ...errorResponses(400, 401), 200: messageSchema },
      },
    },
    async (req) => {
      ctx.realtime.endSessions(
        await changePassword(ctx, currentUser(req), { ...req.body, currentSessionId: req.sessionId! }),
      );
      return { message: AUTH_MSG.passwordChanged };
    },
  );

  app.get(
    '/auth/invitation',
    {
      config: { access: publicAccess },
      preHandler: [perIp],
      schema: {
        operationId: 'getInvitation',
        tags: ['auth'],
        summary: 'Who an invitation link is for (400 when invalid, expired or used)',
        querystring: z.object({ token: z.string().min(1, AUTH_MSG.invitationLinkInvalid) }),
        response: { ...errorResponses(400, 429), 200: z.object({ email: z.string(), name: z.string() }) },
      },
    },
    async (req) => describeInvitation(ctx, { token: req.query.token }),
  );

  app.post(
    '/auth/set-password',
    {
      config: { access: publicAccess },
      preHandler: [perIp],
      schema: {
        operationId: 'setPassword',
        tags: ['auth'],
        summary: 'Choose the first password through an invitation link (single use, 72 hours)',
        body: setPasswordSchema,
        response: { ...errorResponses(400, 429), 200: messageSchema },
      },
    },
    async (req) => {
      ctx.realtime.endSessions(await setPasswordFromInvitation(ctx, req.body));
      return { message: AUTH_MSG.passwordSet };
    },
  );

  app.post(
    '/api/logout',
    {
      config: { access: signedIn },
      schema: {
        operationId: 'logout',
        tags: ['auth'],
        summary: 'End the current session',
        response: { ...errorResponses(400, 401), 200: messageSchema },
      },
    },
    async (req) => {
      await endSession(ctx, currentUser(req), { sessionId: req.sessionId! });
      ctx.realtime.endSessions([req.sessionId!]);
      return { message: AUTH_MSG.loggedOut };
    },
  );
};
