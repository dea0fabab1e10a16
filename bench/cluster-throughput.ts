/**
 * Throughput with more processes (issue 35): board pages and customer search per second for 1, 2 and 3
 * portal processes behind HAProxy (deploy/haproxy.cfg), with the board cache off and on, on 100,000
 * tasks and customers in a PostgreSQL of the benchmark's own; CPU milliseconds per request of Node (the
 * portal processes) and of PostgreSQL (postmaster and backends), and each process's memory afterwards.
 * Beside it, bare Fastify's hello world in the same run (the ratio is the figure).
 *
 *   npm run build && node --import tsx bench/cluster-throughput.ts     (BENCH_SECONDS per call, default 10)
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import {
  PortalProcess,
  cpuSeconds,
  freePort,
  rssMiB,
  startHaproxy,
  startPostgres,
  startRedis,
  treeCpuSeconds,
} from '../cluster/topology.js';
import { signIn } from '../cluster/load.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const SIZE = Number(process.env.BENCH_TASKS ?? 100_000);

async function hello() {
  const p = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./hello.ts', import.meta.url))], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const [line] = (await once(readline.createInterface({ input: p.stdout! }), 'line')) as [string];
  return { p, url: (JSON.parse(line) as { url: string }).url };
}

async function run(url: string, token?: string) {
  const r = await autocannon({
    url,
    connections: 50,
    duration: SECONDS,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return {
    rps: Math.round(r.requests.average),
    p99: r.latency.p99,
    requests: r.requests.total,
    non2xx: r.non2xx + r.errors,
  };
}

const postgres = await startPostgres();
const redis = await startRedis();
// The fixture fills its own database (portal_bench) on the server BENCH_DATABASE_URL names.
process.env.BENCH_DATABASE_URL = postgres.url.replace(/\/portal$/, '/postgres');
const { prepare, BENCH_DB } = await import('./fixture.js');
const fixture = await prepare('postgres', SIZE);
await fixture.database.close();
const { adminEmail, password } = fixture.users;
const databaseUrl = postgres.url.replace(/\/portal$/, `/${BENCH_DB}`);
const ref = await hello();

interface Row {
  cache: 'off' | 'on';
  processes: number;
  call: string;
  rps: number;
  p99: number;
  helloRps: number;
  nodeCpuMs: number;
  pgCpuMs: number;
  memoryMiB: number[];
}
const rows: Row[] = [];
const dirs: string[] = [];
try {
  for (const cache of ['off', 'on'] as const) {
    for (const n of [1, 2, 3]) {
      const ports = await Promise.all(Array.from({ length: n }, () => freePort()));
      const processes = ports.map((port, i) => {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), `portal-bench-cluster-${i}-`));
        dirs.push(dir);
        return new PortalProcess(`p${i + 1}`, port, {
          NODE_ENV: 'production',
          PAYMENT_PROVIDER: 'local',
          SELLER_NAME: 'Kassenservice Bench GmbH',
          SELLER_ADDRESS: 'Benchgasse 1, 1190 Wien',
          SELLER_UID: 'ATU99999999',
          DATABASE_URL: databaseUrl,
          REDIS_URL: redis.url,
          DATA_DIR: dir,
          SEED_DEMO: 'false',
          LOG_LEVEL: 'error',
          TRUST_PROXY: '1',
          LOGIN_RATE_LIMIT: '100000',
          BOARD_CACHE_ENTRIES: cache === 'off' ? '0' : '500',
        });
      });
      await Promise.all(processes.map((p) => p.start(true)));
      const haproxy = await startHaproxy(ports);
      try {
        const admin = await signIn(haproxy.url, adminEmail, password);
        const calls: [string, string][] = [
          ['board page (admin, 100 rows)', `${haproxy.url}/api/get-tasks-from-admin/1/offen`],
          ['customer search "gasthaus"', `${haproxy.url}/api/customers?search=gasthaus`],
        ];
        for (const [call, url] of calls) {
          const h = await run(ref.url);
          const node0 = processes.reduce((s, p) => s + cpuSeconds(p.pid), 0);
          const pg0 = treeCpuSeconds(postgres.pid());
          const m = await run(url, admin.accessToken);
          const nodeCpu = processes.reduce((s, p) => s + cpuSeconds(p.pid), 0) - node0;
          const pgCpu = treeCpuSeconds(postgres.pid()) - pg0;
          if (m.non2xx > 0) throw new Error(`${call}: ${m.non2xx} answers were not 2xx`);
          const row: Row = {
            cache,
            processes: n,
            call,
            rps: m.rps,
            p99: m.p99,
            helloRps: h.rps,
            nodeCpuMs: Math.round((nodeCpu * 1000 * 100) / m.requests) / 100,
            pgCpuMs: Math.round((pgCpu * 1000 * 100) / m.requests) / 100,
            memoryMiB: processes.map((p) => rssMiB(p.pid)),
          };
          rows.push(row);
          console.log(
            `[cluster] cache ${cache}, ${n} process(es), ${call}: ${row.rps} req/s (hello ${row.helloRps}), p99 ${row.p99} ms, ` +
              `CPU per request: Node ${row.nodeCpuMs} ms, PostgreSQL ${row.pgCpuMs} ms; memory ${row.memoryMiB.join('/')} MiB`,
          );
        }
      } finally {
        await haproxy.close();
        await Promise.all(processes.map((p) => p.stop()));
      }
    }
  }
} finally {
  ref.p.kill();
  await redis.close();
  await postgres.close();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
}

console.log(
  '\n| board cache | processes | call | req/s | ratio to hello world | p99 ms | Node CPU ms/req | PostgreSQL CPU ms/req | memory per process MiB |',
);
console.log('|---|---|---|---|---|---|---|---|---|');
for (const r of rows)
  console.log(
    `| ${r.cache} | ${r.processes} | ${r.call} | ${r.rps} | ${(r.rps / r.helloRps).toFixed(3)} | ${r.p99} | ${r.nodeCpuMs} | ${r.pgCpuMs} | ${r.memoryMiB.join(' / ')} |`,
  );
process.exit(0);
