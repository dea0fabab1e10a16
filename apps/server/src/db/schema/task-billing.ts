import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { tasks } from './tasks.js';
import { users } from './users.js';

const ts = () => timestamp({ withTimezone: true, precision: 3 });

/**
 * Time recorded on an emergency task (issue 31): finished entries, and at most one running entry
 * (ended_at null) per task, kept on the server so a reload in the middle loses nothing. Entries of a
 * task never overlap: every write takes the task row's lock first (modules/tasks/task-time.ts).
 */
export const taskTimeEntries = pgTable(
  'task_time_entries',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    task_id: integer()
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    user_id: integer().references(() => users.id),
    started_at: ts().notNull(),
    /** Null while running. */
    ended_at: ts(),
    note: text().notNull().default(''),
    created_at: ts().notNull().defaultNow(),
  },
  (t) => [
    // The task's entries in order (the list, the overlap check and the total read this index).
    index('task_time_entries_task_idx').on(t.task_id, t.started_at),
    uniqueIndex('task_time_entries_running_idx')
      .on(t.task_id)
      .where(sql`${t.ended_at} is null`),
    check('task_time_entries_span_check', sql`${t.ended_at} is null or ${t.ended_at} > ${t.started_at}`),
  ],
);
