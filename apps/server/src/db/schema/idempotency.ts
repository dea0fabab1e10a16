import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The first answer to a create call sent with an `Idempotency-Key` header, so that a retry of the
 * same call (same key, same route and caller) within 24 hours gets that answer instead of a second
 * record. The primary key makes two concurrent requests with one key safe: only one inserts the row.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** Route and caller: `POST /web/deprequest|ip:…` or `POST /api/create-task|user:…`. */
    scope: text().notNull(),
    key: text().notNull(),
    /**
     * The process handling the first request (its database connections carry this name): a retry
     * takes over a key whose holder has no connection left (a crashed process). Null on rows of old.
     */
    holder: text(),
    /**
     * The answer's HTTP status; null while the first request is still being handled. A success is
     * stored in the transaction of its work, so a key without an answer never did the work.
     */
    status: integer(),
    content_type: text(),
    body: text(),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index('idempotency_keys_created_idx').on(t.created_at)],
);
