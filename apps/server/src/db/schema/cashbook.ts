import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { CashbookDescriptionKind, ReversalParams } from '@portal/shared';
import { customers } from './customers.js';
import { countries } from './reference.js';
import { users } from './users.js';

/*
 * The cashbook (backoffice.md "Cashbook", issue 20): one per country. Entries are never changed or
 * deleted (§131 BAO); a correction is a new entry that points to the original (`reverses_id`).
 * Each entry carries `seq` (gap-free per country) and `hash`, SHA-256 over its stored fields and
 * the previous entry's hash (modules/cashbook/chain.ts), both assigned while the country's settings
 * row is locked. Money is integer cents, times are UTC with millisecond precision, so the values
 * hashed in JavaScript are exactly the stored ones.
 */

const ts = () => timestamp({ withTimezone: true, precision: 3 });

/** One row per country: the register printed on the reports, the starting balance; its row lock orders every posting. */
export const cashbookSettings = pgTable('cashbook_settings', {
  country_id: integer()
    .primaryKey()
    .references(() => countries.id),
  register_name: text().notNull().default(''),
  register_address: text().notNull().default(''),
  /** Cents; fixed once the first entry or closing exists. */
  starting_balance: integer().notNull().default(0),
  updated_at: ts().notNull().defaultNow(),
});

export const cashbookCategories = pgTable(
  'cashbook_categories',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    country_id: integer()
      .notNull()
      .references(() => countries.id),
    name: text().notNull(),
    description: text().notNull(),
    /** income or expense */
    type: text().notNull(),
    created_by: integer().references(() => users.id),
    created_at: ts().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cashbook_categories_name_uq').on(t.country_id, t.type, sql`lower(${t.name})`),
    check('cashbook_categories_type_ck', sql`${t.type} in ('income', 'expense')`),
  ],
);

export const cashbookTransactions = pgTable(
  'cashbook_transactions',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    country_id: integer()
      .notNull()
      .references(() => countries.id),
    /** 1, 2, 3 … per country, without gaps. */
    seq: integer().notNull(),
    /** When the cash moved (now, or a past time an admin entered). */
    transaction_date: ts().notNull(),
    /** When the entry was written: an auditor sees a back-dated entry for what it is. */
    recorded_at: ts().notNull(),
    /** income or expense; a reversal keeps the original's type. */
    type: text().notNull(),
    /** Cents: positive for income and expense alike, negated on a reversal. */
    amount: integer().notNull(),
    category_id: integer()
      .notNull()
      .references(() => cashbookCategories.id),
    /** The text typed; for a reversal its reason (rows from before description_kind: the German sentence). */
    description: text().notNull(),
    /**
     * `text`, or `reversal` with `description_params` {reversal_of_seq, reason}: the web words it in
     * the reader's language, the exports in German. Not part of the hash: the chain check holds the
     * parameters against the hashed description and reverses_id (verify.ts).
     */
    description_kind: text().$type<CashbookDescriptionKind>().notNull().default('text'),
    description_params: jsonb().$type<ReversalParams>(),
    invoice_number: text(),
    customer_id: integer().references(() => customers.id),
    user_id: integer()
      .notNull()
      .references(() => users.id),
    reverses_id: integer(),
    /** Hex SHA-256 of this entry's canonical form and the previous entry's hash. */
    hash: text().notNull(),
  },
  (t) => [
    uniqueIndex('cashbook_tx_seq_uq').on(t.country_id, t.seq),
    // An entry is reversed at most once; the index decides between two reversals at the same moment.
    uniqueIndex('cashbook_tx_reverses_uq').on(t.reverses_id),
    // The list: newest first, keyset on (transaction_date, seq); filters by type and category.
    index('cashbook_tx_date_idx').on(t.country_id, t.transaction_date, t.seq),
    index('cashbook_tx_type_date_idx').on(t.country_id, t.type, t.transaction_date, t.seq),
    index('cashbook_tx_category_date_idx').on(t.country_id, t.category_id, t.transaction_date, t.seq),
    // Search in description and invoice number (ILIKE '%…%').
    index('cashbook_tx_description_trgm_idx').using('gin', sql`${t.description} gin_trgm_ops`),
    index('cashbook_tx_invoice_trgm_idx').using('gin', sql`${t.invoice_number} gin_trgm_ops`),
    index('cashbook_tx_customer_idx').on(t.customer_id),
    // The customer's timeline: their entries newest first.
    index('cashbook_tx_customer_time_idx').on(t.customer_id, t.recorded_at, t.id),
    index('cashbook_tx_user_idx').on(t.user_id),
    check('cashbook_tx_type_ck', sql`${t.type} in ('income', 'expense')`),
    check('cashbook_tx_amount_ck', sql`${t.amount} <> 0`),
    check('cashbook_tx_seq_ck', sql`${t.seq} >= 1`),
    check(
      'cashbook_tx_description_kind_ck',
      sql`(${t.description_kind} = 'text' and ${t.description_params} is null) or (${t.description_kind} = 'reversal' and ${t.description_params} is not null and ${t.reverses_id} is not null)`,
    ),
  ],
);

/** A month closed against the counted cash; all figures computed by the server. */
export const cashbookClosings = pgTable(
  'cashbook_closings',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    country_id: integer()
      .notNull()
      .references(() => countries.id),
    /** The month's first day. */
    month: date({ mode: 'string' }).notNull(),
    opening_balance: integer().notNull(),
    total_income: integer().notNull(),
    total_expenses: integer().notNull(),
    closing_balance: integer().notNull(),
    physical_balance: integer().notNull(),
    /** physical − closing */
    difference: integer().notNull(),
    notes: text(),
    created_by: integer().references(() => users.id),
    created_at: ts().notNull().defaultNow(),
    /**
     * The seal (issue 34): the chain's last entry when the month was closed (its seq, 0 for none, and its
     * hash), and a hash over the closing's figures, that entry and the previous closing's seal
     * (modules/cashbook/seal.ts). A later change to the figures, or to any entry up to that one even with
     * every hash recomputed, no longer matches. Null for months closed before the seal existed.
     */
    sealed_seq: integer(),
    sealed_hash: text(),
    seal: text(),
  },
  (t) => [
    uniqueIndex('cashbook_closings_month_uq').on(t.country_id, t.month),
    check('cashbook_closings_month_ck', sql`extract(day from ${t.month}) = 1`),
  ],
);
