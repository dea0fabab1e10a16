import { boolean, date, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { ServiceHours } from '@portal/shared';
import { countries } from './reference.js';
import { taskTypes } from './tasks.js';
import { users } from './users.js';

const ts = () => timestamp({ withTimezone: true, precision: 3 });

/**
 * A country's weekly support hours as an admin set them (issue 31); a country without a row works the
 * shipped hours of packages/shared `DEFAULT_SERVICE_HOURS`.
 */
export const serviceCalendars = pgTable('service_calendars', {
  country_id: integer()
    .primaryKey()
    .references(() => countries.id),
  hours: jsonb().$type<ServiceHours[]>().notNull(),
  updated_at: ts().notNull().defaultNow(),
  updated_by: integer().references(() => users.id),
});

/**
 * Days an admin set by hand for a country: closed (a holiday added, or moved there by decree) or open
 * (a computed holiday cancelled). The computed holidays are never stored: they follow from the rule.
 */
export const serviceCalendarDays = pgTable(
  'service_calendar_days',
  {
    country_id: integer()
      .notNull()
      .references(() => countries.id),
    date: date({ mode: 'string' }).notNull(),
    name: text().notNull(),
    closed: boolean().notNull(),
    created_at: ts().notNull().defaultNow(),
    created_by: integer().references(() => users.id),
  },
  (t) => [primaryKey({ columns: [t.country_id, t.date] })],
);

/**
 * A task type's service level as an admin set it; a type without a row has the shipped policy of
 * packages/shared `DEFAULT_SLA_POLICIES`. `resolution_minutes` null: the task's `frist` is its deadline.
 */
export const slaPolicies = pgTable('sla_policies', {
  task_type_id: integer()
    .primaryKey()
    .references(() => taskTypes.id),
  response_minutes: integer().notNull(),
  resolution_minutes: integer(),
  /** business | always */
  clock: text().notNull(),
  updated_at: ts().notNull().defaultNow(),
  updated_by: integer().references(() => users.id),
});
