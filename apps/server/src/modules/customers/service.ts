import { and, asc, eq, ilike, like, or, sql } from 'drizzle-orm';
import { CUSTOMER_SEARCH_MAX_ROWS, type CustomerHit } from '@portal/shared';
import type { Db } from '../../db/client.js';
import { customers } from '../../db/schema/index.js';

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Customers of one source (AT or EG) whose number starts with, or whose company contains, the
 * search text; number-prefix hits first, at most 20 rows.
 */
export async function searchCustomers(db: Db, source: 'AT' | 'EG', search: string): Promise<CustomerHit[]> {
  const s = likeEscape(search.trim());
  const prefix = like(customers.kundennummer, `${s}%`);
  return db
    .select({ kundennummer: customers.kundennummer, firma: customers.firma })
    .from(customers)
    .where(and(eq(customers.source, source), or(prefix, ilike(customers.firma, `%${s}%`))))
    .orderBy(sql`(${prefix}) desc`, asc(customers.firma), asc(customers.kundennummer))
    .limit(CUSTOMER_SEARCH_MAX_ROWS);
}
