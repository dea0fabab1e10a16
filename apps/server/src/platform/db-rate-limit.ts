import { and, eq, gte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { rateLimits } from '../db/schema/index.js';

/**
 * Counts one hit for `key` and tells whether it is still within `max` per window. One atomic upsert:
 * a window that has run out starts again at 1. Shared by all server processes through the database.
 */
export async function hitRateLimit(db: DbOrTx, key: string, max: number, windowMs: number): Promise<boolean> {
  return (await takeRateLimit(db, key, max, windowMs)).ok;
}

/**
 * `hitRateLimit` with the wait a refused caller is told: the whole seconds until its window runs out
 * (at least 1), for the `Retry-After` of the 429 (`RateLimited` in platform/errors.ts).
 */
export async function takeRateLimit(
  db: DbOrTx,
  key: string,
  max: number,
  windowMs: number,
): Promise<{ ok: boolean; retryAfterSeconds: number }> {
  const windowStart = sql`now() - make_interval(secs => ${windowMs / 1000})`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, window_start: sql`now()`, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.window_start} < ${windowStart} then 1 else ${rateLimits.count} + 1 end`,
        window_start: sql`case when ${rateLimits.window_start} < ${windowStart} then now() else ${rateLimits.window_start} end`,
      },
    })
    .returning({
      count: rateLimits.count,
      // Milliseconds left of the window, by the database's clock (the processes' clocks may differ).
      leftMs: sql<number>`greatest(0, extract(epoch from (${rateLimits.window_start} - ${windowStart})) * 1000)::float8`,
    });
  const ok = (row?.count ?? 1) <= max;
  return { ok, retryAfterSeconds: Math.max(1, Math.ceil(Number(row?.leftMs ?? windowMs) / 1000)) };
}

/** The hits counted for `key` in its current window, without counting one (0 when none or run out). */
export async function rateLimitCount(db: DbOrTx, key: string, windowMs: number): Promise<number> {
  const [row] = await db
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(
      and(
        eq(rateLimits.key, key),
        gte(rateLimits.window_start, sql`now() - make_interval(secs => ${windowMs / 1000})`),
      ),
    );
  return row?.count ?? 0;
}
