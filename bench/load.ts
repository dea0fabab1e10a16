/**
 * Load on PostgreSQL with 100,000 tasks: sign-in, a task-board page and a public form call, each
 * beside a bare Fastify hello-world measured in the same run on the same machine (the ratio is the figure).
 * Server and hello-world run in child processes; autocannon (50 connections) runs here.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { dropBenchDatabase } from './fixture.js';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);

async function child(script: string, env: Record<string, string> = {}) {
  const p = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL(script, import.meta.url))], { env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'inherit'] });
  const [line] = (await once(readline.createInterface({ input: p.stdout! }), 'line')) as [string];
  return { p, info: JSON.parse(line) as Record<string, string> };
}

async function run(opts: autocannon.Options) {
  const r = await autocannon({ connections: 50, duration: DURATION, ...opts });
  return { rps: Math.round(r.requests.average), p99: r.latency.p99, non2xx: r.non2xx };
}

export async function loadFigures() {
  const hello = await child('./hello.ts');
  const app = await child('./serve-fixture.ts', { BENCH_KIND: 'postgres' });
  const rows: { call: string; rps: number; p99: number; helloRps: number; helloP99: number; note: string }[] = [];
  try {
    const calls: [string, autocannon.Options, string][] = [
      [
        'POST /auth/login',
        { url: `${app.info.url}/auth/login`, method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: app.info.adminEmail, password: app.info.password }) },
        'argon2id (19 MiB, t=2) on every sign-in',
      ],
      ['GET board page (admin, 100 rows)', { url: `${app.info.url}/api/get-tasks-from-admin/1/offen`, headers: { authorization: `Bearer ${app.info.adminToken}` } }, ''],
      [
        'POST /web/deprequest (refused: no proof of work)',
        { url: `${app.info.url}/web/deprequest`, method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ kundennummer: '10001', lokalname: 'Test' }) },
        'a solved challenge is single use, so a load run cannot replay one; this measures rate limit, honeypot and challenge check',
      ],
    ];
    for (const [call, opts, note] of calls) {
      const h = await run({ url: hello.info.url! });
      const m = await run(opts);
      const refusedOnPurpose = call.includes('refused');
      if (!refusedOnPurpose && m.non2xx > 0) throw new Error(`${call}: ${m.non2xx} answers were not 2xx`);
      rows.push({ call, rps: m.rps, p99: m.p99, helloRps: h.rps, helloP99: h.p99, note });
      console.log(`[load] ${call}: ${m.rps} req/s, p99 ${m.p99} ms (hello world ${h.rps} req/s, p99 ${h.p99} ms)`);
    }
  } finally {
    hello.p.kill();
    app.p.kill('SIGTERM');
    await once(app.p, 'exit');
    await dropBenchDatabase();
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await loadFigures();
  console.log('\n### Load on PostgreSQL (autocannon, 50 connections), beside bare Fastify in the same run\n');
  console.log('| call | req/s | p99 ms | hello world req/s | ratio | note |');
  console.log('|---|---|---|---|---|---|');
  for (const r of rows) console.log(`| ${r.call} | ${r.rps} | ${r.p99} | ${r.helloRps} | ${(r.rps / r.helloRps).toFixed(3)} | ${r.note} |`);
  process.exit(0);
}
