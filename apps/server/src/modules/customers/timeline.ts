import { and, eq, sql, type SQL } from 'drizzle-orm';
import {
  COMMON_MSG,
  RKSV_PAID_STATUSES,
  TIMELINE_KIND_FLAGS,
  TIMELINE_KINDS,
  type CustomerRecord,
  type CustomerTimeline,
  type CustomerTimelineQuery,
  type TimelineKind,
} from '@portal/shared';
import { customers } from '../../db/schema/index.js';
import { rowsOf } from '../../platform/db-helpers.js';
import { notFound } from '../../platform/errors.js';
import type { ServiceCtx, Viewer } from '../../platform/service.js';
import { customerCountryFilter } from './service.js';

/**
 * One customer's story (issue 34): every area's rows that concern the customer, newest first, read
 * from the areas' own tables by one `union all` (no copy of the data). Each source answers its own
 * newest rows after the cursor through an index that starts with the customer's key; the union keeps
 * the page. Keyset order: time, kind, id, all descending (the cursor names the last entry's three).
 *
 * Staff see the kinds of their flags (TIMELINE_KIND_FLAGS); agents a customer of their own country,
 * else 404 as everywhere in the register.
 */

export interface TimelineCustomer {
  id: number;
  kundennummer: string;
  email: string | null;
}

/** The kinds a staff member may see: those of any of their flags. */
export function visibleKinds(viewer: Viewer): TimelineKind[] {
  return TIMELINE_KINDS.filter((k) => TIMELINE_KIND_FLAGS[k].some((f) => viewer[f]));
}

async function loadCustomer(ctx: ServiceCtx, viewer: Viewer, id: number) {
  const [c] = await ctx.db
    .select()
    .from(customers)
    .where(and(eq(customers.id, id), customerCountryFilter(viewer)));
  if (!c) throw notFound(COMMON_MSG.customerNotFound);
  return c;
}

export async function customerRecord(ctx: ServiceCtx, viewer: Viewer, input: { id: number }): Promise<CustomerRecord> {
  const c = await loadCustomer(ctx, viewer, input.id);
  return {
    id: c.id,
    kundennummer: c.kundennummer,
    firma: c.firma,
    kontaktperson: c.kontaktperson,
    email: c.email,
    telefon: c.telefon,
    adresse: c.adresse,
    plz: c.plz,
    ort: c.ort,
    uid: c.uid,
    country_id: c.country_id,
    source: c.source,
    active: c.active,
    kinds: visibleKinds(viewer),
  };
}

/**
 * Each kind's rows of the customer: `kind, id, at, title, action, ref_id, actor_id`. `ref_id` is what
 * its link opens (the task of an activity, the order of an invoice); the index each one reads is named
 * beside it (migration 0038 adds those the areas did not have).
 */
const SOURCES: Record<TimelineKind, (c: TimelineCustomer) => { from: SQL; at: SQL; id: SQL }> = {
  // tasks_customer_time_idx (kundennummer, erstellt_am, id)
  task: (c) => ({
    from: sql`select 'task'::text as kind, t.id, t.erstellt_am as at, t.titel as title, t.status as action,
      t.id as ref_id, t.created_by_userid as actor_id from tasks t where t.kundennummer = ${c.kundennummer}`,
    at: sql`t.erstellt_am`,
    id: sql`t.id`,
  }),
  // the customer's tasks, then task_activity_task_idx
  task_activity: (c) => ({
    from: sql`select 'task_activity'::text, a.id, a.created_at, t.titel, a.action, t.id, a.user_id
      from tasks t join task_activity a on a.task_id = t.id where t.kundennummer = ${c.kundennummer}`,
    at: sql`a.created_at`,
    id: sql`a.id`,
  }),
  // the customer's tasks, then the rating's primary key (its task)
  rating: (c) => ({
    from: sql`select 'rating'::text, r.task_id, r.created_at, t.titel,
      round((r.time_rating + r.satisfaction_rating + r.friendliness_rating) / 3.0, 1)::text, t.id, null::int
      from tasks t join task_ratings r on r.task_id = t.id where t.kundennummer = ${c.kundennummer}`,
    at: sql`r.created_at`,
    id: sql`r.task_id`,
  }),
  // mail_outbox_task_idx and mail_outbox_to_idx (lower(to)): mails of the customer's tasks or to its
  // address. `= any(array(…))`, not `in (select …)`: only so the two indexes can be read together (an
  // OR with a subquery scanned every mail).
  mail: (c) => ({
    from: sql`select 'mail'::text, m.id, m.created_at, m.subject, m.status, m.task_id, null::int
      from mail_outbox m where (m.task_id = any(array(select id from tasks where kundennummer = ${c.kundennummer}))
        or lower(m."to") = lower(${c.email ?? ''}))`,
    at: sql`m.created_at`,
    id: sql`m.id`,
  }),
  // customer_documents_customer_idx
  document: (c) => ({
    from: sql`select 'document'::text, d.id, d.created_at, d.original_name, null::text, null::int, d.uploaded_by
      from customer_documents d where d.customer_id = ${c.id}`,
    at: sql`d.created_at`,
    id: sql`d.id`,
  }),
  // insolvency_cases_customer_idx
  insolvency: (c) => ({
    from: sql`select 'insolvency'::text, i.id, i.created_at, i.administrator_name, i.status, i.id, i.created_by
      from insolvency_cases i where i.customer_id = ${c.id}`,
    at: sql`i.created_at`,
    id: sql`i.id`,
  }),
  // the customer's cases, then insolvency_activity_case_idx
  insolvency_activity: (c) => ({
    from: sql`select 'insolvency_activity'::text, a.id, a.created_at, i.administrator_name, a.action, i.id, a.user_id
      from insolvency_cases i join insolvency_activity a on a.case_id = i.id where i.customer_id = ${c.id}`,
    at: sql`a.created_at`,
    id: sql`a.id`,
  }),
  // rksv_orders_customer_time_idx (customer_id, saved_at, id)
  rksv_order: (c) => ({
    from: sql`select 'rksv_order'::text, o.id, o.saved_at, o.product_name, o.payment_status, o.id, null::int
      from rksv_orders o where o.customer_id = ${c.id}`,
    at: sql`o.saved_at`,
    id: sql`o.id`,
  }),
  // the customer's orders, then rksv_order_activity_order_idx
  rksv_activity: (c) => ({
    from: sql`select 'rksv_activity'::text, a.id, a.created_at, o.product_name, a.action, o.id, a.user_id
      from rksv_orders o join rksv_order_activity a on a.order_id = o.id where o.customer_id = ${c.id}`,
    at: sql`a.created_at`,
    id: sql`a.id`,
  }),
  // the customer's orders, then rksv_cards_order_idx
  rksv_card: (c) => ({
    from: sql`select 'rksv_card'::text, k.id, k.created_at, coalesce(k.serial_number, k.card_type, ''),
      k.next_deadline_kind, k.id, null::int
      from rksv_orders o join rksv_cards k on k.order_id = o.id where o.customer_id = ${c.id}`,
    at: sql`k.created_at`,
    id: sql`k.id`,
  }),
  // invoices_customer_idx, or the customer's paid orders and invoices_order_idx: the invoices that are
  // the customer's as the business dashboard's list has them (an order's counts once it is paid)
  invoice: (c) => ({
    // ref: the order's id, or a task's id negated (an emergency task's invoice opens its task).
    from: sql`select 'invoice'::text, v.id, v.issued_at, v.number, null::text, coalesce(v.order_id, -v.task_id), null::int
      from invoices v where (v.customer_id = ${c.id} or v.order_id = any(array(select id from rksv_orders
        where customer_id = ${c.id} and payment_status in (${sql.join(
          RKSV_PAID_STATUSES.map((st) => sql`${st}`),
          sql`, `,
        )}))))`,
    at: sql`v.issued_at`,
    id: sql`v.id`,
  }),
  // signage_devices_customer_idx
  signage_device: (c) => ({
    from: sql`select 'signage_device'::text, s.id, s.created_at, coalesce(s.device_name, s.uuid), s.status, s.id, null::int
      from signage_devices s where s.customer_id = ${c.id}`,
    at: sql`s.created_at`,
    id: sql`s.id`,
  }),
  // signage_schedules_customer_idx
  signage_schedule: (c) => ({
    from: sql`select 'signage_schedule'::text, s.id, s.created_at, s.schedule_name, s.status, s.id, null::int
      from signage_schedules s where s.customer_id = ${c.id}`,
    at: sql`s.created_at`,
    id: sql`s.id`,
  }),
  // cashbook_tx_customer_time_idx (customer_id, recorded_at, id)
  cashbook: (c) => ({
    from: sql`select 'cashbook'::text, x.id, x.recorded_at, x.description, x.type, x.id, x.user_id
      from cashbook_transactions x where x.customer_id = ${c.id}`,
    at: sql`x.recorded_at`,
    id: sql`x.id`,
  }),
};

/** Where each kind's entry opens for staff (the screens' deep links: useOpenInUrl on the web). */
function staffLink(kind: TimelineKind, ref: number | null): string | null {
  if (ref === null) return null;
  switch (kind) {
    case 'task':
    case 'task_activity':
    case 'rating':
    case 'mail':
      return `/agent-dashboard/tasks/${ref}`;
    case 'insolvency':
    case 'insolvency_activity':
      return `/agent-dashboard/insolvency?case=${ref}`;
    case 'rksv_order':
    case 'rksv_activity':
      return `/agent-dashboard/rksvorders?order=${ref}`;
    case 'rksv_card':
      return `/agent-dashboard/rksvactivations?card=${ref}`;
    case 'invoice':
      return ref > 0 ? `/agent-dashboard/rksvorders?order=${ref}` : `/agent-dashboard/tasks/${-ref}`;
    case 'signage_device':
      return `/agent-dashboard/ds/devices?device=${ref}`;
    case 'signage_schedule':
      return '/agent-dashboard/ds/schedules';
    case 'cashbook':
      return `/agent-dashboard/cashbook/transactions?entry=${ref}`;
    case 'document':
      return null;
  }
}

interface Cursor {
  at: string;
  kind: string;
  id: number;
}

const parseCursor = (s: string): Cursor => {
  const [at, kind, id] = s.split('~') as [string, string, string];
  return { at, kind, id: Number(id) };
};

/**
 * The rows of one source after the cursor in (time, kind, id) descending order: its kind is fixed, so
 * the comparison of the three comes down to the time (and the id where kind and time are the cursor's).
 */
function after(kind: TimelineKind, at: SQL, idCol: SQL, c: Cursor | undefined): SQL {
  if (!c) return sql`true`;
  const t = sql`${c.at}::timestamptz`;
  if (kind < c.kind) return sql`${at} <= ${t}`;
  if (kind > c.kind) return sql`${at} < ${t}`;
  return sql`(${at} < ${t} or (${at} = ${t} and ${idCol} < ${c.id}))`;
}

export async function customerTimeline(
  ctx: ServiceCtx,
  viewer: Viewer,
  input: { id: number } & CustomerTimelineQuery,
): Promise<CustomerTimeline> {
  const c = await loadCustomer(ctx, viewer, input.id);
  return timelineOf(ctx, c, { ...input, allowed: visibleKinds(viewer), linkOf: staffLink, withActor: true });
}

/**
 * A page of a customer's timeline of the `allowed` kinds (narrowed to `kinds` when asked), linked by
 * `linkOf`; the names of staff only `withActor` (the business dashboard shows none).
 */
export async function timelineOf(
  ctx: ServiceCtx,
  c: TimelineCustomer,
  input: CustomerTimelineQuery & {
    allowed: readonly TimelineKind[];
    linkOf: (kind: TimelineKind, ref: number | null) => string | null;
    withActor: boolean;
  },
): Promise<CustomerTimeline> {
  const kinds = input.kinds?.length ? input.allowed.filter((k) => input.kinds!.includes(k)) : input.allowed;
  if (kinds.length === 0) return { items: [], nextCursor: null };
  const cursor = input.cursor ? parseCursor(input.cursor) : undefined;
  const n = input.limit + 1;
  // Each source's own newest n after the cursor (its index does the order), then the page of all.
  const branches = kinds.map((kind) => {
    const s = SOURCES[kind](c);
    return sql`(${s.from} and ${after(kind, s.at, s.id, cursor)} order by ${s.at} desc, ${s.id} desc limit ${n})`;
  });
  const result = await ctx.db.execute(sql`
    select e.kind, e.id, to_char(e.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at,
      e.title, e.action, e.ref_id, u.name as actor
    from (${sql.join(branches, sql` union all `)}) as e (kind, id, at, title, action, ref_id, actor_id)
    left join users u on u.id = e.actor_id
    order by e.at desc, e.kind desc, e.id desc
    limit ${n}`);
  const rows = rowsOf<{
    kind: TimelineKind;
    id: number;
    at: string;
    title: string | null;
    action: string | null;
    ref_id: number | null;
    actor: string | null;
  }>(result);
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  return {
    items: page.map((r) => ({
      kind: r.kind,
      id: Number(r.id),
      at: r.at,
      title: r.title ?? '',
      action: r.action,
      link: input.linkOf(r.kind, r.ref_id === null ? null : Number(r.ref_id)),
      actor: input.withActor ? r.actor : null,
    })),
    nextCursor: rows.length > input.limit && last ? `${last.at}~${last.kind}~${last.id}` : null,
  };
}
