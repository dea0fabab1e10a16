import { z } from 'zod';
import { COMMON_MSG } from '../messages/common.js';
import { TASKS_MSG } from '../messages/tasks.js';
import {
  addNoteSchema,
  agentSummarySchema,
  auditSchema,
  auditTaskSchema,
  claimTaskSchema,
  createTaskSchema,
  pauseTaskSchema,
  resumeTaskSchema,
  requestAssistSchema,
  setTaskStatusSchema,
  switchAgentSchema,
  TASK_PAGE_MAX,
  taskDetailResponseSchema,
  taskFileSchema,
  taskListQuerySchema,
  taskListResponseSchema,
  taskNoteSchema,
  taskRowSchema,
  taskSinceResponseSchema,
  taskStatusParam,
  taskBoardViewSchema,
  taskTypeSchema,
} from '../schemas/tasks.js';
import { taskFileShareSchema } from '../schemas/business-records.js';
import { messageSchema } from '../user.js';
import { access, defineCalls, fileAnswer } from './define.js';

const tasks = access.staffWith('tasks');
/** A positive id from the path or a form field, with the message the forms show. */
const id = (m: string = COMMON_MSG.invalidId.code) => z.coerce.number({ error: m }).int(m).positive(m);
const boardParams = z.object({ countryId: id(COMMON_MSG.invalidCountry.code), status: taskStatusParam });
// The board's agent is `boardAgentId` in the declaration (the URL is the same): the board's query has
// an `agentId` filter of its own, and a call's input is one object of distinct names.
const agentBoardParams = boardParams.extend({ boardAgentId: id(TASKS_MSG.invalidAgent.code) });
const sinceParams = z.object({
  lastTaskId: z.coerce.number().int().min(0),
  limit: z.coerce.number().int().min(1).max(TASK_PAGE_MAX),
});
/** A board page leaves compressed once per encoding when it is kept (board-cache.ts). */
const acceptEncoding = z.looseObject({ 'accept-encoding': z.string().optional() });
const taskIdParams = z.object({ taskId: id() });
const idParams = z.object({ id: id() });
const fileParams = z.object({ file: z.string().max(100) });

/** Tasks (issue 7): the boards, one task and its commands, files and audits. */
export const tasksCalls = defineCalls('tasks', {
  getTasksFromAdmin: {
    method: 'GET',
    path: '/api/get-tasks-from-admin/:countryId/:status',
    access: access.adminWith('tasks'),
    summary: 'Board page of a country and status (admin: all tasks)',
    params: boardParams,
    query: taskListQuerySchema,
    headers: acceptEncoding,
    answer: taskListResponseSchema,
    errors: [400, 401, 403],
  },
  getTasksFromAgent: {
    method: 'GET',
    path: '/api/get-tasks-from-agent/:countryId/:status/:boardAgentId',
    access: tasks,
    summary:
      'Board page of an agent: tasks assigned to, created by, or asking help of them (agentId must be the caller, unless admin)',
    params: agentBoardParams,
    query: taskListQuerySchema,
    headers: acceptEncoding,
    answer: taskListResponseSchema,
    errors: [400, 401, 403],
  },
  getTasksFromAdminSince: {
    method: 'GET',
    path: '/api/get-tasks-from-admin/:countryId/:status/since/:lastTaskId/:limit',
    access: access.adminWith('tasks'),
    summary: 'Tasks with a higher id (catch-up poll)',
    params: boardParams.merge(sinceParams),
    answer: taskSinceResponseSchema,
    errors: [400, 401, 403],
  },
  getTasksFromAgentSince: {
    method: 'GET',
    path: '/api/get-tasks-from-agent/:countryId/:status/:boardAgentId/since/:lastTaskId/:limit',
    access: tasks,
    summary: 'Tasks with a higher id (catch-up poll), agent visibility',
    params: agentBoardParams.merge(sinceParams),
    answer: taskSinceResponseSchema,
    errors: [400, 401, 403],
  },
  getTaskBoardView: {
    method: 'GET',
    path: '/api/task-board-view',
    access: tasks,
    summary: "The caller's board view (cards or list; cards until chosen)",
    answer: taskBoardViewSchema,
    errors: [400, 401, 403],
  },
  setTaskBoardView: {
    method: 'PUT',
    path: '/api/task-board-view',
    access: tasks,
    summary: "Keep the caller's board view (cards or list) for every device",
    body: taskBoardViewSchema,
    answer: taskBoardViewSchema,
    errors: [400, 401, 403],
  },
  listTaskTypes: {
    method: 'GET',
    path: '/api/task-types',
    access: tasks,
    summary: 'The task types (id and name), for the task forms and filters',
    answer: z.array(taskTypeSchema),
    errors: [400, 401, 403],
  },
  listAgents: {
    method: 'GET',
    path: '/api/agents',
    access: tasks,
    summary: "Staff of the caller's country with counters O, E, A (admins may ask for another country with countryId)",
    query: z.object({ countryId: id(COMMON_MSG.invalidCountry.code).optional() }),
    answer: z.array(agentSummarySchema),
    errors: [400, 401, 403],
  },
  getTask: {
    method: 'GET',
    path: '/api/get-tasks/:taskId',
    access: tasks,
    summary: 'One task row',
    params: taskIdParams,
    answer: taskRowSchema,
    errors: [400, 401, 403, 404],
  },
  getTaskDetailAgent: {
    method: 'GET',
    path: '/api/task-detail-agent/:taskId/:userId',
    access: tasks,
    summary: 'Task details with files, conversations, messages and notes (userId must be the caller, unless admin)',
    params: z.object({ taskId: id(), userId: id() }),
    answer: taskDetailResponseSchema,
    errors: [400, 401, 403, 404],
  },
  claimTask: {
    method: 'POST',
    path: '/api/claim-task',
    access: tasks,
    summary:
      "Take an unassigned task of one's own country (admins: any); 409 when someone has it already, 404 for another country",
    body: claimTaskSchema,
    answer: taskRowSchema,
    errors: [400, 401, 403, 404, 409],
  },
  createTask: {
    method: 'POST',
    path: '/api/create-task',
    access: tasks,
    summary:
      'Create a task (multipart: titel, beschreibung, frist, typ, userID, kundennummer, firma, createdByUserID, files)',
    multipart: { fields: createTaskSchema, fileField: 'files' },
    answer: z.object({ aufgabeID: z.number().int(), message: z.string(), code: z.string().optional() }),
    errors: [400, 401, 403, 413, 415],
    idempotent: true,
  },
  getTaskNotes: {
    method: 'GET',
    path: '/api/task-get-notes/:taskId',
    access: tasks,
    summary: 'The notes of a task the caller may see, oldest first',
    params: taskIdParams,
    answer: z.array(taskNoteSchema),
    errors: [400, 401, 403, 404],
  },
  addTaskNote: {
    method: 'POST',
    path: '/api/task-add-note',
    access: tasks,
    summary: 'Add a note to an open task (409 otherwise)',
    body: addNoteSchema,
    answer: messageSchema.extend({ note: taskNoteSchema }),
    errors: [400, 401, 403, 404],
  },
  switchTaskAgent: {
    method: 'POST',
    path: '/api/switch-task-agent',
    access: tasks,
    summary: 'Hand the task to another agent',
    body: switchAgentSchema,
    answer: messageSchema,
    errors: [400, 401, 403, 404, 409],
  },
  requestAssist: {
    method: 'POST',
    path: '/api/request-assist',
    access: tasks,
    summary: 'Ask a colleague for help (one per task; a second one is 409 with a German message)',
    body: requestAssistSchema,
    answer: messageSchema,
    errors: [400, 401, 403, 404, 409],
  },
  setTaskStatus: {
    method: 'POST',
    path: '/api/task-set-status',
    access: tasks,
    summary: 'offen -> erledigt, or erledigt -> offen while no audit exists (409 otherwise)',
    body: setTaskStatusSchema,
    answer: messageSchema,
    errors: [400, 401, 403, 404, 409],
  },
  pauseTask: {
    method: 'POST',
    path: '/api/task-pause',
    access: tasks,
    summary:
      "Stop an open task's service-level clock ('Wartet auf Kunde' or 'Wartet auf Lieferung'); the task's agent or an admin; 409 when paused or not open",
    body: pauseTaskSchema,
    answer: messageSchema,
    errors: [400, 401, 403, 404, 409],
  },
  resumeTask: {
    method: 'POST',
    path: '/api/task-resume',
    access: tasks,
    summary:
      "Let a paused task's service-level clock run again: the paused minutes move its deadlines later; the task's agent or an admin; 409 when not paused",
    body: resumeTaskSchema,
    answer: messageSchema,
    errors: [400, 401, 403, 404, 409],
  },
  uploadTaskFiles: {
    method: 'POST',
    path: '/api/upload-task-files',
    access: tasks,
    summary: 'Add files to an open task (multipart: taskId, files); 409 when the task is done or closed',
    multipart: { fields: z.object({ taskId: id('Aufgabe fehlt') }), fileField: 'files' },
    answer: z.object({ message: z.string(), code: z.string().optional(), files: z.array(taskFileSchema) }),
    errors: [400, 401, 403, 404, 409, 413, 415],
  },
  shareTaskFile: {
    method: 'PUT',
    path: '/api/task-files/:id/share',
    access: tasks,
    summary: 'Share a task file with the task’s customer (business dashboard documents) or take it back {shared}',
    params: idParams,
    body: taskFileShareSchema,
    answer: messageSchema,
    errors: [400, 401, 403, 404],
  },
  auditTask: {
    method: 'POST',
    path: '/api/audit-task',
    access: tasks,
    summary: 'File the audit of an erledigt task (multipart: taskID, description, contacted, reason, files); closes it',
    multipart: { fields: auditTaskSchema, fileField: 'files' },
    answer: messageSchema,
    errors: [400, 401, 403, 404, 409, 413, 415],
  },
  getTaskAudit: {
    method: 'GET',
    path: '/api/task-audit/:id',
    access: tasks,
    summary: 'The audit of a task (404 when none)',
    params: idParams,
    answer: auditSchema,
    errors: [400, 401, 403, 404],
  },
  getTaskWithAudit: {
    method: 'GET',
    path: '/api/task-with-audit/:id',
    access: tasks,
    summary: 'A task row with its audit (or null)',
    params: idParams,
    answer: z.object({ task: taskRowSchema, audit: auditSchema.nullable() }),
    errors: [400, 401, 403, 404],
  },
  downloadTaskFile: {
    method: 'GET',
    path: '/protected-files/uploads/tasks/:file',
    access: tasks,
    summary: 'A file of a task the caller may see',
    params: fileParams,
    answer: fileAnswer('application/octet-stream'),
    errors: [400, 401, 403, 404],
  },
  downloadAuditFile: {
    method: 'GET',
    path: '/protected-files/uploads/audits/:file',
    access: tasks,
    summary: 'A file of a task audit the caller may see',
    params: fileParams,
    answer: fileAnswer('application/octet-stream'),
    errors: [400, 401, 403, 404],
  },
});
