import { z } from 'zod';
import { TASK_BILLING_MSG as M } from '../messages/task-billing.js';
import { TEXT_LIMITS } from '../text-limits.js';
import { apiInstant } from './dates.js';
import { DB_ID_MAX } from './tasks.js';

/*
 * An emergency task's recorded time and its invoice (issue 31, "Emergency time, billed to the
 * started hour"): the entries of `POST /api/task-time`, the running entry of start/stop, and the
 * answers of `GET /api/task-time/{taskId}` and `GET /api/task-invoice/{taskId}`. Amounts in cents.
 */

const id = (message: string) =>
  z.coerce.number({ error: message }).int(message).positive(message).max(DB_ID_MAX, message);
const note = z.string().trim().max(TEXT_LIMITS.taskNote, M.noteMax.code).optional();

/** POST /api/task-time: one finished entry. Not in the future is the server's check (its clock). */
export const taskTimeEntryBodySchema = z
  .object({
    taskID: id(M.taskMissing.code),
    started_at: apiInstant(M.startRequired.code),
    ended_at: apiInstant(M.endRequired.code),
    note,
  })
  .refine((b) => new Date(b.ended_at).getTime() > new Date(b.started_at).getTime(), {
    path: ['ended_at'],
    message: M.endAfterStart.code,
  });
export type TaskTimeEntryBody = z.infer<typeof taskTimeEntryBodySchema>;

/** POST /api/task-time/start: a running entry kept on the server (a reload loses nothing). */
export const startTaskTimeSchema = z.object({ taskID: id(M.taskMissing.code), note });
/** POST /api/task-time/stop: the running entry ends now. */
export const stopTaskTimeSchema = z.object({ taskID: id(M.taskMissing.code) });

export const taskIdParamSchema = z.object({ taskId: id(M.taskMissing.code) });

export const taskTimeEntrySchema = z.object({
  id: z.number().int(),
  started_at: z.string(),
  /** Null while the entry runs. */
  ended_at: z.string().nullable(),
  /** Whole minutes (a started minute counts); null while running. */
  minutes: z.number().int().nullable(),
  note: z.string(),
  user_id: z.number().int().nullable(),
  user_name: z.string().nullable(),
});
export type TaskTimeEntry = z.infer<typeof taskTimeEntrySchema>;

export const taskTimeSchema = z.object({
  taskId: z.number().int(),
  /** Oldest first; the running one (if any) last. */
  entries: z.array(taskTimeEntrySchema),
  /** Minutes of the finished entries. */
  totalMinutes: z.number().int(),
  /** What closing the task would bill: the started hours and their amounts (cents). */
  hours: z.number().int(),
  net: z.number().int(),
  vat: z.number().int(),
  gross: z.number().int(),
  running: taskTimeEntrySchema.nullable(),
});
export type TaskTime = z.infer<typeof taskTimeSchema>;

export const taskTimeAnswerSchema = taskTimeSchema.extend({ message: z.string(), code: z.string().optional() });

/** GET /api/task-invoice/{taskId}: the invoice of a closed emergency task (cents); url: its PDF. */
export const taskInvoiceSchema = z.object({
  number: z.string(),
  net: z.number().int(),
  vat: z.number().int(),
  gross: z.number().int(),
  url: z.string(),
});
export type TaskInvoice = z.infer<typeof taskInvoiceSchema>;
