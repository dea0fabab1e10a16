/**
 * One customer's timeline at scale (issue 34): BENCH_CUSTOMERS customers (300,000) with a task, an RKSV
 * order, a mail and a cashbook entry each, and one customer with BENCH_EVENTS events (10,000) over every
 * area (tasks and their activity, mails, orders and their activity, cards, invoices, cashbook entries,
 * documents, screens, schedules, ratings, an insolvency case). On PostgreSQL (a scratch database of its
 * own, dropped afterwards); the API in a child process on one connection, every call one at a time, its
 * median and 99th percentile beside a bare Fastify route measured the same way.
 *   node --import tsx bench/customer-timeline.ts
 *   BENCH_CUSTOMERS=30000 BENCH_EVENTS=2000 BENCH_REQUESTS=30 node --import tsx bench/customer-timeline.ts   (a quick run)
 */
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { ROLE_IDS } from '@portal/shared';
import { hashPassword } from '../apps/server/src/platform/passwords.js';
import { addRksvStaff, admin, benchConfig, child, scratchDatabase, sequential, serveApi } from './measure.js';

const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 300_000);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 10_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const DB_NAME = process.env.BENCH_DB_NAME ?? 'portal_bench_timeline';
const PASSWORD = 'Bench-Passwort-1';
/** The customer with the long story, and one with the usual four events. */
const BIG = Math.min(1234, CUSTOMERS);
const SMALL = Math.min(4321, CUSTOMERS);

interface Served {
  url: string;
  log: string;
  adminToken: string;
  customerToken: string;
  big: number;
  small: number;
  middleCursor: string;
}

const rows = <T>(res: unknown) => (res as { rows: T[] }).rows;

async function serve(): Promise<void> {
  const t0 = Date.now();
  const { url, setup } = await scratchDatabase(DB_NAME);
  const db = setup.db;
  await addRksvStaff(db, PASSWORD);
  const kn = (g: unknown) => sql`(100000 + ${g})::text`;
  // Every customer: its record, a task with one activity, a paid order, a mail to it, a cashbook entry.
  await db.execute(sql`
    insert into customers (kundennummer, firma, email, country_id, source)
    select ${kn(sql`g`)}, 'Gasthaus ' || g, 'kunde' || g || '@example.at', 1, 'AT'
    from generate_series(1, ${CUSTOMERS}) g`);
  await db.execute(sql`
    insert into tasks (titel, beschreibung, frist, erstellt_am, country_id, typ, kundennummer, status)
    select 'Anfrage ' || g, 'x', now() + interval '3 days', now() - (g % 1000) * interval '1 hour', 1, 1,
      ${kn(sql`g`)}, 'offen'
    from generate_series(1, ${CUSTOMERS}) g`);
  await db.execute(sql`
    insert into task_activity (task_id, action, created_at) select id, 'status_changed', erstellt_am + interval '5 minutes' from tasks`);
  const order = (select: ReturnType<typeof sql>) => sql`
    insert into rksv_orders (companyname, customername, email, phone, address, zipcode, city, vatnr, tax_id_type,
      product_id, product_name, qty, delivery, unit_price, shipping_amount, net_amount, vat_amount, total_amount,
      payment_status, provider, mode, session_id, session_url, return_ref, saved_at, customer_id)
    select 'Gasthaus', 'Kontakt', 'k@example.at', '1', 'Weg 1', '1010', 'Wien', 'ATU1', 'uid', 1,
      'Signaturkarte RKSV', 1, 1, 100, 0, 100, 20, 120, 'paid', 'local', 'test', 's-' || n, 'u', 'r-' || n,
      now() - (n % 2000) * interval '1 hour', c::int
    from (${select}) as x (n, c)`;
  await db.execute(order(sql`select g, g from generate_series(1, ${CUSTOMERS}) g`));
  await db.execute(sql`
    insert into mail_outbox ("to", subject, text, status, created_at)
    select 'kunde' || g || '@example.at', 'Ihre Bestellung', 'x', 'sent', now() - (g % 3000) * interval '1 hour'
    from generate_series(1, ${CUSTOMERS}) g`);
  const [category] = rows<{ id: number }>(
    await db.execute(sql`insert into cashbook_categories (type, name, description, country_id)
      values ('income', 'Schulung', 'Schulungen', 1) returning id`),
  );
  const [staff] = rows<{ id: number }>(await db.execute(sql`select id from users order by id limit 1`));
  await db.execute(sql`
    insert into cashbook_transactions (country_id, seq, transaction_date, recorded_at, type, amount, category_id,
      description, customer_id, user_id, hash)
    select 1, g, now() - (g % 4000) * interval '1 hour', now() - (g % 4000) * interval '1 hour', 'income', 1000,
      ${category!.id}, 'Schulung', g, ${staff!.id}, 'h'
    from generate_series(1, ${CUSTOMERS}) g`);

  // The long story of customer BIG, in shares of BENCH_EVENTS over the areas, spread over two years.
  const share = (p: number) => Math.max(1, Math.round(EVENTS * p));
  const ago = (n: ReturnType<typeof sql>) => sql`now() - (${n} * 6151 % 17520) * interval '1 hour'`;
  const big = BIG;
  await db.execute(sql`
    insert into tasks (titel, beschreibung, frist, erstellt_am, country_id, typ, kundennummer, status, created_by_userid)
    select 'Anfrage ' || g, 'x', now() + interval '3 days', ${ago(sql`g`)}, 1, 1, ${kn(big)}, 'erledigt', ${staff!.id}
    from generate_series(1, ${share(0.25)}) g`);
  await db.execute(sql`
    insert into task_activity (task_id, user_id, action, created_at)
    select id, ${staff!.id}, 'status_changed', erstellt_am + interval '1 hour' from tasks where kundennummer = ${kn(big)}`);
  await db.execute(sql`
    insert into task_ratings (task_id, country_id, time_rating, satisfaction_rating, friendliness_rating, created_at)
    select id, 1, 5, 4, 5, erstellt_am + interval '2 days' from tasks where kundennummer = ${kn(big)}
    order by id limit ${share(0.01)}`);
  await db.execute(sql`
    insert into mail_outbox ("to", subject, text, status, task_id, created_at)
    select ${`kunde${big}@example.at`}, 'Zu Ihrer Anfrage', 'x', 'sent', null, ${ago(sql`g`)}
    from generate_series(1, ${share(0.1)}) g`);
  await db.execute(order(sql`select ${CUSTOMERS} + g, ${big} from generate_series(1, ${share(0.1)}) g`));
  await db.execute(sql`
    insert into rksv_order_activity (order_id, user_id, action, created_at)
    select id, ${staff!.id}, 'serial', saved_at + interval '1 day' from rksv_orders where customer_id = ${big}`);
  await db.execute(sql`
    insert into rksv_cards (order_id, serial_number, created_at)
    select id, 'SN-' || id, saved_at + interval '1 day' from rksv_orders where customer_id = ${big}
    order by id limit ${share(0.05)}`);
  await db.execute(sql`
    insert into invoices (order_id, year, seq, number, issued_at, net_amount, vat_amount, total_amount, data, access_token)
    select id, 2026, id, '2026-' || id, saved_at, 100, 20, 120, '{}', 'tok-' || id from rksv_orders
    where customer_id = ${big} order by id limit ${share(0.05)}`);
  await db.execute(sql`
    insert into cashbook_transactions (country_id, seq, transaction_date, recorded_at, type, amount, category_id,
      description, customer_id, user_id, hash)
    select 1, ${CUSTOMERS} + g, ${ago(sql`g`)}, ${ago(sql`g`)}, 'income', 1000, ${category!.id}, 'Schulung', ${big},
      ${staff!.id}, 'h'
    from generate_series(1, ${share(0.05)}) g`);
  await db.execute(sql`
    insert into customer_documents (customer_id, datei_name, original_name, mime, size, created_at)
    select ${big}, 'doc-' || g, 'Vertrag ' || g || '.pdf', 'application/pdf', 10, ${ago(sql`g`)}
    from generate_series(1, ${share(0.02)}) g`);
  await db.execute(sql`
    insert into signage_devices (uuid, device_name, key_hash, customer_id, created_at)
    select 'tl-' || g, 'Bildschirm ' || g, 'tl-' || g, ${big}, ${ago(sql`g`)} from generate_series(1, ${share(0.01)}) g`);
  await db.execute(sql`
    insert into signage_schedules (schedule_name, customer_id, created_at)
    select 'Zeitplan ' || g, ${big}, ${ago(sql`g`)} from generate_series(1, ${share(0.01)}) g`);
  const [kase] = rows<{ id: number }>(
    await db.execute(sql`insert into insolvency_cases (customer_id, administrator_name, start_date, created_at)
      values (${big}, 'Dr. Masse', '2025-01-01', now() - interval '300 days') returning id`),
  );
  await db.execute(sql`
    insert into insolvency_activity (case_id, action, created_at)
    select ${kase!.id}, 'month_set', now() - g * interval '1 day' from generate_series(1, ${share(0.01)}) g`);
  await db.execute(sql`vacuum analyze`);

  const hash = await hashPassword(PASSWORD);
  await db.execute(sql`
    insert into users (email, name, password_hash, role_id, country_id, customer_id)
    values ('kunde@bench.at', 'Bench Kunde', ${hash}, ${ROLE_IDS.customer}, 1, ${big})`);
  const counts = rows<{ cu: string; t: string; o: string; events: string }>(
    await db.execute(sql`select (select count(*) from customers) cu, (select count(*) from tasks) t,
      (select count(*) from rksv_orders) o`),
  )[0]!;
  const api = await serveApi(url, benchConfig(), PASSWORD);
  const adminToken = await api.login('rk-admin@bench.at');
  // A cursor in the middle of the long story (half its events read, pages of 100).
  const all = (await (
    await fetch(`${api.url}/api/customers/${big}/timeline?limit=100`, {
      headers: { authorization: `Bearer ${adminToken}` },
    })
  ).json()) as { nextCursor: string };
  let cursor = all.nextCursor;
  for (let i = 1; i < Math.floor(EVENTS / 200) && cursor; i++) {
    const page = (await (
      await fetch(`${api.url}/api/customers/${big}/timeline?limit=100&cursor=${encodeURIComponent(cursor)}`, {
        headers: { authorization: `Bearer ${adminToken}` },
      })
    ).json()) as { nextCursor: string; items: unknown[] };
    cursor = page.nextCursor;
  }
  const log = `filled ${counts.cu} customers, ${counts.t} tasks, ${counts.o} orders; customer ${big} with about ${EVENTS} events, in ${Math.round((Date.now() - t0) / 1000)} s`;
  const info: Served = {
    url: api.url,
    log,
    adminToken,
    customerToken: await api.login('kunde@bench.at'),
    big,
    small: SMALL,
    middleCursor: cursor,
  };
  console.log(JSON.stringify(info));
  process.stdin.resume();
  process.stdin.on('end', () => {
    void (async () => {
      await api.close();
      await setup.close();
      if (!process.env.BENCH_KEEP) await admin(`drop database if exists ${DB_NAME} with (force)`);
      process.exit(0);
    })();
  });
}

async function main() {
  const server = await child<Served>(fileURLToPath(import.meta.url), { TIMELINE_BENCH_SERVE: '1' });
  const hello = await child<{ url: string }>(fileURLToPath(new URL('./hello.ts', import.meta.url)), {});
  const { url, adminToken, customerToken, big, small, middleCursor } = server.info;
  console.error(server.info.log);
  const path = (id: number, q = '') => `/api/customers/${id}/timeline?limit=30${q}`;
  const calls: [string, string, string][] = [
    [`the long story (${EVENTS.toLocaleString('en')} events): first page, every kind`, adminToken, path(big)],
    [
      'the long story: a page in the middle (cursor)',
      adminToken,
      path(big, `&cursor=${encodeURIComponent(middleCursor)}`),
    ],
    ['the long story: tasks only', adminToken, path(big, '&kinds=task')],
    ['the long story: cashbook only', adminToken, path(big, '&kinds=cashbook')],
    ['the long story: RKSV orders and invoices', adminToken, path(big, '&kinds=rksv_order,invoice')],
    ['a usual customer (4 events)', adminToken, path(small)],
    ['business overview: the customer’s own (long story)', customerToken, '/api/business/timeline?limit=10'],
  ];
  const table: string[] = [];
  for (const [name, token, p] of calls) {
    const f = await sequential(url + p, REQUESTS, token);
    const h = await sequential(hello.info.url, REQUESTS);
    table.push(`| ${name} | ${f.p50} | ${f.p99} | ${h.p50} / ${h.p99} | ${Math.round((f.p50 / h.p50) * 10) / 10} |`);
    console.error(`${name}: median ${f.p50} ms, p99 ${f.p99} ms (bare Fastify ${h.p50} / ${h.p99} ms)`);
  }
  hello.proc.stdin!.end();
  console.log(
    `\n### Customer timeline: ${CUSTOMERS.toLocaleString('en')} customers, one with ${EVENTS.toLocaleString('en')} events, PostgreSQL, one connection, ${REQUESTS} requests one at a time\n`,
  );
  console.log(server.info.log);
  console.log('\n| call | median ms | p99 ms | bare Fastify median / p99 ms | ratio (median) |');
  console.log('|---|---|---|---|---|');
  for (const r of table) console.log(r);
  server.proc.stdin!.end();
}

if (process.env.TIMELINE_BENCH_SERVE) await serve();
else await main();
