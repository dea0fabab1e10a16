import { and, desc, eq, inArray } from 'drizzle-orm';
import {
  fillText,
  languageFromLangCode,
  NOTIFICATION_MAIL,
  notificationText,
  type NotificationParams,
} from '@portal/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { notifications, users, userSettings } from '../../db/schema/index.js';
import { queueMail } from '../../platform/mail.js';
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
  const userIds = [...new Set(n.recipients.filter((id): id is number => typeof id === 'number' && id !== n.actorId))];
  if (userIds.length === 0) return [];
  // The row keeps the German wording (the API's title and message); readers get it from params.
  const german = n.params ? notificationText('de', n.params) : n;
  const textIn = (language: string) => (n.params ? notificationText(language, n.params) : german);
  const rows = await tx
    .insert(notifications)
    .values(
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
    )
    .returning();
  const wantsMail = await tx
    .select({ email: users.email, language: userSettings.language })
    .from(userSettings)
    .innerJoin(users, eq(users.id, userSettings.user_id))
    .where(and(inArray(userSettings.user_id, userIds), eq(userSettings.email_updates, true), eq(users.active, true)));
  const mailIds: number[] = [];
  for (const { email, language } of wantsMail) {
    // In the recipient's language setting (only those with settings chose e-mail updates).
    const text = textIn(language);
    const lines = NOTIFICATION_MAIL[languageFromLangCode(language)];
    const open = n.taskId ? `${fillText(lines.open, { link: `/tasks/${n.taskId}` })}\n\n` : '';
    mailIds.push(
      await queueMail(tx, {
        to: email,
        subject: fillText(lines.subject, { title: text.title }),
        text: `${text.message}\n\n${open}${lines.why}`,
      }),
    );
  }
  afterCommit.notify(rows);
  afterCommit.mail(mailIds);
  return rows;
}

export async function latestNotifications(db: Db, userId: number, limit = 100) {
  return db.select().from(notifications).where(eq(notifications.user_id, userId)).orderBy(desc(notifications.id)).limit(limit);
}

/** Marks one of the caller's own notifications read; false when it is not theirs (or does not exist). */
export async function markRead(db: Db, userId: number, id: number): Promise<boolean> {
  const updated = await db
    .update(notifications)
    .set({ status: 'read' })
    .where(and(eq(notifications.id, id), eq(notifications.user_id, userId)))
    .returning({ id: notifications.id });
  return updated.length > 0;
}
