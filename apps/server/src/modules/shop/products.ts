import { asc, eq } from 'drizzle-orm';
import type { RksvProduct } from '@portal/shared';
import type { Db } from '../../db/client.js';
import { products } from '../../db/schema/index.js';

export async function listProducts(db: Db): Promise<RksvProduct[]> {
  const rows = await db
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
