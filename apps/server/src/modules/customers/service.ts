import { and, asc, eq, ilike, like, not, or, sql, type SQL } from 'drizzle-orm';
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

/** What a search reads of a customer: the columns a picker shows (each area answers its own shape). */
const HIT_COLUMNS = {
  id: customers.id,
  kundennummer: customers.kundennummer,
  firma: customers.firma,
  kontaktperson: customers.kontaktperson,
  email: customers.email,
  stripe_cu_id: customers.stripe_cu_id,
};
export type RegisterHit = { [K in keyof typeof HIT_COLUMNS]: (typeof HIT_COLUMNS)[K]['_']['data'] | null } & {
  id: number;
  kundennummer: string;
  firma: string;
};

/** The text columns a search may look into besides the number. */
const TEXT_COLUMNS = { firma: customers.firma, kontaktperson: customers.kontaktperson, email: customers.email };

/**
 * The one search of the customer register, behind every picker (tasks and cashbook, signage,
 * insolvency): customers under `where` whose number starts with the text (first, by number), then
 * those whose `textIn` columns contain it (by company), at most `max` rows. Two small queries instead
 * of one sorted OR: neither has to sort thousands of matches. A text of digits only is looked up as a
 * number prefix; `anyPrefix` looks up any text so (signage numbers carry letters).
 */
export async function findInRegister(
  ctx: ServiceCtx,
  input: {
    where: SQL | undefined;
    text: string;
    max: number;
    textIn: (keyof typeof TEXT_COLUMNS)[];
    anyPrefix?: boolean;
    /**
     * Which text hits fill the page: the first by company (signage, insolvency), or the first the
     * index hands out (the AT/EG pickers, as they always did: no sort of thousands of matches).
     */
    byCompany?: boolean;
  },
): Promise<RegisterHit[]> {
  const s = likeEscape(input.text.trim());
  const prefix = like(customers.kundennummer, `${s}%`);
  const byNumber =
    input.anyPrefix || /^\d+$/.test(s)
      ? await ctx.db
          .select(HIT_COLUMNS)
          .from(customers)
          .where(and(input.where, prefix))
          .orderBy(asc(customers.kundennummer))
          .limit(input.max)
      : [];
  if (byNumber.length >= input.max) return byNumber as RegisterHit[];
  const textQuery = ctx.db
    .select(HIT_COLUMNS)
    .from(customers)
    .where(and(input.where, or(...input.textIn.map((c) => ilike(TEXT_COLUMNS[c], `%${s}%`))), not(prefix)))
    .limit(input.max - byNumber.length);
  const byText = await (input.byCompany ? textQuery.orderBy(asc(customers.firma), asc(customers.id)) : textQuery);
  // The page in German order (Ä with A), whatever the database's collation.
  byText.sort((a, b) => a.firma.localeCompare(b.firma, 'de') || a.kundennummer.localeCompare(b.kundennummer));
  return [...byNumber, ...byText] as RegisterHit[];
}

/**
 * The AT and EG searches of the tasks and cashbook pickers: active customers of one source (AT or
 * EG), by number prefix or company, at most 20 rows. Only active customers: one the sync no longer
 * finds in its source gets no new task or booking (its record stays, with the tasks and orders that
 * point to it). Each source is a country's (AT 1, EG 2): an agent searches their own country's only
 * (403 for the other), an admin either.
 */
export async function searchCustomers(
  ctx: ServiceCtx,
  viewer: Viewer,
  input: { source: 'AT' | 'EG'; search: string },
): Promise<CustomerHit[]> {
  const countryId = COUNTRY_OF_SOURCE[input.source];
  assertCountryOpen(viewer, countryId);
  const hits = await findInRegister(ctx, {
    where: and(eq(customers.source, input.source), eq(customers.country_id, countryId), eq(customers.active, true)),
    text: input.search,
    max: CUSTOMER_SEARCH_MAX_ROWS,
    textIn: ['firma'],
  });
  return hits.map(({ id, kundennummer, firma }) => ({ id, kundennummer, firma }));
}
