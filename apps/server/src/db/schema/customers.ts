import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
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
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('customers_country_idx').on(t.country_id),
    // Search: number prefix (LIKE 'x%' needs text_pattern_ops) and company substring (trigram).
    index('customers_kundennummer_prefix_idx').using('btree', sql`${t.kundennummer} text_pattern_ops`),
    index('customers_firma_trgm_idx').using('gin', sql`${t.firma} gin_trgm_ops`),
  ],
);
