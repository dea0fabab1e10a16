import { eq } from 'drizzle-orm';
import { BUSINESS_RECORDS_MSG } from '@portal/shared';
import type { Tx } from '../../db/client.js';
import { auditFiles, audits, taskFiles, tasks } from '../../db/schema/index.js';
import { badRequest, notFound } from '../../platform/errors.js';
import type { AppContext } from '../../platform/context.js';
import { now, type ServiceCtx, type Viewer } from '../../platform/service.js';
import { storeFiles, type StagedFile } from '../../platform/uploads.js';
import { notify } from '../notifications/index.js';
import { loadVisibleTask } from './access.js';
import { MSG, activity, assertOpen, iso } from './common.js';

/** The service context of calls that store files: the storage besides the database. */
export type FilesCtx = ServiceCtx & Pick<AppContext, 'storage'>;

/**
 * Runs `fn` in a transaction with files moved to their final names first; when the transaction
 * fails the files are removed again, so a file row never exists without its bytes or the reverse.
 */
export async function withStoredFiles<T>(
  ctx: FilesCtx,
  area: 'tasks' | 'audits',
  staged: StagedFile[],
  fn: (tx: Tx, files: Awaited<ReturnType<typeof storeFiles>>['files']) => Promise<T>,
): Promise<T> {
  const stored = await storeFiles(ctx.storage, area, staged);
  try {
    return await ctx.db.transaction((tx) => fn(tx, stored.files));
  } catch (e) {
    await stored.remove();
    throw e;
  }
}

export async function uploadFiles(ctx: FilesCtx, viewer: Viewer, input: { taskId: number; files: StagedFile[] }) {
  const { taskId, files: staged } = input;
  if (staged.length === 0) throw badRequest(MSG.noFiles);
  return withStoredFiles(ctx, 'tasks', staged, async (tx, files) => {
    const t = await loadVisibleTask(tx, viewer, taskId, true);
    assertOpen(t, MSG.uploadClosed);
    const rows = await tx
      .insert(taskFiles)
      .values(files.map((f) => ({ ...f, task_id: taskId, uploaded_by: viewer.id })))
      .returning();
    await tx
      .update(tasks)
      .set({ updated_at: now(ctx) })
      .where(eq(tasks.id, taskId));
    await activity(tx, taskId, viewer.id, 'files_uploaded', { files: rows.map((r) => r.original_name) });
    await notify(tx, {
      recipients: [t.user_id, t.requested_user_id, t.created_by_userid],
      actorId: viewer.id,
      type: 'files_uploaded',
      params: { kind: 'files', id: taskId, name: viewer.name, files: rows.length },
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
export async function findProtectedFile(
  ctx: ServiceCtx,
  viewer: Viewer,
  input: { area: 'tasks' | 'audits'; name: string },
) {
  const { db } = ctx;
  const { area, name } = input;
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

/**
 * Shares a task file with the task's customer (by its kundennummer) or takes the share back: shared
 * files are listed in the customer's business dashboard under documents. Whoever may see the task may.
 */
export async function setTaskFileShared(ctx: ServiceCtx, viewer: Viewer, input: { fileId: number; shared: boolean }) {
  return ctx.db.transaction(async (tx) => {
    const [f] = await tx.select().from(taskFiles).where(eq(taskFiles.id, input.fileId));
    if (!f) throw notFound();
    await loadVisibleTask(tx, viewer, f.task_id, true);
    await tx.update(taskFiles).set({ shared_with_customer: input.shared }).where(eq(taskFiles.id, f.id));
    await activity(tx, f.task_id, viewer.id, input.shared ? 'file_shared' : 'file_unshared', {
      files: [f.original_name],
    });
    return input.shared ? BUSINESS_RECORDS_MSG.taskFileShared : BUSINESS_RECORDS_MSG.taskFileUnshared;
  });
}
