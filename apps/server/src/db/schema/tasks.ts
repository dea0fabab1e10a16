import { sql, type SQL } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { countries } from './reference.js';
import { users } from './users.js';
import { normalisedSearch } from './search.js';

export const taskTypes = pgTable('task_types', {
  id: integer().primaryKey(),
  tasktype: text().notNull().unique(),
  description: text().notNull(),
});

// Millisecond precision: the board's keyset cursor carries these values through JavaScript dates exactly.
const ts = () => timestamp({ withTimezone: true, precision: 3 });

/** A support task with its detail fields (spec: Task and Task details). */
export const tasks = pgTable(
  'tasks',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    titel: text().notNull(),
    beschreibung: text().notNull(),
    frist: ts().notNull(),
    erstellt_am: ts().notNull().defaultNow(),
    erledigt_am: ts(),
    abgeschlossen_am: ts(),
    /** offen, erledigt, abgeschlossen */
    status: text().notNull().default('offen'),
    typ: integer()
      .notNull()
      .references(() => taskTypes.id),
    country_id: integer()
      .notNull()
      .references(() => countries.id),
    /** The assigned agent; null: not assigned (public requests arrive so). */
    user_id: integer().references(() => users.id),
    /** The agent asked for help (from the task's one help request). */
    requested_user_id: integer().references(() => users.id),
    created_by_userid: integer().references(() => users.id),
    kundennummer: text(),
    firma: text(),
    kontaktperson: text(),
    plz: text(),
    ort: text(),
    adresse: text(),
    email: text(),
    telefon_firma: text(),
    telefon_privat: text(),
    telefon_mobil: text(),
    uid: text(),
    has_audit: boolean().notNull().default(false),
    /**
     * Service level (issue 31, packages/shared `sla-rules.ts`): the deadlines as instants, computed at
     * creation from the type's policy on the country's calendar and recomputed only on pause, resume,
     * a policy or a calendar change, so the board sorts and filters on them with an index.
     */
    sla_response_due_at: ts(),
    sla_resolution_due_at: ts(),
    /** The first note, message or status change by staff. */
    sla_responded_at: ts(),
    /** Set while the task is paused, with the reason ("Wartet auf Kunde", "Wartet auf Lieferung"). */
    sla_paused_at: ts(),
    sla_pause_reason: text(),
    /** Minutes on the task's clock of every finished pause; the deadlines lie that much later. */
    sla_paused_minutes: doublePrecision().notNull().default(0),
    /** The running deadline: response until answered, then resolution; null while paused or not open. */
    sla_due_at: ts(),
    /** The instant fewer than SLA_WARNING_MINUTES on the task's clock remain before `sla_due_at`. */
    sla_warn_at: ts(),
    /**
     * The warnings job (modules/tasks/sla-alerts.ts): the instant of the running deadline's next alert
     * and which one it is (0: 60 minutes before, 1: 15 minutes before, 2: passed). A trigger (migration
     * 0026) starts them again at the warning point whenever the running deadline changes, on every path
     * that writes it; null: nothing to tell.
     */
    sla_alert_at: ts(),
    sla_alert_step: integer().notNull().default(0),
    updated_at: ts().notNull().defaultNow(),
    /**
     * What the board's search and company filter read: title, description and company, and the company
     * alone, normalised (lower case, accents and ß folded, see normalisedSearch), so a plain LIKE on a
     * trigram index answers where ILIKE had to fold the case of every row it looked at.
     */
    search_text: text().generatedAlwaysAs((): SQL =>
      normalisedSearch(sql`${tasks.titel} || ' ' || ${tasks.beschreibung} || ' ' || coalesce(${tasks.firma}, '')`),
    ),
    firma_search: text().generatedAlwaysAs((): SQL => normalisedSearch(sql`coalesce(${tasks.firma}, '')`)),
  },
  (t) => [
    // Board: one country and status, sorted by id, creation or due date (keyset paging on each). The
    // trailing columns are what the board filters on besides text: a page's rows are found by an
    // index-only scan and only those fetched (queries.ts `listBoardJson`), not every row passed over.
    // The id index also carries the company text: the company filter's capped total (1,001 matches
    // of a common name) reads it instead of the table (4.8 -> 0.8 ms at 1,000,000 tasks).
    index('tasks_board_id_idx').on(
      t.country_id,
      t.status,
      t.id,
      t.user_id,
      t.created_by_userid,
      t.requested_user_id,
      t.typ,
      t.firma_search,
    ),
    index('tasks_board_created_idx').on(
      t.country_id,
      t.status,
      t.erstellt_am,
      t.id,
      t.user_id,
      t.created_by_userid,
      t.requested_user_id,
      t.typ,
    ),
    index('tasks_board_due_idx').on(
      t.country_id,
      t.status,
      t.frist,
      t.id,
      t.user_id,
      t.created_by_userid,
      t.requested_user_id,
      t.typ,
    ),
    // The board's `sla` sort (most urgent first) and its `sla=warning|breached` filters.
    index('tasks_board_sla_idx').on(
      t.country_id,
      t.status,
      t.sla_due_at,
      t.id,
      t.user_id,
      t.created_by_userid,
      t.requested_user_id,
      t.typ,
      t.sla_warn_at,
    ),
    // The warnings job finds the alerts that are due by this index alone, never by scanning the tasks.
    index('tasks_sla_alert_idx')
      .on(t.sla_alert_at)
      .where(sql`${t.sla_alert_at} is not null`),
    // The board filtered by agent, and the unassigned tab: newest first straight from the index (an
    // IS NULL condition gives no order to a plain index, hence the partial one).
    index('tasks_board_agent_idx').on(t.country_id, t.status, t.user_id, t.id),
    // An agent's own board (assigned to, created by or asking help of them): with the agent index
    // above, one bitmap per branch, so its capped total reads the agent's tasks, not the country's.
    index('tasks_board_creator_idx').on(t.country_id, t.status, t.created_by_userid),
    index('tasks_board_requested_idx').on(t.country_id, t.status, t.requested_user_id),
    index('tasks_board_unassigned_idx')
      .on(t.country_id, t.status, t.id)
      .where(sql`${t.user_id} is null`),
    index('tasks_user_idx').on(t.user_id, t.status),
    index('tasks_requested_idx').on(t.requested_user_id),
    index('tasks_created_by_idx').on(t.created_by_userid),
    index('tasks_typ_idx').on(t.typ),
    index('tasks_firma_idx').on(t.firma),
    // The business dashboard's support list: a customer's tasks by their kundennummer, newest first.
    index('tasks_kundennummer_idx').on(t.kundennummer, t.id),
    // The customer's timeline (modules/customers/timeline.ts): their tasks newest first.
    index('tasks_customer_time_idx').on(t.kundennummer, t.erstellt_am, t.id),
    // Statistics (modules/stats): a country's or an agent's tasks created in the 6-month window, with
    // every column the aggregates read, so PostgreSQL answers from the index alone.
    index('tasks_stats_country_idx').on(
      t.country_id,
      t.erstellt_am,
      t.status,
      t.typ,
      t.frist,
      t.erledigt_am,
      t.user_id,
    ),
    // Service-level statistics (stats/sla-figures.ts): a country's tasks finished in a month.
    index('tasks_sla_stats_idx').on(
      t.country_id,
      t.erledigt_am,
      t.status,
      t.typ,
      t.user_id,
      t.sla_responded_at,
      t.sla_response_due_at,
      t.sla_resolution_due_at,
    ),
    index('tasks_stats_agent_idx').on(t.user_id, t.erstellt_am, t.country_id, t.status, t.typ, t.frist, t.erledigt_am),
    // Text search (q, firma filter): trigram indexes make LIKE '%…%' on the normalised texts fast.
    index('tasks_search_trgm_idx').using('gin', sql`${t.search_text} gin_trgm_ops`),
    index('tasks_firma_search_trgm_idx').using('gin', sql`${t.firma_search} gin_trgm_ops`),
  ],
);

export const taskFiles = pgTable(
  'task_files',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    task_id: integer()
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    /** Server-generated storage name; the client's name is only kept as original_name. */
    datei_name: text().notNull(),
    original_name: text().notNull(),
    mime: text().notNull(),
    size: integer().notNull(),
    uploaded_by: integer().references(() => users.id),
    created_at: ts().notNull().defaultNow(),
    /** Shared with the task's customer from the task modal: then listed in the business dashboard's documents. */
    shared_with_customer: boolean().notNull().default(false),
  },
  (t) => [uniqueIndex('task_files_name_idx').on(t.datei_name), index('task_files_task_idx').on(t.task_id)],
);

export const taskNotes = pgTable(
  'task_notes',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    task_id: integer()
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    notiz: text().notNull(),
    user_id: integer()
      .notNull()
      .references(() => users.id),
    erstellt_am: ts().notNull().defaultNow(),
  },
  (t) => [index('task_notes_task_idx').on(t.task_id)],
);

/** Mails sent about a task: written by the mail outbox when a mail concerns a task. */
export const taskConversations = pgTable(
  'task_conversations',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    task_id: integer()
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    mail_id: integer(),
    recipient: text().notNull(),
    subject: text().notNull(),
    content: text().notNull(),
    agent_name: text(),
    created_at: ts().notNull().defaultNow(),
  },
  (t) => [index('task_conversations_task_idx').on(t.task_id)],
);

/** What the customer wrote: the request text of a public form, later replies. */
export const taskMessages = pgTable(
  'task_messages',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    task_id: integer()
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    content: text().notNull(),
    created_at: ts().notNull().defaultNow(),
  },
  (t) => [index('task_messages_task_idx').on(t.task_id)],
);

/** One help request per task (the unique index enforces it, also against two requests at once). */
export const helpRequests = pgTable(
  'help_requests',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    task_id: integer()
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    requested_by: integer()
      .notNull()
      .references(() => users.id),
    agent_id: integer()
      .notNull()
      .references(() => users.id),
    comment: text().notNull(),
    created_at: ts().notNull().defaultNow(),
  },
  (t) => [uniqueIndex('help_requests_task_idx').on(t.task_id)],
);

export const audits = pgTable(
  'audits',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    task_id: integer()
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    created_by: integer()
      .notNull()
      .references(() => users.id),
    contacted: boolean().notNull(),
    description: text().notNull(),
    reason: text(),
    created_at: ts().notNull().defaultNow(),
  },
  (t) => [uniqueIndex('audits_task_idx').on(t.task_id)],
);

export const auditFiles = pgTable(
  'audit_files',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    audit_id: integer()
      .notNull()
      .references(() => audits.id, { onDelete: 'cascade' }),
    datei_name: text().notNull(),
    original_name: text().notNull(),
    mime: text().notNull(),
    size: integer().notNull(),
    created_at: ts().notNull().defaultNow(),
  },
  (t) => [uniqueIndex('audit_files_name_idx').on(t.datei_name), index('audit_files_audit_idx').on(t.audit_id)],
);

/** Who changed what on a task, when. */
export const taskActivity = pgTable(
  'task_activity',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    task_id: integer()
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    user_id: integer().references(() => users.id),
    action: text().notNull(),
    detail: jsonb(),
    created_at: ts().notNull().defaultNow(),
  },
  (t) => [index('task_activity_task_idx').on(t.task_id)],
);

/**
 * The version of each country's board data: raised by triggers (migration 0016) in the transaction of
 * every write to that country's tasks, and for all countries when a name a board row shows changes
 * (users.name, task_types). A board page kept under a version is exactly what the board query answers
 * while the version is unchanged (modules/tasks/board-cache.ts), on every process alike.
 */
export const boardVersions = pgTable('board_versions', {
  country_id: integer().primaryKey(),
  version: bigint({ mode: 'number' }).notNull().default(0),
});

/** The board view each staff member chose (`cards` or `list`), kept across reloads and devices. */
export const taskBoardViews = pgTable('task_board_views', {
  user_id: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  view: text().notNull(),
  updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
