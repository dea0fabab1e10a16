/**
 * Notification latency: from the API call that creates a notification to its arrival at the
 * client's socket, with 1,000 sockets connected; on one process, then through two processes and Redis
 * (call on process 1, sockets on process 2). PostgreSQL from BENCH_DATABASE_URL or the local test server.
 *   node --import tsx bench/realtime.ts
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { io as connect, type Socket } from 'socket.io-client';

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 1000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 300);
const REDIS = process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const BASE = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const DB = 'portal_bench_rt';
const MAIN = fileURLToPath(new URL('../apps/server/src/main.ts', import.meta.url));

async function freePort() {
  return new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

async function admin(q: string) {
  const c = new pg.Client({ connectionString: BASE });
  await c.connect();
  await c.query(q);
  await c.end();
}

async function startServer(dbUrl: string, redis?: string): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-rt-'));
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: dbUrl, REDIS_URL: redis ?? '', DATA_DIR: dataDir, SEED_DEMO: 'false', NODE_ENV: 'production', SELLER_NAME: 'Bench GmbH', SELLER_ADDRESS: 'Ring 1, 1010 Wien', SELLER_UID: 'ATU12345678', PAYMENT_PROVIDER: 'local', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${url}/readyz`)).ok) return { url, child };
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not start');
}

/** 1,000 agents with sessions, written straight into the database (hashing 1,000 passwords would only measure argon2). */
async function seedUsers(dbUrl: string) {
  const c = new pg.Client({ connectionString: dbUrl });
  await c.connect();
  const tokens: { id: number; token: string }[] = [];
  await c.query('begin');
  const { rows } = await c.query<{ id: number }>(
    `insert into users (email, name, role_id, country_id, tasks) select 'rt' || g || '@bench.at', 'RT ' || g, case when g = 0 then 1 else 2 end, 1, true from generate_series(0, $1) g returning id`,
    [SOCKETS],
  );
  for (const { id } of rows) {
    const token = randomBytes(32).toString('base64url');
    tokens.push({ id, token });
  }
  await c.query(
    `insert into sessions (user_id, token_hash, expires_at) select * from unnest($1::int[], $2::text[], array_fill(now() + interval '1 day', array[$3::int]))`,
    [tokens.map((t) => t.id), tokens.map((t) => createHash('sha256').update(t.token).digest('hex')), tokens.length],
  );
  await c.query('commit');
  await c.end();
  return { caller: tokens[0]!, agents: tokens.slice(1) };
}

async function measure(label: string, callUrl: string, socketUrl: string, users: Awaited<ReturnType<typeof seedUsers>>) {
  const sockets = new Map<number, Socket>();
  const t0 = Date.now();
  await Promise.all(
    users.agents.map(
      (u) =>
        new Promise<void>((resolve, reject) => {
          const s = connect(socketUrl, { path: '/socket.io/', transports: ['websocket'], auth: { token: u.token }, query: { userId: String(u.id), token: u.token }, reconnection: false, forceNew: true });
          s.once('connect', () => resolve());
          s.once('connect_error', reject);
          sockets.set(u.id, s);
        }),
    ),
  );
  console.log(`[${label}] ${sockets.size} sockets connected in ${Date.now() - t0} ms`);
  const latencies: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const target = users.agents[Math.floor(Math.random() * users.agents.length)]!;
    const socket = sockets.get(target.id)!;
    const start = performance.now();
    const arrived = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('notification did not arrive within 5 s')), 5000);
      socket.once('notification', () => {
        clearTimeout(timer);
        resolve();
      });
    });
    const res = await fetch(`${callUrl}/api/create-notification`, {
      method: 'POST',
      headers: { authorization: `Bearer ${users.caller.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ user_id: target.id, title: 'Bench', message: `Messung ${i}`, type: 'bench', priority: 'low' }),
    });
    if (!res.ok) throw new Error(`create-notification ${res.status}`);
    await arrived;
    latencies.push(performance.now() - start);
  }
  for (const s of sockets.values()) s.disconnect();
  latencies.sort((a, b) => a - b);
  const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))]!.toFixed(1);
  return { label, p50: q(0.5), p99: q(0.99) };
}

const results: { label: string; p50: string; p99: string }[] = [];
const stop = async (procs: { child: ChildProcess }[]) => {
  for (const p of procs) p.child.kill('SIGTERM');
  await Promise.all(procs.map((p) => new Promise((r) => (p.child.exitCode !== null ? r(null) : p.child.once('exit', r)))));
};

for (const mode of ['one process', 'two processes + Redis'] as const) {
  await admin(`drop database if exists ${DB} with (force)`);
  await admin(`create database ${DB}`);
  const u = new URL(BASE);
  u.pathname = `/${DB}`;
  const procs = mode === 'one process' ? [await startServer(u.toString())] : await Promise.all([startServer(u.toString(), REDIS), startServer(u.toString(), REDIS)]);
  try {
    const users = await seedUsers(u.toString());
    results.push(await measure(mode, procs[0]!.url, procs[procs.length - 1]!.url, users));
  } finally {
    await stop(procs);
    await admin(`drop database if exists ${DB} with (force)`);
  }
}

console.log(`\n### Notification latency: API call to socket arrival, ${SOCKETS.toLocaleString('en')} sockets connected, ${SAMPLES} samples\n`);
console.log('| setup | p50 ms | p99 ms |');
console.log('|---|---|---|');
for (const r of results) console.log(`| ${r.label} | ${r.p50} | ${r.p99} |`);
process.exit(0);
