/**
 * What the API benchmarks share: a statement on the maintenance connection (scratch databases), a
 * call timed one request at a time (one user), a child process that serves and prints one JSON line,
 * and the RKSV benchmarks' scratch database, staff and served API.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import readline from 'node:readline';
import pg from 'pg';
import { pino } from 'pino';
import { FLAGS, ROLE_IDS } from '@portal/shared';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig, type Config } from '../apps/server/src/config.js';
import { openDatabase, type Database, type Db } from '../apps/server/src/db/client.js';
import { runMigrations } from '../apps/server/src/db/migrate.js';
import { ensureReferenceData } from '../apps/server/src/db/reference-data.js';
import { users } from '../apps/server/src/db/schema/index.js';
import { createMailer } from '../apps/server/src/platform/mail.js';
import { hashPassword } from '../apps/server/src/platform/passwords.js';
import { RealtimeHub } from '../apps/server/src/platform/realtime.js';
import { createStorage } from '../apps/server/src/platform/storage/index.js';

/** The PostgreSQL server the benchmarks use: BENCH_DATABASE_URL, else the tests', else the local one. */
export const BENCH_BASE_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** One statement on a connection of its own to the base database (create, drop). */
export async function admin(q: string): Promise<void> {
  const c = new pg.Client({ connectionString: BENCH_BASE_URL });
  await c.connect();
  try {
    await c.query(q);
  } finally {
    await c.end();
  }
}

/** The URL of database `name` on the benchmarks' server. */
export function databaseUrl(name: string): string {
  const u = new URL(BENCH_BASE_URL);
  u.pathname = `/${name}`;
  return u.toString();
}

/** One request after the other (after five unmeasured): median and 99th percentile in ms. */
export async function sequential(url: string, requests: number, token?: string): Promise<{ p50: number; p99: number }> {
  const headers = token ? { authorization: `Bearer ${token}` } : undefined;
  const times: number[] = [];
  for (let i = -5; i < requests; i++) {
    const t0 = performance.now();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${url}: ${res.status}`);
    if (i >= 0) times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => Math.round(times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)]! * 10) / 10;
  return { p50: at(0.5), p99: at(0.99) };
}

/** A child process running `script` under tsx; answers it with the first line it prints, parsed. */
export async function child<T>(
  script: string,
  env: Record<string, string>,
): Promise<{ proc: ChildProcess; lines: readline.Interface; info: T }> {
  const proc = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = readline.createInterface({ input: proc.stdout! });
  const [line] = (await once(lines, 'line')) as [string];
  return { proc, lines, info: JSON.parse(line) as T };
}

/** The API's configuration in the benchmarks: production, silent, the test checkout, no login limit. */
export function benchConfig(): Config {
  return loadConfig({
    NODE_ENV: 'production',
    SELLER_NAME: 'Bench GmbH',
    SELLER_ADDRESS: 'Ring 1, 1010 Wien',
    SELLER_UID: 'ATU12345678',
    PAYMENT_PROVIDER: 'local',
    LOG_LEVEL: 'silent',
    LOGIN_RATE_LIMIT: '10000000',
  });
}

/**
 * A scratch database `name` of its own (dropped first), migrated, with the reference data, opened through
 * a pool (migrations hold a lock on a second connection) for filling.
 */
export async function scratchDatabase(name: string): Promise<{ url: string; setup: Database }> {
  await admin(`drop database if exists ${name} with (force)`);
  await admin(`create database ${name}`);
  const url = databaseUrl(name);
  const setup = await openDatabase({ databaseUrl: url });
  await runMigrations(setup);
  await ensureReferenceData(setup.db);
  return { url, setup };
}

/** The RKSV benchmarks' staff: an admin with every flag (`rk-admin@bench.at`) and twenty RKSV agents (`rk-agent<i>@bench.at`). */
export async function addRksvStaff(db: Db, password: string): Promise<number[]> {
  const hash = await hashPassword(password);
  const all = Object.fromEntries(FLAGS.map((f) => [f, true]));
  const rows = await db
    .insert(users)
    .values([
      {
        email: 'rk-admin@bench.at',
        name: 'Bench Admin',
        password_hash: hash,
        role_id: ROLE_IDS.admin,
        country_id: 1,
        ...all,
      },
      ...Array.from({ length: 20 }, (_, i) => ({
        email: `rk-agent${i}@bench.at`,
        name: `Agent ${i}`,
        password_hash: hash,
        role_id: ROLE_IDS.agent,
        country_id: 1,
        rksv: true,
        rksv_orders: true,
      })),
    ])
    .returning({ id: users.id });
  return rows.map((r) => r.id);
}

/**
 * The API on database `url`, listening on a free port, with a sign-in for the bench's accounts: through
 * one connection (one user at a time), or with `poolSize` and the sockets attached as `main.ts` does
 * (a fleet of screens).
 */
export async function serveApi(
  url: string,
  config: Config,
  password: string,
  opts: { poolSize?: number; sockets?: boolean } = {},
) {
  const served = await openDatabase({ databaseUrl: url, poolSize: opts.poolSize ?? 1 });
  const storage = createStorage(config.storage);
  const mailer = createMailer(served.db, pino({ level: 'silent' }), { from: config.mailFrom, storage });
  const realtime = new RealtimeHub(served.db, pino({ level: 'silent' }));
  const app = await buildApp(
    { config, db: served.db, mailer, realtime, storage },
    { logger: false, serveWebApp: false },
  );
  if (opts.sockets) await realtime.attach(app.server);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const login = async (email: string) => {
    const r = await fetch(`${base}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    return ((await r.json()) as { accessToken: string }).accessToken;
  };
  const close = async () => {
    await app.close();
    await served.close();
  };
  return { url: base, login, close };
}
