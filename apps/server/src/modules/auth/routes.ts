import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AUTH_MSG, said } from '@portal/shared';
import { authCalls as calls } from '@portal/shared/contracts';
import type { AppContext } from '../../platform/context.js';
import { HttpError } from '../../platform/errors.js';
import { serve } from '../../platform/serve.js';
import {
  changePassword,
  describeInvitation,
  endSession,
  limitedSignIn,
  setPasswordFromInvitation,
  toAuthUser,
} from './service.js';
// The language of a sign-in answer follows one rule, kept with the settings that record a choice.
import { withWorkingLanguage } from '../users/index.js';

/** The access token of an `Authorization: Bearer …` header. */
const bearer = (header: string | undefined) => /^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1] ?? '';

/** Sign-in, session and password calls under /auth (and /api/logout), declared in contracts/auth.ts. */
export const authRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { max, windowMs } = ctx.config.loginRateLimit;
  // Two limits: per address (a script trying many accounts; in memory, per process, here) and per
  // email (many addresses trying one account; in the database, so all processes count together).
  const perIp = app.rateLimit({
    max: max * 5,
    timeWindow: windowMs,
    errorResponseBuilder: () => new HttpError(429, AUTH_MSG.tooManyAttempts),
  });

  serve(
    app,
    ctx,
    calls.login,
    async (c, input) =>
      withWorkingLanguage(c, { user: await limitedSignIn(c, input), acceptLanguage: input['accept-language'] }),
    { preHandler: perIp },
  );
  serve(
    app,
    ctx,
    calls.businessLogin,
    async (c, input) =>
      withWorkingLanguage(c, {
        user: await limitedSignIn(c, { ...input, onlyRole: 'customer' }),
        acceptLanguage: input['accept-language'],
      }),
    { preHandler: perIp },
  );
  serve(app, ctx, calls.verifyToken, (c, viewer, input) =>
    withWorkingLanguage(c, {
      user: toAuthUser(viewer, bearer(input.authorization), viewer.session_expires_at),
      acceptLanguage: input['accept-language'],
    }),
  );
  serve(app, ctx, calls.changePassword, async (c, viewer, input) => {
    c.realtime.endSessions(await changePassword(c, viewer, { ...input, currentSessionId: c.request.sessionId! }));
    return { ...said(AUTH_MSG.passwordChanged) };
  });
  serve(app, ctx, calls.getInvitation, describeInvitation, { preHandler: perIp });
  serve(
    app,
    ctx,
    calls.setPassword,
    async (c, input) => {
      c.realtime.endSessions(await setPasswordFromInvitation(c, input));
      return { ...said(AUTH_MSG.passwordSet) };
    },
    { preHandler: perIp },
  );
  serve(app, ctx, calls.logout, async (c, viewer) => {
    await endSession(c, viewer, { sessionId: c.request.sessionId! });
    c.realtime.endSessions([c.request.sessionId!]);
    return { ...said(AUTH_MSG.loggedOut) };
  });
};
