/**
 * `npm run test:cluster`: the production topology of deploy/ under load through a rolling restart, a
 * crash, a Redis outage and a PostgreSQL restart; then, from the database and the clients: every
 * acknowledged write stored exactly once, the cashbook chain intact, every notification at its connected
 * user, no 5xx outside the fault windows, and how long each fault took to recover (printed, and written
 * to CLUSTER_REPORT when set).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startS3Server, type TestS3 } from '../apps/server/test/s3-server.js';
import { LoadGenerator, signIn, WRITES, type LoadContext, type Outcome, type Staff } from './load.js';
import { NotificationTab } from './sockets.js';
import {
  MAIN_JS,
  PortalProcess,
  freePort,
  isReady,
  rssMiB,
  sleep,
  startHaproxy,
  startPostgres,
  startRedis,
  type Haproxy,
  type OwnPostgres,
  type OwnRedis,
} from './topology.js';

const PROCESSES = 3;
const CONNECTIONS = Number(process.env.CLUSTER_CONNECTIONS ?? 50);
const TABS = Number(process.env.CLUSTER_SOCKETS ?? 50);
const MIN_LOAD_MS = Number(process.env.CLUSTER_SECONDS ?? 60) * 1000;
const METRICS_TOKEN = 'cluster-test-metrics-token';
/** Jobs that run when a process starts (each process once, one at a time under the job's lock). */
const AT_START = [
  'mail-retry',
  'sla-deadlines',
  'orphan-files',
  'rksv-card-deadlines',
  'gdpr-exports',
  'gdpr-retention',
];
/** Jobs due every minute: one run per minute in the whole cluster (a claimed slot), however many processes tick. */
const EVERY_MINUTE = ['overdue-tasks', 'sla-alerts', 'signage-offline'];

interface Fault {
  name: string;
  injectedAt: number;
  recoveredAt: number;
}

describe('the portal behind HAProxy: three processes, PostgreSQL, Redis and S3 through faults under load', () => {
  let postgres: OwnPostgres;
  let redis: OwnRedis;
  let s3: TestS3;
  let haproxy: Haproxy;
  const processes: PortalProcess[] = [];
  const dirs: string[] = [];
  let ready = false;

  before(async () => {
    assert.ok(fs.existsSync(MAIN_JS), `${MAIN_JS} fehlt: erst "npm run build"`);
    [postgres, redis, s3] = await Promise.all([startPostgres(), startRedis(), startS3Server()]);
    const ports = await Promise.all(Array.from({ length: PROCESSES }, () => freePort()));
    const logDir = process.env.CLUSTER_LOG_DIR;
    if (logDir) fs.mkdirSync(logDir, { recursive: true });
    haproxy = await startHaproxy(ports, logDir && path.join(logDir, 'haproxy.log'));
    const shared = {
      NODE_ENV: 'production',
      PAYMENT_PROVIDER: 'local',
      SELLER_NAME: 'Kassenservice Cluster GmbH',
      SELLER_ADDRESS: 'Teststraße 1, 1190 Wien',
      SELLER_UID: 'ATU99999999',
      PUBLIC_URL: haproxy.url,
      TRUST_PROXY: '1',
      DATABASE_URL: postgres.url,
      REDIS_URL: redis.url,
      STORAGE_URL: s3.url('files'),
      ALTCHA_HMAC_KEY: randomBytes(32).toString('hex'),
      SHUTDOWN_DRAIN_MS: '3000',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      METRICS_TOKEN,
      // One client address for all the load (the test machine): the per-address limits would stop it.
      LOGIN_RATE_LIMIT: '100000',
      PUBLIC_FORM_RATE_LIMIT: '100000',
    };
    for (const [i, port] of ports.entries()) {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), `portal-cluster-p${i + 1}-`));
      dirs.push(dir);
      processes.push(new PortalProcess(`p${i + 1}`, port, { ...shared, DATA_DIR: dir }));
    }
    // Started together on the empty database, as systemctl starts portal@… after a fresh install.
    firstStart = Date.now();
    await Promise.all(processes.map((p) => p.start(true)));
    ready = true;
  });

  after(async () => {
    await Promise.allSettled(processes.map((p) => p.stop()));
    // The processes' warnings and errors (LOG_LEVEL=warn), for a run that failed.
    if (process.env.CLUSTER_LOG_DIR) {
      fs.mkdirSync(process.env.CLUSTER_LOG_DIR, { recursive: true });
      for (const p of processes) fs.writeFileSync(path.join(process.env.CLUSTER_LOG_DIR, `${p.name}.log`), p.output());
    }
    await Promise.allSettled([haproxy?.close(), redis?.close(), s3?.close()]);
    await postgres?.close();
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  /** Job runs per job, summed over the processes' metrics (since each one's last start). */
  const jobRuns = async () => {
    const runs = new Map<string, number>();
    for (const p of processes) {
      const text = await (
        await fetch(`${p.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
      ).text();
      for (const m of text.matchAll(/^portal_job_runs_total\{job="([^"]+)"\} (\d+)/gm))
        runs.set(m[1]!, (runs.get(m[1]!) ?? 0) + Number(m[2]));
    }
    return runs;
  };
  let firstStart = 0;

  const query = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) => {
    const client = new pg.Client({ connectionString: postgres.url });
    await client.connect();
    try {
      return (await client.query<T>(text, values)).rows;
    } finally {
      await client.end();
    }
  };

  it('migrates the empty database once and runs each start-up job on one process', async () => {
    assert.ok(ready);
    const journal = JSON.parse(
      fs.readFileSync(new URL('../apps/server/src/db/migrations/meta/_journal.json', import.meta.url), 'utf8'),
    ) as { entries: unknown[] };
    const [migrations] = await query<{ n: string; distinct_hashes: string }>(
      'select count(*) as n, count(distinct hash) as distinct_hashes from drizzle.__drizzle_migrations',
    );
    assert.equal(Number(migrations!.n), journal.entries.length, 'each migration recorded once');
    assert.equal(Number(migrations!.distinct_hashes), journal.entries.length);
    const [admins] = await query<{ n: string }>(`select count(*) as n from users where email = 'admin@demo.at'`);
    assert.equal(Number(admins!.n), 1, 'demo data seeded once');

    await sleep(2000);
    const runs = await jobRuns();
    for (const job of AT_START) {
      const n = runs.get(job) ?? 0;
      assert.ok(n >= 1 && n <= PROCESSES, `${job}: ran ${n} times at the start of three processes`);
    }
  });

  it('keeps every acknowledged write exactly once and every notification delivered through four faults', async () => {
    assert.ok(ready);
    const url = haproxy.url;
    const admin = await signIn(url, 'admin@demo.at', 'Admin!demo2026');
    const agents = [await signIn(url, 'agent.at@demo.at', 'Agent!demo2026')];
    const staff: Staff[] = [admin, ...agents];
    const incomeCategory = new Map<number, number>();
    for (const s of [admin, agents[0]!]) {
      const r = await fetch(`${url}/api/cashbook/categories`, {
        headers: { authorization: `Bearer ${s.accessToken}` },
      });
      const list = (await r.json()) as { id: number; type?: string }[];
      const income = list.find((c) => c.type === 'income') ?? list[0];
      assert.ok(income, `a cashbook category for ${s.email}`);
      incomeCategory.set(s.id, income.id);
    }
    const [baseline] = await query<{ max: number | null }>('select max(id) as max from notifications');
    const from = Number(baseline!.max ?? 0);
    const tabs = Array.from({ length: TABS }, (_, i) => new NotificationTab(url, staff[i % staff.length]!, from));
    await Promise.all(tabs.map((t) => t.connected()));

    const ctx: LoadContext = { url, admin, agents, incomeCategory };
    const runId = `cl${randomBytes(3).toString('hex')}`;
    const load = new LoadGenerator(ctx, runId);
    const t0 = Date.now();
    load.start(CONNECTIONS);

    const faults: Fault[] = [];
    const probeToken = admin.accessToken;
    /** Every process ready again and a call through the balancer answered. */
    const recovered = async (name: string, injectedAt: number) => {
      for (;;) {
        const all = await Promise.all(processes.map((p) => isReady(p.url)));
        if (all.every(Boolean)) {
          const r = await fetch(`${url}/api/get-notifications`, {
            headers: { authorization: `Bearer ${probeToken}` },
          }).catch(() => null);
          if (r?.ok) break;
        }
        await sleep(200);
      }
      faults.push({ name, injectedAt, recoveredAt: Date.now() });
    };

    await sleep(3000);
    // 1. A deploy: each process gets SIGTERM, drains and is started again before the next.
    let at = Date.now();
    for (const p of processes) await p.restart();
    await recovered('rolling restart (3 processes, SIGTERM, 3 s drain)', at);
    // A pause longer than the windows' 2 s for retries, so each failure belongs to one fault.
    await sleep(2500);
    // 2. A crash under load; the supervisor (systemd's Restart=always, RestartSec=2) starts it again.
    at = Date.now();
    processes[1]!.kill9();
    await sleep(500);
    await recovered('kill -9 of one process', at);
    await sleep(2500);
    // 3. Redis away for 10 s; meanwhile one process is restarted: it must start and serve without Redis.
    at = Date.now();
    await redis.stop();
    await sleep(500);
    const restartedWithoutRedis = await Promise.race([
      processes[2]!.restart().then(() => true),
      sleep(20_000).then(() => false),
    ]);
    await sleep(Math.max(0, at + 10_000 - Date.now()));
    await redis.start();
    await recovered('Redis stopped for 10 s, one process restarted meanwhile', at);
    await sleep(2500);
    // 4. PostgreSQL restarted (fast shutdown: sessions ended), down for 5 s as a package upgrade would be.
    at = Date.now();
    await postgres.stop();
    await sleep(5000);
    await postgres.start();
    await recovered('PostgreSQL restarted', at);

    const remaining = MIN_LOAD_MS - (Date.now() - t0);
    await sleep(Math.max(3000, remaining));
    await load.stop();
    const loadMs = Date.now() - t0;
    // Deliveries in flight, and the tabs' 10-second check reconnecting what gave up (at least 11 s after
    // the last recovery with the 3 s of load above).
    await sleep(8000);

    // What the database holds of each write the clients made.
    const titles = await query<{ titel: string }>(`select titel from tasks where titel like $1`, [
      `%Lasttest ${runId}-%`,
    ]);
    const entries = await query<{ description: string }>(
      `select description from cashbook_transactions where description like $1`,
      [`Lasttest ${runId}-%`],
    );
    const stored = new Map<string, number>();
    for (const text of [...titles.map((r) => r.titel), ...entries.map((r) => r.description)]) {
      const token = new RegExp(`${runId}-\\w+-\\d+`).exec(text)?.[0];
      if (token) stored.set(token, (stored.get(token) ?? 0) + 1);
    }
    const acknowledged = load.writes.filter((w) => w.acknowledged);
    const lost = acknowledged.filter((w) => (stored.get(w.token) ?? 0) === 0);
    const duplicated = load.writes.filter((w) => (stored.get(w.token) ?? 0) > 1);
    const unacknowledgedStored = load.writes.filter((w) => !w.acknowledged && stored.get(w.token) === 1);

    const verify = await fetch(`${url}/api/cashbook/verify`, {
      headers: { authorization: `Bearer ${admin.accessToken}` },
    });
    const chain = (await verify.json()) as { ok: boolean; checked: number };

    // Notifications: each created during the run for a user with a tab, at every tab of that user.
    const created = await query<{ id: number; user_id: number; at: string }>(
      'select id, user_id, extract(epoch from created_at) * 1000 as at from notifications where id > $1',
      [from],
    );
    const missingAt = new Map<number, number>();
    let expected = 0;
    let missing = 0;
    let viaReplay = 0;
    const missingByTab: string[] = [];
    for (const tab of tabs) {
      let gone = 0;
      for (const n of created) {
        if (n.user_id !== tab.user.id) continue;
        expected++;
        if (!tab.received(n.id)) {
          gone++;
          const bucket = Math.floor((Number(n.at) - t0) / 5000) * 5;
          missingAt.set(bucket, (missingAt.get(bucket) ?? 0) + 1);
        } else if (!tab.live.has(n.id)) viaReplay++;
      }
      missing += gone;
      if (gone)
        missingByTab.push(
          `${tab.user.email} ${tab.socket.connected ? 'connected' : 'DISCONNECTED'}: ${gone} missing, last ${tab.lastSeen}`,
        );
    }

    // Failures: outside every fault window (injection to recovery plus 2 s for retries in flight) none may reach a
    // client. A failure belongs to the window it happened in (its answer's time, or the moment none came).
    const windows = faults.map((f) => [f.injectedAt, f.recoveredAt + 2000] as const);
    const inWindow = (o: Outcome) => windows.some(([a, b]) => o.end >= a && o.end <= b);
    const failedOutcome = (o: Outcome) => o.status === 0 || o.status >= 500;
    const failures = load.outcomes.filter(failedOutcome);
    // A 500 is an error the server did not understand; a database away is 503, a crashed process 502.
    const unexplained = load.outcomes.filter((o) => o.status === 500);
    const outside = failures.filter((o) => !inWindow(o));
    const perFault = faults.map((f) => ({
      fault: f.name,
      recoverySeconds: (f.recoveredAt - f.injectedAt) / 1000,
      failedAnswers: failures.filter((o) => o.end >= f.injectedAt && o.end <= f.recoveredAt + 2000).length,
      failed: failures
        .filter((o) => o.end >= f.injectedAt && o.end <= f.recoveredAt + 2000)
        .slice(0, 5)
        .map((o) => `${o.op} ${o.status} (try ${o.attempt}) at +${((o.end - t0) / 1000).toFixed(1)} s`),
    }));
    // A retry that finds its first try still "in progress" (409): the key of a crashed process is taken
    // over at once, and one of a live process is waited for (IDEMPOTENCY_WAIT_MS), so none should.
    const inProgress = load.outcomes.filter((o) => o.attempt === 2 && o.status === 409);
    const refused = new Map<number, number>();
    for (const o of load.outcomes)
      if (o.status >= 400 && o.status < 500) refused.set(o.status, (refused.get(o.status) ?? 0) + 1);

    const report = {
      loadSeconds: Math.round(loadMs / 1000),
      connections: CONNECTIONS,
      sockets: TABS,
      requests: load.outcomes.length,
      requestsPerSecond: Math.round(load.outcomes.length / (loadMs / 1000)),
      writes: Object.fromEntries(
        WRITES.map((op) => [
          op,
          {
            sent: load.writes.filter((w) => w.op === op).length,
            acknowledged: acknowledged.filter((w) => w.op === op).length,
            retried: load.writes.filter((w) => w.op === op && w.retried).length,
          },
        ]),
      ),
      lost: lost.length,
      duplicated: duplicated.length,
      unacknowledgedButStored: unacknowledgedStored.length,
      cashbookChain: chain,
      notifications: {
        created: created.length,
        expectedDeliveries: expected,
        missing,
        viaReplay,
        reconnects: tabs.reduce((s, t) => s + t.reconnects, 0),
        missingByTab: missingByTab.slice(0, 6),
        missingBySecondOfRun: Object.fromEntries([...missingAt].sort((a, b) => a[0] - b[0])),
      },
      failuresOutsideFaultWindows: outside.length,
      answers500: unexplained.length,
      refusedByStatus: Object.fromEntries(refused),
      retriesAnsweredInProgress: inProgress.length,
      faults: perFault,
      faultTimes: faults.map(
        (f) =>
          `${f.name}: +${((f.injectedAt - t0) / 1000).toFixed(1)} s to +${((f.recoveredAt - t0) / 1000).toFixed(1)} s`,
      ),
      memoryMiBPerProcess: processes.map((p) => rssMiB(p.pid)),
      restarts: processes.map((p) => p.starts - 1),
      restartedWithoutRedis,
      tabsToldToResync: tabs.filter((t) => t.resyncs > 0).length,
    };
    const minuteRuns = await jobRuns();
    const minutes = Math.ceil((Date.now() - firstStart) / 60_000);
    console.log(JSON.stringify(report, null, 2));
    if (process.env.CLUSTER_REPORT) fs.writeFileSync(process.env.CLUSTER_REPORT, JSON.stringify(report, null, 2));
    for (const t of tabs) t.close();

    assert.ok(restartedWithoutRedis, 'a process starts and answers /readyz while Redis is away');
    // Task changes have no replay: once Redis is back, the tabs are told to fetch their boards again.
    assert.ok(
      tabs.filter((t) => t.resyncs > 0).length >= tabs.length / 2,
      'the tabs connected when Redis came back hear resync',
    );
    for (const op of WRITES)
      assert.ok(acknowledged.filter((w) => w.op === op).length > 20, `${op}: too few writes acknowledged`);
    assert.deepEqual(
      lost.map((w) => w.token),
      [],
      'acknowledged writes missing from the database',
    );
    assert.deepEqual(
      duplicated.map((w) => w.token),
      [],
      'writes stored twice',
    );
    assert.equal(verify.status, 200);
    assert.equal(chain.ok, true, 'the cashbook chain verifies');
    assert.ok(expected > 0, 'notifications were created for connected users');
    assert.equal(missing, 0, `${missing} of ${expected} notifications did not reach their tab`);
    assert.deepEqual(
      outside.slice(0, 10).map((o) => `${o.op} ${o.status} at +${((o.end - t0) / 1000).toFixed(1)} s`),
      [],
      'failed answers outside the fault windows',
    );
    // A rolling restart drains: nothing fails as the person sees it, after the app's one retry of a call.
    // (A first try of an upload has, rarely, gone unanswered at a process's stop: the figures count those.)
    const rolling = faults[0]!;
    const seen = failures.filter(
      (o) => o.end >= rolling.injectedAt && o.end <= rolling.recoveredAt + 2000 && o.attempt === 2,
    );
    assert.deepEqual(
      seen.map((o) => `${o.op} ${o.status} (try ${o.attempt})`),
      [],
      'a rolling restart: no failure reaches the person',
    );
    assert.deepEqual(
      inProgress.map((o) => `${o.op} at +${((o.end - t0) / 1000).toFixed(1)} s`),
      [],
      'a retry of a write finds its key free or answered, not in progress',
    );
    assert.deepEqual(
      unexplained.slice(0, 5).map((o) => `${o.op} at +${((o.end - t0) / 1000).toFixed(1)} s`),
      [],
      'no 500: a database away answers 503',
    );
    for (const job of EVERY_MINUTE)
      assert.ok(
        (minuteRuns.get(job) ?? 0) <= minutes + 1,
        `${job}: ${minuteRuns.get(job)} runs in ${minutes} minutes across three processes`,
      );
  });
});
