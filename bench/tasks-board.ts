/**
 * The task board and customer search at scale: 1,000,000 tasks and 300,000 customers on PostgreSQL
 * (BENCH_DATABASE_URL or the local test server; a database of its own, dropped afterwards unless
 * BENCH_KEEP=1, and reused by BENCH_REUSE=1 when it has the same sizes). The server runs in a child
 * process, the calls are made from here, each beside a bare Fastify route measured the same way in
 * the same run:
 *   1. one request at a time (one user): median and 99th percentile of every sort, filter and search;
 *   2. autocannon, 50 connections: pages a second of the main calls, and of bare Fastify;
 *   3. the embedded database (PGlite) at each size of BENCH_PGLITE_SIZES, one request at a time.
 *   npm run bench
 *   BENCH_ROWS=2000 BENCH_CUSTOMERS=2000 BENCH_PGLITE_SIZES=500 BENCH_REQUESTS=20 node --import tsx bench/tasks-board.ts  (the CI's small run)
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { dropBenchDatabase, type BenchKind } from './fixture.js';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const N = Number(process.env.BENCH_ROWS ?? 1_000_000);
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 300_000);
/** Requests per call in the one-at-a-time runs (the 99th percentile needs a few hundred). */
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 400);
const PGLITE_SIZES = (process.env.BENCH_PGLITE_SIZES ?? '10000,100000').split(',').filter(Boolean).map(Number);

interface Figure {
  name: string;
  p50: number;
  p99: number;
  rps: number;
}

async function startServer(kind: BenchKind, rows = N, env: Record<string, string> = {}) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(new URL('./serve-fixture.ts', import.meta.url))],
    {
      env: {
        ...process.env,
        BENCH_KIND: kind,
        BENCH_ROWS: String(rows),
        BENCH_CUSTOMERS: String(kind === 'postgres' ? CUSTOMERS : rows),
        ...env,
      },
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  const lines = readline.createInterface({ input: child.stdout! });
  const [line] = (await once(lines, 'line')) as [string];
  return {
    child,
    info: JSON.parse(line) as { url: string; log: string; adminToken: string; agentToken: string; agentId: number },
  };
}

async function measure(url: string, token: string, name: string, path: string): Promise<Figure> {
  const result = await autocannon({
    url: url + path,
    connections: 50,
    duration: DURATION,
    headers: { authorization: `Bearer ${token}` },
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${name}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return { name, p50: result.latency.p50, p99: result.latency.p99, rps: Math.round(result.requests.average) };
}

type ServerInfo = Awaited<ReturnType<typeof startServer>>['info'];

/** The calls measured under load (50 connections): name, token, path. */
function scenarios(info: ServerInfo): [string, string, string][] {
  return [
    ['board, admin, default sort', info.adminToken, '/api/get-tasks-from-admin/1/offen'],
    [
      'board, admin, due ascending, type filter',
      info.adminToken,
      '/api/get-tasks-from-admin/1/erledigt?sort=due_asc&typ=3',
    ],
    ['board, admin, search "drucker"', info.adminToken, '/api/get-tasks-from-admin/1/offen?q=drucker'],
    [
      'board, admin, company "pizzeria", newest first',
      info.adminToken,
      '/api/get-tasks-from-admin/1/offen?firma=pizzeria&sort=created_desc',
    ],
    ['board, agent, own tasks', info.agentToken, `/api/get-tasks-from-agent/1/offen/${info.agentId}`],
    ['customer search "gasthaus"', info.adminToken, '/api/customers?search=gasthaus'],
    ['customer search "10042"', info.adminToken, '/api/customers?search=10042'],
  ];
}

/** Every sort, filter and search of the board, and the customer search: the one-user figures. */
async function everyCall(info: ServerInfo): Promise<[string, string, string][]> {
  const board = '/api/get-tasks-from-admin/1/offen';
  const first = (await (
    await fetch(info.url + board, { headers: { authorization: `Bearer ${info.adminToken}` } })
  ).json()) as { nextCursor: string | null };
  return [
    ['board, admin, default sort (newest first)', info.adminToken, board],
    ['board, admin, next page (cursor)', info.adminToken, `${board}?cursor=${first.nextCursor ?? ''}`],
    ['board, admin, created ascending', info.adminToken, `${board}?sort=created_asc`],
    ['board, admin, created descending', info.adminToken, `${board}?sort=created_desc`],
    ['board, admin, due ascending', info.adminToken, `${board}?sort=due_asc`],
    ['board, admin, due descending', info.adminToken, `${board}?sort=due_desc`],
    [
      'board, admin, done tasks, due ascending, type filter',
      info.adminToken,
      '/api/get-tasks-from-admin/1/erledigt?sort=due_asc&typ=3',
    ],
    ['board, admin, type filter', info.adminToken, `${board}?typ=5`],
    ['board, admin, agent filter', info.adminToken, `${board}?agentId=${info.agentId}`],
    ['board, admin, unassigned', info.adminToken, `${board}?unassigned=true`],
    ['board, admin, company "pizzeria"', info.adminToken, `${board}?firma=pizzeria`],
    ['board, admin, company "pizzeria", due ascending', info.adminToken, `${board}?firma=pizzeria&sort=due_asc`],
    ['board, admin, search "drucker"', info.adminToken, `${board}?q=drucker`],
    [
      'board, admin, search "kaiserhof 4711" (few)',
      info.adminToken,
      `${board}?q=${encodeURIComponent('kaiserhof 4711')}`,
    ],
    ['board, admin, search "küche" (accents folded)', info.adminToken, `${board}?q=${encodeURIComponent('küche')}`],
    ['board, admin, search "4711" (number)', info.adminToken, `${board}?q=4711`],
    ['board, admin, search agent name "Agent 7"', info.adminToken, `${board}?q=${encodeURIComponent('Agent 7 Bench')}`],
    ['board, admin, search nothing found', info.adminToken, `${board}?q=zzqx`],
    ['board, agent, own tasks', info.agentToken, `/api/get-tasks-from-agent/1/offen/${info.agentId}`],
    [
      'board, agent, own tasks, due ascending',
      info.agentToken,
      `/api/get-tasks-from-agent/1/offen/${info.agentId}?sort=due_asc`,
    ],
    [
      'board, agent, unassigned tab',
      info.agentToken,
      `/api/get-tasks-from-agent/1/offen/${info.agentId}?unassigned=true`,
    ],
    ['customer search "gasthaus"', info.adminToken, '/api/customers?search=gasthaus'],
    ['customer search "10042"', info.adminToken, '/api/customers?search=10042'],
    [
      'customer search "alpenblick 2999"',
      info.adminToken,
      `/api/customers?search=${encodeURIComponent('alpenblick 2999')}`,
    ],
  ];
}

async function helloServer() {
  const hello = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./hello.ts', import.meta.url))], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const [line] = (await once(readline.createInterface({ input: hello.stdout! }), 'line')) as [string];
  return { hello, url: (JSON.parse(line) as { url: string }).url };
}

interface SequentialRow {
  name: string;
  p50: number;
  p99: number;
  hello: { p50: number; p99: number };
}

/**
 * PostgreSQL at full size. Every call one at a time with the board cache off (what the queries cost),
 * then the main calls at 50 connections without and with it (the same page asked again and again, as
 * agents watching one board do), beside bare Fastify at 50 connections.
 */
async function runPostgres(): Promise<void> {
  const { hello, url: helloUrl } = await helloServer();
  const rows: SequentialRow[] = [];
  const loaded: { off: Figure; on?: Figure }[] = [];
  let bare: Figure | undefined;
  try {
    const uncached = await startServer('postgres', N, { BOARD_CACHE_ENTRIES: '0' });
    console.log(`[postgres] ${uncached.info.log}`);
    try {
      for (const [name, token, path] of await everyCall(uncached.info)) {
        const h = await sequential(helloUrl);
        const f = await sequential(uncached.info.url + path, token);
        rows.push({ name, ...f, hello: h });
        console.log(`[postgres] ${name}: median ${f.p50} ms, p99 ${f.p99} ms (bare Fastify ${h.p50} / ${h.p99} ms)`);
      }
      if (DURATION > 0)
        for (const [name, token, path] of scenarios(uncached.info)) {
          const f = await measure(uncached.info.url, token, name, path);
          loaded.push({ off: f });
          console.log(`[postgres, no cache] ${name}: p50 ${f.p50} ms, p99 ${f.p99} ms, ${f.rps} req/s`);
        }
    } finally {
      uncached.child.kill('SIGTERM');
      await once(uncached.child, 'exit');
    }
    if (DURATION > 0) {
      const cached = await startServer('postgres', N, { BENCH_REUSE: '1', BOARD_CACHE_ENTRIES: '500' });
      try {
        for (const [i, [name, token, path]] of scenarios(cached.info).entries()) {
          const f = await measure(cached.info.url, token, name, path);
          loaded[i]!.on = f;
          console.log(`[postgres, board cache] ${name}: p50 ${f.p50} ms, p99 ${f.p99} ms, ${f.rps} req/s`);
        }
      } finally {
        cached.child.kill('SIGTERM');
        await once(cached.child, 'exit');
      }
      bare = await measure(helloUrl, '', 'bare Fastify hello world', '/');
    }
  } finally {
    hello.kill();
    if (!process.env.BENCH_KEEP) await dropBenchDatabase();
  }
  console.log(
    `\n### PostgreSQL, ${N.toLocaleString('en')} tasks and ${CUSTOMERS.toLocaleString('en')} customers: one request at a time, ${REQUESTS} requests per call, board cache off\n`,
  );
  console.log('| call | median ms | p99 ms | bare Fastify median / p99 ms |');
  console.log('|---|---|---|---|');
  for (const r of rows) console.log(`| ${r.name} | ${r.p50} | ${r.p99} | ${r.hello.p50} / ${r.hello.p99} |`);
  if (bare) {
    console.log(`\n### PostgreSQL, same data: autocannon, 50 connections, ${DURATION} s each\n`);
    console.log(
      '| call | no cache: p50 / p99 ms | req/s | board cache: p50 / p99 ms | req/s | share of bare Fastify |',
    );
    console.log('|---|---|---|---|---|---|');
    for (const { off, on } of loaded)
      console.log(
        `| ${off.name} | ${off.p50} / ${off.p99} | ${off.rps} | ${on!.p50} / ${on!.p99} | ${on!.rps} | ${(on!.rps / bare.rps).toFixed(3)} |`,
      );
    console.log(`| bare Fastify hello world | | | ${bare.p50} / ${bare.p99} | ${bare.rps} | 1.000 |`);
  }
}

if (process.env.BENCH_POSTGRES !== '0') await runPostgres();
if (PGLITE_SIZES.length) await embeddedSizes();

/** One request after the other for REQUESTS requests (after a few unmeasured): median and 99th percentile in ms. */
async function sequential(url: string, token?: string): Promise<{ p50: number; p99: number }> {
  const headers = token ? { authorization: `Bearer ${token}` } : undefined;
  const times: number[] = [];
  for (let i = -5; i < REQUESTS; i++) {
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

/** The embedded database at each size: every call one at a time, beside a bare Fastify route. */
async function embeddedSizes() {
  const { hello, url: helloUrl } = await helloServer();
  const rows: { size: number; name: string; p50: number; p99: number; hello: { p50: number; p99: number } }[] = [];
  try {
    for (const size of PGLITE_SIZES) {
      // Cache off, as for PostgreSQL above: what the queries cost on the embedded database.
      const { child, info } = await startServer('pglite', size, { BOARD_CACHE_ENTRIES: '0' });
      console.log(`[pglite ${size}] ${info.log}`);
      try {
        for (const [name, token, path] of scenarios(info)) {
          // The reference just before each call, so both see the same load on the machine.
          const h = await sequential(helloUrl);
          const f = await sequential(info.url + path, token);
          rows.push({ size, name, ...f, hello: h });
          console.log(
            `[pglite ${size}] ${name}: median ${f.p50} ms, p99 ${f.p99} ms (bare Fastify ${h.p50} / ${h.p99} ms)`,
          );
        }
      } finally {
        child.kill('SIGTERM');
        await once(child, 'exit');
      }
    }
  } finally {
    hello.kill();
  }
  console.log(`\n### Embedded database (PGlite): one request at a time, ${REQUESTS} requests per call\n`);
  console.log(
    `| call | ${PGLITE_SIZES.map((n) => `${n.toLocaleString('en')} tasks: median / p99 ms | bare Fastify`).join(' | ')} |`,
  );
  console.log(`|---|${PGLITE_SIZES.map(() => '---|---|').join('')}`);
  for (const name of [...new Set(rows.map((r) => r.name))]) {
    const cells = rows
      .filter((r) => r.name === name)
      .map((r) => `${r.p50} / ${r.p99} | ${r.hello.p50} / ${r.hello.p99}`);
    console.log(`| ${name} | ${cells.join(' | ')} |`);
  }
}
