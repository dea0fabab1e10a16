import { and, asc, eq, ilike, like, not, sql, type SQL } from 'drizzle-orm';
import { COUNTRY, CUSTOMER_SEARCH_MAX_ROWS, type CustomerHit } from '@portal/shared';
import { customers } from '../../db/schema/index.js';
import { likeEscape } from '../../platform/db-helpers.js';
import { forbidden } from '../../platform/errors.js';
import type { ServiceCtx, Viewer } from '../../platform/service.js';

/**
 * Staff work per country (issue 28): an agent reads the customers of their own country only (none
 * without a country), an admin those of every country. The condition every staff customer search and
 * list adds (`undefined` for an admin); lists without a country parameter use it, so an agent never
 * sees another country's customers there.
 */
export function customerCountryFilter(viewer: Viewer): SQL | undefined {
  if (viewer.role === 'admin') return undefined;
  return viewer.country_id ? eq(customers.country_id, viewer.country_id) : sql`false`;
}

/**
 * A call that names a country (the AT and EG customer searches): the viewer's own country, or any for
 * an admin; an agent asking for another country gets 403, as on the tasks board (tasks/board.ts).
 */
export function assertCountryOpen(viewer: Viewer, countryId: number): void {
  if (viewer.role !== 'admin' && viewer.country_id !== countryId) throw forbidden();
}

const COUNTRY_OF_SOURCE = { AT: COUNTRY.AT, EG: COUNTRY.EG } as const;

/**
 * Customers of one source (AT or EG) whose number starts with, or whose company contains, the
 * search text: number-prefix hits first (by number), then company hits (by name), at most 20 rows.
 * Two small queries instead of one sorted OR: neither has to sort thousands of matches.
 * Only active customers: one the sync no longer finds in its source gets no new task or booking
 * (its record stays, with the tasks and orders that point to it). Each source is a country's (AT 1,
 * EG 2): an agent searches their own country's only (403 for the other), an admin either.
 */
export async function searchCustomers(
  ctx: ServiceCtx,
  viewer: Viewer,
  input: { source: 'AT' | 'EG'; search: string },
): Promise<CustomerHit[]> {
  const { db } = ctx;
  const { source, search } = input;
  const countryId = COUNTRY_OF_SOURCE[source];
  assertCountryOpen(viewer, countryId);
  const ofSource = and(eq(customers.source, source), eq(customers.country_id, countryId), eq(customers.active, true));
  const s = likeEscape(search.trim());
  const max = CUSTOMER_SEARCH_MAX_ROWS;
  const byNumber = /^\d+$/.test(s)
    ? await db
        .select({ id: customers.id, kundennummer: customers.kundennummer, firma: customers.firma })
        .from(customers)
        .where(and(ofSource, like(customers.kundennummer, `${s}%`)))
        .orderBy(asc(customers.kundennummer))
        .limit(max)
    : [];
  if (byNumber.length >= max) return byNumber;
  const byName = await db
    .select({ id: customers.id, kundennummer: customers.kundennummer, firma: customers.firma })
    .from(customers)
    .where(
      and(
        ofSource,
        ilike(customers.firma, `%${s}%`),
        not(like(customers.kundennummer, `${s}%`)),
      ),
    )
    .limit(max - byNumber.length);
  byName.sort((a, b) => a.firma.localeCompare(b.firma, 'de') || a.kundennummer.localeCompare(b.kundennummer));
  return [...byNumber, ...byName];
}
