import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BUSINESS_RECORDS_MSG as MSG, profileInputSchema, profileSchema } from '@portal/shared';
import type { AppContext } from '../../../platform/context.js';
import { customerOnly } from '../../../platform/access.js';
import { currentUser } from '../../../platform/auth.js';
import { getProfile, updateProfile } from './profile.js';
import { errorResponses } from '../../../platform/openapi.js';

/** The customer's contact data; the password changes through /auth/change-password as for staff. */
export const businessProfileRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.get(
    '/api/business/profile',
    {
      config: { access: customerOnly },
      schema: {
        operationId: 'getBusinessProfile',
        tags: ['business'],
        summary: 'The caller’s customer record and sign-in e-mail',
        response: { ...errorResponses(400, 401, 403, 404), 200: profileSchema },
      },
    },
    (req) => getProfile(ctx, currentUser(req)),
  );

  app.put(
    '/api/business/profile',
    {
      config: { access: customerOnly },
      schema: {
        operationId: 'updateBusinessProfile',
        tags: ['business'],
        summary: 'Change the contact data {kontaktperson?, email?, telefon?} (company and number stay with staff)',
        body: profileInputSchema,
        response: {
          ...errorResponses(400, 401, 403, 404),
          200: z.object({ message: z.string(), profile: profileSchema }),
        },
      },
    },
    async (req) => ({ message: MSG.profileSaved, profile: await updateProfile(ctx, currentUser(req), req.body) }),
  );
};
