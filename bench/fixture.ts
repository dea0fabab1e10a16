import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../apps/server/src/db/client.js';
import { runMigrations } from '../apps/server/src/db/migrate.js';
import { ensureReferenceData } from '../apps/server/src/db/reference-data.js';
import { addBenchUsers, BENCH_PASSWORD, type BenchUsers } from './bench-users.js';

export type BenchKind = 'postgres' | 'pglite';
/** The benchmark's database (BENCH_DB_NAME: another name, so two benchmarks on one server do not meet). */
export const BENCH_DB = process.env.BENCH_DB_NAME ?? 'portal_bench';

function baseUrl() {
  return process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
}

async function adminQuery(q: string) {
  const c = new pg.Client({ connectionString: baseUrl() });
  await c.connect();
  try {
    await c.query(q);
  } finally {
    await c.end();
  }
}

export async function dropBenchDatabase() {
  await adminQuery(`drop database if exists ${BENCH_DB} with (force)`);
}

/** A fresh database (PostgreSQL: its own, dropped afterwards; PGlite: a temporary data folder) with `n` customers and tasks. */
export async function prepare(
  kind: BenchKind,
  n: number,
  customerCount = n,
): Promise<{ database: Database; users: BenchUsers; log: string }> {
  let database: Database;
  if (kind === 'postgres') {
    const u = new URL(baseUrl());
    u.pathname = `/${BENCH_DB}`;
    // BENCH_REUSE=1 (with BENCH_KEEP=1 on the run before): the database filled last time, if it has these sizes.
    if (process.env.BENCH_REUSE) {
      const kept = await reuse(u.toString(), n, customerCount);
      if (kept) return kept;
    }
    await dropBenchDatabase();
    await adminQuery(`create database ${BENCH_DB}`);
    database = await openDatabase({ databaseUrl: u.toString() });
  } else {
    // On disk, as the server keeps it (DATA_DIR/db), in a folder of its own removed at close.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
    const opened = await openDatabase({ pgliteDir: dir, holder: 'bench' });
    database = {
      ...opened,
      close: async () => {
        await opened.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  await runMigrations(database);
  await ensureReferenceData(database.db);
  const users = await addBenchUsers(database.db);
  const { db } = database;
  const t0 = Date.now();
  // Big fills build the secondary indexes once afterwards (as a restore does), not row by row.
  const rebuild = kind === 'postgres' && n > 200_000 ? await dropSecondaryIndexes(db) : [];
  await db.execute(sql`
    insert into customers (kundennummer, firma, kontaktperson, plz, ort, country_id, source)
    select (100000 + g)::text,
           (array['Gasthaus','Café','Pizzeria','Heuriger','Bistro','Wirtshaus'])[1 + g % 6] || ' ' ||
           (array['Zur Linde','Am Eck','Sonnenhof','Alpenblick','Donau','Kaiserhof','Krone','Adler'])[1 + (g / 6) % 8] || ' ' || g,
           'Kontakt ' || g, (1000 + g % 8999)::text, 'Ort ' || (g % 500),
           case when g % 5 = 0 then 2 else 1 end, case when g % 5 = 0 then 'EG' else 'AT' end
    from generate_series(1, ${customerCount}) g`);
  const agents = `{${users.agentIds.join(',')}}`;
  await db.execute(sql`
    insert into tasks (titel, beschreibung, frist, erstellt_am, status, typ, country_id, user_id, created_by_userid, kundennummer, firma)
    select (array['Bondrucker druckt nicht','Kassenlade klemmt','Neue Wochenkarte','DEP-Export','Signaturkarte','Tischplan'])[1 + g % 6] || ' ' || g,
           'Beschreibung der Aufgabe ' || g || ': ' || repeat('Details zum Problem. ', 1 + g % 5),
           now() - ((g % 400) || ' hours')::interval + interval '3 days',
           now() - ((${n} - g) || ' minutes')::interval,
           (array['offen','erledigt','abgeschlossen'])[1 + g % 3],
           1 + g % 7,
           -- Country, agent and status each by their own modulus, so no agent's tasks all land in one country.
           case when (g / 7) % 5 = 0 then 2 else 1 end,
           case when g % 23 = 0 then null else (${agents}::int[])[1 + g % ${users.agentIds.length}] end,
           (${agents}::int[])[1 + (g / 7) % ${users.agentIds.length}],
           (100000 + g)::text,
           (array['Gasthaus','Café','Pizzeria','Heuriger','Bistro','Wirtshaus'])[1 + (g / 3) % 6] || ' ' ||
           (array['Zur Linde','Am Eck','Sonnenhof','Alpenblick','Donau','Kaiserhof','Krone','Adler'])[1 + (g / 18) % 8] || ' ' || g
    from generate_series(1, ${n}) g`);
  if (rebuild.length) {
    await db.execute(sql`set maintenance_work_mem = '512MB'`);
    for (const def of rebuild) await db.execute(sql.raw(def));
  }
  // What autovacuum would have done on a live system: statistics and the visibility map (index-only counts).
  await db.execute(sql`vacuum analyze`);
  return { database, users, log: `filled ${customerCount} customers and ${n} tasks in ${Date.now() - t0} ms` };
}

/** Drops the secondary indexes of tasks and customers and answers their definitions, to create them again. */
async function dropSecondaryIndexes(db: Database['db']): Promise<string[]> {
  const res = (await db.execute(sql`
    select i.indexname, i.indexdef from pg_indexes i
    join pg_class c on c.relname = i.indexname join pg_index x on x.indexrelid = c.oid
    where i.tablename in ('tasks', 'customers') and i.schemaname = 'public' and not x.indisprimary and not x.indisunique`)) as unknown as {
    rows: { indexname: string; indexdef: string }[];
  };
  for (const r of res.rows) await db.execute(sql.raw(`drop index "${r.indexname}"`));
  return res.rows.map((r) => r.indexdef);
}

/** The kept benchmark database when it holds n tasks and the customers asked for (else null: fill anew). */
async function reuse(url: string, n: number, customerCount: number) {
  const exists = new pg.Client({ connectionString: baseUrl() });
  await exists.connect();
  const found = await exists
    .query('select 1 from pg_database where datname = $1', [BENCH_DB])
    .finally(() => exists.end());
  if (!found.rowCount) return null;
  const database = await openDatabase({ databaseUrl: url });
  const counts = (await database.db.execute(
    sql`select (select count(*) from tasks)::int as t, (select count(*) from customers)::int as c`,
  )) as unknown as { rows: { t: number; c: number }[] };
  const { t, c } = counts.rows[0]!;
  if (t !== n || c !== customerCount) {
    await database.close();
    return null;
  }
  await runMigrations(database);
  const agents = (await database.db.execute(
    sql`select id from users where email like 'bench-agent%' order by id`,
  )) as unknown as { rows: { id: number }[] };
  const users: BenchUsers = {
    password: BENCH_PASSWORD,
    adminEmail: 'bench-admin@bench.at',
    agentEmail: 'bench-agent0@bench.at',
    agentIds: agents.rows.map((r) => r.id),
  };
  return { database, users, log: `reused the kept database: ${c} customers and ${t} tasks` };
}
