import { COMMON_MSG, TASKS_MSG, type Message } from '@portal/shared';
import type { DbOrTx } from '../../db/client.js';
import { taskActivity } from '../../db/schema/index.js';
import { conflict } from '../../platform/errors.js';
import type { TaskRecord } from './access.js';

/** The tasks area's messages (shared catalogue); a missing file is the uploads' common text. */
export const MSG = { ...TASKS_MSG, noFiles: COMMON_MSG.noFiles } as const;

export const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

export async function activity(
  tx: DbOrTx,
  taskId: number,
  userId: number | null,
  action: string,
  detail?: Record<string, unknown>,
) {
  await tx.insert(taskActivity).values({ task_id: taskId, user_id: userId, action, detail: detail ?? null });
}

export function assertOpen(t: TaskRecord, message: Message) {
  if (t.status !== 'offen') throw conflict(message);
}

export function assertNoAudit(t: TaskRecord) {
  if (t.has_audit) throw conflict(MSG.auditLocked);
}
