import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  canCloseInsolvency,
  insolvencyToday,
  INSOLVENCY_MSG,
  INSOLVENCY_SEARCH_MAX_ROWS,
  isInsolvencyMonthOpen,
  type CreateInsolvencyInput,
  type InsolvencyCloseStatus,
  type InsolvencyCustomerHit,
  type InsolvencyRow,
  type InsolvencyStatus,
  type SetInsolvencyMonthInput,
  said,
} from '@portal/shared';
import { customers, insolvencyActivity, insolvencyCases, insolvencyMonths } from '../../db/schema/index.js';
import type { DbOrTx } from '../../db/client.js';
import { isUniqueViolation } from '../../platform/db-helpers.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { now, type ServiceCtx, type Viewer } from '../../platform/service.js';
import { customerCountryFilter, findInRegister } from '../customers/index.js';

/**
 * Insolvency cases (backoffice.md "Insolvency", issue 19): list, create, monthly invoice numbers,
 * 'Beenden' and 'Dauerhaft schließen'. Every change is one transaction with its activity row.
 * Dates are Vienna calendar days; "today" comes from the shared rule so the grid and the server agree.
 * Staff work per country (issue 28): an agent reads and changes the cases of their own country's
 * customers only (another country's case is 404, its customer unknown), an admin those of every country.
 */

type Activity = 'created' | 'month_set' | 'closed' | 'permanently_closed';

async function activity(
  tx: DbOrTx,
  viewer: Viewer,
  caseId: number,
  action: Activity,
  details: Record<string, unknown>,
) {
  await tx.insert(insolvencyActivity).values({ case_id: caseId, user_id: viewer.id, action, details });
}

/** Cases, newest first, each with its months (two queries for the page, whatever its size). */
export async function listCases(
  ctx: ServiceCtx,
  viewer: Viewer,
  input: { status?: InsolvencyStatus; limit: number; offset: number },
): Promise<InsolvencyRow[]> {
  const { db } = ctx;
  const rows = await db
    .select({
      id: insolvencyCases.id,
      customer_id: insolvencyCases.customer_id,
      company_name: customers.firma,
      kundennummer: customers.kundennummer,
      administrator_name: insolvencyCases.administrator_name,
      administrator_email: insolvencyCases.administrator_email,
      administrator_phone: insolvencyCases.administrator_phone,
      start_date: insolvencyCases.start_date,
      end_date: insolvencyCases.end_date,
      status: insolvencyCases.status,
    })
    .from(insolvencyCases)
    .innerJoin(customers, eq(customers.id, insolvencyCases.customer_id))
    .where(and(input.status ? eq(insolvencyCases.status, input.status) : undefined, customerCountryFilter(viewer)))
    .orderBy(desc(insolvencyCases.id))
    .limit(input.limit)
    .offset(input.offset);
  if (!rows.length) return [];
  const months = await db
    .select({
      case_id: insolvencyMonths.case_id,
      month: insolvencyMonths.month,
      year: insolvencyMonths.year,
      invoice_number: insolvencyMonths.invoice_number,
    })
    .from(insolvencyMonths)
    .where(
      inArray(
        insolvencyMonths.case_id,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(insolvencyMonths.year), asc(insolvencyMonths.month));
  return rows.map((r) => ({
    ...r,
    status: r.status as InsolvencyStatus,
    months: months
      .filter((m) => m.case_id === r.id)
      .map(({ month, year, invoice_number }) => ({ month, year, invoice_number })),
  }));
}

/**
 * Customers for the create dialog: number prefix first, then company, contact or e-mail containing
 * the text; at most 20. Inactive customers too: a company in insolvency may already be gone from
 * its source.
 */
export async function searchCustomers(
  ctx: ServiceCtx,
  viewer: Viewer,
  input: { query: string },
): Promise<InsolvencyCustomerHit[]> {
  const hits = await findInRegister(ctx, {
    where: customerCountryFilter(viewer),
    text: input.query,
    max: INSOLVENCY_SEARCH_MAX_ROWS,
    textIn: ['firma', 'kontaktperson', 'email'],
    byCompany: true,
  });
  return hits.map(({ kontaktperson, ...c }) => ({ ...c, name: kontaktperson ?? c.firma }));
}

export async function createCase(
  ctx: ServiceCtx,
  viewer: Viewer,
  input: CreateInsolvencyInput,
): Promise<{ id: number; message: string; code: string }> {
  const { db } = ctx;
  if (input.start_date > insolvencyToday(now(ctx))) throw badRequest(INSOLVENCY_MSG.startDateFuture);
  return db.transaction(async (tx) => {
    const [customer] = await tx
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.id, input.customer_id), customerCountryFilter(viewer)));
    if (!customer) throw badRequest(INSOLVENCY_MSG.customerRequired);
    let id: number;
    try {
      // A savepoint: the unique index's refusal must not end the surrounding transaction.
      const [row] = await tx.transaction((sp) =>
        sp
          .insert(insolvencyCases)
          .values({
            customer_id: input.customer_id,
            administrator_name: input.administrator_name,
            administrator_email: input.administrator_email,
            administrator_phone: input.administrator_phone,
            start_date: input.start_date,
            created_by: viewer.id,
          })
          .returning({ id: insolvencyCases.id }),
      );
      id = row!.id;
    } catch (e) {
      if (isUniqueViolation(e)) throw conflict(INSOLVENCY_MSG.activeExists);
      throw e;
    }
    await activity(tx, viewer, id, 'created', {
      customer_id: input.customer_id,
      administrator_name: input.administrator_name,
      start_date: input.start_date,
    });
    return { id, ...said(INSOLVENCY_MSG.created) };
  });
}

/**
 * The case, locked for the rest of the transaction (a close and a month entry do not cross); 404 for a
 * case of another country's customer unless the viewer is an admin.
 */
async function lockCase(tx: DbOrTx, viewer: Viewer, id: number) {
  const [c] = await tx.select().from(insolvencyCases).where(eq(insolvencyCases.id, id)).for('update');
  if (!c) throw notFound(INSOLVENCY_MSG.notFound);
  const ofCountry = customerCountryFilter(viewer);
  if (ofCountry) {
    const [own] = await tx
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.id, c.customer_id), ofCountry));
    if (!own) throw notFound(INSOLVENCY_MSG.notFound);
  }
  return c;
}

/** Stores or replaces the invoice number of a month from the start month to the end (or current) month. */
export async function setMonth(
  ctx: ServiceCtx,
  viewer: Viewer,
  input: SetInsolvencyMonthInput & { id: number },
): Promise<{ message: string; code: string }> {
  await ctx.db.transaction(async (tx) => {
    const c = await lockCase(tx, viewer, input.id);
    if (c.status === 'permanently_closed') throw conflict(INSOLVENCY_MSG.permanentlyClosed);
    if (!isInsolvencyMonthOpen(c, { year: input.year, month: input.month }, insolvencyToday(now(ctx)))) {
      throw badRequest(INSOLVENCY_MSG.monthOutOfRange);
    }
    const [previous] = await tx
      .select({ invoice_number: insolvencyMonths.invoice_number })
      .from(insolvencyMonths)
      .where(
        and(
          eq(insolvencyMonths.case_id, c.id),
          eq(insolvencyMonths.year, input.year),
          eq(insolvencyMonths.month, input.month),
        ),
      );
    await tx
      .insert(insolvencyMonths)
      .values({
        case_id: c.id,
        year: input.year,
        month: input.month,
        invoice_number: input.invoice_number,
        updated_by: viewer.id,
      })
      .onConflictDoUpdate({
        target: [insolvencyMonths.case_id, insolvencyMonths.year, insolvencyMonths.month],
        set: { invoice_number: input.invoice_number, updated_by: viewer.id, updated_at: sql`now()` },
      });
    await tx
      .update(insolvencyCases)
      .set({ updated_at: sql`now()` })
      .where(eq(insolvencyCases.id, c.id));
    await activity(tx, viewer, c.id, 'month_set', {
      year: input.year,
      month: input.month,
      invoice_number: input.invoice_number,
      previous: previous?.invoice_number ?? null,
    });
  });
  return { ...said(INSOLVENCY_MSG.monthSaved) };
}

/** 'Beenden' (closed) or 'Dauerhaft schließen' (permanently_closed), the end date today in Vienna. */
export async function closeCase(
  ctx: ServiceCtx,
  viewer: Viewer,
  input: { id: number; status: InsolvencyCloseStatus },
): Promise<{ message: string; code: string; status: InsolvencyCloseStatus; end_date: string }> {
  return ctx.db.transaction(async (tx) => {
    const c = await lockCase(tx, viewer, input.id);
    const from = c.status as InsolvencyStatus;
    if (!canCloseInsolvency(from, input.status)) {
      throw conflict(from === 'permanently_closed' ? INSOLVENCY_MSG.permanentlyClosed : INSOLVENCY_MSG.alreadyClosed);
    }
    const endDate = insolvencyToday(now(ctx));
    await tx
      .update(insolvencyCases)
      .set({ status: input.status, end_date: endDate, updated_at: sql`now()` })
      .where(eq(insolvencyCases.id, c.id));
    await activity(tx, viewer, c.id, input.status, { from, end_date: endDate });
    const message = input.status === 'closed' ? INSOLVENCY_MSG.closed : INSOLVENCY_MSG.closedPermanently;
    return { ...said(message), status: input.status, end_date: endDate };
  });
}
