import type { DbOrTx } from '../../db/client.js';
import { taskActivity } from '../../db/schema/index.js';
import { conflict } from '../../platform/errors.js';
import { MSG_ALREADY_CLAIMED, type TaskRecord } from './access.js';

export const MSG = {
  uploadClosed: 'Für erledigte oder abgeschlossene Aufgaben sind keine Uploads möglich.',
  noteClosed: 'Für erledigte oder abgeschlossene Aufgaben können keine Notizen hinzugefügt werden.',
  helpExists: 'Für diese Aufgabe gibt es bereits eine Hilfeanfrage.',
  badMove: 'Diese Statusänderung ist nicht möglich.',
  auditNotAllowed: 'Ein Audit ist nur für erledigte Aufgaben ohne Audit möglich.',
  alreadyClaimed: MSG_ALREADY_CLAIMED,
  unknownType: 'Unbekannter Aufgabentyp',
  noFiles: 'Bitte mindestens eine Datei auswählen.',
  auditLocked: 'Nach dem Audit ist diese Aktion nicht mehr möglich.',
} as const;

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

export function assertOpen(t: TaskRecord, message: string) {
  if (t.status !== 'offen') throw conflict(message);
}

export function assertNoAudit(t: TaskRecord) {
  if (t.has_audit) throw conflict(MSG.auditLocked);
}
