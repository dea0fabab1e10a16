/**
 * Cashbook list pages, figures and the chain check with 100,000 entries (BENCH_ROWS) on PostgreSQL
 * (BENCH_DATABASE_URL or the local test server; a scratch database of its own, dropped afterwards).
 * The entries are posted through the chain function (seq and hash as the API writes them), in
 * batches. The server runs in a child process; autocannon (BENCH_CONNECTIONS, 10 by default) runs
 * here, beside bare Fastify answering hello world; the table gives medians, means and the ratio of
 * the means (autocannon's medians are whole milliseconds, bare Fastify's is 0).
 *   flock /tmp/bench.lock node --import tsx bench/cashbook.ts
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { pino } from 'pino';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { runMigrations } from '../apps/server/src/db/migrate.js';
import { ensureReferenceData } from '../apps/server/src/db/reference-data.js';
import { cashbookCategories, cashbookTransactions } from '../apps/server/src/db/schema/index.js';
import { createMailer } from '../apps/server/src/platform/mail.js';
import { RealtimeHub } from '../apps/server/src/platform/realtime.js';
import { createStorage } from '../apps/server/src/platform/storage/index.js';
import { entryHash, GENESIS } from '../apps/server/src/modules/cashbook/chain.js';
import { addBenchUsers } from './bench-users.js';

const N = Number(process.env.BENCH_ROWS ?? 100_000);
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const DB_NAME = 'portal_bench_cashbook';
const base = () =>
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function admin(q: string) {
  const c = new pg.Client({ connectionString: base() });
  await c.connect();
  try {
    await c.query(q);
  } finally {
    await c.end();
  }
}

/** Child: a scratch database with N entries over two years, the API on a free port, one JSON line out. */
async function serve() {
  await admin(`drop database if exists ${DB_NAME} with (force)`);
  await admin(`create database ${DB_NAME}`);
  const u = new URL(base());
  u.pathname = `/${DB_NAME}`;
  const database = await openDatabase({ databaseUrl: u.toString() });
  await runMigrations(database);
  await ensureReferenceData(database.db);
  const users = await addBenchUsers(database.db);
  const { db } = database;
  const adminId = (
    (await db.execute(sql`select id from users where email = ${users.adminEmail}`)) as unknown as {
      rows: { id: number }[];
    }
  ).rows[0]!.id;
  const cats = await db
    .insert(cashbookCategories)
    .values(
      ['Barverkauf', 'Schulung', 'Büromaterial', 'Porto', 'Reinigung', 'Bewirtung'].map((name, i) => ({
        country_id: 1,
        name,
        description: name,
        type: i < 2 ? 'income' : 'expense',
      })),
    )
    .returning();
  const t0 = Date.now();
  const words = [
    'Kopierpapier',
    'Bonrollen',
    'Toner',
    'Paket',
    'Schulung Kassa',
    'Kundendisplay',
    'Reinigungsmittel',
    'Kaffee',
  ];
  const start = Date.now() - 730 * 86_400_000;
  const step = (730 * 86_400_000) / N;
  let prev = GENESIS;
  for (let i = 0; i < N; i += 2000) {
    const rows = [];
    for (let j = i; j < Math.min(N, i + 2000); j++) {
      const cat = cats[j % cats.length]!;
      const date = new Date(Math.floor(start + j * step));
      const fields = {
        country_id: 1,
        transaction_date: date,
        recorded_at: date,
        type: cat.type as 'income' | 'expense',
        amount: 100 + ((j * 7919) % 50_000),
        category_id: cat.id,
        description: `${words[j % words.length]} ${j}`,
        invoice_number: cat.type === 'income' ? `RE-${j}` : null,
        customer_id: null,
        user_id: adminId,
        reverses_id: null,
      };
      const hash = entryHash({ ...fields, seq: j + 1 }, prev);
      prev = hash;
      rows.push({ ...fields, seq: j + 1, hash });
    }
    await db.insert(cashbookTransactions).values(rows);
  }
  await db.execute(sql`vacuum analyze`);
  const log = `filled ${N} entries in ${Date.now() - t0} ms`;
  const config = loadConfig({
    NODE_ENV: 'production',
    SELLER_NAME: 'Bench GmbH', SELLER_ADDRESS: 'Ring 1, 1010 Wien', SELLER_UID: 'ATU12345678',
    PAYMENT_PROVIDER: 'local',
    LOG_LEVEL: 'silent',
    LOGIN_RATE_LIMIT: '10000000',
  });
  const storage = createStorage(config.storage);
  const mailer = createMailer(db, pino({ level: 'silent' }), { from: config.mailFrom, storage });
  const realtime = new RealtimeHub(db, pino({ level: 'silent' }));
  const app = await buildApp({ config, db, mailer, realtime, storage }, { logger: false, serveWebApp: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const res = await fetch(`${url}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: users.adminEmail, password: users.password }),
  });
  const token = ((await res.json()) as { accessToken: string }).accessToken;
  console.log(JSON.stringify({ url, token, log, categoryId: cats[2]!.id }));
  const stop = async () => {
    await app.close();
    await database.close();
    await admin(`drop database if exists ${DB_NAME} with (force)`).catch(() => undefined);
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.stdin.on('end', () => void stop());
  process.stdin.resume();
}

async function child(script: string, env: Record<string, string>) {
  const proc = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const [line] = (await once(readline.createInterface({ input: proc.stdout! }), 'line')) as [string];
  return { proc, info: JSON.parse(line) as { url: string; token?: string; log?: string; categoryId?: number } };
}

async function measure(url: string, token?: string) {
  const r = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { p50: r.latency.p50, mean: r.latency.average, p99: r.latency.p99, rps: Math.round(r.requests.average) };
}

async function main() {
  const here = fileURLToPath(import.meta.url);
  const hello = await child(fileURLToPath(new URL('./hello.ts', import.meta.url)), {});
  const bare = await measure(hello.info.url);
  hello.proc.stdin!.end();
  const api = await child(here, { BENCH_CASHBOOK_CHILD: '1' });
  const { url, token, log, categoryId } = api.info as { url: string; token: string; log: string; categoryId: number };
  console.log(log);
  const get = (path: string) => fetch(`${url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  const first = (await (await get('/api/cashbook/transactions')).json()) as { nextCursor: string };
  const now = new Date();
  const y = now.getUTCFullYear();
  const scenarios: [string, string][] = [
    ['list, newest first (50)', '/api/cashbook/transactions'],
    ['list, page 2 (cursor)', `/api/cashbook/transactions?cursor=${first.nextCursor}`],
    ['list, type expense', '/api/cashbook/transactions?type=expense'],
    ['list, one category', `/api/cashbook/transactions?category_id=${categoryId}`],
    ['list, one month', `/api/cashbook/transactions?start_date=${y - 1}-03-01&end_date=${y - 1}-03-31`],
    ['list, search "toner"', '/api/cashbook/transactions?q=toner'],
    ['summary of a year', `/api/cashbook/transactions/summary?start_date=${y - 1}-01-01&end_date=${y - 1}-12-31`],
    ['balance', '/api/cashbook/balance'],
    ['overview', '/api/cashbook/overview'],
  ];
  const rows: string[] = [];
  try {
    for (const [name, path] of scenarios) {
      const f = await measure(url + path, token);
      rows.push(
        `| ${name} | ${f.p50} | ${f.mean.toFixed(1)} | ${f.p99} | ${f.rps} | ${(f.mean / bare.mean).toFixed(0)}× |`,
      );
      console.log(rows[rows.length - 1]);
    }
    // The chain check reads every entry: a few sequential calls, the median.
    const times: number[] = [];
    for (let i = 0; i < 3; i++) {
      const t0 = performance.now();
      const r = (await (await get('/api/cashbook/verify')).json()) as { ok: boolean; checked: number };
      if (!r.ok || r.checked !== N) throw new Error(`verify: ${JSON.stringify(r)}`);
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    rows.push(
      `| chain check of all ${N.toLocaleString('en')} entries (3 calls, one at a time) | ${Math.round(times[1]!)} | – | – | – | – |`,
    );
  } finally {
    api.proc.kill('SIGTERM');
    await once(api.proc, 'exit');
  }
  console.log(
    `\n### Cashbook: ${N.toLocaleString('en')} entries on PostgreSQL, autocannon ${CONNECTIONS} connections, ${DURATION} s each\n`,
  );
  console.log('| call | p50 ms | mean ms | p99 ms | req/s | mean vs bare Fastify |');
  console.log('|---|---|---|---|---|---|');
  console.log(
    `| bare Fastify (hello world) | ${bare.p50} | ${bare.mean.toFixed(2)} | ${bare.p99} | ${bare.rps} | 1× |`,
  );
  for (const r of rows) console.log(r);
}

if (process.env.BENCH_CASHBOOK_CHILD) await serve();
else await main();
