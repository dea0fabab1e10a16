import { count, sql } from 'drizzle-orm';
import { signageContentVersions as v, signageDevices } from '../../db/schema/index.js';
import { now as nowOf, type ServiceCtx } from '../../platform/service.js';
import { versionedCacheFor, type Versioned } from '../../platform/versioned-cache.js';

/**
 * The number of screens for the status board (issue 33, fleet scale), kept in this process under the
 * fleet's version: the database raises it (scope -2) with every statement that adds or removes screens
 * (migration 0037). Counting the table on every look at the board scanned its live and dead rows, and
 * at 10,000 screens polling every 30 s each row is rewritten twice a minute (2 ms of 5 per page read).
 * The page's statement reads the version with its rows and counts only while nothing is kept.
 */

interface KeptCount extends Versioned {
  total: number;
}

const KEY = 'fleet';
const counts = (ctx: ServiceCtx) => versionedCacheFor<string, KeptCount>(ctx.db, 'signage-fleet-count', 1);

/** The fleet's version, as a column of the page's statement. */
export const fleetVersion = sql<string>`coalesce((select ${v.version} from ${v} where ${v.scope} = -2), 0)`;

/** The count as a column of the page's statement: null while one is kept (whatever its version). */
export function fleetCountColumn(ctx: ServiceCtx) {
  return counts(ctx)?.latest(KEY)
    ? sql<number | null>`null::int`
    : sql<number | null>`(select count(*) from ${signageDevices})::int`;
}

/**
 * The number of screens at the version read with the page: the kept one when counted at that version,
 * the page's own count, or (a page past the end, a version moved) counted now with its version.
 */
export async function fleetTotal(
  ctx: ServiceCtx,
  read: { fleet_version: string | number; fleet_count: number | null } | undefined,
): Promise<number> {
  const cache = counts(ctx);
  const keep = (version: number, total: number) =>
    cache?.put(KEY, { version, total, validUntil: Infinity })?.total ?? total;
  if (read) {
    const version = Number(read.fleet_version);
    const kept = cache?.get(KEY, version, nowOf(ctx));
    if (kept) return kept.total;
    if (read.fleet_count !== null) return keep(version, read.fleet_count);
  }
  const [row] = await ctx.db.select({ total: count(), version: fleetVersion }).from(signageDevices);
  return keep(Number(row!.version), row!.total);
}
