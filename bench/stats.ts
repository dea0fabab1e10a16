/**
 * The statistics calls (issue 17) with 1,000,000 tasks and 100,000 ratings on PostgreSQL, one request
 * at a time (one connection), median and 99th percentile of each call beside a bare Fastify route
 * measured the same way in the same run. A scratch database of its own (BENCH_DATABASE_URL or the
 * local test server), filled with INSERT … SELECT over generate_series and dropped afterwards.
 *   node --import tsx bench/stats.ts
 *   BENCH_TASKS=50000 BENCH_RATINGS=5000 BENCH_REQUESTS=20 node --import tsx bench/stats.ts  (a quick run)
 * The tasks spread evenly over the last two years (a quarter of them in the 6-month window), 80 % in
 * Austria; the ratings go to the most recently closed tasks, so all of them fall into the window
 * (the heaviest case for the rating statistics).
 */
import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';
import { pino } from 'pino';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { runMigrations } from '../apps/server/src/db/migrate.js';
import { ensureReferenceData } from '../apps/server/src/db/reference-data.js';
import { createMailer } from '../apps/server/src/platform/mail.js';
import { RealtimeHub } from '../apps/server/src/platform/realtime.js';
import { createStorage } from '../apps/server/src/platform/storage/index.js';
import { addBenchUsers } from './bench-users.js';

const TASKS = Number(process.env.BENCH_TASKS ?? 1_000_000);
const RATINGS = Number(process.env.BENCH_RATINGS ?? 100_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const base = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const dbName = `portal_bench_stats_${randomBytes(4).toString('hex')}`;

async function admin(q: string) {
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  try {
    await c.query(q);
  } finally {
    await c.end();
  }
}

const seconds = (t0: number) => ((performance.now() - t0) / 1000).toFixed(1);

/** One request after the other, REQUESTS times (after 5 unmeasured): median and 99th percentile in ms. */
async function sequential(url: string, token?: string) {
  const headers = token ? { authorization: `Bearer ${token}` } : undefined;
  const times: number[] = [];
  let bytes = 0;
  for (let i = -5; i < REQUESTS; i++) {
    const t0 = performance.now();
    const res = await fetch(url, { headers });
    const body = await res.arrayBuffer();
    if (!res.ok) throw new Error(`${url}: ${res.status} ${Buffer.from(body).toString()}`);
    if (i >= 0) times.push(performance.now() - t0);
    bytes = body.byteLength;
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => Math.round(times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)]! * 10) / 10;
  return { p50: at(0.5), p99: at(0.99), bytes };
}

await admin(`create database ${dbName}`);
const url = new URL(base);
url.pathname = `/${dbName}`;
const database = await openDatabase({ databaseUrl: url.toString() });
try {
  await runMigrations(database);
  await ensureReferenceData(database.db);
  const db = database.db;
  const users = await addBenchUsers(db);
  const agents = users.agentIds;

  let t0 = performance.now();
  // Statuses: 25 % offen, 30 % erledigt, 45 % abgeschlossen; done 1–97 h after creation.
  await db.execute(sql`
    insert into tasks (titel, beschreibung, frist, erstellt_am, erledigt_am, abgeschlossen_am, status, typ,
                       country_id, user_id, kundennummer, has_audit)
    select 'Aufgabe ' || g, 'Benchmark', c + interval '3 days', c,
           case when s <> 'offen' then c + (1 + g % 97) * interval '1 hour' end,
           case when s = 'abgeschlossen' then c + (30 + g % 97) * interval '1 hour' end,
           s, 1 + g % 7, case when g % 10 < 8 then 1 else 2 end,
           case when g % 10 < 8 then (${sql.raw(`'{${agents.join(',')}}'`)}::int[])[1 + g % ${agents.length}] end,
           (10000 + g % 5000)::text, s = 'abgeschlossen'
    from (select g, now() - (g::float8 / ${TASKS}) * interval '730 days' as c,
                 case when g % 20 < 5 then 'offen' when g % 20 < 11 then 'erledigt' else 'abgeschlossen' end as s
          from generate_series(1, ${TASKS}) g) x`);
  console.log(`${TASKS.toLocaleString('en')} tasks in ${seconds(t0)} s`);
  t0 = performance.now();
  await db.execute(sql`
    insert into task_ratings (task_id, agent_id, country_id, time_rating, satisfaction_rating, friendliness_rating,
                              comment, created_at)
    select id, user_id, country_id, 1 + id % 5, 1 + (id / 5) % 5, 1 + (id / 25) % 5,
           case when id % 4 = 0 then 'Kommentar zur Aufgabe ' || id end, least(now(), abgeschlossen_am + interval '1 day')
    from tasks where status = 'abgeschlossen' order by erstellt_am desc limit ${RATINGS}`);
  console.log(`${RATINGS.toLocaleString('en')} ratings in ${seconds(t0)} s`);
  t0 = performance.now();
  await db.execute(sql`vacuum analyze tasks`);
  await db.execute(sql`vacuum analyze task_ratings`);
  console.log(`vacuum analyze in ${seconds(t0)} s`);

  const config = loadConfig({ NODE_ENV: 'production', SELLER_NAME: 'Bench GmbH', SELLER_ADDRESS: 'Ring 1, 1010 Wien', SELLER_UID: 'ATU12345678', LOG_LEVEL: 'silent', LOGIN_RATE_LIMIT: '1000000', PAYMENT_PROVIDER: 'local' });
  const storage = createStorage(config.storage);
  const mailer = createMailer(db, pino({ level: 'silent' }), { from: config.mailFrom, storage });
  const realtime = new RealtimeHub(db, pino({ level: 'silent' }));
  const app = await buildApp({ config, db, mailer, realtime, storage }, { logger: false, serveWebApp: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const hello = Fastify({ logger: false });
  hello.get('/', async () => ({ hello: 'world' }));
  await hello.listen({ port: 0, host: '127.0.0.1' });
  const origin = (f: { server: { address(): unknown } }) => `http://127.0.0.1:${(f.server.address() as { port: number }).port}`;
  const api = origin(app);
  const login = async (email: string) => {
    const r = await fetch(`${api}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: users.password }),
    });
    return ((await r.json()) as { accessToken: string }).accessToken;
  };
  const adminToken = await login(users.adminEmail);
  const agentToken = await login(users.agentEmail);
  const agent = agents[0]!;
  const calls: [string, string, string | undefined][] = [
    ['bare Fastify route (hello world)', `${origin(hello)}/`, undefined],
    ['tasks overview, admin (country)', `${api}/api/get-tasks-overview-admin/1`, adminToken],
    ['tasks overview, agent', `${api}/api/get-tasks-overview-agent/1/${agent}`, agentToken],
    ['agents overview (country)', `${api}/api/get-agents-overview/1`, adminToken],
    ['task stats, admin (scope all)', `${api}/api/get-task-stats-admin`, adminToken],
    ['task stats, agent (scope own)', `${api}/api/get-task-stats-agent/${agent}`, agentToken],
    ['rating stats, admin (country)', `${api}/api/get-task-ratings-stats-admin/1`, adminToken],
    ['rating stats, agent', `${api}/api/get-task-ratings-stats-agent/1/${agent}`, agentToken],
  ];
  const figures = [];
  for (const [name, u, token] of calls) {
    const f = await sequential(u, token);
    figures.push({ name, ...f });
    console.log(`${name}: p50 ${f.p50} ms, p99 ${f.p99} ms (${f.bytes} bytes)`);
  }
  console.log(
    `\n### Statistics: ${TASKS.toLocaleString('en')} tasks, ${RATINGS.toLocaleString('en')} ratings, PostgreSQL, one connection, ${REQUESTS} requests each\n`,
  );
  console.log('| call | p50 ms | p99 ms | answer bytes |');
  console.log('|---|---|---|---|');
  for (const f of figures) console.log(`| ${f.name} | ${f.p50} | ${f.p99} | ${f.bytes.toLocaleString('en')} |`);
  await app.close();
  await hello.close();
  await mailer.close();
  await realtime.close();
  storage.close();
} finally {
  await database.close();
  if (process.env.BENCH_KEEP) console.log(`kept ${dbName}`);
  else await admin(`drop database if exists ${dbName} with (force)`);
}
