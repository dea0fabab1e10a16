import type { FastifyReply } from 'fastify';
import fs from 'node:fs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addNoteSchema,
  agentSummarySchema,
  auditSchema,
  auditTaskSchema,
  claimTaskSchema,
  createTaskSchema,
  messageSchema,
  requestAssistSchema,
  setTaskStatusSchema,
  switchAgentSchema,
  taskDetailResponseSchema,
  taskFileSchema,
  taskListQuerySchema,
  taskListResponseSchema,
  taskNoteSchema,
  taskRowSchema,
  taskSinceResponseSchema,
  taskStatusParam,
  taskTypeSchema,
  TASK_PAGE_MAX,
} from '@portal/shared';
import type { AppContext } from '../../platform/context.js';
import { currentUser } from '../../platform/auth.js';
import { badRequest, forbidden, notFound } from '../../platform/errors.js';
import { contentDisposition, downloadName, readMultipart, storedMime, storedPath } from '../../platform/uploads.js';
import { listBoardJson, listSince } from './queries.js';
import {
  addNote,
  claimTask,
  createTask,
  findAudit,
  findProtectedFile,
  getVisibleRow,
  listAgents,
  listNotes,
  listTaskTypes,
  requestAssist,
  setStatus,
  submitAudit,
  switchAgent,
  taskDetail,
  uploadFiles,
} from './service.js';

const tasksAccess = { roles: ['admin', 'agent'], flag: 'tasks' } as const;
/**
 * Board pages (up to 500 rows) leave as the JSON text PostgreSQL built (`listBoardJson`): no zod check
 * and no serialising on the way out. The response schema still documents the answer; the API tests
 * hold it to that schema.
 */
const prebuiltJson = () => (data: unknown) => (typeof data === 'string' ? data : JSON.stringify(data));
const sendJsonText = (reply: FastifyReply, json: string) => reply.type('application/json; charset=utf-8').send(json);
const adminTasks = { roles: ['admin'], flag: 'tasks' } as const;
const id = (m = 'Ungültige Id') => z.coerce.number({ error: m }).int(m).positive(m);

/** Parses multipart text fields with a shared schema: the first German message on failure. */
function parseFields<T extends z.ZodType>(schema: T, fields: Record<string, string>): z.infer<T> {
  const r = schema.safeParse(fields);
  if (!r.success) throw badRequest(r.error.issues[0]?.message ?? 'Ungültige Anfrage.');
  return r.data;
}

export const taskRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db, config } = ctx;
  const limits = config.uploads;

  const boardParams = z.object({ countryId: id('Ungültiges Land'), status: taskStatusParam });
  const agentBoardParams = boardParams.extend({ agentId: id('Ungültiger Agent') });
  const sinceParams = z.object({
    lastTaskId: z.coerce.number().int().min(0),
    limit: z.coerce.number().int().min(1).max(TASK_PAGE_MAX),
  });

  app.get(
    '/api/get-tasks-from-admin/:countryId/:status',
    {
      config: { access: adminTasks },
      serializerCompiler: prebuiltJson,
      schema: {
        tags: ['tasks'],
        summary: 'Board page of a country and status (admin: all tasks)',
        params: boardParams,
        querystring: taskListQuerySchema,
        response: { 200: taskListResponseSchema },
      },
    },
    async (req, reply) =>
      sendJsonText(
        reply,
        await listBoardJson(db, { countryId: req.params.countryId, status: req.params.status }, req.query),
      ),
  );

  const agentScope = (
    req: { params: { countryId: number; status: 'offen' | 'erledigt' | 'abgeschlossen'; agentId: number } },
    viewer: ReturnType<typeof currentUser>,
    unassigned = false,
  ) => {
    if (viewer.role !== 'admin' && req.params.agentId !== viewer.id) throw forbidden();
    // The tasks nobody has taken are open to every agent of their country, and only to them.
    if (unassigned) {
      if (viewer.role !== 'admin' && req.params.countryId !== viewer.country_id) throw forbidden();
      return { countryId: req.params.countryId, status: req.params.status };
    }
    return { countryId: req.params.countryId, status: req.params.status, visibleFor: req.params.agentId };
  };

  app.get(
    '/api/get-tasks-from-agent/:countryId/:status/:agentId',
    {
      config: { access: tasksAccess },
      serializerCompiler: prebuiltJson,
      schema: {
        tags: ['tasks'],
        summary:
          'Board page of an agent: tasks assigned to, created by, or asking help of them (agentId must be the caller, unless admin)',
        params: agentBoardParams,
        querystring: taskListQuerySchema,
        response: { 200: taskListResponseSchema },
      },
    },
    async (req, reply) =>
      sendJsonText(
        reply,
        await listBoardJson(db, agentScope(req, currentUser(req), req.query.unassigned), req.query),
      ),
  );

  app.get(
    '/api/get-tasks-from-admin/:countryId/:status/since/:lastTaskId/:limit',
    {
      config: { access: adminTasks },
      schema: {
        tags: ['tasks'],
        summary: 'Tasks with a higher id (catch-up poll)',
        params: boardParams.merge(sinceParams),
        response: { 200: taskSinceResponseSchema },
      },
    },
    async (req) => ({
      tasks: await listSince(
        db,
        { countryId: req.params.countryId, status: req.params.status },
        req.params.lastTaskId,
        req.params.limit,
      ),
    }),
  );

  app.get(
    '/api/get-tasks-from-agent/:countryId/:status/:agentId/since/:lastTaskId/:limit',
    {
      config: { access: tasksAccess },
      schema: {
        tags: ['tasks'],
        summary: 'Tasks with a higher id (catch-up poll), agent visibility',
        params: agentBoardParams.merge(sinceParams),
        response: { 200: taskSinceResponseSchema },
      },
    },
    async (req) => ({
      tasks: await listSince(db, agentScope(req, currentUser(req)), req.params.lastTaskId, req.params.limit),
    }),
  );

  app.get(
    '/api/get-tasks/:taskId',
    {
      config: { access: tasksAccess },
      schema: {
        tags: ['tasks'],
        summary: 'One task row',
        params: z.object({ taskId: id() }),
        response: { 200: taskRowSchema },
      },
    },
    (req) => getVisibleRow(db, currentUser(req), req.params.taskId),
  );

  app.get(
    '/api/task-detail-agent/:taskId/:userId',
    {
      config: { access: tasksAccess },
      schema: {
        tags: ['tasks'],
        summary: 'Task details with files, conversations, messages and notes (userId must be the caller, unless admin)',
        params: z.object({ taskId: id(), userId: id() }),
        response: { 200: taskDetailResponseSchema },
      },
    },
    (req) => {
      const viewer = currentUser(req);
      if (viewer.role !== 'admin' && req.params.userId !== viewer.id) throw forbidden();
      return taskDetail(db, viewer, req.params.taskId);
    },
  );

  app.get(
    '/api/task-types',
    { config: { access: tasksAccess }, schema: { tags: ['tasks'], response: { 200: z.array(taskTypeSchema) } } },
    () => listTaskTypes(db),
  );

  app.get(
    '/api/agents',
    {
      config: { access: tasksAccess },
      schema: {
        tags: ['tasks'],
        summary:
          "Staff of the caller's country with counters O, E, A (admins may ask for another country with countryId)",
        querystring: z.object({ countryId: id('Ungültiges Land').optional() }),
        response: { 200: z.array(agentSummarySchema) },
      },
    },
    (req) => {
      const viewer = currentUser(req);
      const own = viewer.country_id ?? 1;
      const countryId = req.query.countryId ?? own;
      if (countryId !== own && viewer.role !== 'admin') throw forbidden();
      return listAgents(db, countryId);
    },
  );

  app.post(
    '/api/claim-task',
    {
      config: { access: tasksAccess },
      schema: {
        tags: ['tasks'],
        summary:
          "Take an unassigned task of one's own country (admins: any); 409 when someone has it already, 404 for another country",
        body: claimTaskSchema,
        response: { 200: taskRowSchema, 404: messageSchema, 409: messageSchema },
      },
    },
    (req) => claimTask(db, currentUser(req), req.body.taskID),
  );

  app.post(
    '/api/create-task',
    {
      config: { access: tasksAccess, idempotent: true },
      schema: {
        tags: ['tasks'],
        summary:
          'Create a task (multipart: titel, beschreibung, frist, typ, userID, kundennummer, firma, createdByUserID, files)',
        consumes: ['multipart/form-data'],
        response: { 200: z.object({ aufgabeID: z.number().int(), message: z.string() }) },
      },
    },
    async (req) => {
      const viewer = currentUser(req);
      const mp = await readMultipart(req, limits);
      try {
        const input = parseFields(createTaskSchema, mp.fields);
        const aufgabeID = await createTask(db, limits, viewer, { ...input, frist: new Date(input.frist) }, mp.files);
        return { aufgabeID, message: 'Aufgabe wurde erstellt.' };
      } finally {
        await mp.discard();
      }
    },
  );

  app.post(
    '/api/upload-task-files',
    {
      config: { access: tasksAccess },
      schema: {
        tags: ['tasks'],
        summary: 'Add files to an open task (multipart: taskId, files); 409 when the task is done or closed',
        consumes: ['multipart/form-data'],
        response: { 200: z.object({ message: z.string(), files: z.array(taskFileSchema) }) },
      },
    },
    async (req) => {
      const viewer = currentUser(req);
      const mp = await readMultipart(req, limits);
      try {
        const { taskId } = parseFields(z.object({ taskId: id('Aufgabe fehlt') }), mp.fields);
        const files = await uploadFiles(db, limits, viewer, taskId, mp.files);
        return { message: 'Dateien wurden hochgeladen.', files };
      } finally {
        await mp.discard();
      }
    },
  );

  app.get(
    '/api/task-get-notes/:taskId',
    {
      config: { access: tasksAccess },
      schema: { tags: ['tasks'], params: z.object({ taskId: id() }), response: { 200: z.array(taskNoteSchema) } },
    },
    (req) => listNotes(db, currentUser(req), req.params.taskId),
  );

  app.post(
    '/api/task-add-note',
    {
      config: { access: tasksAccess },
      schema: {
        tags: ['tasks'],
        summary: 'Add a note to an open task (409 otherwise)',
        body: addNoteSchema,
        response: { 200: messageSchema.extend({ note: taskNoteSchema }) },
      },
    },
    async (req) => ({
      message: 'Notiz wurde hinzugefügt.',
      note: await addNote(db, currentUser(req), req.body.taskID, req.body.notiz),
    }),
  );

  app.post(
    '/api/switch-task-agent',
    {
      config: { access: tasksAccess },
      schema: {
        tags: ['tasks'],
        summary: 'Hand the task to another agent',
        body: switchAgentSchema,
        response: { 200: messageSchema },
      },
    },
    async (req) => {
      await switchAgent(db, currentUser(req), req.body.taskID, req.body.newAgentID);
      return { message: 'Agent wurde gewechselt.' };
    },
  );

  app.post(
    '/api/request-assist',
    {
      config: { access: tasksAccess },
      schema: {
        tags: ['tasks'],
        summary: 'Ask a colleague for help (one per task; a second one is 409 with a German message)',
        body: requestAssistSchema,
        response: { 200: messageSchema, 409: messageSchema },
      },
    },
    async (req) => {
      await requestAssist(db, currentUser(req), req.body.taskID, req.body.agentID, req.body.comment);
      return { message: 'Hilfeanfrage wurde gesendet.' };
    },
  );

  app.post(
    '/api/task-set-status',
    {
      config: { access: tasksAccess },
      schema: {
        tags: ['tasks'],
        summary: 'offen -> erledigt, or erledigt -> offen while no audit exists (409 otherwise)',
        body: setTaskStatusSchema,
        response: { 200: messageSchema, 409: messageSchema },
      },
    },
    async (req) => {
      await setStatus(db, currentUser(req), req.body.taskID, req.body.status);
      return { message: 'Status wurde geändert.' };
    },
  );

  app.post(
    '/api/audit-task',
    {
      config: { access: tasksAccess },
      schema: {
        tags: ['tasks'],
        summary:
          'File the audit of an erledigt task (multipart: taskID, description, contacted, reason, files); closes it',
        consumes: ['multipart/form-data'],
        response: { 200: messageSchema, 409: messageSchema },
      },
    },
    async (req) => {
      const viewer = currentUser(req);
      const mp = await readMultipart(req, limits);
      try {
        const input = parseFields(auditTaskSchema, mp.fields);
        await submitAudit(
          db,
          limits,
          viewer,
          input.taskID,
          { description: input.description, contacted: input.contacted === 'true', reason: input.reason },
          mp.files,
        );
        return { message: 'Audit wurde gespeichert.' };
      } finally {
        await mp.discard();
      }
    },
  );

  app.get(
    '/api/task-audit/:id',
    {
      config: { access: tasksAccess },
      schema: {
        tags: ['tasks'],
        summary: 'The audit of a task (404 when none)',
        params: z.object({ id: id() }),
        response: { 200: auditSchema },
      },
    },
    async (req) => {
      const audit = await findAudit(db, currentUser(req), req.params.id);
      if (!audit) throw notFound('Kein Audit vorhanden.');
      return audit;
    },
  );

  app.get(
    '/api/task-with-audit/:id',
    {
      config: { access: tasksAccess },
      schema: {
        tags: ['tasks'],
        summary: 'A task row with its audit (or null)',
        params: z.object({ id: id() }),
        response: { 200: z.object({ task: taskRowSchema, audit: auditSchema.nullable() }) },
      },
    },
    async (req) => {
      const viewer = currentUser(req);
      const task = await getVisibleRow(db, viewer, req.params.id);
      return { task, audit: await findAudit(db, viewer, req.params.id) };
    },
  );

  for (const area of ['tasks', 'audits'] as const) {
    app.get(
      `/protected-files/uploads/${area}/:file`,
      {
        config: { access: tasksAccess },
        schema: {
          tags: ['tasks'],
          summary: `A file of a ${area === 'tasks' ? 'task' : 'task audit'} the caller may see`,
          params: z.object({ file: z.string().max(100) }),
        },
      },
      async (req, reply) => {
        const file = storedPath(limits, area, req.params.file);
        if (!file) throw notFound();
        const meta = await findProtectedFile(db, currentUser(req), area, req.params.file);
        if (!meta || !fs.existsSync(file)) throw notFound();
        return reply
          // Type and name follow the content as detected at upload, never the name the client sent.
          .header('Content-Type', storedMime(req.params.file))
          .header('Content-Length', String(meta.size))
          .header('Content-Disposition', contentDisposition(downloadName(meta.original_name, req.params.file)))
          .header('X-Content-Type-Options', 'nosniff')
          .header('Cache-Control', 'private, no-store')
          .send(fs.createReadStream(file));
      },
    );
  }
};
