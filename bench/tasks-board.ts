/**
 * Board and customer-search latency with 100,000 tasks and 100,000 customers, on PostgreSQL
 * (BENCH_DATABASE_URL or the local test server; a database of its own, dropped afterwards) and on the
 * embedded PGlite. The server runs in a child process; autocannon (50 connections) runs here.
 *   npm run bench
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { dropBenchDatabase, type BenchKind } from './fixture.js';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const N = Number(process.env.BENCH_ROWS ?? 100_000);

interface Figure {
  name: string;
  p50: number;
  p99: number;
  rps: number;
}

async function startServer(kind: BenchKind) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(new URL('./serve-fixture.ts', import.meta.url))],
    {
      env: { ...process.env, BENCH_KIND: kind, BENCH_ROWS: String(N) },
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

async function run(kind: BenchKind): Promise<Figure[]> {
  const { child, info } = await startServer(kind);
  console.log(`[${kind}] ${info.log}`);
  const scenarios: [string, string, string][] = [
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
  const figures: Figure[] = [];
  try {
    for (const [name, token, path] of scenarios) {
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

const targets = (process.env.BENCH_TARGETS ?? 'postgres,pglite').split(',') as BenchKind[];
const all: Partial<Record<BenchKind, Figure[]>> = {};
for (const target of targets) all[target] = await run(target);

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
