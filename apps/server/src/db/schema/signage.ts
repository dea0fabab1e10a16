import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { customers } from './customers.js';
import { users } from './users.js';

/** Tables of digital signage (OKDS, backoffice.md and issue 18): screens, their content and schedules. */

const ts = () => timestamp({ withTimezone: true, precision: 3 });

/** A screen that registered itself from the player page; staff activate it for a customer. */
export const signageDevices = pgTable(
  'signage_devices',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    /** Chosen by the screen at its first start and kept in its browser. */
    uuid: text().notNull().unique(),
    device_name: text(),
    device_type: text().notNull().default('screen'),
    location: text(),
    /** pending (until activated), active, locked (by staff); expiry is derived (effectiveStatus). */
    status: text().notNull().default('pending'),
    /** The last day the licence runs (a Vienna calendar day). */
    license_until: date({ mode: 'string' }),
    activated_at: ts(),
    last_seen: ts(),
    /** File names of the last playlist answer: what the screen plays now (ds/status). */
    playing: jsonb().$type<string[]>().notNull().default([]),
    customer_id: integer().references(() => customers.id),
    /** sha256 of the device key (random, sent once at registration). */
    key_hash: text().notNull().unique(),
    /** The code the screen shows; wrong tries count, five lock it until the screen registers anew. */
    activation_code: text(),
    activation_tries: integer().notNull().default(0),
    // What the screen reported with its last poll (issue 33; null until a player reports them).
    /** The playlist version the screen runs. */
    reported_version: text(),
    /** The file on the screen (no reference: a report may name a file deleted meanwhile). */
    now_playing_file_id: integer(),
    cache_bytes: bigint({ mode: 'number' }),
    cache_files: integer(),
    app_version: text(),
    screen_w: integer(),
    screen_h: integer(),
    /** The current outage was told to staff (`device_offline`); cleared by the device's next report. */
    offline_notified_at: ts(),
    created_at: ts().notNull().defaultNow(),
    updated_at: ts().notNull().defaultNow(),
  },
  (t) => [
    index('signage_devices_customer_idx').on(t.customer_id),
    // The offline job reads active devices silent for 10 minutes whose outage nobody was told of yet.
    index('signage_devices_offline_idx')
      .on(t.last_seen, t.id)
      .where(sql`${t.status} = 'active' and ${t.offline_notified_at} is null`),
    index('signage_devices_status_idx').on(t.status, t.id),
    // The status board's order (most recently seen first): a page without sorting the fleet.
    index('signage_devices_last_seen_idx').on(t.last_seen.desc().nullsLast(), t.id.desc()),
    index('signage_devices_created_idx').on(t.created_at),
    // "Gerät hinzufügen" finds a pending device by the code it shows.
    index('signage_devices_activation_code_idx')
      .on(t.activation_code)
      .where(sql`${t.activation_code} is not null`),
  ],
);

/** An uploaded picture or video; the bytes are in the storage under `signage/<stored_name>`. */
export const signageFiles = pgTable(
  'signage_files',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    /** Server-generated storage name; the client's name is only kept as file_name. */
    stored_name: text().notNull().unique(),
    file_name: text().notNull(),
    /** image or video, from the type detected by content. */
    file_type: text().notNull(),
    mime: text().notNull(),
    size: integer().notNull(),
    /** Seconds an image shows (videos play to their end). */
    duration: integer().notNull().default(10),
    uploaded_by: integer().references(() => users.id, { onDelete: 'set null' }),
    created_at: ts().notNull().defaultNow(),
  },
  (t) => [index('signage_files_created_idx').on(t.created_at, t.id)],
);

const windowColumns = () => ({
  display_order: integer().notNull().default(0),
  duration: integer().notNull().default(10),
  start_time: text().notNull().default('00:00'),
  end_time: text().notNull().default('23:59'),
  /** Comma-joined weekdays 1–7, Monday = 1. */
  days_of_week: text().notNull().default('1,2,3,4,5,6,7'),
});

/** Content assigned to one device, with its own window and weekdays. */
export const signageDeviceContent = pgTable(
  'signage_device_content',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    device_id: integer()
      .notNull()
      .references(() => signageDevices.id, { onDelete: 'cascade' }),
    file_id: integer()
      .notNull()
      .references(() => signageFiles.id, { onDelete: 'cascade' }),
    ...windowColumns(),
    created_at: ts().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('signage_device_content_device_file_idx').on(t.device_id, t.file_id),
    index('signage_device_content_file_idx').on(t.file_id),
  ],
);

/** A time plan of a customer: its content plays on all the customer's screens inside its window. */
export const signageSchedules = pgTable(
  'signage_schedules',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    schedule_name: text().notNull(),
    customer_id: integer()
      .notNull()
      .references(() => customers.id),
    start_time: text().notNull().default('08:00'),
    end_time: text().notNull().default('17:00'),
    days_of_week: text().notNull().default('1,2,3,4,5,6,7'),
    /** active or inactive; the list shows the active ones unless asked otherwise. */
    status: text().notNull().default('active'),
    created_at: ts().notNull().defaultNow(),
    updated_at: ts().notNull().defaultNow(),
  },
  (t) => [
    index('signage_schedules_status_idx').on(t.status, t.id),
    index('signage_schedules_customer_idx').on(t.customer_id, t.status),
  ],
);

/** Content of a schedule, each item with its own window inside the schedule's. */
export const signageScheduleContent = pgTable(
  'signage_schedule_content',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    schedule_id: integer()
      .notNull()
      .references(() => signageSchedules.id, { onDelete: 'cascade' }),
    file_id: integer()
      .notNull()
      .references(() => signageFiles.id, { onDelete: 'cascade' }),
    ...windowColumns(),
  },
  (t) => [
    index('signage_schedule_content_schedule_idx').on(t.schedule_id, t.display_order),
    index('signage_schedule_content_file_idx').on(t.file_id),
  ],
);

/**
 * What the screens' playlists are made of, versioned (modules/signage/content-cache.ts): the database
 * raises a scope's version in the same transaction as every write to device content, schedules or their
 * content (migration 0036's triggers), so a playlist call reads its device and the version in one
 * statement and builds its candidates again only when the version moved. Scope: a customer's id (its
 * schedules and its screens' own content), 0 for the own content of screens without a customer, -1 for
 * the files every scope shows (a renamed or deleted file); -2 is the fleet itself, raised when screens
 * are added or removed (migration 0037: the status board's count).
 */
export const signageContentVersions = pgTable('signage_content_versions', {
  scope: integer().primaryKey(),
  version: bigint({ mode: 'number' }).notNull().default(0),
});
