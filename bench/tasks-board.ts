/**
 * Board and customer-search latency with 100,000 tasks and 100,000 customers, on PostgreSQL
 * (BENCH_DATABASE_URL or the local test server; a database of its own, dropped afterwards) and on the
 * embedded PGlite. The server runs in a child process; autocannon (50 connections) runs here.
 * Then the embedded database's limit: PGlite at each size of BENCH_PGLITE_SIZES (10,000 and 100,000
 * tasks), one request at a time (one user), median and 99th percentile of every board call beside a
 * bare Fastify route measured the same way in the same run.
 *   npm run bench
 *   BENCH_TARGETS= BENCH_PGLITE_SIZES=1000 BENCH_REQUESTS=30 node --import tsx bench/tasks-board.ts  (the CI's small run)
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { dropBenchDatabase, type BenchKind } from './fixture.js';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const N = Number(process.env.BENCH_ROWS ?? 100_000);
/** Requests per call in the one-at-a-time runs (the 99th percentile needs a few hundred). */
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 400);
const PGLITE_SIZES = (process.env.BENCH_PGLITE_SIZES ?? '10000,100000').split(',').filter(Boolean).map(Number);

interface Figure {
  name: string;
  p50: number;
  p99: number;
  rps: number;
}

async function startServer(kind: BenchKind, rows = N) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(new URL('./serve-fixture.ts', import.meta.url))],
    {
      env: { ...process.env, BENCH_KIND: kind, BENCH_ROWS: String(rows) },
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

/** The calls measured: name, token, path. */
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

async function run(kind: BenchKind): Promise<Figure[]> {
  const { child, info } = await startServer(kind);
  console.log(`[${kind}] ${info.log}`);
  const figures: Figure[] = [];
  try {
    for (const [name, token, path] of scenarios(info)) {
      const f = await measure(info.url, token, name, path);
      figures.push(f);
      console.log(`[${kind}] ${name}: p50 ${f.p50} ms, p99 ${f.p99} ms, ${f.rps} req/s`);
    }
  } finally {
    child.kill('SIGTERM');
    await once(child, 'exit');
    if (kind === 'postgres' && !process.env.BENCH_KEEP) await dropBenchDatabase();
  }
  return figures;
}

const targets = (process.env.BENCH_TARGETS ?? 'postgres,pglite').split(',').filter(Boolean) as BenchKind[];
const all: Partial<Record<BenchKind, Figure[]>> = {};
for (const target of targets) all[target] = await run(target);

if (targets.length) {
  printTable();
}
if (PGLITE_SIZES.length) await embeddedSizes();

function printTable() {
  console.log(
    `\n### Task board and customer search: ${N.toLocaleString('en')} tasks and customers, autocannon 50 connections, ${DURATION} s each\n`,
  );
  console.log(`| call | ${targets.map((t) => `${t} p50 / p99 ms | ${t} req/s`).join(' | ')} |`);
  console.log(`|---|${targets.map(() => '---|---').join('|')}|`);
  for (const f0 of all[targets[0]!]!) {
    const cells = targets.map((t) => {
      const f = all[t]!.find((x) => x.name === f0.name)!;
      return `${f.p50} / ${f.p99} | ${f.rps}`;
    });
    console.log(`| ${f0.name} | ${cells.join(' | ')} |`);
  }
}

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
  const hello = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./hello.ts', import.meta.url))], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const [line] = (await once(readline.createInterface({ input: hello.stdout! }), 'line')) as [string];
  const helloUrl = (JSON.parse(line) as { url: string }).url;
  const rows: { size: number; name: string; p50: number; p99: number; hello: { p50: number; p99: number } }[] = [];
  try {
    for (const size of PGLITE_SIZES) {
      const { child, info } = await startServer('pglite', size);
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
