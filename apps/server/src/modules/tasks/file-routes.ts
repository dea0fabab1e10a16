import { tasksCalls as calls } from '@portal/shared/contracts';
import { TASKS_MSG, said } from '@portal/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { notFound } from '../../platform/errors.js';
import { Reply, serve } from '../../platform/serve.js';
import type { ServiceCtx, Viewer } from '../../platform/service.js';
import {
  contentDisposition,
  downloadName,
  readMultipart,
  storedKey,
  storedMime,
  type StagedFile,
} from '../../platform/uploads.js';
import { findAudit, submitAudit } from './audit.js';
import { getVisibleRow } from './detail.js';
import { findProtectedFile, setTaskFileShared, uploadFiles } from './files.js';

/** A protected file of a task or an audit, for a caller who may see its task. */
async function download(
  ctx: ServiceCtx & Pick<AppContext, 'storage'>,
  viewer: Viewer,
  area: 'tasks' | 'audits',
  file: string,
) {
  const key = storedKey(area, file);
  if (!key) throw notFound();
  const meta = await findProtectedFile(ctx, viewer, { area, name: file });
  const body = meta && (await ctx.storage.get(key));
  if (!meta || !body) throw notFound();
  return new Reply(200, body, {
    // Type and name follow the content as detected at upload, never the name the client sent.
    'content-type': storedMime(file),
    'content-length': String(meta.size),
    'content-disposition': contentDisposition(downloadName(meta.original_name, file)),
    'x-content-type-options': 'nosniff',
    'cache-control': 'private, no-store',
  });
}

/** Files and audits of a task: upload, the audit (with its files), and the protected downloads. */
export function taskFileRoutes(app: FastifyInstance, ctx: AppContext) {
  const upload = (req: FastifyRequest) => readMultipart(req, ctx.config.uploads);

  serve(
    app,
    ctx,
    calls.uploadTaskFiles,
    async (c, viewer, input) => ({
      ...said(TASKS_MSG.filesUploaded),
      files: await uploadFiles(c, viewer, { taskId: input.taskId, files: input.files as StagedFile[] }),
    }),
    { upload },
  );
  serve(app, ctx, calls.shareTaskFile, async (c, viewer, input) =>
    said(await setTaskFileShared(c, viewer, { fileId: input.id, shared: input.shared })),
  );
  serve(
    app,
    ctx,
    calls.auditTask,
    async (c, viewer, input) => {
      await submitAudit(c, viewer, {
        taskId: input.taskID,
        description: input.description,
        contacted: input.contacted === 'true',
        reason: input.reason,
        files: input.files as StagedFile[],
      });
      return { ...said(TASKS_MSG.auditSaved) };
    },
    { upload },
  );
  serve(app, ctx, calls.getTaskAudit, async (c, viewer, input) => {
    const audit = await findAudit(c, viewer, { taskId: input.id });
    if (!audit) throw notFound(TASKS_MSG.noAudit);
    return audit;
  });
  serve(app, ctx, calls.getTaskWithAudit, async (c, viewer, input) => {
    const task = await getVisibleRow(c, viewer, { taskId: input.id });
    return { task, audit: await findAudit(c, viewer, { taskId: input.id }) };
  });
  serve(app, ctx, calls.downloadTaskFile, (c, viewer, input) => download(c, viewer, 'tasks', input.file));
  serve(app, ctx, calls.downloadAuditFile, (c, viewer, input) => download(c, viewer, 'audits', input.file));
}
