// What an operator watches: GET /metrics (Prometheus text behind METRICS_TOKEN) and the slow-request log.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.js';
import { dbProbe } from '../src/db/client.js';
import { mailOutbox, tasks } from '../src/db/schema/index.js';
import { EMBEDDED_TASK_LIMIT, embeddedSizeWarning } from '../src/platform/embedded-limit.js';
import { startScheduler } from '../src/platform/jobs/index.js';
import { createLogger } from '../src/platform/logging.js';
import { addUser, createTestApp, dbTargets, login, type TestApp } from './helpers.js';

const TOKEN = 'metrics-token-0123456789abcdef';

/** The value of one series of the text format, e.g. `name{a="b"}`; undefined when absent. */
function value(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

for (const target of dbTargets()) {
  describe(`metrics (${target})`, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp(target, { METRICS_TOKEN: TOKEN });
    });
    after(() => t.close());

    const scrape = async () => {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      assert.equal(res.statusCode, 200, res.body);
      assert.match(String(res.headers['content-type']), /^text\/plain; version=0\.0\.4/);
      return res.body;
    };

    it('answers only with the token', async () => {
      const none = await t.app.inject({ method: 'GET', url: '/metrics' });
      assert.equal(none.statusCode, 401);
      assert.equal(none.json().code, 'common.unauthorized');
      const wrong = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}x` } });
      assert.equal(wrong.statusCode, 401);
      const basic = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Basic ${TOKEN}` } });
      assert.equal(basic.statusCode, 401);
      assert.doesNotMatch(none.body + wrong.body, /portal_|nodejs_/);
    });

    it('counts requests by route pattern and status, and shows database, sockets, outbox, jobs, event loop and memory', async () => {
      const user = await addUser(t.db, { role: 'admin', flags: ['tasks'] });
      const token = await login(t.app, user.email, user.password);
      for (let i = 0; i < 3; i++) assert.equal((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode, 200);
      // Two different ids, one series: the label is the pattern, never the raw URL.
      for (const id of [11, 12]) {
        const res = await t.app.inject({ method: 'GET', url: `/api/task-audit/${id}` });
        assert.equal(res.statusCode, 401);
      }
      const board = await t.app.inject({ method: 'GET', url: '/api/get-tasks-from-admin/1/offen', headers: { authorization: `Bearer ${token}` } });
      assert.equal(board.statusCode, 200);
      // The same page again, nothing written in between: answered from the board cache.
      const again = await t.app.inject({ method: 'GET', url: '/api/get-tasks-from-admin/1/offen', headers: { authorization: `Bearer ${token}` } });
      assert.equal(again.body, board.body);
      await t.app.inject({ method: 'GET', url: '/api/no-such-route/123' });
      await t.db.insert(mailOutbox).values([
        { to: 'a@test.at', subject: 'wartet', text: 'x' },
        { to: 'b@test.at', subject: 'wartet', text: 'x' },
        { to: 'c@test.at', subject: 'aufgegeben', text: 'x', status: 'failed', attempts: 5 },
        { to: 'd@test.at', subject: 'gesendet', text: 'x', status: 'sent', attempts: 1 },
      ]);
      const stop = startScheduler(
        t.database,
        [
          { name: 'metrics-ok', lock: 'overdue', everyMs: 60_000, atStart: true, run: async () => {} },
          { name: 'metrics-broken', lock: 'orphanFiles', everyMs: 60_000, atStart: true, run: () => Promise.reject(new Error('kaputt')) },
        ],
        createLogger('silent'),
        { jobRan: t.app.metrics!.jobRan },
      );
      await stop();

      const text = await scrape();
      const count = (labels: string) => value(text, `portal_http_request_duration_seconds_count{${labels}}`);
      assert.equal(count('method="GET",route="/healthz",status="200"'), 3);
      assert.equal(count('method="GET",route="/api/task-audit/:id",status="401"'), 2);
      assert.equal(count('method="GET",route="/api/get-tasks-from-admin/:countryId/:status",status="200"'), 2);
      assert.equal(value(text, 'portal_cache_misses{cache="board"}'), 1);
      assert.equal(value(text, 'portal_cache_hits{cache="board"}'), 1);
      assert.equal(value(text, 'portal_cache_entries{cache="board"}'), 1);
      assert.equal(count('method="GET",route="(no route)",status="404"'), 1);
      assert.doesNotMatch(text, /task-audit\/11|no-such-route/);
      assert.ok(value(text, 'portal_http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/healthz",status="200"}') === 3);

      assert.ok(value(text, 'portal_db_query_duration_seconds_count')! > 5, 'statements of sign-in and board are timed');
      assert.ok(value(text, 'portal_db_query_duration_seconds_sum')! > 0);
      for (const g of ['portal_db_connections_in_use', 'portal_db_connections_idle', 'portal_db_connections_waiting']) {
        assert.ok(Number.isFinite(value(text, g)), g);
      }
      assert.equal(value(text, 'portal_socket_connections'), 0);
      assert.equal(value(text, 'portal_mail_outbox_waiting'), 2);
      assert.equal(value(text, 'portal_mail_outbox_failed'), 1);
      assert.equal(value(text, 'portal_job_runs_total{job="metrics-ok"}'), 1);
      assert.equal(value(text, 'portal_job_failures_total{job="metrics-ok"}'), undefined);
      assert.equal(value(text, 'portal_job_runs_total{job="metrics-broken"}'), 1);
      assert.equal(value(text, 'portal_job_failures_total{job="metrics-broken"}'), 1);
      assert.ok(value(text, 'nodejs_eventloop_lag_p99_seconds')! >= 0);
      assert.ok(value(text, 'process_resident_memory_bytes')! > 1e6);
      assert.ok(value(text, 'nodejs_heap_size_used_bytes')! > 1e6);
    });

    it('sees connections in use, and statements waiting for the one embedded connection', async () => {
      const probe = dbProbe(t.db)!;
      // Read as each statement ends (the embedded database runs them without yielding to timers).
      const seen: ReturnType<typeof probe.connections>[] = [];
      const stop = probe.onQuery(() => seen.push(probe.connections()));
      await Promise.all(Array.from({ length: 4 }, () => t.db.execute(sql`select pg_sleep(0.02)`)));
      stop();
      const most = seen.reduce((a, b) => (b.inUse + b.waiting > a.inUse + a.waiting ? b : a));
      assert.ok(most.inUse >= 1, JSON.stringify(seen));
      if (target === 'pglite') assert.deepEqual(most, { inUse: 1, idle: 0, waiting: 3 });
      assert.deepEqual({ ...probe.connections(), idle: 0 }, { inUse: 0, idle: 0, waiting: 0 });
    });

    it('warns at start when the embedded database holds more tasks than its measured limit', async () => {
      await t.db.insert(tasks).values(
        Array.from({ length: 3 }, (_, i) => ({ titel: `Aufgabe ${i}`, beschreibung: 'x', frist: new Date(), typ: 1, country_id: 1 })),
      );
      assert.equal(await embeddedSizeWarning(t.database), null, `3 tasks are far below ${EMBEDDED_TASK_LIMIT}`);
      assert.equal(await embeddedSizeWarning(t.database, 3), null);
      const over = await embeddedSizeWarning(t.database, 2);
      if (target === 'pglite') assert.match(over!, /^Die eingebettete Datenbank enthält mehr als 2 Aufgaben: .*PostgreSQL \(DATABASE_URL\)/);
      else assert.equal(over, null, 'PostgreSQL has no such limit');
    });

    it('has no /metrics without METRICS_TOKEN, and logs slow requests with route and time', async () => {
      const lines: string[] = [];
      const log = createLogger('info', { write: (l: string) => lines.push(l) });
      const app = await buildApp(
        { config: { ...t.config, metricsToken: undefined, slowRequestMs: 0 }, db: t.db, mailer: { flush: async () => {}, close: async () => {} }, realtime: t.realtime, storage: t.storage },
        { loggerInstance: log, serveWebApp: false },
      );
      try {
        const res = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
        assert.equal(res.statusCode, 404);
        assert.equal(app.metrics, null);
        await app.inject({ method: 'GET', url: '/api/task-audit/77' });
        const slow = lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.msg === 'slow request');
        const audit = slow.find((l) => l.route === '/api/task-audit/:id');
        assert.ok(audit, lines.join(''));
        assert.equal(audit.level, 40);
        assert.equal(audit.statusCode, 401);
        assert.equal(typeof audit.ms, 'number');
        assert.equal(audit.method, 'GET');
      } finally {
        await app.close();
      }
    });
  });
}
