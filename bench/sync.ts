/**
 * The customer sync (issue 19) with 100,000 customers from a CSV file on PostgreSQL: the first run
 * (all new), a second run of the same file (all unchanged), and a third with 5 % changed and 1 %
 * removed. Each run is timed from start to its final row, with the process's peak resident memory
 * sampled every 50 ms (the file is streamed, so it should not grow with the file). A scratch
 * database of its own (BENCH_DATABASE_URL or the local test server), dropped afterwards.
 *   node --import tsx bench/sync.ts
 *   BENCH_CUSTOMERS=10000 node --import tsx bench/sync.ts  (a quick run)
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { pino } from 'pino';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { runMigrations } from '../apps/server/src/db/migrate.js';
import { ensureReferenceData } from '../apps/server/src/db/reference-data.js';
import { executeRun } from '../apps/server/src/modules/sync/execute.js';
import { getRun, startRun } from '../apps/server/src/modules/sync/runs.js';

const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 100_000);
const base =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const dbName = `portal_bench_sync_${randomBytes(4).toString('hex')}`;

async function admin(q: string) {
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  try {
    await c.query(q);
  } finally {
    await c.end();
  }
}

const CITIES = [
  ['1010', 'Wien'],
  ['4020', 'Linz'],
  ['8010', 'Graz'],
  ['5020', 'Salzburg'],
  ['6020', 'Innsbruck'],
];

/** Writes the CSV (semicolons, as Excel in German saves it) as a stream: `changed` rows renamed, every `dropEvery`-th left out. */
async function writeCsv(file: string, opts: { changedEvery?: number; dropEvery?: number } = {}) {
  const out = fs.createWriteStream(file);
  const write = (s: string) =>
    out.write(s) ? Promise.resolve() : new Promise<void>((r) => out.once('drain', () => r()));
  await write('kundennummer;firma;kontaktperson;email;telefon;adresse;plz;ort;uid\n');
  for (let i = 1; i <= CUSTOMERS; i++) {
    if (opts.dropEvery && i % opts.dropEvery === 0) continue;
    const [plz, ort] = CITIES[i % CITIES.length]!;
    const renamed = opts.changedEvery && i % opts.changedEvery === 0 ? ' (neu)' : '';
    await write(
      `${100000 + i};Gasthaus Nummer ${i}${renamed};Wirtin ${i};wirtin${i}@gasthaus${i}.at;+43 1 ${1000000 + i};Hauptstraße ${i % 200};${plz};${ort};ATU${String(10000000 + i)}\n`,
    );
  }
  await new Promise<void>((r) => out.end(() => r()));
}

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

await admin(`create database ${dbName}`);
const url = new URL(base);
url.pathname = `/${dbName}`;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-sync-'));
const file = path.join(dir, 'customers-at.csv');
const database = await openDatabase({ databaseUrl: url.toString() });
try {
  await runMigrations(database);
  await ensureReferenceData(database.db);
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dir,
    DATABASE_URL: url.toString(),
    CUSTOMER_SOURCE_AT: `file:${file}`,
  });
  const ctx = { db: database.db, config, log: pino({ level: 'silent' }) };
  const viewer = null;
  const rows: string[] = [];

  async function run(label: string) {
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let peak = rssBefore;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
    const t0 = performance.now();
    const { runId } = await startRun(ctx, viewer, { country: 'AT', trigger: 'manual' });
    await executeRun(ctx, { runId });
    const seconds = (performance.now() - t0) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    const r = await getRun(ctx, { id: 0 } as never, { runId });
    if (r.status !== 'succeeded') throw new Error(`${label}: ${r.message}`);
    rows.push(
      `| ${label} | ${r.total.toLocaleString('en')} | ${r.created} / ${r.updated} / ${r.unchanged} / ${r.deactivated} | ${seconds.toFixed(1)} s | ${Math.round(r.total / seconds).toLocaleString('en')} | ${mb(rssBefore)} → ${mb(peak)} MB |`,
    );
    console.log(rows.at(-1));
  }

  console.log(`customer sync benchmark: ${CUSTOMERS.toLocaleString('en')} customers, PostgreSQL, batches of 1000`);
  console.log(
    '| run | rows in file | created / updated / unchanged / deactivated | time | rows/s | RSS before → peak |',
  );
  console.log('|---|---|---|---|---|---|');
  await writeCsv(file);
  console.log(`(CSV: ${mb(fs.statSync(file).size)} MB)`);
  await run('first run (all new)');
  await run('same file again');
  await writeCsv(file, { changedEvery: 20, dropEvery: 100 });
  await run('5 % changed, 1 % removed');
} finally {
  await database.close();
  await admin(`drop database if exists ${dbName} with (force)`);
  fs.rmSync(dir, { recursive: true, force: true });
}
