import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { USERS_MSG, said } from '@portal/shared';
import { usersCalls as calls } from '@portal/shared/contracts';
import type { AppContext } from '../../platform/context.js';
import { serve } from '../../platform/serve.js';
import { afterCommit } from '../../platform/unit-of-work.js';
import {
  createInvitedUser,
  getUserSettings,
  listAgentLevels,
  listCountries,
  listRoles,
  saveUserSettings,
} from './service.js';

/** The staff screens' choices, new users and the caller's settings, declared in contracts/users.ts. */
export const userRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  serve(app, ctx, calls.listCountries, (c) => listCountries(c));
  serve(app, ctx, calls.listRoles, (c) => listRoles(c));
  serve(app, ctx, calls.listAgentLevels, (c) => listAgentLevels(c));
  serve(app, ctx, calls.createUser, async (c, viewer, input) => {
    afterCommit.mail(await createInvitedUser(c, viewer, input));
    return { ...said(USERS_MSG.created) };
  });
  serve(app, ctx, calls.getUserSettings, (c, viewer, input) =>
    getUserSettings(c, viewer, { acceptLanguage: input['accept-language'] }),
  );
  serve(app, ctx, calls.updateUserSettings, saveUserSettings);
};
