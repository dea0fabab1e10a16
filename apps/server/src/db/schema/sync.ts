import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { customers } from './customers.js';
import { users } from './users.js';

/**
 * One synchronisation run of a country's customer source (backoffice.md "Customer synchronisation").
 * The row is the queue entry and the result: it is written `running` when the run is started and
 * finished with its counts, its first 100 row errors and its summary. The partial unique index lets
 * one run per country be `running` at a time, across every process on the database.
 */
export const syncRuns = pgTable(
  'sync_runs',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    /** AT or EG. */
    country: text().notNull(),
    /** running, succeeded, failed. */
    status: text().notNull().default('running'),
    /** manual (a button) or schedule (SYNC_SCHEDULE_AT/EG). */
    trigger: text().notNull().default('manual'),
    started_by: integer().references(() => users.id),
    /** What was read, without secrets: the file's name, the address without query, or "stripe". */
    source: text().notNull(),
    started_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Written while the run goes: a running row whose heartbeat stopped was cut off by a stopped server. */
    heartbeat_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finished_at: timestamp({ withTimezone: true }),
    /** Rows of the source (for files known before the first write, for Stripe growing page by page). */
    total: integer().notNull().default(0),
    /** Whether `total` is final while the run goes (files: counted first; Stripe: not). */
    total_known: boolean().notNull().default(false),
    created: integer().notNull().default(0),
    updated: integer().notNull().default(0),
    unchanged: integer().notNull().default(0),
    deactivated: integer().notNull().default(0),
    failed: integer().notNull().default(0),
    /** The first 100 bad rows: [{line, message}] (message a German catalogue text). */
    errors: jsonb().$type<{ line: number; message: string }[]>().notNull().default([]),
    /** The German summary or failure cause the screen shows, with its catalogue code and values. */
    message: text(),
    message_code: text(),
    message_params: jsonb().$type<Record<string, string | number>>(),
  },
  (t) => [
    uniqueIndex('sync_runs_one_running_idx')
      .on(t.country)
      .where(sql`${t.status} = 'running'`),
    index('sync_runs_country_idx').on(t.country, t.id),
  ],
);

/**
 * Which customer records a country's source brought in, and the last run that saw each. A run
 * deactivates the records of its country that it did not see; records that no source ever listed
 * (entered by hand, the demo data) are left alone.
 */
export const syncCustomerLinks = pgTable(
  'sync_customer_links',
  {
    customer_id: integer()
      .primaryKey()
      .references(() => customers.id),
    country: text().notNull(),
    last_run_id: integer().notNull(),
  },
  (t) => [index('sync_customer_links_country_run_idx').on(t.country, t.last_run_id)],
);
