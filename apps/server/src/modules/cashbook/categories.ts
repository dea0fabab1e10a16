import { asc, eq } from 'drizzle-orm';
import { CASHBOOK_MSG, type CashbookCategory, type CreateCategoryInput } from '@portal/shared';
import { cashbookCategories } from '../../db/schema/index.js';
import { isUniqueViolation } from '../../platform/db-helpers.js';
import { conflict } from '../../platform/errors.js';
import type { ServiceCtx, Viewer } from '../../platform/service.js';
import { countryOf, iso } from './common.js';

/** Categories are a short reference list per country; this cap only guards against a runaway table. */
const CATEGORY_CAP = 1000;

const shape = (r: typeof cashbookCategories.$inferSelect): CashbookCategory => ({
  id: r.id,
  name: r.name,
  description: r.description,
  type: r.type as CashbookCategory['type'],
  created_at: iso(r.created_at),
});

/** The categories of the caller's cashbook, income first, by name. */
export async function listCategories(ctx: ServiceCtx, viewer: Viewer): Promise<CashbookCategory[]> {
  const rows = await ctx.db
    .select()
    .from(cashbookCategories)
    .where(eq(cashbookCategories.country_id, countryOf(viewer)))
    .orderBy(asc(cashbookCategories.type), asc(cashbookCategories.name))
    .limit(CATEGORY_CAP);
  // 'expense' < 'income' alphabetically: income first, as the screens list them.
  return rows.map(shape).sort((a, b) => (a.type === b.type ? 0 : a.type === 'income' ? -1 : 1));
}

/** A new category; the same name (any case) and type twice in one cashbook is 409. */
export async function createCategory(
  ctx: ServiceCtx,
  viewer: Viewer,
  input: CreateCategoryInput,
): Promise<CashbookCategory> {
  try {
    const [row] = await ctx.db
      .insert(cashbookCategories)
      .values({ ...input, country_id: countryOf(viewer), created_by: viewer.id })
      .returning();
    return shape(row!);
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(CASHBOOK_MSG.categoryExists);
    throw e;
  }
}
