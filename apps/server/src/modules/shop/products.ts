import { asc, eq } from 'drizzle-orm';
import type { RksvProduct } from '@portal/shared';
import { products } from '../../db/schema/index.js';
import type { ServiceCtx } from '../../platform/service.js';

export async function listProducts(ctx: ServiceCtx): Promise<RksvProduct[]> {
  const rows = await ctx.db
    .select({
      id: products.id,
      kind: products.kind,
      name: products.name,
      description: products.description,
      price: products.price,
    })
    .from(products)
    .where(eq(products.active, true))
    .orderBy(asc(products.id));
  return rows.map((r) => ({ ...r, kind: r.kind as RksvProduct['kind'] }));
}
