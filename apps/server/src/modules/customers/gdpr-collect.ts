import { sql, type SQL } from 'drizzle-orm';
import type { GdprExportArea } from '@portal/shared';
import type { DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../platform/db-helpers.js';

/**
 * What an export holds of a customer (issue 34), one query per area: the customer record, its accounts
 * (never a password hash) and their sessions (times only, never a token), its branches, and every
 * kind the customer's timeline reads (timeline.ts), each with its own columns rather than the
 * timeline's one line, found the same way (by the customer's id, or its number for tasks). Secrets
 * stay out: no AES key of a card, no device key or activation code, no invoice link token, no
 * checkout session of an order, no link token or rating code in a mail's text. Staff notes and staff
 * names are the provider's own working data and stay out as well.
 *
 * Each query answers a JSON array built by the database (`json_agg`), so both databases give the same
 * text for every value (times as ISO with offset).
 */

export interface ExportCustomer {
  id: number;
  kundennummer: string;
  email: string | null;
}

type AreaQuery = (c: ExportCustomer) => SQL;

/** The customer's accounts (business dashboard users). */
const accountIds = (c: ExportCustomer) => sql`(select id from users where customer_id = ${c.id})`;
/** The customer's tasks, by customer number (as the timeline and the business dashboard find them). */
const taskIds = (c: ExportCustomer) => sql`(select id from tasks where kundennummer = ${c.kundennummer})`;
const orderIds = (c: ExportCustomer) => sql`(select id from rksv_orders where customer_id = ${c.id})`;

const AREAS: Record<GdprExportArea, AreaQuery> = {
  customer: (c) => sql`select id, kundennummer, firma, kontaktperson, email, telefon, adresse, plz, ort, uid,
      country_id, source, stripe_cu_id, active, created_at, updated_at
    from customers where id = ${c.id}`,
  accounts: (c) => sql`select u.id, u.email, u.name, u.tel, u.lang_code, u.active, u.created_at, u.updated_at,
      s.language, s.theme, s.email_updates, s.push_notifications
    from users u left join user_settings s on s.user_id = u.id where u.customer_id = ${c.id} order by u.id`,
  sessions: (c) => sql`select id, user_id, created_at, expires_at, revoked_at
    from sessions where user_id in ${accountIds(c)} order by id`,
  branches: (c) => sql`select id, name, address, zipcode, city, phone, opening_hours, created_at, updated_at
    from customer_branches where customer_id = ${c.id} order by id`,
  tasks: (c) => sql`select t.id, t.titel, t.beschreibung, y.tasktype as typ, t.status, t.frist, t.erstellt_am,
      t.erledigt_am, t.abgeschlossen_am, t.kundennummer, t.firma, t.kontaktperson, t.plz, t.ort, t.adresse, t.email,
      t.telefon_firma, t.telefon_privat, t.telefon_mobil, t.uid,
      (select coalesce(json_agg(json_build_object('content', m.content, 'created_at', m.created_at) order by m.id), '[]')
        from task_messages m where m.task_id = t.id) as messages,
      (select coalesce(json_agg(json_build_object('name', f.original_name, 'mime', f.mime, 'size', f.size,
        'created_at', f.created_at) order by f.id), '[]') from task_files f where f.task_id = t.id) as files
    from tasks t join task_types y on y.id = t.typ where t.kundennummer = ${c.kundennummer} order by t.id`,
  task_activity: (c) => sql`select a.id, a.task_id, a.action, a.created_at
    from task_activity a where a.task_id in ${taskIds(c)} order by a.id`,
  ratings: (
    c,
  ) => sql`select r.task_id, r.time_rating, r.satisfaction_rating, r.friendliness_rating, r.comment, r.created_at
    from task_ratings r where r.task_id in ${taskIds(c)} order by r.task_id`,
  // The timeline's mails (of the customer's tasks, or to its address) and those to its accounts.
  mails: (c) => sql`select m.id, m."to", m.subject, m.text, m.status, m.task_id, m.created_at, m.sent_at
    from mail_outbox m
    where m.task_id = any(array${taskIds(c)})
      or lower(m."to") = lower(${c.email ?? ''})
      or lower(m."to") = any(array(select lower(email) from users where customer_id = ${c.id}))
    order by m.id`,
  documents: (c) => sql`select id, original_name, mime, size, created_at
    from customer_documents where customer_id = ${c.id} order by id`,
  insolvency_cases: (c) => sql`select i.id, i.administrator_name, i.administrator_email, i.administrator_phone,
      i.start_date, i.end_date, i.status, i.created_at, i.updated_at,
      (select coalesce(json_agg(json_build_object('year', m.year, 'month', m.month, 'invoice_number', m.invoice_number)
        order by m.year, m.month), '[]') from insolvency_months m where m.case_id = i.id) as months
    from insolvency_cases i where i.customer_id = ${c.id} order by i.id`,
  insolvency_activity: (c) => sql`select a.id, a.case_id, a.action, a.details, a.created_at
    from insolvency_activity a where a.case_id in (select id from insolvency_cases where customer_id = ${c.id})
    order by a.id`,
  rksv_orders: (
    c,
  ) => sql`select id, companyname, customername, email, phone, address, zipcode, city, vatnr, tax_id_type,
      product_name, qty, delivery, unit_price, shipping_amount, net_amount, vat_amount, total_amount, currency,
      payment_status, payment_type, mode, lang, stripe_inv_id, saved_at, payed_at, failed_at, expired_at, shipped_at,
      tracking_number
    from rksv_orders where customer_id = ${c.id} order by id`,
  rksv_order_activity: (c) => sql`select a.id, a.order_id, a.card_id, a.action, a.details, a.created_at
    from rksv_order_activity a where a.order_id in ${orderIds(c)} order by a.id`,
  rksv_cards: (c) => sql`select k.id, k.order_id, k.kassenid, k.serial_number, k.cert_done, k.activated_at, k.shopid,
      k.deviceid, k.systemid, k.cert_sn, k.card_type, k.valid_until, k.registered_at, k.startbeleg_checked_at,
      k.deregistered_at, k.defective_at, k.replaced_at, k.jahresbeleg_year, k.next_deadline_at, k.next_deadline_kind,
      k.created_at
    from rksv_cards k where k.order_id in ${orderIds(c)} order by k.id`,
  // Every invoice of the customer: its emergency tasks' and its orders' (issued with the order or on payment).
  invoices: (c) => sql`select v.id, v.number, v.order_id, v.task_id, v.issued_at, v.net_amount, v.vat_amount,
      v.total_amount, v.data
    from invoices v where v.customer_id = ${c.id} or v.order_id = any(array${orderIds(c)}) order by v.id`,
  signage_devices: (c) => sql`select id, uuid, device_name, device_type, location, status, license_until, activated_at,
      last_seen, app_version, screen_w, screen_h, created_at, updated_at
    from signage_devices where customer_id = ${c.id} order by id`,
  signage_schedules: (
    c,
  ) => sql`select id, schedule_name, start_time, end_time, days_of_week, status, created_at, updated_at
    from signage_schedules where customer_id = ${c.id} order by id`,
  cashbook: (c) => sql`select id, country_id, seq, transaction_date, recorded_at, type, amount, description,
      invoice_number, reverses_id
    from cashbook_transactions where customer_id = ${c.id} order by country_id, seq`,
};

/**
 * A link's token, an invitation's or a reset's, and a rating code in a mail's text: whoever holds the
 * archive must not be able to use them (an admin's export of a customer's invitation, say).
 */
export function withoutSecrets(text: string): string {
  return text
    .replace(/([?&](?:token|code|key|ref)=)[^\s&#]+/gi, '$1…')
    .replace(/(\/(?:rksv-invoice|rksv-proforma|checkout)\/)[^\s/?#]+/gi, '$1…')
    .replace(/(code:\s*)\d{4,}/gi, '$1…');
}

/** One area's rows of the customer, as plain JSON values. */
export async function collectArea(db: DbOrTx, area: GdprExportArea, c: ExportCustomer): Promise<unknown[]> {
  const [row] = rowsOf<{ rows: unknown[] | string | null }>(
    await db.execute(sql`select coalesce(json_agg(x), '[]'::json) as rows from (${AREAS[area](c)}) x`),
  );
  const value = row?.rows ?? [];
  const rows = (typeof value === 'string' ? JSON.parse(value) : value) as Record<string, unknown>[];
  if (area !== 'mails') return rows;
  return rows.map((m) => ({ ...m, text: typeof m.text === 'string' ? withoutSecrets(m.text) : m.text }));
}
