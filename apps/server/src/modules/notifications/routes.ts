import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createNotificationSchema, messageSchema, NOTIFICATIONS_MSG, notificationSchema } from '@portal/shared';
import type { AppContext } from '../../platform/context.js';
import { admin, signedIn } from '../../platform/access.js';
import { currentUser } from '../../platform/auth.js';
import { notFound } from '../../platform/errors.js';
import { missedNotifications } from './missed.js';
import { createNotification, latestNotifications, markRead } from './service.js';
import { errorResponses } from '../../platform/openapi.js';

const iso = <T extends { created_at: Date | string }>(r: T) => ({ ...r, created_at: r.created_at instanceof Date ? r.created_at.toISOString() : r.created_at });

export const notificationRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx;

  app.post(
    '/api/create-notification',
    {
      // Admins only: a notification speaks with the portal's voice, so not every agent may send one.
      config: { access: admin },
      schema: {
        operationId: 'createNotification',
        tags: ['notifications'],
        summary: 'Notify a staff member (admins only; stored, then pushed after commit)',
        body: createNotificationSchema,
        response: { ...errorResponses(400, 401, 403), 200: messageSchema.extend({ id: z.number() }) },
      },
    },
    async (req) => ({ message: NOTIFICATIONS_MSG.created, id: await createNotification(ctx, currentUser(req), req.body) }),
  );

  app.get(
    '/api/get-notifications',
    {
      config: { access: signedIn },
      schema: {
        operationId: 'getNotifications',
        tags: ['notifications'],
        summary: "The caller's latest 100 notifications, newest first",
        response: { ...errorResponses(400, 401), 200: z.array(notificationSchema) },
      },
    },
    async (req) => (await latestNotifications(ctx, currentUser(req))).map(iso),
  );

  app.get(
    '/api/get-missed-notifications/:lastId',
    {
      config: { access: signedIn },
      schema: {
        operationId: 'getMissedNotifications',
        tags: ['notifications'],
        summary: "The caller's notifications with an id above lastId, oldest first (at most 100)",
        params: z.object({ lastId: z.coerce.number().int().min(0) }),
        response: { ...errorResponses(400, 401), 200: z.array(notificationSchema) },
      },
    },
    (req) => missedNotifications(db, currentUser(req).id, req.params.lastId),
  );

  app.put(
    '/api/mark-notification-as-read/:id',
    {
      config: { access: signedIn },
      schema: {
        operationId: 'markNotificationAsRead',
        tags: ['notifications'],
        summary: "Mark one of the caller's notifications read (another user's: 404)",
        params: z.object({ id: z.coerce.number().int().positive() }),
        response: { ...errorResponses(400, 401, 404), 200: messageSchema },
      },
    },
    async (req) => {
      if (!(await markRead(ctx, currentUser(req), { id: req.params.id }))) throw notFound(NOTIFICATIONS_MSG.notFound);
      return { message: NOTIFICATIONS_MSG.markedRead };
    },
  );
};
