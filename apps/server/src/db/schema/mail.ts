import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every mail is a row first, written in the transaction of the change that causes it;
 * delivery happens after commit and is retried from here.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text(),
    /**
     * Files to attach, streamed at delivery: `key` in the file storage; `path` (an absolute file) only in
     * rows queued before the storage existed.
     */
    attachments: jsonb().$type<{ filename: string; key?: string; path?: string; contentType?: string }[]>(),
    /** pending, sent, failed (gave up), logged (no SMTP configured: printed to the log). */
    status: text().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    /** When the retry job may try a pending mail again (backoff after a failed attempt). */
    next_attempt_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    last_error: text(),
    /** Set when the mail concerns a task: it then also appears in the task's conversations. */
    task_id: integer(),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sent_at: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('mail_outbox_status_idx').on(t.status),
    // The customer's timeline: mails of their tasks and mails to their address.
    index('mail_outbox_task_idx').on(t.task_id),
    index('mail_outbox_to_idx').using('btree', sql`lower(${t.to})`),
  ],
);
