import { sql } from 'drizzle-orm';
import { date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { rksvCards, rksvOrders } from './shop.js';
import { users } from './users.js';

const ts = () => timestamp({ withTimezone: true, precision: 3 });

/**
 * What happened to an RKSV order in the back office, one row per write (serial number, tracking,
 * pickup ready, activation, assignment, outage) and per reveal of a card's AES key: who, what, when.
 * Written in the same transaction as the change; shown in the order dialog.
 */
export const rksvOrderActivity = pgTable(
  'rksv_order_activity',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    order_id: integer()
      .notNull()
      .references(() => rksvOrders.id, { onDelete: 'cascade' }),
    card_id: integer().references(() => rksvCards.id, { onDelete: 'set null' }),
    user_id: integer().references(() => users.id, { onDelete: 'set null' }),
    /** serial, tracking, pickup_ready, activated, key_revealed, agent_assigned, customer_assigned, outage */
    action: text().notNull(),
    /** The values of the change (never the AES key). */
    details: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    created_at: ts().notNull().defaultNow(),
  },
  (t) => [index('rksv_order_activity_order_idx').on(t.order_id, t.id)],
);

/**
 * An outage of an activated signature unit (the customer's duty under § 17 RKSV). Longer than 48 h it
 * is reportable within a week of its start; `notified_at` records that the order's agent was told
 * once an open outage passed 48 h (scheduled check `rksv-outages`).
 */
export const rksvOutages = pgTable(
  'rksv_outages',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    card_id: integer()
      .notNull()
      .references(() => rksvCards.id, { onDelete: 'cascade' }),
    order_id: integer()
      .notNull()
      .references(() => rksvOrders.id, { onDelete: 'cascade' }),
    started_at: ts().notNull(),
    ended_at: ts(),
    reason: text().notNull(),
    created_by: integer().references(() => users.id, { onDelete: 'set null' }),
    created_at: ts().notNull().defaultNow(),
    notified_at: ts(),
    /** When the outage (> 48 h) was reported to the tax office (issue 32). */
    reported_at: ts(),
  },
  (t) => [
    index('rksv_outages_card_idx').on(t.card_id, t.started_at),
    index('rksv_outages_order_idx').on(t.order_id),
    // The scheduled check reads only open outages nobody was told about yet.
    index('rksv_outages_open_idx')
      .on(t.started_at)
      .where(sql`${t.ended_at} is null and ${t.notified_at} is null`),
  ],
);

/** The yearly receipts checked, one row per card and year (issue 32); the card keeps the last year. */
export const rksvJahresbelege = pgTable(
  'rksv_jahresbelege',
  {
    card_id: integer()
      .notNull()
      .references(() => rksvCards.id, { onDelete: 'cascade' }),
    year: integer().notNull(),
    checked_at: ts().notNull(),
    user_id: integer().references(() => users.id, { onDelete: 'set null' }),
    created_at: ts().notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.card_id, t.year] })],
);

/**
 * The reminders of a card's deadline sent (issue 32): one row per card, kind, day due, days before and
 * audience (`staff` notification, `customer` mail), so a run of the job twice sends nothing new.
 */
export const rksvDeadlineReminders = pgTable(
  'rksv_deadline_reminders',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    card_id: integer()
      .notNull()
      .references(() => rksvCards.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    due: date({ mode: 'string' }).notNull(),
    days_before: integer().notNull(),
    audience: text().notNull(),
    sent_at: ts().notNull().defaultNow(),
  },
  (t) => [uniqueIndex('rksv_deadline_reminders_uq').on(t.card_id, t.kind, t.due, t.days_before, t.audience)],
);

/**
 * A renewal or replacement campaign's send (issue 32): who sent the reminder of which campaign (card
 * type and/or certificate ending before a day) when, and how many mails it queued. `campaign_key` names
 * the campaign: the same card type and window sent again is the same campaign.
 */
export const rksvCampaigns = pgTable(
  'rksv_campaigns',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    campaign_key: text().notNull(),
    card_type: text(),
    valid_before: date({ mode: 'string' }),
    created_by: integer().references(() => users.id, { onDelete: 'set null' }),
    created_at: ts().notNull().defaultNow(),
    /** Mails this send queued. */
    mails: integer().notNull().default(0),
  },
  (t) => [index('rksv_campaigns_key_idx').on(t.campaign_key)],
);

/**
 * Who a campaign reminded: one row per card and campaign, written in the transaction that queues its
 * mail. The unique key decides between two sends of the same campaign at once: only the send whose row
 * was inserted mails the card.
 */
export const rksvCampaignRecipients = pgTable(
  'rksv_campaign_recipients',
  {
    campaign_id: integer()
      .notNull()
      .references(() => rksvCampaigns.id, { onDelete: 'cascade' }),
    campaign_key: text().notNull(),
    card_id: integer()
      .notNull()
      .references(() => rksvCards.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    sent_at: ts().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('rksv_campaign_recipients_uq').on(t.campaign_key, t.card_id),
    index('rksv_campaign_recipients_campaign_idx').on(t.campaign_id),
  ],
);
