import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Fixed-window counters kept in the database, so that every server process sees the same count. */
export const rateLimits = pgTable('rate_limits', {
  key: text().primaryKey(),
  window_start: timestamp({ withTimezone: true }).notNull(),
  count: integer().notNull(),
});
