import { and, asc, count, eq } from 'drizzle-orm';
import { BRANCH_MAX, BUSINESS_RECORDS_MSG as MSG, type Branch, type branchInputSchema } from '@portal/shared';
import type { z } from 'zod';
import { customerBranches } from '../../../db/schema/index.js';
import { conflict, notFound } from '../../../platform/errors.js';
import { now, type ServiceCtx, type Viewer } from '../../../platform/service.js';
import { ownCustomer } from '../own-customer.js';

type BranchFields = z.output<typeof branchInputSchema>;

const toBranch = (r: typeof customerBranches.$inferSelect): Branch => ({
  id: r.id,
  name: r.name,
  address: r.address,
  zipcode: r.zipcode,
  city: r.city,
  phone: r.phone,
  opening_hours: r.opening_hours,
  created_at: r.created_at.toISOString(),
  updated_at: r.updated_at.toISOString(),
});

/** The caller's branches by name; at most BRANCH_MAX exist, so the list is answered whole. */
export async function listBranches(ctx: ServiceCtx, viewer: Viewer): Promise<Branch[]> {
  const own = await ownCustomer(ctx, viewer);
  const rows = await ctx.db
    .select()
    .from(customerBranches)
    .where(eq(customerBranches.customer_id, own.id))
    .orderBy(asc(customerBranches.name), asc(customerBranches.id))
    .limit(BRANCH_MAX);
  return rows.map(toBranch);
}

export async function createBranch(ctx: ServiceCtx, viewer: Viewer, input: BranchFields): Promise<Branch> {
  const own = await ownCustomer(ctx, viewer);
  return ctx.db.transaction(async (tx) => {
    const [c] = await tx.select({ n: count() }).from(customerBranches).where(eq(customerBranches.customer_id, own.id));
    if (Number(c?.n ?? 0) >= BRANCH_MAX) throw conflict(MSG.branchLimit);
    const [row] = await tx
      .insert(customerBranches)
      .values({ ...input, customer_id: own.id })
      .returning();
    return toBranch(row!);
  });
}

/** Changes one of the caller's branches; another customer's id answers 404 like one that does not exist. */
export async function updateBranch(
  ctx: ServiceCtx,
  viewer: Viewer,
  input: { id: number; fields: BranchFields },
): Promise<Branch> {
  const own = await ownCustomer(ctx, viewer);
  const [row] = await ctx.db
    .update(customerBranches)
    .set({ ...input.fields, updated_at: now(ctx) })
    .where(and(eq(customerBranches.id, input.id), eq(customerBranches.customer_id, own.id)))
    .returning();
  if (!row) throw notFound(MSG.branchNotFound);
  return toBranch(row);
}

export async function deleteBranch(ctx: ServiceCtx, viewer: Viewer, input: { id: number }): Promise<void> {
  const own = await ownCustomer(ctx, viewer);
  const rows = await ctx.db
    .delete(customerBranches)
    .where(and(eq(customerBranches.id, input.id), eq(customerBranches.customer_id, own.id)))
    .returning({ id: customerBranches.id });
  if (rows.length === 0) throw notFound(MSG.branchNotFound);
}
