/**
 * A fleet of signage screens on one server process (issue 33): BENCH_DEVICES screens (10,000) polling
 * their playlist every 30 s with their health report (the heartbeat), BENCH_SOCKETS of them (1,000)
 * holding the device socket, and every screen uploading one play a minute (proof of play), sustained for
 * BENCH_SECONDS. Meanwhile staff open the status screen (`GET /api/okds-status`, one request at a time)
 * and a bare Fastify route in a process of its own is asked the same way: the ratio says what the fleet
 * costs beyond the machine's load. Afterwards the plays stored are counted against those sent (each seq
 * once).
 *
 * A scratch PostgreSQL database (dropped afterwards), the API in a child process with its connection pool
 * and the sockets attached as in production, the fleet in this process.
 *   node --import tsx bench/signage-fleet.ts
 *   BENCH_DEVICES=1000 BENCH_SOCKETS=100 BENCH_SECONDS=20 node --import tsx bench/signage-fleet.ts   (a quick run)
 */
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { io as connect, type Socket } from 'socket.io-client';
import { addRksvStaff, admin, benchConfig, child, databaseUrl, scratchDatabase, serveApi } from './measure.js';

const DEVICES = Number(process.env.BENCH_DEVICES ?? 10_000);
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 1_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 120);
const CUSTOMERS = Math.max(1, Math.round(DEVICES / 10));
const FILES = 20;
const POLL_MS = 30_000;
const PLAY_MS = 60_000;
const DB_NAME = process.env.BENCH_DB_NAME ?? 'portal_bench_signage';
const PASSWORD = 'Bench-Passwort-1';
const keyOf = (i: number) => `benchdevicekey-${String(i).padStart(8, '0')}`;

interface Served {
  url: string;
  adminToken: string;
}

/** Child: the API on the filled database with a pool and the sockets, as main.ts runs it. */
async function serve(): Promise<void> {
  const api = await serveApi(process.env.BENCH_DB_URL!, benchConfig(), PASSWORD, { poolSize: 20, sockets: true });
  const info: Served = { url: api.url, adminToken: await api.login('rk-admin@bench.at') };
  console.log(JSON.stringify(info));
  process.stdin.resume();
  await once(process.stdin, 'end');
  await api.close();
  process.exit(0);
}

/** Customers, files, screens (active, licensed, keys `keyOf(i)`), three items each and a schedule per customer. */
async function fill(): Promise<void> {
  const { setup } = await scratchDatabase(DB_NAME);
  const db = setup.db;
  await addRksvStaff(db, PASSWORD);
  await db.execute(sql`
    insert into customers (kundennummer, firma, email, country_id, source)
    select (700000 + g)::text, 'Schirmkunde ' || g, 'schirm' || g || '@example.at', 1, 'AT'
    from generate_series(1, ${CUSTOMERS}) g`);
  await db.execute(sql`
    insert into signage_files (stored_name, file_name, file_type, mime, size, duration)
    select 'bench-' || g || '.png', 'Bild ' || g || '.png', 'image', 'image/png', 1000 + g, 10
    from generate_series(1, ${FILES}) g`);
  await db.execute(sql`
    insert into signage_devices (uuid, device_name, status, license_until, activated_at, customer_id, key_hash, last_seen)
    select 'bench-uuid-' || g, 'Schirm ' || g, 'active', '2099-12-31', now(),
           (select min(id) from customers) + (g - 1) % ${CUSTOMERS},
           encode(sha256(convert_to('benchdevicekey-' || lpad(g::text, 8, '0'), 'UTF8')), 'hex'), now()
    from generate_series(1, ${DEVICES}) g`);
  await db.execute(sql`
    insert into signage_device_content (device_id, file_id, display_order, duration)
    select d.id, (select min(id) from signage_files) + (d.id + k) % ${FILES}, k, 10
    from signage_devices d cross join generate_series(0, 2) k`);
  await db.execute(sql`
    insert into signage_schedules (schedule_name, customer_id, start_time, end_time)
    select 'Mittag ' || c.id, c.id, '11:00', '14:00' from customers c where c.kundennummer::int > 700000`);
  await db.execute(sql`
    insert into signage_schedule_content (schedule_id, file_id, display_order, duration)
    select s.id, (select min(id) from signage_files) + (s.id + k) % ${FILES}, k, 10
    from signage_schedules s cross join generate_series(0, 1) k`);
  await db.execute(sql`analyze`);
  await setup.close();
}

const median = (xs: number[]) => quantile(xs, 0.5);
function quantile(xs: number[], q: number): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)]! * 10) / 10;
}

/** Times one request; a failure counts as an error. */
async function timed(url: string, init: RequestInit, into: number[], errors: { n: number }): Promise<unknown> {
  const t0 = performance.now();
  try {
    const res = await fetch(url, init);
    const body = await res.text();
    if (!res.ok) throw new Error(`${res.status} ${body.slice(0, 200)}`);
    into.push(performance.now() - t0);
    return body ? JSON.parse(body) : null;
  } catch (e) {
    if (errors.n++ < 3) console.error(`${url}: ${(e as Error).message}`);
    return null;
  }
}

async function main(): Promise<void> {
  const t0 = performance.now();
  await fill();
  console.error(`filled ${DEVICES} screens of ${CUSTOMERS} customers in ${Math.round(performance.now() - t0)} ms`);
  const server = await child<Served>(fileURLToPath(import.meta.url), {
    SIGNAGE_FLEET_SERVE: '1',
    BENCH_DB_URL: databaseUrl(DB_NAME),
    // BENCH_PROFILE=<dir>: a CPU profile of the server process (node --cpu-prof).
    ...(process.env.BENCH_PROFILE ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${process.env.BENCH_PROFILE}` } : {}),
  });
  const hello = await child<{ url: string }>(fileURLToPath(new URL('./hello.ts', import.meta.url)), {});
  const base = server.info.url;

  // The sockets first: BENCH_SOCKETS screens connect to the devices' namespace with their key.
  const sockets: Socket[] = [];
  const connected = performance.now();
  for (let i = 1; i <= SOCKETS; i++) {
    const s = connect(`${base}/ds`, { transports: ['websocket'], auth: { key: keyOf(i) }, reconnection: false });
    sockets.push(s);
    await new Promise<void>((resolve, reject) => {
      s.once('connect', () => resolve());
      s.once('connect_error', (e) => reject(e));
    });
  }
  const socketMs = Math.round(performance.now() - connected);
  console.error(`${SOCKETS} sockets connected in ${socketMs} ms`);

  const polls: number[] = [];
  const uploads: number[] = [];
  const status: number[] = [];
  const bare: number[] = [];
  const errors = { n: 0 };
  let sentPlays = 0;
  let running = true;
  const started = Date.now();
  const timers: NodeJS.Timeout[] = [];

  // Each screen polls every 30 s and uploads a play every minute, spread evenly over the period.
  const seq = new Map<number, number>();
  for (let i = 1; i <= DEVICES; i++) {
    const headers = { authorization: `Device ${keyOf(i)}` };
    const report = `?version=v1&now_playing_file_id=1&cache_bytes=1048576&cache_files=3&app_version=bench&screen_w=1920&screen_h=1080`;
    const poll = () => void timed(`${base}/ds/api/playlist${report}`, { headers }, polls, errors);
    const upload = () => {
      const n = (seq.get(i) ?? Date.now()) + 1;
      seq.set(i, n);
      sentPlays++;
      // One of the screen's own three files (the fill gives screen i the files i, i+1, i+2 modulo FILES).
      const play = {
        seq: n,
        file_id: 1 + ((i + (n % 3)) % FILES),
        started_at: new Date().toISOString(),
        duration_ms: 10_000,
      };
      void timed(
        `${base}/ds/api/plays`,
        {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({ plays: [play] }),
        },
        uploads,
        errors,
      );
    };
    const pollAt = ((i - 1) * POLL_MS) / DEVICES;
    const playAt = ((i - 1) * PLAY_MS) / DEVICES;
    timers.push(setTimeout(() => (poll(), timers.push(setInterval(poll, POLL_MS))), pollAt));
    timers.push(setTimeout(() => (upload(), timers.push(setInterval(upload, PLAY_MS))), playAt));
  }

  // Staff on the status screen (a request every half second) and the bare route (every 100 ms), each
  // one at a time, while the fleet runs: they measure, they do not add load of their own.
  const auth = { authorization: `Bearer ${server.info.adminToken}` };
  const paced = async (every: number, ask: () => Promise<unknown>) => {
    while (running) {
      const t = performance.now();
      await ask();
      await new Promise((r) => setTimeout(r, Math.max(0, every - (performance.now() - t))));
    }
  };
  const staff = paced(500, () => timed(`${base}/api/okds-status?limit=50`, { headers: auth }, status, errors));
  const reference = paced(100, () => timed(hello.info.url, {}, bare, errors));
  await new Promise((r) => setTimeout(r, SECONDS * 1000));
  running = false;
  timers.forEach((t) => clearTimeout(t));
  await Promise.all([staff, reference]);
  // Let the last requests of the fleet answer.
  await new Promise((r) => setTimeout(r, 3000));
  const elapsed = (Date.now() - started) / 1000;

  const c = new pg.Client({ connectionString: databaseUrl(DB_NAME) });
  await c.connect();
  const { rows } = await c.query<{ n: string; seen: string }>(
    `select (select count(*) from signage_plays) as n, (select count(*) from signage_devices where last_seen > now() - interval '${Math.ceil(elapsed) + 60} seconds') as seen`,
  );
  await c.end();

  sockets.forEach((s) => s.disconnect());
  server.proc.stdin!.end();
  hello.proc.stdin!.end();
  await once(server.proc, 'exit');
  if (!process.env.BENCH_KEEP) await admin(`drop database if exists ${DB_NAME} with (force)`);

  const rate = (xs: number[]) => (xs.length / elapsed).toFixed(0);
  const line = (name: string, xs: number[]) =>
    `| ${name} | ${xs.length} | ${rate(xs)} | ${median(xs)} | ${quantile(xs, 0.99)} | ${median(bare)} / ${quantile(bare, 0.99)} | ${(median(xs) / median(bare)).toFixed(1)} |`;
  console.log(
    `\n### Signage fleet: ${DEVICES.toLocaleString('en')} screens polling every 30 s, ${SOCKETS.toLocaleString('en')} sockets, a play a minute each, ${SECONDS} s, one process\n`,
  );
  console.log(`${SOCKETS} sockets connected one after the other in ${socketMs} ms; ${errors.n} failed requests.`);
  console.log(`Plays sent ${sentPlays}, stored ${rows[0]!.n}; screens with a poll in the run ${rows[0]!.seen}.\n`);
  console.log('| call | requests | per s | median ms | p99 ms | bare Fastify median / p99 ms | ratio (median) |');
  console.log('|---|---|---|---|---|---|---|');
  console.log(line('heartbeat: playlist poll with its report', polls));
  console.log(line('plays upload (one play)', uploads));
  console.log(line('status screen, page 1 (staff, one at a time)', status));
}

if (process.env.SIGNAGE_FLEET_SERVE) await serve();
else await main();
