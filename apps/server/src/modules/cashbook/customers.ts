import { and, eq } from 'drizzle-orm';
import { CASHBOOK_MSG } from '@portal/shared';
import { customers } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';
import type { ServiceCtx, Viewer } from '../../platform/service.js';
import { countryOf } from './common.js';

/**
 * The customer behind a hit of the staff customer search (GET /api/customers or /api/customersEG
 * answer number and company only): its id, which an income entry names. Only this country's.
 */
export async function customerByNumber(ctx: ServiceCtx, viewer: Viewer, input: { kundennummer: string }) {
  const [row] = await ctx.db
    .select({ id: customers.id, kundennummer: customers.kundennummer, firma: customers.firma })
    .from(customers)
    .where(and(eq(customers.kundennummer, input.kundennummer), eq(customers.country_id, countryOf(viewer))));
  if (!row) throw notFound(CASHBOOK_MSG.customerNotFound);
  return row;
}
