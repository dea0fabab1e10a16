import type { DbOrTx } from '../../db/client.js';
import { notifications } from '../../db/schema/index.js';

export type NotificationType =
  | 'task_assigned'
  | 'task_created'
  | 'assist_request'
  | 'note_added'
  | 'files_uploaded'
  | 'audit_submitted'
  | 'task_overdue';

export interface NotifyInput {
  recipients: (number | null | undefined)[];
  /** Who caused it: never notified of their own action. */
  actorId: number | null;
  type: NotificationType;
  title: string;
  message: string;
  taskId?: number;
  priority?: 'low' | 'medium' | 'high';
}

/** Writes one notification row per distinct recipient, inside the caller's transaction. */
export async function notify(tx: DbOrTx, n: NotifyInput) {
  const userIds = [...new Set(n.recipients.filter((id): id is number => typeof id === 'number' && id !== n.actorId))];
  if (userIds.length === 0) return [];
  return tx
    .insert(notifications)
    .values(
      userIds.map((user_id) => ({
        user_id,
        title: n.title,
        message: n.message,
        type: n.type,
        link: n.taskId ? `/tasks/${n.taskId}` : null,
        priority: n.priority ?? 'medium',
        task_id: n.taskId ?? null,
      })),
    )
    .returning();
}
