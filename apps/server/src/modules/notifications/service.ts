import { and, desc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import {
  NOTIFICATIONS_MSG,
  createNotificationSchema,
  fillText,
  languageFromLangCode,
  NOTIFICATION_MAIL,
  notificationText,
  type NotificationParams,
} from '@portal/shared';
import type { DbOrTx } from '../../db/client.js';
import { notifications, roles, users, userSettings } from '../../db/schema/index.js';
import { badRequest } from '../../platform/errors.js';
import { queueMails, type MailMessage } from '../../platform/mail.js';
import type { ServiceCtx, Viewer } from '../../platform/service.js';
import { afterCommit, type NotificationRow } from '../../platform/unit-of-work.js';

export type NotificationType =
  | 'task_assigned'
  | 'task_created'
  | 'assist_request'
  | 'note_added'
  | 'files_uploaded'
  | 'audit_submitted'
  | 'task_overdue'
  | (string & {});

/** A text of the catalogue (kind and values, said in each reader's language) or one written as it is. */
export type NotificationContent = { params: NotificationParams } | { title: string; message: string; params?: undefined };

export type NotifyInput = NotificationContent & NotifyTarget;

interface NotifyTarget {
  recipients: (number | null | undefined)[];
  /** Who caused it: never notified of their own action. */
  actorId: number | null;
  type: NotificationType;
  taskId?: number;
  link?: string | null;
  priority?: 'low' | 'medium' | 'high';
}

/**
 * Writes one notification row per distinct recipient inside the caller's transaction, and a mail
 * for each recipient who chose "email updates". Inside a request the rows and mails are released
 * after a successful answer (see platform/unit-of-work); outside one the caller delivers the returned rows.
 */
export async function notify(tx: DbOrTx, n: NotifyInput): Promise<NotificationRow[]> {
  return notifyMany(tx, [n]);
}

/** Rows one INSERT writes at most. */
const NOTIFY_BATCH = 1000;

/**
 * `notify` for many notifications at once (a job's batch): one INSERT per thousand rows, one read of who
 * wants mail, the mails in one batch; the same rows and mails as a `notify` call for each.
 */
export async function notifyMany(tx: DbOrTx, list: readonly NotifyInput[]): Promise<NotificationRow[]> {
  const items = list
    .map((n) => ({
      n,
      userIds: [...new Set(n.recipients.filter((id): id is number => typeof id === 'number' && id !== n.actorId))],
      // The row keeps the German wording (the API's title and message); readers get it from params.
      german: n.params ? notificationText('de', n.params) : n,
    }))
    .filter((i) => i.userIds.length > 0);
  if (items.length === 0) return [];
  const values = items.flatMap(({ n, userIds, german }) =>
    userIds.map((user_id) => ({
      user_id,
      title: german.title,
      message: german.message,
      type: n.type,
      params: n.params ?? null,
      link: n.link !== undefined ? n.link : n.taskId ? `/tasks/${n.taskId}` : null,
      priority: n.priority ?? 'medium',
      task_id: n.taskId ?? null,
    })),
  );
  const rows: NotificationRow[] = [];
  for (let i = 0; i < values.length; i += NOTIFY_BATCH)
    rows.push(...(await tx.insert(notifications).values(values.slice(i, i + NOTIFY_BATCH)).returning()));
  const wantsMail = await tx
    .select({ user_id: users.id, email: users.email, language: userSettings.language })
    .from(userSettings)
    .innerJoin(users, eq(users.id, userSettings.user_id))
    .where(
      and(
        inArray(userSettings.user_id, [...new Set(items.flatMap((i) => i.userIds))]),
        eq(userSettings.email_updates, true),
        eq(users.active, true),
      ),
    );
  const mails: MailMessage[] = [];
  for (const { n, userIds, german } of items) {
    const ids = new Set(userIds);
    for (const { user_id, email, language } of wantsMail) {
      if (!ids.has(user_id)) continue;
      // In the recipient's language setting (only those with settings chose e-mail updates).
      const text = n.params ? notificationText(language, n.params) : german;
      const lines = NOTIFICATION_MAIL[languageFromLangCode(language)];
      const open = n.taskId ? `${fillText(lines.open, { link: `/tasks/${n.taskId}` })}\n\n` : '';
      mails.push({
        to: email,
        subject: fillText(lines.subject, { title: text.title }),
        text: `${text.message}\n\n${open}${lines.why}`,
      });
    }
  }
  afterCommit.notify(rows);
  afterCommit.mail(await queueMails(tx, mails));
  return rows;
}

export async function latestNotifications(ctx: ServiceCtx, viewer: Viewer, input: { limit: number } = { limit: 100 }) {
  const { limit } = input;
  return ctx.db.select().from(notifications).where(eq(notifications.user_id, viewer.id)).orderBy(desc(notifications.id)).limit(limit);
}

/** Marks one of the caller's own notifications read; false when it is not theirs (or does not exist). */
export async function markRead(ctx: ServiceCtx, viewer: Viewer, input: { id: number }): Promise<boolean> {
  const { id } = input;
  const updated = await ctx.db
    .update(notifications)
    .set({ status: 'read' })
    .where(and(eq(notifications.id, id), eq(notifications.user_id, viewer.id)))
    .returning({ id: notifications.id });
  return updated.length > 0;
}

/**
 * POST /api/create-notification: an admin's notification to an active staff member, stored and, after
 * commit, pushed and mailed like every other. It speaks with the portal's voice: no actor.
 */
export async function createNotification(
  ctx: ServiceCtx,
  _viewer: Viewer,
  input: z.infer<typeof createNotificationSchema>,
): Promise<number> {
  const [target] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.role_id))
    .where(and(eq(users.id, input.user_id), eq(users.active, true), inArray(roles.role_name, ['admin', 'agent'])));
  if (!target) throw badRequest(NOTIFICATIONS_MSG.unknownRecipient);
  const rows = await ctx.db.transaction((tx) =>
    notify(tx, {
      recipients: [input.user_id],
      actorId: null,
      type: input.type,
      title: input.title,
      message: input.message,
      taskId: input.task_id ?? undefined,
      link: input.link ?? null,
      priority: input.priority,
    }),
  );
  return rows[0]!.id;
}
