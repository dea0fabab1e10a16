import { bigint, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { customers } from './customers.js';
import { signageDevices } from './signage.js';

const ts = () => timestamp({ withTimezone: true, precision: 3 });

/**
 * Proof of play (issue 33): one row per item a screen showed, as the screen reported it. The key is
 * the screen's own sequence number, so a batch sent twice (a lost answer, a retry) is stored once
 * (`insert … on conflict do nothing`). The customer is the device's at the time of the upload and
 * the file's name is kept with it: a report of a past month needs no join over devices, and still
 * names a file deleted since (hence no foreign key on file_id).
 */
export const signagePlays = pgTable(
  'signage_plays',
  {
    device_id: integer()
      .notNull()
      .references(() => signageDevices.id, { onDelete: 'cascade' }),
    seq: bigint({ mode: 'number' }).notNull(),
    customer_id: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    file_id: integer().notNull(),
    file_name: text().notNull(),
    started_at: ts().notNull(),
    duration_ms: integer().notNull(),
    received_at: ts().notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.device_id, t.seq] }),
    // Staff's and the customer's questions: one customer over a period (the report, okds-plays).
    index('signage_plays_customer_time_idx').on(t.customer_id, t.started_at),
  ],
);
