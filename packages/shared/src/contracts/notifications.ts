import { z } from 'zod';
import { createNotificationSchema, notificationSchema } from '../schemas/tasks.js';
import { messageSchema } from '../user.js';
import { access, defineCalls } from './define.js';

/** A staff member's notifications: sent by admins, read by their addressee. */
export const notificationsCalls = defineCalls('notifications', {
  createNotification: {
    method: 'POST',
    path: '/api/create-notification',
    // Admins only: a notification speaks with the portal's voice, so not every agent may send one.
    access: access.admin,
    audit: { subject: 'notification' },
    summary: 'Notify a staff member (admins only; stored, then pushed after commit)',
    body: createNotificationSchema,
    answer: messageSchema.extend({ id: z.number() }),
    errors: [400, 401, 403],
  },
  getNotifications: {
    method: 'GET',
    path: '/api/get-notifications',
    access: access.signedIn,
    summary: "The caller's latest 100 notifications, newest first",
    answer: z.array(notificationSchema),
    errors: [400, 401],
  },
  getMissedNotifications: {
    method: 'GET',
    path: '/api/get-missed-notifications/:lastId',
    access: access.signedIn,
    summary: "The caller's notifications with an id above lastId, oldest first (at most 100)",
    params: z.object({ lastId: z.coerce.number().int().min(0) }),
    answer: z.array(notificationSchema),
    errors: [400, 401],
  },
  markNotificationAsRead: {
    method: 'PUT',
    path: '/api/mark-notification-as-read/:id',
    access: access.signedIn,
    audit: { subject: 'notification', id: 'id' },
    summary: "Mark one of the caller's notifications read (another user's: 404)",
    params: z.object({ id: z.coerce.number().int().positive() }),
    answer: messageSchema,
    errors: [400, 401, 404],
  },
});
