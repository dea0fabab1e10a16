import { isNull, sql } from 'drizzle-orm';
import {
  ERASED_TEXT,
  lastFreeYear,
  RKSV_PAID_STATUSES,
  retainedGroups,
  viennaDay,
  type RetainedCount,
  type RetainedGroup,
} from '@portal/shared';
import type { DbOrTx } from '../../db/client.js';
import { gdprErasures } from '../../db/schema/index.js';
import { redactCustomerAudit } from '../../platform/audit.js';
import { rowsOf } from '../../platform/db-helpers.js';
import { now } from '../../platform/service.js';
import { deleteStored, type GdprCtx } from './gdpr-jobs.js';

/*
 * What § 132 BAO keeps of a customer (issue 34; the rule is packages/shared gdpr-retention.ts): its
 * invoices, the RKSV orders that were paid or invoiced, its cashbook entries and its insolvency
 * records, each counted under the calendar year (Vienna) it concerns. An erasure answers them with
 * their dates; the nightly job anonymises those whose date has passed.
 */

const PAID = sql.join(
  RKSV_PAID_STATUSES.map((s) => sql`${s}`),
  sql`, `,
);
const viennaYear = (col: ReturnType<typeof sql>) => sql`extract(year from ${col} at time zone 'Europe/Vienna')::int`;

/** The orders an erasure keeps: paid, or with an invoice (issued with an order on invoice before payment). */
export const keptOrder = (o: string) =>
  sql`(${sql.raw(o)}.payment_status in (${PAID}) or exists (select 1 from invoices v where v.order_id = ${sql.raw(o)}.id))`;

/**
 * The customer's retained records per kind and year. An insolvency case counts under the year it
 * ended, and while it is open under `thisYear` (it is kept until seven years after its end).
 */
export async function retainedCounts(db: DbOrTx, customerId: number, thisYear: number): Promise<RetainedCount[]> {
  const result = await db.execute(sql`
    select 'invoices' as kind, ${viennaYear(sql`v.issued_at`)} as year, count(*)::int as count
      from invoices v
      where v.customer_id = ${customerId} or v.order_id = any(array(select id from rksv_orders where customer_id = ${customerId}))
      group by 2
    union all
    select 'rksv_orders', ${viennaYear(sql`coalesce(o.payed_at, o.saved_at)`)}, count(*)::int
      from rksv_orders o where o.customer_id = ${customerId} and ${keptOrder('o')}
      group by 2
    union all
    select 'cashbook', ${viennaYear(sql`x.transaction_date`)}, count(*)::int
      from cashbook_transactions x where x.customer_id = ${customerId}
      group by 2
    union all
    select 'insolvency', (case when i.end_date is null or i.status = 'active' then ${thisYear}::int
        else extract(year from i.end_date)::int end), count(*)::int
      from insolvency_cases i where i.customer_id = ${customerId}
      group by 2`);
  return rowsOf<RetainedCount>(result).map((r) => ({ kind: r.kind, year: Number(r.year), count: Number(r.count) }));
}

/** What is still kept of the customer today, per kind and calendar year with its date. */
export async function retainedOf(
  ctx: { db: DbOrTx; clock?: () => Date },
  customerId: number,
): Promise<RetainedGroup[]> {
  const today = viennaDay(now(ctx));
  return retainedGroups(await retainedCounts(ctx.db, customerId, Number(today.slice(0, 4))), today);
}

/** Anonymises an erased customer's record itself once nothing is kept: company and UID (the trigger keeps them so). */
export async function completeErasure(db: DbOrTx, customer: { id: number; kundennummer: string }, at: Date) {
  await db.execute(sql`update gdpr_erasures set completed_at = ${at.toISOString()}::timestamptz
    where customer_id = ${customer.id} and completed_at is null`);
  await db.execute(sql`update customers set firma = ${ERASED_TEXT}, uid = null, stripe_cu_id = null,
    updated_at = ${at.toISOString()}::timestamptz where id = ${customer.id}`);
  await db.execute(sql`update tasks set firma = ${ERASED_TEXT} where kundennummer = ${customer.kundennummer}
    and firma is distinct from ${ERASED_TEXT}`);
}

/**
 * The nightly job: for every erased customer still keeping something, the records whose seven years
 * are over (calendar year up to `lastFreeYear`) are anonymised: an invoice's buyer in its frozen data
 * (its number, amounts and lines stay, so the series has no gap; its PDF is written again from the
 * anonymised data when asked for), an order's buyer, an insolvency case's administrator. Cashbook
 * entries are never changed (every stored field is in the hash chain, modules/cashbook/chain.ts): what
 * they say of the customer is its id, which names an anonymised record once nothing is kept. When no
 * retained year is left the record itself is anonymised (`completeErasure`). Values a later staff write
 * on a kept record put into the audit trail are removed again (platform/audit.ts `redactCustomerAudit`).
 */
export async function anonymiseDue(ctx: GdprCtx & { log?: { warn: (o: object, m: string) => void } }) {
  const at = now(ctx);
  const today = viennaDay(at);
  const limit = lastFreeYear(today);
  const open = await ctx.db.select().from(gdprErasures).where(isNull(gdprErasures.completed_at));
  let completed = 0;
  for (const e of open) {
    const pdfs = await ctx.db.transaction(async (tx) => {
      const [c] = rowsOf<{ id: number; kundennummer: string }>(
        await tx.execute(sql`select id, kundennummer from customers where id = ${e.customer_id} for update`),
      );
      if (!c) return [];
      const invoicePdfs = rowsOf<{ pdf_path: string | null }>(
        await tx.execute(sql`
          with old as (
            select id, pdf_path from invoices v
            where (v.customer_id = ${c.id} or v.order_id = any(array(select id from rksv_orders where customer_id = ${c.id})))
              and ${viennaYear(sql`v.issued_at`)} <= ${limit}
              and v.data -> 'buyer' ->> 'name' is distinct from ${ERASED_TEXT}
            for update)
          update invoices v set pdf_path = null,
            data = jsonb_set(v.data, '{buyer}', coalesce(v.data -> 'buyer', '{}'::jsonb) || jsonb_build_object(
              'company', ${ERASED_TEXT}::text, 'name', ${ERASED_TEXT}::text, 'address', '', 'postalCode', '', 'city', '', 'taxId', ''))
          from old where v.id = old.id
          returning old.pdf_path`),
      );
      await tx.execute(sql`update rksv_orders o set companyname = ${ERASED_TEXT}, customername = ${ERASED_TEXT},
          email = ${ERASED_TEXT}, phone = ${ERASED_TEXT}, address = ${ERASED_TEXT}, zipcode = '', city = '', vatnr = ''
        where o.customer_id = ${c.id} and ${viennaYear(sql`coalesce(o.payed_at, o.saved_at)`)} <= ${limit}
          and o.companyname <> ${ERASED_TEXT}`);
      await tx.execute(sql`update insolvency_cases set administrator_name = ${ERASED_TEXT}, administrator_email = null,
          administrator_phone = null
        where customer_id = ${c.id} and status <> 'active' and end_date is not null
          and extract(year from end_date)::int <= ${limit} and administrator_name <> ${ERASED_TEXT}`);
      // A later staff write on a kept record put the customer's values into the audit trail again.
      await redactCustomerAudit(tx, c.id, viennaDay(e.erased_at));
      await tx.execute(sql`update gdpr_erasures set anonymised_through = ${limit}
        where customer_id = ${c.id} and anonymised_through is distinct from ${limit}`);
      if ((await retainedOf({ db: tx, clock: () => at }, c.id)).length === 0) {
        await completeErasure(tx, c, at);
        completed++;
      }
      return invoicePdfs.flatMap((r) => (r.pdf_path ? [r.pdf_path] : []));
    });
    await deleteStored(ctx, pdfs);
  }
  return { erasures: open.length, completed };
}
