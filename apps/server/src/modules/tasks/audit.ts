import { asc, eq } from 'drizzle-orm';
import type { Audit } from '@portal/shared';
import { auditFiles, audits, tasks, users } from '../../db/schema/index.js';
import { conflict } from '../../platform/errors.js';
import { now, type ServiceCtx, type Viewer } from '../../platform/service.js';
import type { StagedFile } from '../../platform/uploads.js';
import { notify } from '../notifications/index.js';
import { issueRatingCode } from '../ratings/index.js';
import { loadVisibleTask } from './access.js';
import { recordTaskChange } from './audience.js';
import { MSG, activity, iso } from './common.js';
import { withStoredFiles, type FilesCtx } from './files.js';
import { billClosedTask } from './task-invoice.js';

export interface AuditData {
  description: string;
  contacted: boolean;
  reason?: string;
}

/** Stores the audit with its files and closes the task (erledigt -> abgeschlossen), in one transaction. */
export async function submitAudit(
  ctx: FilesCtx,
  viewer: Viewer,
  input: AuditData & { taskId: number; files: StagedFile[] },
) {
  const { taskId } = input;
  return withStoredFiles(ctx, 'audits', input.files, async (tx, files) => {
    const t = await loadVisibleTask(tx, viewer, taskId, true);
    if (t.status !== 'erledigt' || t.has_audit) throw conflict(MSG.auditNotAllowed);
    const [audit] = await tx
      .insert(audits)
      .values({
        task_id: taskId,
        created_by: viewer.id,
        contacted: input.contacted,
        description: input.description,
        reason: input.reason || null,
      })
      .returning({ id: audits.id });
    if (files.length) await tx.insert(auditFiles).values(files.map((f) => ({ ...f, audit_id: audit!.id })));
    const at = now(ctx);
    await tx
      .update(tasks)
      .set({ status: 'abgeschlossen', abgeschlossen_am: at, has_audit: true, updated_at: at })
      .where(eq(tasks.id, taskId));
    // Closed: an emergency task's recorded time becomes its invoice (issue 31).
    await billClosedTask(tx, ctx.config, t, at);
    // Closed: the customer gets the rating link and code (mail queued in this transaction).
    await issueRatingCode(tx, ctx.config, { taskId });
    await activity(tx, taskId, viewer.id, 'audit_submitted', { audit_id: audit!.id, files: files.length });
    await recordTaskChange(tx, taskId, t);
    await notify(tx, {
      recipients: [t.user_id, t.requested_user_id, t.created_by_userid],
      actorId: viewer.id,
      type: 'audit_submitted',
      params: { kind: 'audit', id: taskId, name: viewer.name },
      taskId,
      priority: 'low',
    });
    return audit!.id;
  });
}

export async function findAudit(ctx: ServiceCtx, viewer: Viewer, input: { taskId: number }): Promise<Audit | null> {
  const { db } = ctx;
  const { taskId } = input;
  await loadVisibleTask(db, viewer, taskId);
  const [a] = await db
    .select({ audit: audits, created_by_name: users.name })
    .from(audits)
    .leftJoin(users, eq(users.id, audits.created_by))
    .where(eq(audits.task_id, taskId));
  if (!a) return null;
  const files = await db
    .select()
    .from(auditFiles)
    .where(eq(auditFiles.audit_id, a.audit.id))
    .orderBy(asc(auditFiles.id));
  return {
    id: a.audit.id,
    task_id: taskId,
    created_at: iso(a.audit.created_at),
    created_by_name: a.created_by_name,
    contacted: a.audit.contacted,
    description: a.audit.description,
    reason: a.audit.reason,
    files: files.map((f) => ({
      id: f.id,
      datei_name: f.datei_name,
      original_name: f.original_name,
      size: f.size,
      file_path: `/protected-files/uploads/audits/${f.datei_name}`,
    })),
  };
}
