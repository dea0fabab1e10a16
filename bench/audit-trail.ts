/**
 * The staff audit trail at size (issue 34): BENCH_AUDIT_ROWS rows (1,000,000) already chained, then
 *  - what the trail costs a write: `PUT /api/user-settings` by an admin (audited: subject read before
 *    and after, the row appended under the chain's lock) beside the same call by a customer (not audited),
 *    one at a time;
 *  - staff writes from BENCH_WRITERS clients at once (8) on a pool of 8 connections: the chain's lock
 *    orders them, the rows stay gapless (checked);
 *  - the admin's screen: first page, by person, by subject, by action and day (each an index range);
 *  - `GET /api/audit/verify` over the whole trail.
 * On PostgreSQL (a scratch database of its own, dropped afterwards), beside a bare Fastify route.
 *   node --import tsx bench/audit-trail.ts
 *   BENCH_AUDIT_ROWS=100000 BENCH_REQUESTS=50 node --import tsx bench/audit-trail.ts   (a quick run)
 */
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { ROLE_IDS } from '@portal/shared';
import { hashPassword } from '../apps/server/src/platform/passwords.js';
import { AUDIT_GENESIS, auditHash, changesHash } from '../apps/server/src/platform/audit.js';
import { admin, benchConfig, child, scratchDatabase, sequential, serveApi } from './measure.js';

const ROWS = Number(process.env.BENCH_AUDIT_ROWS ?? 1_000_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const WRITERS = Number(process.env.BENCH_WRITERS ?? 8);
const DB_NAME = process.env.BENCH_DB_NAME ?? 'portal_bench_audit';
const PASSWORD = 'Bench-Passwort-1';
const BATCH = 10_000;

interface Served {
  url: string;
  log: string;
  adminToken: string;
  customerToken: string;
  actor: number;
}

const rows = <T>(res: unknown) => (res as { rows: T[] }).rows;

async function serve(): Promise<void> {
  const t0 = Date.now();
  const { url, setup } = await scratchDatabase(DB_NAME);
  const db = setup.db;
  const hash = await hashPassword(PASSWORD);
  const users = rows<{ id: number }>(
    await db.execute(sql`insert into users (email, name, password_hash, role_id, country_id, tasks, rksv)
      select 'staff' || g || '@bench.at', 'Staff ' || g, ${hash}, ${ROLE_IDS.agent}, 1, true, true
      from generate_series(1, 50) g returning id`),
  );
  await db.execute(sql`insert into users (email, name, password_hash, role_id, country_id, tasks)
    values ('audit-admin@bench.at', 'Bench Admin', ${hash}, ${ROLE_IDS.admin}, 1, true),
           ('kunde@bench.at', 'Bench Kunde', ${hash}, ${ROLE_IDS.customer}, 1, false)`);
  // A trail of ROWS rows written as the app writes them: each hash over its row and the one before.
  const actions = ['setTaskStatus', 'addTaskNote', 'claimTask', 'createCashbookTransaction', 'updateRksvCard'];
  const kinds = ['task', 'task', 'task', 'cashbook_entry', 'rksv_card'];
  let prev = AUDIT_GENESIS;
  const start = Date.now() - ROWS * 60_000;
  for (let from = 1; from <= ROWS; from += BATCH) {
    const batch = [];
    for (let seq = from; seq < Math.min(from + BATCH, ROWS + 1); seq++) {
      const k = seq % actions.length;
      const r = {
        seq,
        at: new Date(start + seq * 60_000),
        actor_id: users[seq % users.length]!.id,
        actor_role: 'agent',
        ip: '10.0.0.1',
        action: actions[k]!,
        subject_kind: kinds[k]!,
        subject_id: 1 + (seq % 100_000),
        customer_id: 1 + (seq % 300_000),
        country_id: 1,
        changes: { status: ['offen', 'erledigt'] },
        changes_hash: '',
      };
      r.changes_hash = changesHash(r.changes);
      const h = auditHash(r, prev);
      prev = h;
      batch.push({ ...r, at: r.at.toISOString(), hash: h });
    }
    await db.execute(sql`insert into audit_log (seq, at, actor_id, actor_role, ip, action, subject_kind, subject_id,
        customer_id, country_id, changes, changes_hash, hash)
      select seq, at, actor_id, actor_role, ip, action, subject_kind, subject_id, customer_id, country_id, changes,
        changes_hash, hash
      from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as x (seq bigint, at timestamptz, actor_id int,
        actor_role text, ip text, action text, subject_kind text, subject_id int, customer_id int, country_id int,
        changes jsonb, changes_hash text, hash text)`);
  }
  await db.execute(sql`update audit_head set seq = ${ROWS}, hash = ${prev} where id = 1`);
  await db.execute(sql`analyze audit_log`);
  const api = await serveApi(url, benchConfig(), PASSWORD, { poolSize: WRITERS });
  const info: Served = {
    url: api.url,
    log: `filled ${ROWS.toLocaleString('en')} audit rows in ${Math.round((Date.now() - t0) / 1000)} s`,
    adminToken: await api.login('audit-admin@bench.at'),
    customerToken: await api.login('kunde@bench.at'),
    actor: users[7]!.id,
  };
  console.log(JSON.stringify(info));
  process.stdin.resume();
  process.stdin.on('end', () => {
    void (async () => {
      const [check] = rows<{ n: string; max: string }>(
        await db.execute(sql`select count(*) as n, max(seq) as max from audit_log`),
      );
      console.error(`trail after the run: ${check!.n} rows, last seq ${check!.max}`);
      await api.close();
      await setup.close();
      if (!process.env.BENCH_KEEP) await admin(`drop database if exists ${DB_NAME} with (force)`);
      process.exit(0);
    })();
  });
}

/** One write after the other (after five unmeasured): median and 99th percentile in ms. */
async function writes(url: string, token: string, n: number): Promise<{ p50: number; p99: number; times: number[] }> {
  const times: number[] = [];
  for (let i = -5; i < n; i++) {
    const t0 = performance.now();
    const res = await fetch(`${url}/api/user-settings`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ push_notifications: true, email_updates: i % 2 === 0, language: 'de', theme: 'light' }),
    });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`user-settings: ${res.status}`);
    if (i >= 0) times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => Math.round(times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)]! * 10) / 10;
  return { p50: at(0.5), p99: at(0.99), times };
}

async function main() {
  const server = await child<Served>(fileURLToPath(import.meta.url), { AUDIT_BENCH_SERVE: '1' });
  const hello = await child<{ url: string }>(fileURLToPath(new URL('./hello.ts', import.meta.url)), {});
  const { url, adminToken, customerToken, actor } = server.info;
  console.error(server.info.log);
  const table: string[] = [];
  const h = await sequential(hello.info.url, REQUESTS);
  const line = (name: string, f: { p50: number; p99: number }) => {
    table.push(`| ${name} | ${f.p50} | ${f.p99} | ${h.p50} / ${h.p99} | ${Math.round((f.p50 / h.p50) * 10) / 10} |`);
    console.error(`${name}: median ${f.p50} ms, p99 ${f.p99} ms`);
  };
  line('a write by a customer (not audited): PUT /api/user-settings', await writes(url, customerToken, REQUESTS));
  line('the same write by an admin (audited)', await writes(url, adminToken, REQUESTS));
  const t0 = performance.now();
  const each = Math.ceil(REQUESTS / 2);
  await Promise.all(Array.from({ length: WRITERS }, () => writes(url, adminToken, each)));
  const seconds = (performance.now() - t0) / 1000;
  const perSecond = Math.round((WRITERS * (each + 5)) / seconds);
  const day = new Date(Date.now() - Math.round(ROWS / 2) * 60_000).toISOString().slice(0, 10);
  const reads: [string, string][] = [
    ['the admin’s screen: first page (50)', '/api/audit'],
    ['by person', `/api/audit?actor_id=${actor}`],
    ['by subject (a task)', '/api/audit?subject_kind=task&subject_id=4242'],
    ['by action and day', `/api/audit?action=setTaskStatus&from=${day}&to=${day}`],
    ['a task’s own entries (task modal)', '/api/audit?subject_kind=task&subject_id=17'],
  ];
  for (const [name, p] of reads) line(name, await sequential(url + p, REQUESTS, adminToken));
  const v0 = performance.now();
  const verify = (await (
    await fetch(`${url}/api/audit/verify`, { headers: { authorization: `Bearer ${adminToken}` } })
  ).json()) as { ok: boolean; checked: number };
  const verifySeconds = Math.round((performance.now() - v0) / 100) / 10;
  hello.proc.stdin!.end();
  console.log(
    `\n### Audit trail: ${ROWS.toLocaleString('en')} rows, PostgreSQL, ${REQUESTS} requests one at a time (pool of ${WRITERS})\n`,
  );
  console.log(server.info.log);
  console.log('\n| call | median ms | p99 ms | bare Fastify median / p99 ms | ratio (median) |');
  console.log('|---|---|---|---|---|');
  for (const r of table) console.log(r);
  console.log(
    `\n${WRITERS} admins writing at once: ${perSecond} audited writes per second; ` +
      `verify over ${verify.checked.toLocaleString('en')} rows: ${verify.ok ? 'intact' : 'BROKEN'} in ${verifySeconds} s.`,
  );
  server.proc.stdin!.end();
}

if (process.env.AUDIT_BENCH_SERVE) await serve();
else await main();
