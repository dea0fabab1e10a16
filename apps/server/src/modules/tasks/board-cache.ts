import { eq, sql } from 'drizzle-orm';
import type { TaskListQuery } from '@portal/shared';
import type { DbOrTx } from '../../db/client.js';
import { boardVersions } from '../../db/schema/index.js';
import type { Encoding } from '../../platform/encoding.js';
import type { ServiceCtx } from '../../platform/service.js';
import { versionedCacheFor, type VersionedCache, type Versioned } from '../../platform/versioned-cache.js';
import type { BoardScope } from './queries.js';

/**
 * Board pages kept per process, each under the version of its country's board data.
 *
 * Many agents watch the same few boards and reload them often; building a page (100 rows as JSON, a
 * capped total) is most of a board call's database work. The database raises a country's version in
 * the same transaction as every write to its tasks and when a shown name changes (board_versions,
 * migration 0016), so a call first reads the version (one index lookup) and answers the kept page
 * when it was built at that version: exactly what the query would answer now, on every process,
 * with no message between processes to wait for. A miss reads the page and its version in one
 * statement (one snapshot). Inside a transaction nothing is kept (its own writes are not committed).
 */
/** A kept page: its JSON text and, once asked for, the same compressed (compressing cost more than reading it). */
export interface KeptPage extends Versioned {
  /**
   * `validUntil`: the rows' service level (remaining minutes, state) holds until this instant (ms): the
   * next minute or a row's next warning point or deadline (tasks/sla.ts `withSla`); a page is never
   * served after it.
   */
  json: string;
  encoded: Partial<Record<Encoding, Buffer>>;
}

export class BoardCache {
  constructor(private readonly pages: VersionedCache<string, KeptPage>) {}

  get(key: string, version: number, at: Date): KeptPage | undefined {
    return this.pages.get(key, version, at);
  }

  set(key: string, version: number, json: string, validUntil: number): KeptPage {
    return this.pages.put(key, { version, validUntil, json, encoded: {} });
  }

  get size(): number {
    return this.pages.size;
  }
}

/** The cache of this database handle, or null when turned off (BOARD_CACHE_ENTRIES=0) or inside a transaction. */
export function boardCacheFor(ctx: ServiceCtx): BoardCache | null {
  const pages = versionedCacheFor<string, KeptPage>(ctx.db, 'board', ctx.config.boardCacheEntries);
  return pages && new BoardCache(pages);
}

/** Everything a page depends on besides the data: whose board, which filters, sort, size and cursor. */
export function boardCacheKey(scope: BoardScope, q: TaskListQuery): string {
  return JSON.stringify([
    scope.countryId,
    scope.status,
    scope.visibleFor ?? null,
    q.unassigned,
    q.agentId ?? null,
    q.typ ?? null,
    q.firma ?? null,
    q.q ?? null,
    q.sla ?? null,
    q.sort,
    q.limit,
    q.cursor ?? null,
  ]);
}

/** The country's board version (0 before its first task). */
export async function boardVersion(db: DbOrTx, countryId: number): Promise<number> {
  const [row] = await db
    .select({ version: boardVersions.version })
    .from(boardVersions)
    .where(eq(boardVersions.country_id, countryId));
  return Number(row?.version ?? 0);
}

/** The version as a column of the board statement, read in the page's own snapshot. */
export const boardVersionSql = (countryId: number) =>
  sql`coalesce((select ${boardVersions.version} from ${boardVersions} where ${boardVersions.country_id} = ${countryId}), 0)`;
