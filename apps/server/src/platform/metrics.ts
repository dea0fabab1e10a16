import { createHash, timingSafeEqual } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { dbProbe, type Db } from '../db/client.js';
import { mailOutbox } from '../db/schema/index.js';
import { metricsCalls } from '@portal/shared/contracts';
import { unauthorized } from './errors.js';
import { cacheCounts } from './memory-caches.js';
import { Reply, serve } from './serve.js';

/**
 * What an operator watches, in the Prometheus text format at `GET /metrics` (prom-client).
 *
 * Decision: served on the API's own port behind a bearer token (METRICS_TOKEN), not on a port of its
 * own: one address per process to open in the firewall and the proxy, and without the variable the
 * route does not exist at all (404), so nothing about the process leaks by default.
 * One registry per app (not prom-client's global one): tests build several apps in one process.
 * What the database or the sockets hold is read at scrape time (collect), so nothing here runs
 * between scrapes except the counting of requests, statements and jobs.
 */
export interface Metrics {
  registry: Registry;
  /** A scheduled or background job ended (platform/jobs, the unit of work's release). */
  jobRan(job: string, ok: boolean): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's metrics; null when METRICS_TOKEN is not set (no /metrics route, nothing counted). */
    metrics: Metrics | null;
  }
}

/** Seconds; request and statement times of a web app, from a cached row to a slow report. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const QUERY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5];

/** The route pattern (`/api/tasks/:id`), never the raw URL: one series per route, whatever the ids. */
const routeLabel = (req: FastifyRequest) => req.routeOptions.url ?? '(no route)';

export interface MetricsSources {
  db: Db;
  realtime: { openSockets(): number };
  log: { warn(obj: object, msg: string): void };
}

export function createMetrics(s: MetricsSources): Metrics & {
  observeRequest(req: FastifyRequest, status: number, seconds: number): void;
  close(): void;
} {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const http = new Histogram({
    name: 'portal_http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status; _count is the number of requests',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const queries = new Histogram({
    name: 'portal_db_query_duration_seconds',
    help: 'Database statements, from sending to the answer (embedded database: waiting for its one connection included)',
    buckets: QUERY_BUCKETS,
    registers: [registry],
  });
  const probe = dbProbe(s.db);
  const stopQueries = probe?.onQuery((seconds) => queries.observe(seconds));
  const connections = (key: 'inUse' | 'idle' | 'waiting') =>
    function (this: Gauge) {
      this.set(probe ? probe.connections()[key] : NaN);
    };
  new Gauge({
    name: 'portal_db_connections_in_use',
    help: 'Database connections running a statement or transaction',
    registers: [registry],
    collect: connections('inUse'),
  });
  new Gauge({
    name: 'portal_db_connections_idle',
    help: 'Open database connections waiting for work',
    registers: [registry],
    collect: connections('idle'),
  });
  new Gauge({
    name: 'portal_db_connections_waiting',
    help: 'Requests waiting for a database connection',
    registers: [registry],
    collect: connections('waiting'),
  });
  new Gauge({
    name: 'portal_socket_connections',
    help: 'Open socket.io connections of this process',
    registers: [registry],
    collect() {
      this.set(s.realtime.openSockets());
    },
  });
  // Two counts on the status index at scrape time; a database that does not answer shows as NaN.
  const outbox = (status: 'pending' | 'failed') =>
    async function (this: Gauge) {
      try {
        const [row] = await s.db.select({ n: count() }).from(mailOutbox).where(eq(mailOutbox.status, status));
        this.set(row?.n ?? 0);
      } catch (err) {
        s.log.warn({ err }, 'metrics: mail outbox count failed');
        this.set(NaN);
      }
    };
  new Gauge({
    name: 'portal_mail_outbox_waiting',
    help: 'Mails in the outbox not yet delivered (first attempt or waiting for a retry)',
    registers: [registry],
    collect: outbox('pending'),
  });
  new Gauge({
    name: 'portal_mail_outbox_failed',
    help: 'Mails given up after every attempt (the whole cluster, all time)',
    registers: [registry],
    collect: outbox('failed'),
  });
  // Caches areas keep in memory (the board's pages), as reported to platform/memory-caches.ts.
  const cacheSeries = (name: string, help: string, key: 'hits' | 'misses' | 'entries') =>
    new Gauge({
      name,
      help,
      labelNames: ['cache'] as const,
      registers: [registry],
      collect() {
        for (const [cache, counts] of cacheCounts(s.db)) this.set({ cache }, counts[key]);
      },
    });
  cacheSeries('portal_cache_hits', 'Answers from a memory cache of this process since it started, by cache', 'hits');
  cacheSeries('portal_cache_misses', 'Lookups a memory cache of this process could not answer, by cache', 'misses');
  cacheSeries('portal_cache_entries', 'Entries a memory cache of this process holds now, by cache', 'entries');
  const jobRuns = new Counter({
    name: 'portal_job_runs_total',
    help: 'Scheduled and background job runs by job, on this process',
    labelNames: ['job'] as const,
    registers: [registry],
  });
  const jobFailures = new Counter({
    name: 'portal_job_failures_total',
    help: 'Job runs that failed, by job',
    labelNames: ['job'] as const,
    registers: [registry],
  });

  return {
    registry,
    jobRan(job, ok) {
      jobRuns.inc({ job });
      if (!ok) jobFailures.inc({ job });
    },
    observeRequest(req, status, seconds) {
      http.observe({ method: req.method, route: routeLabel(req), status: String(status) }, seconds);
    },
    close() {
      stopQueries?.();
      registry.clear();
    },
  };
}

/** Compares through hashes: the same length whatever was sent, and no early exit. */
function sameToken(given: string, expected: string): boolean {
  const h = (v: string) => createHash('sha256').update(v).digest();
  return timingSafeEqual(h(given), h(expected));
}

/**
 * Counts every request and serves `GET /metrics` behind `Authorization: Bearer <METRICS_TOKEN>`.
 * Does nothing without a token. Call before the routes are registered.
 */
export function registerMetrics(app: FastifyInstance, opts: MetricsSources & { token?: string }): Metrics | null {
  if (!opts.token) {
    app.decorate('metrics', null);
    return null;
  }
  const token = opts.token;
  const metrics = createMetrics(opts);
  app.decorate('metrics', metrics);
  app.addHook('onResponse', async (req, reply) => {
    metrics.observeRequest(req, reply.statusCode, reply.elapsedTime / 1000);
  });
  app.addHook('onClose', async () => metrics.close());
  // The token is checked here, not by the session guard: a scraper has no account.
  serve(app, {}, metricsCalls.getMetrics, async (_c, input) => {
    const header = input.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
    if (!given || !sameToken(given, token)) throw unauthorized();
    return new Reply(200, await metrics.registry.metrics(), { 'content-type': metrics.registry.contentType });
  });
  return metrics;
}

/** Requests slower than `ms` are logged (warn) with their route and time, whether metrics are on or not. */
export function registerSlowRequestLog(app: FastifyInstance, ms: number): void {
  app.addHook('onResponse', async (req, reply) => {
    const elapsed = reply.elapsedTime;
    if (elapsed <= ms) return;
    req.log.warn(
      { route: routeLabel(req), method: req.method, statusCode: reply.statusCode, ms: Math.round(elapsed) },
      'slow request',
    );
  });
}
