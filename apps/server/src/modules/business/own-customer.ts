import { eq } from 'drizzle-orm';
import { customers, users } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';
import type { ServiceCtx, Viewer } from '../../platform/service.js';

export interface OwnCustomer {
  id: number;
  kundennummer: string;
  firma: string;
  kontaktperson: string | null;
  email: string | null;
  telefon: string | null;
  country_id: number;
}

/**
 * The customer record a business account is linked to (users.customer_id, set by kundennummer as
 * the CLI does). Every /api/business call starts here and filters by this record only; an account
 * without a record owns nothing, so its calls answer 404 like any foreign id.
 */
export async function ownCustomer(ctx: ServiceCtx, viewer: Viewer): Promise<OwnCustomer> {
  const [row] = await ctx.db
    .select({
      id: customers.id,
      kundennummer: customers.kundennummer,
      firma: customers.firma,
      kontaktperson: customers.kontaktperson,
      email: customers.email,
      telefon: customers.telefon,
      country_id: customers.country_id,
    })
    .from(users)
    .innerJoin(customers, eq(customers.id, users.customer_id))
    .where(eq(users.id, viewer.id));
  if (!row) throw notFound();
  return row;
}
