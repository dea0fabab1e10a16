import { sql, type SQL } from 'drizzle-orm';
import { RKSV_PAID_STATUSES } from '@portal/shared';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { customers } from './customers.js';
import { tasks } from './tasks.js';
import { users } from './users.js';
import { normalisedSearch } from './search.js';

const ts = () => timestamp({ withTimezone: true, precision: 3 });

/**
 * The stage of an order (packages/shared `orderStage`) from its own row: null unless paid, then
 * abgeschlossen once a card is activated, offen while a card lacks its serial number, erstellt until
 * shipped or ready for pickup, then zustellung or abholung by its kind. One text for the index
 * rksv_orders_stage_idx and the queries (modules/rksv-orders/stage-sql.ts), so PostgreSQL matches them.
 */
export function rksvStageSql(o: {
  payment_status: AnyPgColumn;
  cards_activated: AnyPgColumn;
  cards_pending: AnyPgColumn;
  shipped_at: AnyPgColumn;
  delivery: AnyPgColumn;
}): SQL<'open' | 'created' | 'delivery' | 'pickup' | 'completed' | null> {
  return sql`(case
  when ${o.payment_status} not in (${sql.raw(RKSV_PAID_STATUSES.map((x) => `'${x}'`).join(', '))}) then null
  when ${o.cards_activated} > 0 then 'completed'
  when ${o.cards_pending} > 0 then 'open'
  when ${o.shipped_at} is null then 'created'
  when ${o.delivery} = 1 then 'delivery'
  else 'pickup' end)`;
}

/** What the shop sells: the signature unit (kind main) and shipping (kind shipping). Prices gross, cents. */
export const products = pgTable(
  'products',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    /** main or shipping */
    kind: text().notNull(),
    name: text().notNull(),
    description: text().notNull().default(''),
    /** Gross price in cents, 20 % VAT included. */
    price: integer().notNull(),
    active: boolean().notNull().default(true),
    created_at: ts().notNull().defaultNow(),
  },
  (t) => [
    // The shop sells one active product per kind: the page picks "the" main and "the" shipping product.
    uniqueIndex('products_active_kind_idx')
      .on(t.kind)
      .where(sql`${t.active}`),
    check('products_price_check', sql`${t.price} >= 0`),
    check('products_kind_check', sql`${t.kind} in ('main', 'shipping')`),
  ],
);

/**
 * An RKSV order (spec "Order", back office "RKSV order"). Stored as pending before the checkout opens;
 * the payment provider's report makes it paid, failed or expired. Paid is final.
 */
export const rksvOrders = pgTable(
  'rksv_orders',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    companyname: text().notNull(),
    customername: text().notNull(),
    email: text().notNull(),
    phone: text().notNull(),
    address: text().notNull(),
    zipcode: text().notNull(),
    city: text().notNull(),
    /** The UID (ATU…) or the Steuernummer, normalised. */
    vatnr: text().notNull(),
    /** uid or steuernummer */
    tax_id_type: text().notNull(),
    product_id: integer()
      .notNull()
      .references(() => products.id),
    /** The product's name and prices as sold (later price changes do not touch the order). */
    product_name: text().notNull(),
    qty: integer().notNull(),
    /** 1 shipping, 0 pickup */
    delivery: integer().notNull(),
    unit_price: integer().notNull(),
    shipping_amount: integer().notNull(),
    net_amount: integer().notNull(),
    vat_amount: integer().notNull(),
    total_amount: integer().notNull(),
    currency: text().notNull().default('eur'),
    /** pending, paid, failed, expired (the back office adds completed and cancelled). */
    payment_status: text().notNull().default('pending'),
    /** The method that paid: card, eps, sepa_debit; null until paid. */
    payment_type: text(),
    /** local or stripe */
    provider: text().notNull(),
    /** payment: invoice issued once paid; invoice: invoice issued with the order, paid on its payment page. */
    mode: text().notNull(),
    /** The provider's checkout session id (cs_…), opened before the order is stored. */
    session_id: text().notNull(),
    /** The hosted payment page of that session. */
    session_url: text().notNull(),
    /** Unguessable reference of the provider's cancel link, which leads back to the result page. */
    return_ref: text().notNull(),
    /** The invoice reference: our invoice number, null until issued. */
    stripe_inv_id: text(),
    saved_at: ts().notNull().defaultNow(),
    payed_at: ts(),
    failed_at: ts(),
    expired_at: ts(),
    shipped_at: ts(),
    tracking_number: text(),
    agent_id: integer().references(() => users.id),
    customer_id: integer().references(() => customers.id),
    /** The language the buyer ordered in (de, en, fr, ar): their mails about the order; null: German. */
    lang: text(),
    /**
     * The card this order replaces ("Ersatz bestellen", issue 32): the first of its cards to be activated
     * links the old card to itself (replaced_by_card_id, replaced_at).
     */
    replaces_card_id: integer().references((): AnyPgColumn => rksvCards.id, { onDelete: 'set null' }),
    updated_at: ts().notNull().defaultNow(),
    /**
     * How many of the order's cards still lack their serial number, and how many are activated: kept by
     * the database itself (trigger rksv_cards_summary, migration 0015) on every card write, so the stage
     * below is a condition on the order row alone and the stage pages read an index instead of the cards.
     */
    cards_pending: integer().notNull().default(0),
    cards_activated: integer().notNull().default(0),
    /** The back office's search text: the searched fields, normalised (see normalisedSearch). */
    search_text: text().generatedAlwaysAs((): SQL =>
      normalisedSearch(
        sql`${rksvOrders.companyname} || ' ' || ${rksvOrders.customername} || ' ' || ${rksvOrders.email} || ' ' || ${rksvOrders.address} || ' ' || ${rksvOrders.zipcode} || ' ' || ${rksvOrders.city} || ' ' || ${rksvOrders.vatnr}`,
      ),
    ),
  },
  (t) => [
    uniqueIndex('rksv_orders_session_idx').on(t.session_id),
    // Back-office list: keyset pages (id desc) per agent, the paid orders (stages, statistics), search.
    index('rksv_orders_agent_page_idx').on(t.agent_id, t.id),
    index('rksv_orders_paid_idx')
      .on(t.id)
      .where(sql`${t.payment_status} in ('paid', 'completed')`),
    index('rksv_orders_payed_at_idx')
      .on(t.payed_at)
      .where(sql`${t.payment_status} in ('paid', 'completed')`),
    // The stage pages (offen, erstellt, …): newest first within one stage, read from this index.
    index('rksv_orders_stage_idx').on(rksvStageSql(t), t.id),
    index('rksv_orders_search_trgm_idx').using('gin', sql`${t.search_text} gin_trgm_ops`),
    uniqueIndex('rksv_orders_return_ref_idx').on(t.return_ref),
    index('rksv_orders_status_idx').on(t.payment_status, t.id),
    index('rksv_orders_agent_idx').on(t.agent_id),
    index('rksv_orders_customer_idx').on(t.customer_id),
    // The customer's timeline: their orders newest first.
    index('rksv_orders_customer_time_idx').on(t.customer_id, t.saved_at, t.id),
    check('rksv_orders_qty_check', sql`${t.qty} >= 1`),
    check('rksv_orders_delivery_check', sql`${t.delivery} in (0, 1)`),
    check('rksv_orders_amounts_check', sql`${t.net_amount} + ${t.vat_amount} = ${t.total_amount}`),
  ],
);

/**
 * The signature card types the provider sells, kept by the admins (issue 32), with the day a type loses
 * its approval: every card of it is then to be replaced (ACOS-ID 2.1 since 7 June 2025, by May 2027).
 */
export const rksvCardTypes = pgTable('rksv_card_types', {
  name: text().primaryKey(),
  approval_ends: date({ mode: 'string' }),
  /**
   * Set when the approval end changed, cleared once every card of the type has its deadline computed
   * anew: a recompute that a crash or restart cut off is finished by the nightly job.
   */
  deadlines_stale_since: ts(),
  created_at: ts().notNull().defaultNow(),
});

/** One row per signature unit of a paid order: the back office enters serial numbers and activation here. */
export const rksvCards = pgTable(
  'rksv_cards',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    order_id: integer()
      .notNull()
      .references(() => rksvOrders.id, { onDelete: 'cascade' }),
    kassenid: text(),
    serial_number: text(),
    /** 0/1 as in the back-office spec */
    cert_done: integer().notNull().default(0),
    activated_at: ts(),
    shopid: text(),
    deviceid: text(),
    systemid: text(),
    cert_sn: text(),
    aes_key: text(),
    created_at: ts().notNull().defaultNow(),
    // The card's life after its order (issue 32; the state rule is packages/shared rksv-card-life.ts).
    card_type: text().references(() => rksvCardTypes.name, { onUpdate: 'cascade' }),
    /** The certificate's end where it differs from activation + 5 years. */
    valid_until: date({ mode: 'string' }),
    registered_at: ts(),
    startbeleg_checked_at: ts(),
    deregistered_at: ts(),
    defective_at: ts(),
    replaced_at: ts(),
    replaced_by_card_id: integer().references((): AnyPgColumn => rksvCards.id, { onDelete: 'set null' }),
    /** The last year whose Jahresbeleg was checked (rows in rksv_jahresbelege). */
    jahresbeleg_year: integer(),
    /** The next legal deadline (`nextCardDeadline`), written by every transaction that changes its inputs. */
    next_deadline_at: date({ mode: 'string' }),
    next_deadline_kind: text(),
    /**
     * The order's agent and its customer's country, copied onto the card by triggers (migration 0030,
     * on the card's insert, the order's agent or customer, the customer's country), so the deadline
     * list's own-cards view and its agent and country filters read one index of the card row in
     * deadline order instead of walking the list and joining each card's order.
     */
    agent_id: integer(),
    country_id: integer(),
  },
  (t) => [
    index('rksv_cards_order_idx').on(t.order_id),
    // The stage rule asks "is a card without serial?" and "is a card activated?" per order.
    index('rksv_cards_pending_idx')
      .on(t.order_id)
      .where(sql`${t.cert_done} = 0`),
    index('rksv_cards_activated_idx')
      .on(t.order_id)
      .where(sql`${t.activated_at} is not null`),
    // A serial number belongs to one card of all: trimmed and case-insensitive (issue 28).
    uniqueIndex('rksv_cards_serial_uq').on(sql`lower(trim(${t.serial_number}))`),
    // The deadline list: most urgent first, and per kind (issue 32).
    index('rksv_cards_deadline_idx')
      .on(t.next_deadline_at, t.id)
      .where(sql`${t.next_deadline_at} is not null`),
    index('rksv_cards_deadline_kind_idx')
      .on(t.next_deadline_kind, t.next_deadline_at, t.id)
      .where(sql`${t.next_deadline_at} is not null`),
    index('rksv_cards_type_idx').on(t.card_type),
    index('rksv_cards_deadline_agent_idx')
      .on(t.agent_id, t.next_deadline_at, t.id)
      .where(sql`${t.next_deadline_at} is not null`),
    index('rksv_cards_deadline_agent_kind_idx')
      .on(t.agent_id, t.next_deadline_kind, t.next_deadline_at, t.id)
      .where(sql`${t.next_deadline_at} is not null`),
    index('rksv_cards_deadline_country_idx')
      .on(t.country_id, t.next_deadline_at, t.id)
      .where(sql`${t.next_deadline_at} is not null`),
    index('rksv_cards_deadline_country_kind_idx')
      .on(t.country_id, t.next_deadline_kind, t.next_deadline_at, t.id)
      .where(sql`${t.next_deadline_at} is not null`),
  ],
);

/** The last invoice number used per calendar year (Vienna): taken and raised in the issuing transaction, so gap-free. */
export const invoiceCounters = pgTable('invoice_counters', {
  year: integer().primaryKey(),
  last_number: integer().notNull(),
});

/** An issued invoice (§ 11 UStG): its number, the data it was rendered from, and where its PDF lies. */
export const invoices = pgTable(
  'invoices',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    /** The shop order invoiced; null for an emergency task's invoice (task_id). */
    order_id: integer().references(() => rksvOrders.id),
    /** The emergency task invoiced (issue 31): its time, billed to the started hour. At most one invoice per task. */
    task_id: integer().references(() => tasks.id),
    /** The customer of a task's invoice (found by the task's kundennummer): listed in their business dashboard. */
    customer_id: integer().references(() => customers.id),
    year: integer().notNull(),
    seq: integer().notNull(),
    /** e.g. 2026-00001 */
    number: text().notNull(),
    issued_at: ts().notNull().defaultNow(),
    net_amount: integer().notNull(),
    vat_amount: integer().notNull(),
    total_amount: integer().notNull(),
    /** Everything printed on the invoice, frozen at issue: the PDF can be rendered again identically. */
    data: jsonb().notNull(),
    /** Unguessable token of the buyer's download link. */
    access_token: text().notNull(),
    /** Path of the PDF below the uploads folder; null until written (after commit). */
    pdf_path: text(),
  },
  (t) => [
    uniqueIndex('invoices_order_idx').on(t.order_id),
    uniqueIndex('invoices_year_seq_idx').on(t.year, t.seq),
    uniqueIndex('invoices_number_idx').on(t.number),
    uniqueIndex('invoices_token_idx').on(t.access_token),
    uniqueIndex('invoices_task_idx').on(t.task_id),
    // The business dashboard's invoice list of a customer's task invoices, newest first.
    index('invoices_customer_idx').on(t.customer_id, t.id),
    check('invoices_subject_check', sql`(${t.order_id} is null) <> (${t.task_id} is null)`),
  ],
);

/** Provider events already handled (by event id): a replayed or repeated webhook changes nothing. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    event_id: text().primaryKey(),
    provider: text().notNull(),
    type: text().notNull(),
    session_id: text(),
    /** What the event did: fulfilled, failed, expired, ignored. */
    outcome: text().notNull(),
    received_at: ts().notNull().defaultNow(),
  },
  (t) => [index('payment_events_session_idx').on(t.session_id)],
);

/**
 * Sessions of the built-in test checkout (`local` provider): the provider's own storage, like Stripe's,
 * so it knows the order only as a reference. No card data: the buyer only picks a method.
 */
export const localCheckoutSessions = pgTable('local_checkout_sessions', {
  id: text().primaryKey(),
  /** The order id, as Stripe's client_reference_id. */
  client_reference_id: text().notNull(),
  customer_email: text().notNull(),
  line_items: jsonb().$type<{ name: string; unit_amount: number; quantity: number }[]>().notNull(),
  amount_total: integer().notNull(),
  currency: text().notNull().default('eur'),
  /** open, complete, expired */
  status: text().notNull().default('open'),
  /** unpaid, paid */
  payment_status: text().notNull().default('unpaid'),
  payment_method: text(),
  success_url: text().notNull(),
  cancel_url: text().notNull(),
  expires_at: ts().notNull(),
  created_at: ts().notNull().defaultNow(),
});
