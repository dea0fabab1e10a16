import { sql } from 'drizzle-orm';
import { date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { customers } from './customers.js';
import { users } from './users.js';

/**
 * Insolvency cases of customers (backoffice.md "Insolvency"). Status active, closed or
 * permanently_closed; a customer has at most one active case (partial unique index).
 */
export const insolvencyCases = pgTable(
  'insolvency_cases',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    customer_id: integer()
      .notNull()
      .references(() => customers.id),
    administrator_name: text().notNull(),
    administrator_email: text(),
    administrator_phone: text(),
    /** Calendar days in Vienna. */
    start_date: date({ mode: 'string' }).notNull(),
    end_date: date({ mode: 'string' }),
    status: text().notNull().default('active'),
    created_by: integer().references(() => users.id),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('insolvency_cases_one_active_idx')
      .on(t.customer_id)
      .where(sql`${t.status} = 'active'`),
    index('insolvency_cases_customer_idx').on(t.customer_id),
    index('insolvency_cases_status_idx').on(t.status, t.id),
  ],
);

/** The invoice number of one month of a case (one per month, replaced when entered again). */
export const insolvencyMonths = pgTable(
  'insolvency_months',
  {
    case_id: integer()
      .notNull()
      .references(() => insolvencyCases.id),
    year: integer().notNull(),
    month: integer().notNull(),
    invoice_number: text().notNull(),
    updated_by: integer().references(() => users.id),
    updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.case_id, t.year, t.month] })],
);

/** Who changed what in a case: created, month_set, closed, permanently_closed (with the values). */
export const insolvencyActivity = pgTable(
  'insolvency_activity',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    case_id: integer()
      .notNull()
      .references(() => insolvencyCases.id),
    user_id: integer().references(() => users.id),
    action: text().notNull(),
    details: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('insolvency_activity_case_idx').on(t.case_id, t.id)],
);
