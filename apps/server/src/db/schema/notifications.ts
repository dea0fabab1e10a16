import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { NotificationParams } from '@portal/shared';
import { users } from './users.js';
import { tasks } from './tasks.js';

/** A notification is a row first (written with the change that causes it); delivery follows after commit. */
export const notifications = pgTable(
  'notifications',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    message: text().notNull(),
    type: text().notNull(),
    /** The text as a kind and its values (NotificationParams), shown in each reader's language; title and message keep the German. */
    params: jsonb().$type<NotificationParams>(),
    link: text(),
    /** low, medium, high */
    priority: text().notNull().default('medium'),
    task_id: integer().references(() => tasks.id, { onDelete: 'set null' }),
    /** unread, read */
    status: text().notNull().default('unread'),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notifications_user_idx').on(t.user_id, t.id)],
);
