import { and, asc, eq, sql } from 'drizzle-orm';
import { SIGNAGE_SEARCH_MAX_ROWS, type SignageCustomerHit, type SignageCustomerRow } from '@portal/shared';
import { customers, signageDevices } from '../../db/schema/index.js';
import type { ServiceCtx, Viewer } from '../../platform/service.js';
import { customerCountryFilter, findInRegister } from '../customers/index.js';
import { devicesOfCustomers } from './devices.js';

/**
 * Customers for signage: the search behind "assign a customer" and the schedule form (company,
 * customer number or e-mail, from 2 characters, at most 20), and the customers that have screens.
 * An agent sees their own country's customers only, an admin every country's (issue 28).
 */
export async function searchSignageCustomers(
  ctx: ServiceCtx,
  viewer: Viewer,
  input: { query: string },
): Promise<SignageCustomerHit[]> {
  const hits = await findInRegister(ctx, {
    where: customerCountryFilter(viewer),
    text: input.query,
    max: SIGNAGE_SEARCH_MAX_ROWS,
    textIn: ['firma', 'email'],
    byCompany: true,
    anyPrefix: true,
  });
  return hits.map(({ kontaktperson, ...c }) => ({ ...c, name: kontaktperson }));
}

/** Customers with at least one screen, each with its screens, schedule count and assigned-content count. */
export async function customersWithScreens(
  ctx: ServiceCtx,
  viewer: Viewer,
  input: { limit: number; offset: number },
): Promise<{ rows: SignageCustomerRow[]; total: number }> {
  const withScreens = and(
    sql`exists (select 1 from ${signageDevices} where ${signageDevices.customer_id} = ${customers.id})`,
    customerCountryFilter(viewer),
  );
  const [page, [total]] = await Promise.all([
    ctx.db
      .select({
        customer_id: customers.id,
        firma: customers.firma,
        kundennummer: customers.kundennummer,
        email: customers.email,
        stripe_cu_id: customers.stripe_cu_id,
        // Written out with table names: drizzle leaves columns in a select list unqualified.
        schedule_count: sql<number>`(select count(*)::int from signage_schedules s where s.customer_id = customers.id)`,
        content_count: sql<number>`(select count(*)::int from signage_device_content c join signage_devices d on d.id = c.device_id where d.customer_id = customers.id)`,
      })
      .from(customers)
      .where(withScreens)
      .orderBy(asc(customers.firma), asc(customers.id))
      .limit(input.limit)
      .offset(input.offset),
    ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(customers)
      .where(withScreens),
  ]);
  const devices = await devicesOfCustomers(
    ctx,
    page.map((c) => c.customer_id),
  );
  return {
    rows: page.map((c) => ({
      ...c,
      devices: devices.filter((d) => d.customer_id === c.customer_id).map(({ customer_id: _c, ...d }) => d),
    })),
    total: total?.n ?? 0,
  };
}

/** A customer's record id from the Stripe reference the spec's schedule form sends, or the id itself. */
export async function customerIdFor(
  ctx: ServiceCtx,
  viewer: Viewer,
  input: { stripe_customer_id?: string | null; customer_id?: number | null },
): Promise<number | null> {
  // Staff give a schedule only to a customer of their own country (an admin: any).
  const ofCountry = customerCountryFilter(viewer);
  if (input.customer_id) {
    const [c] = await ctx.db
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.id, input.customer_id), ofCountry));
    return c?.id ?? null;
  }
  if (!input.stripe_customer_id) return null;
  const [c] = await ctx.db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.stripe_cu_id, input.stripe_customer_id), ofCountry));
  return c?.id ?? null;
}
