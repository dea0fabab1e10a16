import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { countries } from './reference.js';
import { tasks } from './tasks.js';
import { users } from './users.js';

const ts = () => timestamp({ withTimezone: true, precision: 3 });

/**
 * A customer's rating of a closed task (backoffice.md "Rating"): one per task (the primary key), counted
 * for the agent the task had when it was rated and for the task's country.
 */
export const taskRatings = pgTable(
  'task_ratings',
  {
    task_id: integer()
      .primaryKey()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    agent_id: integer().references(() => users.id),
    country_id: integer()
      .notNull()
      .references(() => countries.id),
    time_rating: smallint().notNull(),
    satisfaction_rating: smallint().notNull(),
    friendliness_rating: smallint().notNull(),
    comment: text(),
    created_at: ts().notNull().defaultNow(),
  },
  (t) => [
    // The rating statistics: a country's (or an agent's) ratings of the 6-month window.
    index('task_ratings_country_idx').on(t.country_id, t.created_at),
    index('task_ratings_agent_idx').on(t.agent_id, t.created_at),
    check(
      'task_ratings_range_check',
      sql`${t.time_rating} between 1 and 5 and ${t.satisfaction_rating} between 1 and 5 and ${t.friendliness_rating} between 1 and 5`,
    ),
  ],
);

/**
 * The code mailed when a task is closed: only its hash (argon2id, like a password), valid until
 * `expires_at`; `failed_tries` counts wrong entries, five lock it. One code per task.
 */
export const ratingCodes = pgTable('rating_codes', {
  task_id: integer()
    .primaryKey()
    .references(() => tasks.id, { onDelete: 'cascade' }),
  code_hash: text().notNull(),
  expires_at: ts().notNull(),
  failed_tries: integer().notNull().default(0),
  created_at: ts().notNull().defaultNow(),
});
