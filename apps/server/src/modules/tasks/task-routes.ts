import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addNoteSchema,
  claimTaskSchema,
  createTaskSchema,
  messageSchema,
  requestAssistSchema,
  setTaskStatusSchema,
  switchAgentSchema,
  taskDetailResponseSchema,
  taskNoteSchema,
  taskRowSchema,
  TASKS_MSG,
} from '@portal/shared';
import type { AppContext } from '../../platform/context.js';
import { staffWith } from '../../platform/access.js';
import { currentUser } from '../../platform/auth.js';
import { forbidden } from '../../platform/errors.js';
import { readMultipart } from '../../platform/uploads.js';
import { parseFields } from '../../platform/validation.js';
import { addNote, claimTask, createTask, requestAssist, setStatus, switchAgent } from './commands.js';
import { getVisibleRow, listNotes, taskDetail } from './detail.js';
import { id } from './route-helpers.js';
import { errorResponses } from '../../platform/openapi.js';

/** One task: its row and details, claim, create, notes, hand-over, help request, status. */
export const taskCommandRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { config } = ctx;
  const limits = config.uploads;

  app.get(
    '/api/get-tasks/:taskId',
    {
      config: { access: staffWith('tasks') },
      schema: {
        operationId: 'getTask',
        tags: ['tasks'],
        summary: 'One task row',
        params: z.object({ taskId: id() }),
        response: { ...errorResponses(400, 401, 403, 404), 200: taskRowSchema },
      },
    },
    (req) => getVisibleRow(ctx, currentUser(req), { taskId: req.params.taskId }),
  );

  app.get(
    '/api/task-detail-agent/:taskId/:userId',
    {
      config: { access: staffWith('tasks') },
      schema: {
        operationId: 'getTaskDetailAgent',
        tags: ['tasks'],
        summary: 'Task details with files, conversations, messages and notes (userId must be the caller, unless admin)',
        params: z.object({ taskId: id(), userId: id() }),
        response: { ...errorResponses(400, 401, 403, 404), 200: taskDetailResponseSchema },
      },
    },
    (req) => {
      const viewer = currentUser(req);
      if (viewer.role !== 'admin' && req.params.userId !== viewer.id) throw forbidden();
      return taskDetail(ctx, viewer, { taskId: req.params.taskId });
    },
  );

  app.post(
    '/api/claim-task',
    {
      config: { access: staffWith('tasks') },
      schema: {
        operationId: 'claimTask',
        tags: ['tasks'],
        summary:
          "Take an unassigned task of one's own country (admins: any); 409 when someone has it already, 404 for another country",
        body: claimTaskSchema,
        response: { ...errorResponses(400, 401, 403), 200: taskRowSchema, 404: messageSchema, 409: messageSchema },
      },
    },
    (req) => claimTask(ctx, currentUser(req), { taskId: req.body.taskID }),
  );

  app.post(
    '/api/create-task',
    {
      config: { access: staffWith('tasks'), idempotent: true },
      schema: {
        operationId: 'createTask',
        tags: ['tasks'],
        summary:
          'Create a task (multipart: titel, beschreibung, frist, typ, userID, kundennummer, firma, createdByUserID, files)',
        consumes: ['multipart/form-data'],
        response: {
          ...errorResponses(400, 401, 403, 413, 415),
          200: z.object({ aufgabeID: z.number().int(), message: z.string() }),
        },
      },
    },
    async (req) => {
      const viewer = currentUser(req);
      const mp = await readMultipart(req, limits);
      try {
        const input = parseFields(createTaskSchema, mp.fields);
        const aufgabeID = await createTask(ctx, viewer, { ...input, frist: new Date(input.frist), files: mp.files });
        return { aufgabeID, message: TASKS_MSG.created };
      } finally {
        await mp.discard();
      }
    },
  );

  app.get(
    '/api/task-get-notes/:taskId',
    {
      config: { access: staffWith('tasks') },
      schema: {
        operationId: 'getTaskNotes',
        tags: ['tasks'],
        summary: 'The notes of a task the caller may see, oldest first',
        params: z.object({ taskId: id() }),
        response: { ...errorResponses(400, 401, 403, 404), 200: z.array(taskNoteSchema) },
      },
    },
    (req) => listNotes(ctx, currentUser(req), { taskId: req.params.taskId }),
  );

  app.post(
    '/api/task-add-note',
    {
      config: { access: staffWith('tasks') },
      schema: {
        operationId: 'addTaskNote',
        tags: ['tasks'],
        summary: 'Add a note to an open task (409 otherwise)',
        body: addNoteSchema,
        response: { ...errorResponses(400, 401, 403, 404), 200: messageSchema.extend({ note: taskNoteSchema }) },
      },
    },
    async (req) => ({
      message: TASKS_MSG.noteAdded,
      note: await addNote(ctx, currentUser(req), { taskId: req.body.taskID, notiz: req.body.notiz }),
    }),
  );

  app.post(
    '/api/switch-task-agent',
    {
      config: { access: staffWith('tasks') },
      schema: {
        operationId: 'switchTaskAgent',
        tags: ['tasks'],
        summary: 'Hand the task to another agent',
        body: switchAgentSchema,
        response: { ...errorResponses(400, 401, 403, 404, 409), 200: messageSchema },
      },
    },
    async (req) => {
      await switchAgent(ctx, currentUser(req), { taskId: req.body.taskID, newAgentId: req.body.newAgentID });
      return { message: TASKS_MSG.agentChanged };
    },
  );

  app.post(
    '/api/request-assist',
    {
      config: { access: staffWith('tasks') },
      schema: {
        operationId: 'requestAssist',
        tags: ['tasks'],
        summary: 'Ask a colleague for help (one per task; a second one is 409 with a German message)',
        body: requestAssistSchema,
        response: { ...errorResponses(400, 401, 403, 404), 200: messageSchema, 409: messageSchema },
      },
    },
    async (req) => {
      await requestAssist(ctx, currentUser(req), {
        taskId: req.body.taskID,
        agentId: req.body.agentID,
        comment: req.body.comment,
      });
      return { message: TASKS_MSG.helpSent };
    },
  );

  app.post(
    '/api/task-set-status',
    {
      config: { access: staffWith('tasks') },
      schema: {
        operationId: 'setTaskStatus',
        tags: ['tasks'],
        summary: 'offen -> erledigt, or erledigt -> offen while no audit exists (409 otherwise)',
        body: setTaskStatusSchema,
        response: { ...errorResponses(400, 401, 403, 404), 200: messageSchema, 409: messageSchema },
      },
    },
    async (req) => {
      await setStatus(ctx, currentUser(req), { taskId: req.body.taskID, status: req.body.status });
      return { message: TASKS_MSG.statusChanged };
    },
  );
};
