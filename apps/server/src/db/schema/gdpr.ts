import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { customers } from './customers.js';
import { users } from './users.js';

/*
 * GDPR requests about a customer (issue 34, modules/customers/gdpr-*.ts): exports, built by a
 * background job into one ZIP in the storage (`gdpr/<stored_name>`), and erasures with what the law
 * still keeps (packages/shared gdpr-retention.ts).
 */

const ts = () => timestamp({ withTimezone: true, precision: 3 });

/** One export of a customer's data: its progress while it runs, then its ZIP for seven days. */
export const gdprJobs = pgTable(
  'gdpr_jobs',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    customer_id: integer()
      .notNull()
      .references(() => customers.id),
    requested_by: integer().references(() => users.id, { onDelete: 'set null' }),
    /** admin (the customer page) or customer (the business dashboard): who may read it, where the mail links. */
    requested_as: text().notNull(),
    /** The requester's language: the PDF summary and the mail. */
    lang: text().notNull().default('de'),
    /** queued, running, done, failed */
    status: text().notNull().default('queued'),
    progress: integer().notNull().default(0),
    /** The ZIP's name in the storage folder `gdpr/`; null before it is written and once it expired. */
    stored_name: text(),
    size: integer(),
    /** Why it failed (for the log and the admins; the screens say only that it failed). */
    error: text(),
    created_at: ts().notNull().defaultNow(),
    started_at: ts(),
    finished_at: ts(),
    /** The end of its download (finished + 7 days). */
    expires_at: ts(),
  },
  (t) => [
    // A customer's latest export (the customer page, the business dashboard).
    index('gdpr_jobs_customer_idx').on(t.customer_id, t.id),
    // The orphan cleaner looks files up by name; the expiry job finds the files past their day.
    uniqueIndex('gdpr_jobs_stored_name_idx').on(t.stored_name),
    index('gdpr_jobs_expiry_idx')
      .on(t.expires_at)
      .where(sql`${t.stored_name} is not null`),
    // Jobs a stopped process left queued or running.
    index('gdpr_jobs_open_idx')
      .on(t.created_at)
      .where(sql`${t.status} in ('queued', 'running')`),
    check('gdpr_jobs_status_ck', sql`${t.status} in ('queued', 'running', 'done', 'failed')`),
    check('gdpr_jobs_progress_ck', sql`${t.progress} between 0 and 100`),
    check('gdpr_jobs_requested_as_ck', sql`${t.requested_as} in ('admin', 'customer')`),
  ],
);

/**
 * A customer erased on their request (Art. 17 GDPR): what no law requires went at once; the records
 * § 132 BAO keeps stay, restricted, until 31 December seven years after their calendar year, and the
 * nightly job anonymises each calendar year once its day has passed (`anonymised_through`), the
 * customer record itself when nothing is kept any more (`completed_at`). While a row exists a trigger
 * (migration 0041) keeps the customer record's contact fields empty and the record inactive, whoever
 * writes it (the sync would otherwise bring them back from its source).
 */
export const gdprErasures = pgTable(
  'gdpr_erasures',
  {
    customer_id: integer()
      .primaryKey()
      .references(() => customers.id),
    erased_at: ts().notNull(),
    erased_by: integer().references(() => users.id, { onDelete: 'set null' }),
    reason: text().notNull(),
    /** Every retained record of this calendar year or before is anonymised (null: none yet). */
    anonymised_through: integer(),
    /** Nothing is kept any more: the record's company and UID are anonymised too. */
    completed_at: ts(),
  },
  (t) => [
    // The nightly job reads the erasures still keeping something.
    index('gdpr_erasures_open_idx')
      .on(t.erased_at)
      .where(sql`${t.completed_at} is null`),
  ],
);
