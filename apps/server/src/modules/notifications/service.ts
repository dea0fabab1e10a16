import { and, desc, eq, inArray } from 'drizzle-orm';
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

export interface NotifyInput {
  recipients: (number | null | undefined)[];
  /** Who caused it: never notified of their own action. */
  actorId: number | null;
  type: NotificationType;
  title: string;
  message: string;
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
  const rows = await tx
    .insert(notifications)
    .values(
      userIds.map((user_id) => ({
        user_id,
        title: n.title,
        message: n.message,
        type: n.type,
        link: n.link !== undefined ? n.link : n.taskId ? `/tasks/${n.taskId}` : null,
        priority: n.priority ?? 'medium',
        task_id: n.taskId ?? null,
      })),
    )
    .returning();
  const wantsMail = await tx
    .select({ email: users.email })
    .from(userSettings)
    .innerJoin(users, eq(users.id, userSettings.user_id))
    .where(and(inArray(userSettings.user_id, userIds), eq(userSettings.email_updates, true), eq(users.active, true)));
  const mailIds: number[] = [];
  for (const { email } of wantsMail) {
    mailIds.push(
      await queueMail(tx, {
        to: email,
        subject: `Service-Portal: ${n.title}`,
        text: `${n.message}\n\n${n.taskId ? `Aufgabe öffnen: /tasks/${n.taskId}\n\n` : ''}Sie erhalten diese Mail, weil Sie E-Mail-Updates in Ihren Einstellungen aktiviert haben.`,
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
