import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hitRateLimit } from '../../platform/db-rate-limit.js';
import { z } from 'zod';
import { authUserSchema, changePasswordSchema, loginSchema, messageSchema, setPasswordSchema } from '@portal/shared';
import type { AppContext } from '../../platform/context.js';
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

const MSG_TOO_MANY = 'Zu viele Anmeldeversuche. Bitte warten Sie einige Minuten und versuchen Sie es erneut.';

/** Sign-in, session and password calls under /auth (and /api/logout, see below). */
export const authRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db, config } = ctx;
  const { max, windowMs } = config.loginRateLimit;
  const tooMany = () => new HttpError(429, MSG_TOO_MANY);
  // Two limits: per address (a script trying many accounts; in memory, per process) and per email
  // (many addresses trying one account; in the database, so all processes count together).
  const perIp = app.rateLimit({ max: max * 5, timeWindow: windowMs, errorResponseBuilder: tooMany });
  const perEmail = async (req: FastifyRequest) => {
    const email = String((req.body as { email?: string } | undefined)?.email ?? '').toLowerCase();
    if (!(await hitRateLimit(db, `login:${email}`, max, windowMs))) throw tooMany();
  };
  const loginSchemaDoc = {
    body: loginSchema,
    response: { 200: authUserSchema, 401: messageSchema, 403: messageSchema, 404: messageSchema, 429: messageSchema },
  };

  app.post(
    '/auth/login',
    {
      config: { access: 'public' },
      preHandler: [perIp, perEmail],
      schema: { ...loginSchemaDoc, tags: ['auth'], summary: 'Sign in (staff and customers)' },
    },
    async (req) => signIn(db, req.body, { ttlSeconds: config.sessionTtlSeconds }),
  );

  app.post(
    '/auth/business-login',
    {
      config: { access: 'public' },
      preHandler: [perIp, perEmail],
      schema: { ...loginSchemaDoc, tags: ['auth'], summary: 'Sign in for business customers only (403 for staff)' },
    },
    async (req) => signIn(db, req.body, { ttlSeconds: config.sessionTtlSeconds, onlyRole: 'customer' }),
  );

  app.get(
    '/auth/verify-token',
    {
      schema: {
        tags: ['auth'],
        summary: 'The user of a valid token; 401 otherwise',
        response: { 200: authUserSchema },
      },
    },
    async (req) => {
      const user = currentUser(req);
      return toAuthUser(user, bearerToken(req)!, user.session_expires_at);
    },
  );

  app.post(
    '/auth/change-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Change the own password; other sessions of the user end',
        body: changePasswordSchema,
        response: { 200: messageSchema },
      },
    },
    async (req) => {
      await changePassword(db, currentUser(req), req.sessionId!, req.body);
      return { message: 'Passwort erfolgreich geändert' };
    },
  );

  app.get(
    '/auth/invitation',
    {
      config: { access: 'public' },
      preHandler: [perIp],
      schema: {
        tags: ['auth'],
        summary: 'Who an invitation link is for (400 when invalid, expired or used)',
        querystring: z.object({ token: z.string().min(1, 'Der Einladungslink ist ungültig') }),
        response: { 200: z.object({ email: z.string(), name: z.string() }) },
      },
    },
    async (req) => describeInvitation(db, req.query.token),
  );

  app.post(
    '/auth/set-password',
    {
      config: { access: 'public' },
      preHandler: [perIp],
      schema: {
        tags: ['auth'],
        summary: 'Choose the first password through an invitation link (single use, 72 hours)',
        body: setPasswordSchema,
        response: { 200: messageSchema },
      },
    },
    async (req) => {
      await setPasswordFromInvitation(db, req.body.token, req.body.password);
      return { message: 'Passwort wurde gesetzt. Sie können sich jetzt anmelden.' };
    },
  );

  app.post(
    '/api/logout',
    { schema: { tags: ['auth'], summary: 'End the current session', response: { 200: messageSchema } } },
    async (req) => {
      await endSession(db, req.sessionId!);
      ctx.realtime.endSession(req.sessionId!);
      return { message: 'Abgemeldet' };
    },
  );
};
