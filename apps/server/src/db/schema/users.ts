import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { agentLevels, countries, roles } from './reference.js';
import { customers } from './customers.js';

const flag = () => boolean().notNull().default(false);

export const users = pgTable(
  'users',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    /** Stored lower-cased and trimmed so that sign-in is case-insensitive. */
    email: text().notNull().unique(),
    name: text().notNull(),
    /** Null until an invited user has chosen a password. */
    password_hash: text(),
    role_id: integer()
      .notNull()
      .references(() => roles.id),
    country_id: integer().references(() => countries.id),
    agent_level_id: integer().references(() => agentLevels.id),
    customer_id: integer().references(() => customers.id),
    tel: text(),
    lang_code: text().notNull().default('de_DE'),
    active: boolean().notNull().default(true),
    tasks: flag(),
    acceptances: flag(),
    rmas: flag(),
    reorder_goods: flag(),
    field_service_orders: flag(),
    rksv: flag(),
    rksv_orders: flag(),
    osms_control: flag(),
    osms_overview: flag(),
    stock: flag(),
    digital_signage: flag(),
    cashbook: flag(),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('users_role_idx').on(t.role_id), index('users_country_idx').on(t.country_id)],
);

export const userSettings = pgTable('user_settings', {
  user_id: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  push_notifications: boolean().notNull().default(true),
  email_updates: boolean().notNull().default(false),
  language: text().notNull().default('de'),
  theme: text().notNull().default('system'),
  updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
