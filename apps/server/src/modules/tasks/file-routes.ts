import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  auditSchema,
  auditTaskSchema,
  messageSchema,
  taskFileSchema,
  taskFileShareSchema,
  taskRowSchema,
  TASKS_MSG,
} from '@portal/shared';
import type { AppContext } from '../../platform/context.js';
import { staffWith } from '../../platform/access.js';
import { currentUser } from '../../platform/auth.js';
import { notFound } from '../../platform/errors.js';
import { contentDisposition, downloadName, readMultipart, storedKey, storedMime } from '../../platform/uploads.js';
import { parseFields } from '../../platform/validation.js';
import { findAudit, submitAudit } from './audit.js';
import { getVisibleRow } from './detail.js';
import { findProtectedFile, setTaskFileShared, uploadFiles } from './files.js';
import { id } from './route-helpers.js';
import { errorResponses, fileResponse } from '../../platform/openapi.js';

/** Files and audits of a task: upload, the audit (with its files), and the protected downloads. */
export const taskFileRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { config } = ctx;
  const limits = config.uploads;

  app.post(
    '/api/upload-task-files',
    {
      config: { access: staffWith('tasks') },
      schema: {
        operationId: 'uploadTaskFiles',
        tags: ['tasks'],
        summary: 'Add files to an open task (multipart: taskId, files); 409 when the task is done or closed',
        consumes: ['multipart/form-data'],
        response: {
          ...errorResponses(400, 401, 403, 404, 409, 413, 415),
          200: z.object({ message: z.string(), files: z.array(taskFileSchema) }),
        },
      },
    },
    async (req) => {
      const viewer = currentUser(req);
      const mp = await readMultipart(req, limits);
      try {
        const { taskId } = parseFields(z.object({ taskId: id('Aufgabe fehlt') }), mp.fields);
        const files = await uploadFiles(ctx, viewer, { taskId, files: mp.files });
        return { message: TASKS_MSG.filesUploaded, files };
      } finally {
        await mp.discard();
      }
    },
  );

  app.put(
    '/api/task-files/:id/share',
    {
      config: { access: staffWith('tasks') },
      schema: {
        operationId: 'shareTaskFile',
        tags: ['tasks'],
        summary: 'Share a task file with the task’s customer (business dashboard documents) or take it back {shared}',
        params: z.object({ id: id() }),
        body: taskFileShareSchema,
        response: { ...errorResponses(400, 401, 403, 404), 200: messageSchema },
      },
    },
    async (req) => ({
      message: await setTaskFileShared(ctx, currentUser(req), { fileId: req.params.id, shared: req.body.shared }),
    }),
  );

  app.post(
    '/api/audit-task',
    {
      config: { access: staffWith('tasks') },
      schema: {
        operationId: 'auditTask',
        tags: ['tasks'],
        summary:
          'File the audit of an erledigt task (multipart: taskID, description, contacted, reason, files); closes it',
        consumes: ['multipart/form-data'],
        response: { ...errorResponses(400, 401, 403, 404, 413, 415), 200: messageSchema, 409: messageSchema },
      },
    },
    async (req) => {
      const viewer = currentUser(req);
      const mp = await readMultipart(req, limits);
      try {
        const input = parseFields(auditTaskSchema, mp.fields);
        await submitAudit(ctx, viewer, {
          taskId: input.taskID,
          description: input.description,
          contacted: input.contacted === 'true',
          reason: input.reason,
          files: mp.files,
        });
        return { message: TASKS_MSG.auditSaved };
      } finally {
        await mp.discard();
      }
    },
  );

  app.get(
    '/api/task-audit/:id',
    {
      config: { access: staffWith('tasks') },
      schema: {
        operationId: 'getTaskAudit',
        tags: ['tasks'],
        summary: 'The audit of a task (404 when none)',
        params: z.object({ id: id() }),
        response: { ...errorResponses(400, 401, 403, 404), 200: auditSchema },
      },
    },
    async (req) => {
      const audit = await findAudit(ctx, currentUser(req), { taskId: req.params.id });
      if (!audit) throw notFound(TASKS_MSG.noAudit);
      return audit;
    },
  );

  app.get(
    '/api/task-with-audit/:id',
    {
      config: { access: staffWith('tasks') },
      schema: {
        operationId: 'getTaskWithAudit',
        tags: ['tasks'],
        summary: 'A task row with its audit (or null)',
        params: z.object({ id: id() }),
        response: {
          ...errorResponses(400, 401, 403, 404),
          200: z.object({ task: taskRowSchema, audit: auditSchema.nullable() }),
        },
      },
    },
    async (req) => {
      const viewer = currentUser(req);
      const task = await getVisibleRow(ctx, viewer, { taskId: req.params.id });
      return { task, audit: await findAudit(ctx, viewer, { taskId: req.params.id }) };
    },
  );

  for (const area of ['tasks', 'audits'] as const) {
    app.get(
      `/protected-files/uploads/${area}/:file`,
      {
        config: { access: staffWith('tasks') },
        schema: {
          operationId: ({ tasks: 'downloadTaskFile', audits: 'downloadAuditFile' } as const)[area],
          tags: ['tasks'],
          summary: `A file of a ${area === 'tasks' ? 'task' : 'task audit'} the caller may see`,
          params: z.object({ file: z.string().max(100) }),
          response: { 200: fileResponse('application/octet-stream'), ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (req, reply) => {
        const key = storedKey(area, req.params.file);
        if (!key) throw notFound();
        const meta = await findProtectedFile(ctx, currentUser(req), { area, name: req.params.file });
        const body = meta && (await ctx.storage.get(key));
        if (!meta || !body) throw notFound();
        return reply
          // Type and name follow the content as detected at upload, never the name the client sent.
          .header('Content-Type', storedMime(req.params.file))
          .header('Content-Length', String(meta.size))
          .header('Content-Disposition', contentDisposition(downloadName(meta.original_name, req.params.file)))
          .header('X-Content-Type-Options', 'nosniff')
          .header('Cache-Control', 'private, no-store')
          .send(body);
      },
    );
  }
};
