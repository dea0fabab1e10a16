import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createUserSchema, messageSchema, USERS_MSG, userSettingsSchema } from '@portal/shared';
import type { AppContext } from '../../platform/context.js';
import { admin, signedIn, staff } from '../../platform/access.js';
import { currentUser } from '../../platform/auth.js';
import { afterCommit } from '../../platform/unit-of-work.js';
import {
  createInvitedUser,
  getUserSettings,
  listAgentLevels,
  listCountries,
  listRoles,
  saveUserSettings,
} from './service.js';
import { errorResponses } from '../../platform/openapi.js';

export const userRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.get(
    '/api/countries',
    {
      config: { access: staff },
      schema: {
        operationId: 'listCountries',
        tags: ['users'],
        summary: 'The countries (id and name), for the staff screens’ choices',
        response: {
          ...errorResponses(400, 401, 403),
          200: z.array(z.object({ id: z.number(), country_name: z.string() })),
        },
      },
    },
    () => listCountries(ctx),
  );
  app.get(
    '/api/roles',
    {
      config: { access: staff },
      schema: {
        operationId: 'listRoles',
        tags: ['users'],
        summary: 'The user roles (id and name), for the user form',
        response: {
          ...errorResponses(400, 401, 403),
          200: z.array(z.object({ id: z.number(), role_name: z.string() })),
        },
      },
    },
    () => listRoles(ctx),
  );
  app.get(
    '/api/agent-levels',
    {
      config: { access: staff },
      schema: {
        operationId: 'listAgentLevels',
        tags: ['users'],
        summary: 'The agent levels (id and name), for the user form',
        response: {
          ...errorResponses(400, 401, 403),
          200: z.array(z.object({ id: z.number(), level_name: z.string() })),
        },
      },
    },
    () => listAgentLevels(ctx),
  );

  app.post(
    '/api/create-user',
    {
      config: { access: admin },
      schema: {
        operationId: 'createUser',
        tags: ['users'],
        summary: 'Create a user without a password and mail an invitation link (admin only; 409 on a duplicate email)',
        body: createUserSchema,
        response: { ...errorResponses(400, 401, 403), 200: messageSchema, 409: messageSchema },
      },
    },
    async (req) => {
      const mailId = await createInvitedUser(ctx, currentUser(req), req.body);
      afterCommit.mail(mailId);
      return { message: USERS_MSG.created };
    },
  );

  app.get(
    '/api/user-settings',
    {
      config: { access: signedIn },
      schema: {
        operationId: 'getUserSettings',
        tags: ['users'],
        summary: 'The caller’s settings',
        response: { ...errorResponses(400, 401), 200: userSettingsSchema },
      },
    },
    (req) => getUserSettings(ctx, currentUser(req), { acceptLanguage: req.headers['accept-language'] }),
  );
  app.put(
    '/api/user-settings',
    {
      config: { access: signedIn },
      schema: {
        operationId: 'updateUserSettings',
        tags: ['users'],
        summary: 'Save the caller’s settings',
        body: userSettingsSchema,
        response: { ...errorResponses(400, 401), 200: userSettingsSchema },
      },
    },
    (req) => saveUserSettings(ctx, currentUser(req), req.body),
  );
};
