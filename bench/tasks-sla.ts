/**
 * The board's service-level sort and filters and the warnings job at scale (issue 31): 1,000,000 tasks on
 * PostgreSQL (BENCH_DATABASE_URL or the local test server, a database of its own, BENCH_DB_NAME, default
 * portal_bench_sla, dropped afterwards). The open tasks get service-level columns as the commands would
 * have left them (answered every second one, deadlines from creation); then every call one request at a
 * time with the board cache off, each beside a bare Fastify route measured just before it, and the
 * EXPLAIN (ANALYZE) of the board's page selection and of the warnings job's query.
 *   node --import tsx bench/tasks-sla.ts
 *   BENCH_ROWS=20000 BENCH_REQUESTS=20 node --import tsx bench/tasks-sla.ts   (a small run)
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { createMailer } from '../apps/server/src/platform/mail.js';
import { createStorage } from '../apps/server/src/platform/storage/index.js';
import { RealtimeHub } from '../apps/server/src/platform/realtime.js';

process.env.BENCH_DB_NAME ??= 'portal_bench_sla';
const { dropBenchDatabase, prepare } = await import('./fixture.js');

const N = Number(process.env.BENCH_ROWS ?? 1_000_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);

const { database, users, log } = await prepare('postgres', N, 1000);
console.log(`[postgres] ${log}`);
const { db } = database;
const t0 = Date.now();
// The open tasks' columns as slaColumns gives them on the clock that never stops (4 h to answer, 3 days to
// resolve): enough for what is measured here, the order and ranges of sla_due_at and sla_warn_at.
await db.execute(sql`
  update tasks set
    sla_response_due_at = erstellt_am + interval '4 hours',
    sla_resolution_due_at = erstellt_am + interval '3 days',
    sla_responded_at = case when id % 2 = 0 then erstellt_am + interval '1 hour' end,
    sla_due_at = case when id % 2 = 0 then erstellt_am + interval '3 days' else erstellt_am + interval '4 hours' end,
    sla_warn_at = case when id % 2 = 0 then erstellt_am + interval '71 hours' else erstellt_am + interval '3 hours' end
  where status = 'offen'`);
await db.execute(sql`vacuum analyze tasks`);
console.log(`[postgres] service-level columns of the open tasks in ${Date.now() - t0} ms`);

const config = loadConfig({
  NODE_ENV: 'production',
  SELLER_NAME: 'Bench GmbH', SELLER_ADDRESS: 'Ring 1, 1010 Wien', SELLER_UID: 'ATU12345678',
  PAYMENT_PROVIDER: 'local',
  LOG_LEVEL: 'silent',
  LOGIN_RATE_LIMIT: '10000000',
  BOARD_CACHE_ENTRIES: '0',
});
const storage = createStorage(config.storage);
const mailer = createMailer(db, pino({ level: 'silent' }), { from: config.mailFrom, storage });
const realtime = new RealtimeHub(db, pino({ level: 'silent' }));
const app = await buildApp({ config, db, mailer, realtime, storage }, { logger: false, serveWebApp: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
const hello = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./hello.ts', import.meta.url))], {
  stdio: ['pipe', 'pipe', 'inherit'],
});
const [line] = (await once(readline.createInterface({ input: hello.stdout! }), 'line')) as [string];
const helloUrl = (JSON.parse(line) as { url: string }).url;

async function token(email: string) {
  const r = await fetch(`${url}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: users.password }),
  });
  return ((await r.json()) as { accessToken: string }).accessToken;
}

/** One request after the other (after a few unmeasured): median and 99th percentile in ms. */
async function sequential(target: string, bearer?: string): Promise<{ p50: number; p99: number }> {
  const headers = bearer ? { authorization: `Bearer ${bearer}` } : undefined;
  const times: number[] = [];
  for (let i = -5; i < REQUESTS; i++) {
    const s = performance.now();
    const res = await fetch(target, { headers });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${target}: ${res.status}`);
    if (i >= 0) times.push(performance.now() - s);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => Math.round(times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)]! * 10) / 10;
  return { p50: at(0.5), p99: at(0.99) };
}

async function explain(name: string, query: string) {
  const r = (await db.execute(sql.raw(`explain (analyze, buffers, costs off) ${query}`))) as unknown as {
    rows: { 'QUERY PLAN': string }[];
  };
  console.log(`\n#### ${name}\n\n\`\`\`\n${r.rows.map((x) => x['QUERY PLAN']).join('\n')}\n\`\`\``);
}

const rows: { name: string; p50: number; p99: number; hello: { p50: number; p99: number } }[] = [];
try {
  const admin = await token(users.adminEmail);
  const agent = await token(users.agentEmail);
  const board = `${url}/api/get-tasks-from-admin/1/offen`;
  const first = (await (await fetch(`${board}?sort=sla`, { headers: { authorization: `Bearer ${admin}` } })).json()) as {
    nextCursor: string | null;
  };
  const calls: [string, string, string][] = [
    ['board, admin, default sort (reference)', admin, board],
    ['board, admin, sort sla (most urgent first)', admin, `${board}?sort=sla`],
    ['board, admin, sort sla, next page (cursor)', admin, `${board}?sort=sla&cursor=${first.nextCursor ?? ''}`],
    ['board, admin, filter sla=warning', admin, `${board}?sla=warning`],
    ['board, admin, filter sla=warning, sort sla', admin, `${board}?sla=warning&sort=sla`],
    ['board, admin, filter sla=breached, sort sla', admin, `${board}?sla=breached&sort=sla`],
    ['board, agent, own tasks, sort sla', agent, `${url}/api/get-tasks-from-agent/1/offen/${users.agentIds[0]}?sort=sla`],
  ];
  for (const [name, bearer, target] of calls) {
    const h = await sequential(helloUrl);
    const f = await sequential(target, bearer);
    rows.push({ name, ...f, hello: h });
    console.log(`[postgres] ${name}: median ${f.p50} ms, p99 ${f.p99} ms (bare Fastify ${h.p50} / ${h.p99} ms)`);
  }
  console.log(
    `\n### PostgreSQL, ${N.toLocaleString('en')} tasks: service levels, one request at a time, ${REQUESTS} requests per call, board cache off\n`,
  );
  console.log('| call | median ms | p99 ms | bare Fastify median / p99 ms |');
  console.log('|---|---|---|---|');
  for (const r of rows) console.log(`| ${r.name} | ${r.p50} | ${r.p99} | ${r.hello.p50} / ${r.hello.p99} |`);
  await explain(
    'board page ids, sort sla',
    `select id, sla_due_at from tasks where country_id = 1 and status = 'offen' order by sla_due_at asc, id asc limit 101`,
  );
  await explain(
    'board page ids, filter sla=warning, sort sla',
    `select id from tasks where country_id = 1 and status = 'offen' and sla_due_at > now() and sla_warn_at <= now() order by sla_due_at, id limit 101`,
  );
  await explain(
    'board page ids, filter sla=warning, newest first',
    `select id from tasks where country_id = 1 and status = 'offen' and sla_due_at > now() and sla_warn_at <= now() order by id desc limit 101`,
  );
  await explain(
    "warnings job: the alerts that are due (the first run finds every open task's; then a minute's worth)",
    `select id from tasks where sla_alert_at is not null and sla_alert_at <= now() order by sla_alert_at limit 500`,
  );
} finally {
  hello.kill();
  await app.close();
  await database.close();
  if (!process.env.BENCH_KEEP) await dropBenchDatabase();
}
process.exit(0);
