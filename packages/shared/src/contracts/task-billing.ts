import {
  startTaskTimeSchema,
  stopTaskTimeSchema,
  taskIdParamSchema,
  taskInvoiceSchema,
  taskTimeAnswerSchema,
  taskTimeEntryBodySchema,
  taskTimeSchema,
} from '../schemas/task-billing.js';
import { access, defineCalls, fileAnswer } from './define.js';

const tasks = access.staffWith('tasks');

/**
 * Emergency time and its invoice (issue 31): the task's agent or an admin records time on an
 * emergency task; closing it bills the started hours. Area `tasks`: the task queries refresh with it.
 */
export const taskBillingCalls = defineCalls('tasks', {
  recordTaskTime: {
    method: 'POST',
    path: '/api/task-time',
    access: tasks,
    audit: { subject: 'task', id: 'taskID' },
    summary:
      'Record a finished time entry on an emergency task {taskID, started_at, ended_at, note}; 409 when it overlaps',
    body: taskTimeEntryBodySchema,
    answer: taskTimeAnswerSchema,
    status: 201,
    errors: [400, 401, 403, 404, 409],
  },
  startTaskTime: {
    method: 'POST',
    path: '/api/task-time/start',
    access: tasks,
    audit: { subject: 'task', id: 'taskID' },
    summary: 'Start the clock on an emergency task: a running entry kept on the server (409 when one runs)',
    body: startTaskTimeSchema,
    answer: taskTimeAnswerSchema,
    status: 201,
    errors: [400, 401, 403, 404, 409],
  },
  stopTaskTime: {
    method: 'POST',
    path: '/api/task-time/stop',
    access: tasks,
    audit: { subject: 'task', id: 'taskID' },
    summary: 'Stop the running entry of an emergency task now (409 when none runs)',
    body: stopTaskTimeSchema,
    answer: taskTimeAnswerSchema,
    errors: [400, 401, 403, 404, 409],
  },
  getTaskTime: {
    method: 'GET',
    path: '/api/task-time/:taskId',
    access: tasks,
    summary: 'The time entries of a task, their total and what closing would bill (cents)',
    params: taskIdParamSchema,
    answer: taskTimeSchema,
    errors: [400, 401, 403, 404],
  },
  getTaskInvoice: {
    method: 'GET',
    path: '/api/task-invoice/:taskId',
    access: tasks,
    summary: 'The invoice of a closed emergency task {number, net, vat, gross, url} (cents); 404 when none',
    params: taskIdParamSchema,
    answer: taskInvoiceSchema,
    errors: [400, 401, 403, 404],
  },
  getTaskInvoicePdf: {
    method: 'GET',
    path: '/api/task-invoice/:taskId/pdf',
    access: tasks,
    summary: 'The PDF of a closed emergency task’s invoice',
    params: taskIdParamSchema,
    answer: fileAnswer('application/pdf'),
    errors: [400, 401, 403, 404],
  },
});
