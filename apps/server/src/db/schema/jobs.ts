import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per scheduled job (platform/jobs): when it is next due. A process runs a job only after
 * moving `next_run_at` forward in one conditional UPDATE, so of several processes on one database
 * exactly one runs each due slot.
 */
export const jobSchedule = pgTable('job_schedule', {
  name: text().primaryKey(),
  next_run_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  last_started_at: timestamp({ withTimezone: true }),
  last_finished_at: timestamp({ withTimezone: true }),
  /** The last run's error (message only), null after a run that succeeded. */
  last_error: text(),
});
