import { SEARCH_TEXT_MAX } from '../text-limits.js';
import { z } from 'zod';
import { COMMON_MSG } from '../messages/common.js';
import { NOTIFICATIONS_MSG } from '../messages/notifications.js';
import { NOTIFICATION_KINDS } from '../messages/notification-texts.js';
import { TASKS_MSG } from '../messages/tasks.js';
import { CUSTOMER_SEARCH_MIN } from '../constants.js';
import { trimInvisible } from '../input-hygiene.js';
import { isApiDateText } from './dates.js';
import { TEXT_LIMITS as L } from '../text-limits.js';
import { SLA_STATES } from '../sla-rules.js';

/** Task states of the spec; the board's tabs in this order ("erledigt" is labelled "pending"). */
export const TASK_STATUSES = ['offen', 'erledigt', 'abgeschlossen'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/**
 * Board sort orders; `id` (the default) lists the newest task first, `sla` the most urgent running
 * service-level deadline first (paused and finished tasks last).
 */
export const TASK_SORTS = ['id', 'created_asc', 'created_desc', 'due_asc', 'due_desc', 'sla'] as const;
export type TaskSort = (typeof TASK_SORTS)[number];

export const TASK_DESCRIPTION_PREVIEW = 200;
export const TASK_PAGE_DEFAULT = 100;
export const TASK_PAGE_MAX = 500;
export const CUSTOMER_SEARCH_MAX_ROWS = 20;
/** Upload limits (defaults; the server reads UPLOAD_MAX_FILE_MB and UPLOAD_MAX_FILES). */
export const UPLOAD_MAX_FILE_BYTES = 10 * 1024 * 1024;
export const UPLOAD_MAX_FILES = 10;
/** What uploads may be, checked by content on the server: images, pdf, doc, docx, xls, xlsx, csv. */
export const UPLOAD_ACCEPT = {
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
  'image/gif': ['.gif'],
  'image/webp': ['.webp'],
  'application/pdf': ['.pdf'],
  'application/msword': ['.doc'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['.docx'],
  'application/vnd.ms-excel': ['.xls'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'],
  'text/csv': ['.csv'],
} as const;

// `abort`: an empty field reports that it is empty, not also what a filled one would get wrong.
// Invisible characters are trimmed too: a text of only zero-width characters is empty.
const required = (message: string) =>
  z.string({ error: message }).overwrite(trimInvisible).min(1, { message, abort: true });
/** The largest id the `integer` columns hold; a larger one would fail in the database, not here. */
export const DB_ID_MAX = 2_147_483_647;
const id = (message: string) =>
  z.coerce.number({ error: message }).int(message).positive(message).max(DB_ID_MAX, message);

/** Board cursor values: an ISO 8601 UTC text with milliseconds (as the server writes it) of years 1 to 9999. */
const CURSOR_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * A board cursor (`nextCursor`: base64url of `{"v": date or null, "id": task id}`), or null when it
 * is not one the server could have written. Checked at the boundary: an id of 1.5 or 1e20, or a date
 * the database cannot hold, would otherwise reach the query.
 */
export function parseBoardCursor(s: string): { v: string | null; id: number } | null {
  try {
    if (!/^[A-Za-z0-9_-]+$/.test(s)) return null;
    const c: unknown = JSON.parse(atob(s.replaceAll('-', '+').replaceAll('_', '/')));
    if (!c || typeof c !== 'object') return null;
    const { v, id } = c as { v?: unknown; id?: unknown };
    if (typeof id !== 'number' || !Number.isInteger(id) || id < 0 || id > DB_ID_MAX) return null;
    if (v === null) return { v, id };
    if (typeof v !== 'string' || !CURSOR_DATE.test(v) || v.startsWith('0000')) return null;
    const d = new Date(v);
    return !Number.isNaN(d.getTime()) && d.toISOString() === v ? { v, id } : null;
  } catch {
    return null;
  }
}

export const taskStatusParam = z.enum(TASK_STATUSES, { error: TASKS_MSG.unknownStatus.code });

/** The board's service-level filters (issue 31). */
export const SLA_BOARD_FILTERS = ['warning', 'breached'] as const;
export type SlaBoardFilter = (typeof SLA_BOARD_FILTERS)[number];

/** Why a task's service-level clock stands still: the only two reasons (shown translated). */
export const SLA_PAUSE_REASONS = ['Wartet auf Kunde', 'Wartet auf Lieferung'] as const;
export type SlaPauseReason = (typeof SLA_PAUSE_REASONS)[number];

/**
 * A task's service level as the board and the task show it (shared `slaView` at the server's now):
 * the deadlines, the first response, whether paused, the minutes left on the task's clock to the
 * running deadline (negative once passed, null when finished) and its state.
 */
export const taskSlaSchema = z.object({
  response_due_at: z.string(),
  resolution_due_at: z.string(),
  responded_at: z.string().nullable(),
  paused: z.boolean(),
  remaining_minutes: z.number().int().nullable(),
  state: z.enum(SLA_STATES),
});
export type TaskSla = z.infer<typeof taskSlaSchema>;

/** Query of the two board calls: server-side filter, search, sort and keyset paging. */
export const taskListQuerySchema = z.object({
  firma: z.string().trim().max(200).optional(),
  agentId: id(TASKS_MSG.invalidAgent.code).optional(),
  typ: id(TASKS_MSG.invalidType.code).optional(),
  q: z
    .string()
    .overwrite((s) => s.trim().slice(0, SEARCH_TEXT_MAX))
    .optional(),
  sort: z.enum(TASK_SORTS, { error: TASKS_MSG.unknownSort.code }).default('id'),
  limit: z.coerce
    .number({ error: TASKS_MSG.invalidLimit.code })
    .int()
    .min(1, TASKS_MSG.invalidLimit.code)
    .max(TASK_PAGE_MAX, TASKS_MSG.invalidLimit.code)
    .default(TASK_PAGE_DEFAULT),
  /** Opaque, from `nextCursor` of the previous page. */
  cursor: z
    .string()
    .max(300, TASKS_MSG.invalidCursor.code)
    .refine((c) => parseBoardCursor(c) !== null, TASKS_MSG.invalidCursor.code)
    .optional(),
  /** Only open tasks whose running service-level deadline is near (`warning`) or passed (`breached`). */
  sla: z.enum(SLA_BOARD_FILTERS, { error: TASKS_MSG.unknownSlaFilter.code }).optional(),
  /** `true`: only tasks nobody has taken yet (agents: of their own country), to be claimed. */
  unassigned: z
    .enum(['true', 'false'], { error: TASKS_MSG.invalidFilter.code })
    .optional()
    .transform((v) => v === 'true'),
});
export type TaskListQuery = z.infer<typeof taskListQuerySchema>;

/** How a staff member sees the board: cards or a compact list (one row per task). */
export const TASK_BOARD_VIEWS = ['cards', 'list'] as const;
export type TaskBoardView = (typeof TASK_BOARD_VIEWS)[number];
/** The board view chosen by the caller, kept across reloads and devices (cards until chosen). */
export const taskBoardViewSchema = z.object({
  view: z.enum(TASK_BOARD_VIEWS, { error: TASKS_MSG.unknownBoardView.code }),
});
export type TaskBoardViewChoice = z.infer<typeof taskBoardViewSchema>;

/** One task as the board shows it (spec section 3 "Task"), dates as ISO strings. */
export const taskRowSchema = z.object({
  id: z.number().int(),
  titel: z.string(),
  beschreibung: z.string(),
  frist: z.string(),
  erstellt_am: z.string(),
  erledigt_am: z.string().nullable(),
  abgeschlossen_am: z.string().nullable(),
  status: z.enum(TASK_STATUSES),
  typ: z.number().int(),
  tasktype: z.string(),
  country_id: z.number().int(),
  user_id: z.number().int().nullable(),
  agent_name: z.string().nullable(),
  requested_user_id: z.number().int().nullable(),
  requested_agent_name: z.string().nullable(),
  firma: z.string().nullable(),
  kundennummer: z.string().nullable(),
  createdByUserID: z.number().int().nullable(),
  created_by_userid: z.number().int().nullable(),
  has_audit: z.boolean(),
  /** Service level (issue 31); null for a task whose deadlines are not computed yet. */
  sla: taskSlaSchema.nullable(),
});
export type TaskRow = z.infer<typeof taskRowSchema>;

/**
 * Totals are counted exactly up to this number; beyond it the answer says `totalCapped` and the
 * board shows "1.000+". Counting every one of tens of thousands of matches on each page load would
 * cost more than the page itself.
 */
export const TASK_TOTAL_CAP = 1000;

export const taskListResponseSchema = z.object({
  tasks: z.array(taskRowSchema),
  total: z.number().int(),
  totalCapped: z.boolean(),
  nextCursor: z.string().nullable(),
});
export type TaskListResponse = z.infer<typeof taskListResponseSchema>;

export const taskSinceResponseSchema = z.object({ tasks: z.array(taskRowSchema) });

export const taskDetailsSchema = taskRowSchema.extend({
  kontaktperson: z.string().nullable(),
  plz: z.string().nullable(),
  ort: z.string().nullable(),
  adresse: z.string().nullable(),
  email: z.string().nullable(),
  telefon_firma: z.string().nullable(),
  telefon_privat: z.string().nullable(),
  telefon_mobil: z.string().nullable(),
  uid: z.string().nullable(),
  /** The task's customer has an active insolvency case: the modal shows "Insolvenz" beside the company. */
  insolvent: z.boolean(),
  /** The customer record of the task's number, for its page (Kundenakte); null without one. */
  customer_id: z.number().int().nullable(),
  created_by_name: z.string().nullable(),
  help_request: z
    .object({
      agent_id: z.number().int(),
      agent_name: z.string(),
      requested_by_name: z.string(),
      comment: z.string(),
      created_at: z.string(),
    })
    .nullable(),
});
export type TaskDetails = z.infer<typeof taskDetailsSchema>;

export const taskFileSchema = z.object({
  id: z.number().int(),
  /** Server-generated name: /protected-files/uploads/tasks/{datei_name}. */
  datei_name: z.string(),
  original_name: z.string(),
  mime: z.string(),
  size: z.number().int(),
  uploaded_by_name: z.string().nullable(),
  created_at: z.string(),
  /** Shared with the task's customer (business dashboard, documents); set from the task modal. */
  shared_with_customer: z.boolean().optional(),
});
export type TaskFile = z.infer<typeof taskFileSchema>;

export const taskNoteSchema = z.object({
  id: z.number().int(),
  notiz: z.string(),
  agent_name: z.string(),
  erstellt_am: z.string(),
});
export type TaskNote = z.infer<typeof taskNoteSchema>;
export const taskConversationSchema = z.object({
  id: z.number().int(),
  subject: z.string(),
  content: z.string(),
  agent_name: z.string().nullable(),
  recipient: z.string(),
  created_at: z.string(),
});
export type TaskConversation = z.infer<typeof taskConversationSchema>;
export const taskMessageSchema = z.object({ id: z.number().int(), content: z.string(), created_at: z.string() });
export type TaskMessage = z.infer<typeof taskMessageSchema>;

export const taskDetailResponseSchema = z.object({
  taskDetails: taskDetailsSchema,
  taskFiles: z.array(taskFileSchema),
  conversations: z.array(taskConversationSchema),
  messages: z.array(taskMessageSchema),
  notes: z.array(taskNoteSchema),
});
export type TaskDetailResponse = z.infer<typeof taskDetailResponseSchema>;

export const taskTypeSchema = z.object({ id: z.number().int(), tasktype: z.string(), description: z.string() });
export type TaskType = z.infer<typeof taskTypeSchema>;

/** An agent of the caller's country with the counters O (offen), E (erledigt), A (abgeschlossen). */
export const agentSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  O: z.number().int(),
  E: z.number().int(),
  A: z.number().int(),
});
export type AgentSummary = z.infer<typeof agentSummarySchema>;

export const customerSearchQuerySchema = z.object({
  search: z
    .string({ error: TASKS_MSG.searchTooShort.code })
    .trim()
    .overwrite((s) => s.slice(0, SEARCH_TEXT_MAX))
    .min(CUSTOMER_SEARCH_MIN, TASKS_MSG.searchTooShort.code),
});
/** A hit of the staff customer search; `id` is the record's id (rksv-assign-customer, documents). */
export const customerHitSchema = z.object({ id: z.number().int(), kundennummer: z.string(), firma: z.string() });
export type CustomerHit = z.infer<typeof customerHitSchema>;

/** The text fields of POST /api/create-task (multipart; files travel as `files`). */
export const createTaskSchema = z.object({
  titel: required(COMMON_MSG.titleRequired.code).max(L.taskTitle, COMMON_MSG.titleMax.code),
  beschreibung: required(COMMON_MSG.descriptionRequired.code).max(L.description, COMMON_MSG.descriptionMax.code),
  frist: required(TASKS_MSG.dueRequired.code).refine(isApiDateText, COMMON_MSG.invalidDate.code),
  typ: id(TASKS_MSG.typeRequired.code),
  userID: id(TASKS_MSG.agentRequired.code),
  kundennummer: required(TASKS_MSG.customerRequired.code).regex(/^\d+$/, COMMON_MSG.customerNumberDigits.code),
  firma: z.string().trim().max(200, TASKS_MSG.firmaMax.code).optional(),
  /** Sent by the web app for compatibility; the server takes the creator from the session. */
  createdByUserID: z.coerce.number().int().optional(),
});
export type CreateTaskInput = z.infer<typeof createTaskSchema>;

export const addNoteSchema = z.object({
  taskID: id(TASKS_MSG.taskMissing.code),
  notiz: required(TASKS_MSG.noteRequired.code).max(L.taskNote, TASKS_MSG.noteMax.code),
  agentID: z.coerce.number().int().optional(),
});
export const switchAgentSchema = z.object({
  taskID: id(TASKS_MSG.taskMissing.code),
  newAgentID: id(TASKS_MSG.agentRequired.code),
});
export const requestAssistSchema = z.object({
  taskID: id(TASKS_MSG.taskMissing.code),
  agentID: id(TASKS_MSG.agentRequired.code),
  comment: required(TASKS_MSG.commentRequired.code).max(L.taskComment, TASKS_MSG.commentMax.code),
});
/** POST /api/task-pause: stop the task's service-level clock, with one of the two reasons. */
export const pauseTaskSchema = z.object({
  taskID: id(TASKS_MSG.taskMissing.code),
  reason: z.enum(SLA_PAUSE_REASONS, { error: TASKS_MSG.pauseReasonInvalid.code }),
});
/** POST /api/task-resume: let the clock run again. */
export const resumeTaskSchema = z.object({ taskID: id(TASKS_MSG.taskMissing.code) });
/** POST /api/claim-task: take an unassigned task of one's own country. */
export const claimTaskSchema = z.object({ taskID: id(TASKS_MSG.taskMissing.code) });

/**
 * Socket event `task_changed`, sent after commit to everyone who may see the task (before or after
 * the change): boards and an open task modal refetch on it.
 */
export interface TaskChangedEvent {
  id: number;
  status: TaskStatus;
  agent_id: number | null;
  country_id: number;
}

export const setTaskStatusSchema = z.object({
  taskID: id(TASKS_MSG.taskMissing.code),
  status: z.enum(TASK_STATUSES, { error: TASKS_MSG.unknownStatus.code }),
});

/** The text fields of POST /api/audit-task (multipart; files optional). */
export const auditTaskSchema = z.object({
  taskID: id(TASKS_MSG.taskMissing.code),
  description: required(COMMON_MSG.descriptionRequired.code).max(L.description, COMMON_MSG.descriptionMax.code),
  contacted: z.enum(['true', 'false'], { error: TASKS_MSG.contactedInvalid.code }).default('true'),
  reason: z.string().trim().max(L.taskComment, TASKS_MSG.reasonMax.code).optional(),
});

export const auditSchema = z.object({
  id: z.number().int(),
  task_id: z.number().int(),
  created_at: z.string(),
  created_by_name: z.string().nullable(),
  contacted: z.boolean(),
  description: z.string(),
  reason: z.string().nullable(),
  files: z.array(
    z.object({
      id: z.number().int(),
      datei_name: z.string(),
      original_name: z.string(),
      size: z.number().int(),
      file_path: z.string(),
    }),
  ),
});
export type Audit = z.infer<typeof auditSchema>;

/** Notification types of both spec documents; the bar shows a bell for any other. */
export const NOTIFICATION_TYPES = [
  'files_uploaded',
  'note_added',
  'task_assignment',
  'assist_request',
  'audit_submitted',
  'task_assigned',
  'task_created',
  'file_added',
  'assist_requested',
  'task_overdue',
  'task_reassigned',
  'task_closed',
  'sla_warning',
  'sla_breached',
] as const;

export const notificationSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  title: z.string(),
  message: z.string(),
  type: z.string(),
  link: z.string().nullable(),
  priority: z.enum(['low', 'medium', 'high']).or(z.string()),
  task_id: z.number().int().nullable(),
  status: z.enum(['unread', 'read']).or(z.string()),
  created_at: z.string(),
  /** The text as kind and values, for each reader's language (messages/notification-texts.ts); null: as written. */
  params: z
    .object({
      kind: z.enum(NOTIFICATION_KINDS),
      id: z.number().int(),
      name: z.string().optional(),
      titel: z.string().optional(),
      files: z.number().int().optional(),
      comment: z.string().optional(),
      minutes: z.number().int().optional(),
      count: z.number().int().optional(),
      deadline: z.string().optional(),
    })
    .nullable()
    .optional(),
});
export type PortalNotification = z.infer<typeof notificationSchema>;

/**
 * A notification's link is a path inside the portal: it starts with one "/", so no scheme
 * (javascript:, https:), no other host ("//host", "/\\host"), no spaces or control characters.
 */
export function isInternalLink(link: string): boolean {
  return /^\/(?![/\\])[^\s\\\p{Cc}]*$/u.test(link);
}

export const createNotificationSchema = z.object({
  user_id: id(NOTIFICATIONS_MSG.recipientRequired.code),
  title: required(COMMON_MSG.titleRequired.code).max(200),
  message: required(NOTIFICATIONS_MSG.messageRequired.code).max(2000),
  type: required(NOTIFICATIONS_MSG.typeRequired.code).max(50),
  link: z.string().max(500).refine(isInternalLink, NOTIFICATIONS_MSG.internalLink.code).nullable().optional(),
  priority: z.enum(['low', 'medium', 'high'], { error: NOTIFICATIONS_MSG.invalidPriority.code }).default('medium'),
  task_id: z.coerce.number().int().positive().nullable().optional(),
});
