import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { customers } from './customers.js';
import { users } from './users.js';

/*
 * What a business customer keeps or receives (issue 21, the records half of the dashboard):
 * documents staff shared with a customer record, the customer's branches, and the admins' news
 * posts with their translations and who has read them. Task files shared with the customer are
 * a flag on task_files (tasks.ts), not rows here.
 */

const ts = () => timestamp({ withTimezone: true, precision: 3 });

/** A file staff shared with one customer record (POST /api/customers/{id}/documents); bytes in storage `documents/`. */
export const customerDocuments = pgTable(
  'customer_documents',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    customer_id: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** Server-generated storage name; the client's name is only kept as original_name. */
    datei_name: text().notNull(),
    original_name: text().notNull(),
    mime: text().notNull(),
    size: integer().notNull(),
    uploaded_by: integer().references(() => users.id, { onDelete: 'set null' }),
    created_at: ts().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('customer_documents_name_idx').on(t.datei_name),
    index('customer_documents_customer_idx').on(t.customer_id, t.created_at.desc(), t.id.desc()),
  ],
);

/** A branch (Filiale) of a customer, kept by the customer. */
export const customerBranches = pgTable(
  'customer_branches',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    customer_id: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    address: text().notNull(),
    zipcode: text().notNull(),
    city: text().notNull(),
    phone: text(),
    opening_hours: text(),
    created_at: ts().notNull().defaultNow(),
    updated_at: ts().notNull().defaultNow(),
  },
  (t) => [index('customer_branches_customer_idx').on(t.customer_id, t.name, t.id)],
);

/** A news post of the admins, shown to every customer from `published_from`. */
export const newsPosts = pgTable(
  'news_posts',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    published_from: ts().notNull(),
    created_by: integer().references(() => users.id, { onDelete: 'set null' }),
    created_at: ts().notNull().defaultNow(),
    updated_at: ts().notNull().defaultNow(),
  },
  (t) => [index('news_posts_published_idx').on(t.published_from.desc(), t.id.desc())],
);

/** Title and text of a post per language; German always exists (the fallback), en/fr/ar optional. */
export const newsTranslations = pgTable(
  'news_translations',
  {
    news_id: integer()
      .notNull()
      .references(() => newsPosts.id, { onDelete: 'cascade' }),
    lang: text().notNull(),
    title: text().notNull(),
    text: text().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.news_id, t.lang] }),
    check('news_translations_lang_check', sql`${t.lang} in ('de', 'en', 'fr', 'ar')`),
  ],
);

/** Who has read which post (per account). */
export const newsReads = pgTable(
  'news_reads',
  {
    news_id: integer()
      .notNull()
      .references(() => newsPosts.id, { onDelete: 'cascade' }),
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    read_at: ts().notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.news_id] }), index('news_reads_news_idx').on(t.news_id)],
);
