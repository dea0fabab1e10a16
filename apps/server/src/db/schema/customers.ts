import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { countries } from './reference.js';

/** Customer records of the point-of-sale provider (filled by the sync area; the demo seed and the CLI add some). */
export const customers = pgTable(
  'customers',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    kundennummer: text().notNull().unique(),
    firma: text().notNull(),
    kontaktperson: text(),
    plz: text(),
    ort: text(),
    adresse: text(),
    email: text(),
    telefon: text(),
    country_id: integer()
      .notNull()
      .references(() => countries.id),
    /** Which source system the record came from: AT or EG. */
    source: text().notNull().default('AT'),
    /** The UID (VAT number) of the company, as the source has it. */
    uid: text(),
    /** The customer's id at Stripe (cus_…), when the source is Stripe or the record is known there. */
    stripe_cu_id: text(),
    /** False once a sync run no longer finds the record in its source: never deleted, tasks and orders point to it. */
    active: boolean().notNull().default(true),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('customers_country_idx').on(t.country_id),
    // Search: number prefix (LIKE 'x%' needs text_pattern_ops) and company substring (trigram).
    index('customers_kundennummer_prefix_idx').using('btree', sql`${t.kundennummer} text_pattern_ops`),
    index('customers_firma_trgm_idx').using('gin', sql`${t.firma} gin_trgm_ops`),
    // A paid shop order finds its customer record by VAT number or e-mail (shop/payment-events.ts).
    index('customers_uid_norm_idx').using('btree', sql`upper(replace(${t.uid}, ' ', ''))`),
    index('customers_email_lower_idx').using('btree', sql`lower(${t.email})`),
    uniqueIndex('customers_stripe_cu_idx')
      .on(t.stripe_cu_id)
      .where(sql`${t.stripe_cu_id} is not null`),
  ],
);
