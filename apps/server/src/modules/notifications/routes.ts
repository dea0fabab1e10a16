import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NOTIFICATIONS_MSG, said } from '@portal/shared';
import { notificationsCalls as calls } from '@portal/shared/contracts';
import type { AppContext } from '../../platform/context.js';
import { notFound } from '../../platform/errors.js';
import { serve } from '../../platform/serve.js';
import { missedNotifications } from './missed.js';
import { createNotification, latestNotifications, markRead } from './service.js';

const iso = <T extends { created_at: Date | string }>(r: T) => ({
  ...r,
  created_at: r.created_at instanceof Date ? r.created_at.toISOString() : r.created_at,
});

/** A staff member's notifications, declared in contracts/notifications.ts. */
export const notificationRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  serve(app, ctx, calls.createNotification, async (c, viewer, input) => ({
    ...said(NOTIFICATIONS_MSG.created),
    id: await createNotification(c, viewer, input),
  }));
  serve(app, ctx, calls.getNotifications, async (c, viewer) => (await latestNotifications(c, viewer)).map(iso));
  serve(app, ctx, calls.getMissedNotifications, (c, viewer, input) =>
    missedNotifications.afterId(c.db, viewer.id, input.lastId),
  );
  serve(app, ctx, calls.markNotificationAsRead, async (c, viewer, input) => {
    if (!(await markRead(c, viewer, input))) throw notFound(NOTIFICATIONS_MSG.notFound);
    return { ...said(NOTIFICATIONS_MSG.markedRead) };
  });
};
