import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { auditFiles, audits, taskFiles, tasks } from '../../db/schema/index.js';
import type { SessionUser } from '../../platform/auth.js';
import { badRequest } from '../../platform/errors.js';
import { storeFiles, type StagedFile, type UploadLimits } from '../../platform/uploads.js';
import { notify } from '../notifications/service.js';
import { loadVisibleTask } from './access.js';
import { MSG, activity, assertOpen, iso } from './common.js';

/**
 * Runs `fn` in a transaction with files moved to their final names first; when the transaction
 * fails the files are removed again, so a file row never exists without its bytes or the reverse.
 */
export async function withStoredFiles<T>(
  db: Db,
  limits: UploadLimits,
  area: 'tasks' | 'audits',
  staged: StagedFile[],
  fn: (tx: Tx, files: Awaited<ReturnType<typeof storeFiles>>['files']) => Promise<T>,
): Promise<T> {
  const stored = await storeFiles(limits, area, staged);
  try {
    return await db.transaction((tx) => fn(tx, stored.files));
  } catch (e) {
    await stored.remove();
    throw e;
  }
}

export async function uploadFiles(
  db: Db,
  limits: UploadLimits,
  viewer: SessionUser,
  taskId: number,
  staged: StagedFile[],
) {
  if (staged.length === 0) throw badRequest(MSG.noFiles);
  return withStoredFiles(db, limits, 'tasks', staged, async (tx, files) => {
    const t = await loadVisibleTask(tx, viewer, taskId, true);
    assertOpen(t, MSG.uploadClosed);
    const rows = await tx
      .insert(taskFiles)
      .values(files.map((f) => ({ ...f, task_id: taskId, uploaded_by: viewer.id })))
      .returning();
    await tx.update(tasks).set({ updated_at: new Date() }).where(eq(tasks.id, taskId));
    await activity(tx, taskId, viewer.id, 'files_uploaded', { files: rows.map((r) => r.original_name) });
    await notify(tx, {
      recipients: [t.user_id, t.requested_user_id, t.created_by_userid],
      actorId: viewer.id,
      type: 'files_uploaded',
      title: 'Neue Dateien',
      message: `${viewer.name} hat ${rows.length} Datei(en) zu Aufgabe #${taskId} hochgeladen.`,
      taskId,
      priority: 'low',
    });
    return rows.map((r) => ({
      id: r.id,
      datei_name: r.datei_name,
      original_name: r.original_name,
      mime: r.mime,
      size: r.size,
      uploaded_by_name: viewer.name,
      created_at: iso(r.created_at),
    }));
  });
}

/** A stored file of a task or audit, if the viewer may see its task. */
export async function findProtectedFile(db: Db, viewer: SessionUser, area: 'tasks' | 'audits', name: string) {
  if (area === 'tasks') {
    const [f] = await db.select().from(taskFiles).where(eq(taskFiles.datei_name, name));
    if (!f) return null;
    await loadVisibleTask(db, viewer, f.task_id);
    return { original_name: f.original_name, mime: f.mime, size: f.size };
  }
  const [f] = await db
    .select({ file: auditFiles, task_id: audits.task_id })
    .from(auditFiles)
    .innerJoin(audits, eq(audits.id, auditFiles.audit_id))
    .where(eq(auditFiles.datei_name, name));
  if (!f) return null;
  await loadVisibleTask(db, viewer, f.task_id);
  return { original_name: f.file.original_name, mime: f.file.mime, size: f.file.size };
}
