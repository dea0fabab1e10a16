import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';

/**
 * Up to how many tasks the embedded database (PGlite) is the right choice: the largest size the board
 * benchmark measured with every board page at a median under 35 ms, one request at a time (README,
 * "Operations"). PGlite runs every statement in the server's one thread, one after the other, so
 * beyond it every page's time adds up for everyone waiting; PostgreSQL has no such limit.
 */
export const EMBEDDED_TASK_LIMIT = 100_000;

/** The start log's warning when the embedded database holds more tasks than the limit; null otherwise. */
export async function embeddedSizeWarning(database: Database, limit = EMBEDDED_TASK_LIMIT): Promise<string | null> {
  if (database.kind !== 'pglite') return null;
  // Counts no further than the limit: a quick start also with a million rows.
  const result = await database.db.execute(sql`select count(*)::int as n from (select 1 from tasks limit ${limit + 1}) t`);
  const n = (result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
  if (n <= limit) return null;
  return (
    `Die eingebettete Datenbank enthält mehr als ${String(limit).replace(/\B(?=(\d{3})+$)/g, '.')} Aufgaben: ab dieser Größe werden ` +
    'die Listen langsamer, PostgreSQL (DATABASE_URL) ist dann die richtige Wahl (README, Betrieb).'
  );
}
