import { eq } from 'drizzle-orm';
import type { BusinessProfile, profileInputSchema } from '@portal/shared';
import type { z } from 'zod';
import { customers } from '../../../db/schema/index.js';
import { now, type ServiceCtx, type Viewer } from '../../../platform/service.js';
import { ownCustomer, type OwnCustomer } from '../own-customer.js';

const toProfile = (
  c: Pick<OwnCustomer, 'kundennummer' | 'firma' | 'kontaktperson' | 'email' | 'telefon'>,
  viewer: Viewer,
): BusinessProfile => ({
  kundennummer: c.kundennummer,
  firma: c.firma,
  kontaktperson: c.kontaktperson,
  email: c.email,
  telefon: c.telefon,
  account_email: viewer.email,
});

/** The caller's customer record as they may see it, and the e-mail they sign in with. */
export async function getProfile(ctx: ServiceCtx, viewer: Viewer): Promise<BusinessProfile> {
  return toProfile(await ownCustomer(ctx, viewer), viewer);
}

/**
 * Changes the contact data of the caller's record: a field left out stays, an empty one is cleared.
 * Company name and customer number are not accepted here (staff, through the company-switch form).
 */
export async function updateProfile(
  ctx: ServiceCtx,
  viewer: Viewer,
  input: z.output<typeof profileInputSchema>,
): Promise<BusinessProfile> {
  const own = await ownCustomer(ctx, viewer);
  const set: Partial<typeof customers.$inferInsert> = {};
  if (input.kontaktperson !== undefined) set.kontaktperson = input.kontaktperson;
  if (input.email !== undefined) set.email = input.email;
  if (input.telefon !== undefined) set.telefon = input.telefon;
  if (Object.keys(set).length === 0) return toProfile(own, viewer);
  const [row] = await ctx.db
    .update(customers)
    .set({ ...set, updated_at: now(ctx) })
    .where(eq(customers.id, own.id))
    .returning();
  return toProfile(row!, viewer);
}
