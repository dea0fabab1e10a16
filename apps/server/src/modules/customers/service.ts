import { and, asc, eq, ilike, like, not } from 'drizzle-orm';
import { CUSTOMER_SEARCH_MAX_ROWS, type CustomerHit } from '@portal/shared';
import { customers } from '../../db/schema/index.js';
import { likeEscape } from '../../platform/db-helpers.js';
import type { ServiceCtx, Viewer } from '../../platform/service.js';

/**
 * Customers of one source (AT or EG) whose number starts with, or whose company contains, the
 * search text: number-prefix hits first (by number), then company hits (by name), at most 20 rows.
 * Two small queries instead of one sorted OR: neither has to sort thousands of matches.
 * Only active customers: one the sync no longer finds in its source gets no new task or booking
 * (its record stays, with the tasks and orders that point to it).
 */
export async function searchCustomers(
  ctx: ServiceCtx,
  _viewer: Viewer,
  input: { source: 'AT' | 'EG'; search: string },
): Promise<CustomerHit[]> {
  const { db } = ctx;
  const { source, search } = input;
  const s = likeEscape(search.trim());
  const max = CUSTOMER_SEARCH_MAX_ROWS;
  const byNumber = /^\d+$/.test(s)
    ? await db
        .select({ id: customers.id, kundennummer: customers.kundennummer, firma: customers.firma })
        .from(customers)
        .where(and(eq(customers.source, source), eq(customers.active, true), like(customers.kundennummer, `${s}%`)))
        .orderBy(asc(customers.kundennummer))
        .limit(max)
    : [];
  if (byNumber.length >= max) return byNumber;
  const byName = await db
    .select({ id: customers.id, kundennummer: customers.kundennummer, firma: customers.firma })
    .from(customers)
    .where(
      and(
        eq(customers.source, source),
        eq(customers.active, true),
        ilike(customers.firma, `%${s}%`),
        not(like(customers.kundennummer, `${s}%`)),
      ),
    )
    .limit(max - byNumber.length);
  byName.sort((a, b) => a.firma.localeCompare(b.firma, 'de') || a.kundennummer.localeCompare(b.kundennummer));
  return [...byNumber, ...byName];
}
