/**
 * RKSV order list and statistics with 100,000 orders and 300,000 cards on PostgreSQL (BENCH_DATABASE_URL
 * or the local test server; a scratch database of its own, dropped afterwards). The API runs in a child
 * process with one database connection; here every call is made one at a time (one user), and its
 * median and 99th percentile printed beside a bare Fastify route measured the same way.
 *   flock /tmp/bench.lock node --import tsx bench/rksv-orders.ts
 *   BENCH_ORDERS=2000 BENCH_REQUESTS=30 node --import tsx bench/rksv-orders.ts   (a quick run)
 */
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { addRksvStaff, admin, benchConfig, child, scratchDatabase, sequential, serveApi } from './measure.js';

const N = Number(process.env.BENCH_ORDERS ?? 100_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const DB_NAME = 'portal_bench_rksv';
const PASSWORD = 'Bench-Passwort-1';

/** Child: fills the scratch database, serves the API on one connection, prints its port and tokens. */
async function serve() {
  const { url: url0, setup } = await scratchDatabase(DB_NAME);
  const { db } = setup;
  const staff = await addRksvStaff(db, PASSWORD);
  const agents = `{${staff.slice(1).join(',')}}`;
  const t0 = Date.now();
  // 90 % paid (stages: 10 % open, 10 % created, 10 % shipped or ready, 70 % completed), the rest
  // pending, failed, expired, cancelled; paid over the last 24 months; 3 or 4 cards per paid order.
  await db.execute(sql`
    insert into rksv_orders (companyname, customername, email, phone, address, zipcode, city, vatnr, tax_id_type,
      product_id, product_name, qty, delivery, unit_price, shipping_amount, net_amount, vat_amount, total_amount,
      payment_status, provider, mode, session_id, session_url, return_ref, stripe_inv_id, saved_at, payed_at,
      shipped_at, tracking_number, agent_id)
    select
      (array['Gasthaus','Café','Pizzeria','Heuriger','Bistro','Wirtshaus','Konditorei','Bäckerei'])[1 + g % 8] || ' ' ||
        (array['Zur Linde','Am Eck','Sonnenhof','Alpenblick','Müller','Kaiserhof','Krone','Größl'])[1 + (g / 8) % 8] || ' ' || g,
      (array['Anna','Franz','Lena','Josef','Maria','Jürgen'])[1 + g % 6] || ' ' || (array['Huber','Gruber','Müller','Wagner','Pichler'])[1 + g % 5],
      'kunde' || g || '@example.at', '+43 1 ' || g,
      (array['Hauptstraße','Bahnhofstraße','Kirchengasse','Wiener Straße'])[1 + g % 4] || ' ' || (1 + g % 99),
      (1000 + g % 8999)::text, 'Ort ' || (g % 700), 'ATU' || lpad((g * 7919 % 100000000)::text, 8, '0'), 'uid',
      p.id, p.name, q.qty, d.delivery, 6900, 690 * d.delivery,
      round((q.qty * 6900 + 690 * d.delivery) / 1.2)::int,
      (q.qty * 6900 + 690 * d.delivery) - round((q.qty * 6900 + 690 * d.delivery) / 1.2)::int,
      q.qty * 6900 + 690 * d.delivery,
      s.status, 'local', 'payment', 'cs_bench_' || g, 'http://localhost/x', 'ref_bench_' || g,
      case when s.status = 'paid' then '2026-' || lpad(g::text, 6, '0') end,
      t.at, case when s.status = 'paid' then t.at end,
      case when s.status = 'paid' and g % 20 >= 4 then t.at + interval '30 hours' end,
      case when s.status = 'paid' and g % 20 >= 4 and d.delivery = 1 then 'RR' || g || 'AT' end,
      (${agents}::int[])[1 + g % 20]
    from generate_series(1, ${N}) g
    cross join (select id, name from products where kind = 'main' and active) p
    cross join lateral (select case when g % 3 = 0 then 0 else 1 end as delivery) d
    cross join lateral (select case when g % 3 = 1 then 4 else 3 end as qty) q
    cross join lateral (select now() - ((g % 730) || ' days')::interval - ((g % 24) || ' hours')::interval as at) t
    cross join lateral (select case
      when g % 100 < 90 then 'paid' when g % 100 < 94 then 'pending' when g % 100 < 97 then 'failed'
      when g % 100 < 99 then 'expired' else 'cancelled' end as status) s`);
  await db.execute(sql`
    insert into rksv_cards (order_id, serial_number, cert_done, activated_at, kassenid, cert_sn)
    select o.id,
      case when o.id % 20 < 2 and c = 1 then null else 'SN-' || o.id || '-' || c end,
      case when o.id % 20 < 2 and c = 1 then 0 else 1 end,
      case when o.id % 20 >= 6 and c = 1 then o.shipped_at + interval '2 days' end,
      case when o.id % 20 >= 6 and c = 1 then 'K-' || o.id end,
      case when o.id % 20 >= 6 and c = 1 then 'C-' || o.id end
    from rksv_orders o cross join generate_series(1, o.qty) c
    where o.payment_status = 'paid'`);
  await db.execute(sql`vacuum analyze`);
  const counts = (await db.execute(sql`select (select count(*) from rksv_orders) o, (select count(*) from rksv_cards) c`)) as unknown as {
    rows: { o: string; c: string }[];
  };
  const log = `filled ${counts.rows[0]!.o} orders and ${counts.rows[0]!.c} cards in ${Date.now() - t0} ms`;
  await setup.close();
  const api = await serveApi(url0, benchConfig(), PASSWORD);
  const { url, login } = api;
  console.log(
    JSON.stringify({
      url,
      log,
      adminToken: await login('rk-admin@bench.at'),
      agentToken: await login('rk-agent3@bench.at'),
      agentId: staff[4]!,
    }),
  );
  const stop = async () => {
    await api.close();
    await admin(`drop database if exists ${DB_NAME} with (force)`);
    process.exit(0);
  };
  process.stdin.on('end', () => void stop());
  process.stdin.resume();
}

type Served = { url: string; log: string; adminToken: string; agentToken: string; agentId: number };

async function main() {
  const self = fileURLToPath(import.meta.url);
  const server = await child<Served>(self, { RKSV_BENCH_SERVE: '1' });
  const hello = await child<{ url: string }>(fileURLToPath(new URL('./hello.ts', import.meta.url)), {});
  const { url, adminToken, agentToken, agentId } = server.info;
  console.error(server.info.log);
  const list = '/api/rksv-orders?limit=50';
  const calls: [string, string, string][] = [
    ['list, admin, no filter', adminToken, list],
    ['list, admin, stage offen', adminToken, `${list}&stage=open`],
    ['list, admin, stage erstellt', adminToken, `${list}&stage=created`],
    ['list, admin, stage zustellung', adminToken, `${list}&stage=delivery`],
    ['list, admin, stage abholung', adminToken, `${list}&stage=pickup`],
    ['list, admin, stage abgeschlossen', adminToken, `${list}&stage=completed`],
    ['list, admin, payment failed', adminToken, `${list}&payment_status=failed`],
    ['list, admin, Abholung (delivery 0)', adminToken, `${list}&delivery=0`],
    ['list, admin, Mitarbeiter filter', adminToken, `${list}&agent_id=${agentId}`],
    ['list, admin, stage offen + Versand + Mitarbeiter', adminToken, `${list}&stage=open&delivery=1&agent_id=${agentId}`],
    ['list, admin, search "muller" (Müller)', adminToken, `${list}&q=muller`],
    ['list, admin, search "grossl 4711"', adminToken, `${list}&q=${encodeURIComponent('grössl 4711')}`],
    ['list, admin, search order number', adminToken, `${list}&q=54321`],
    ['list, admin, 2nd page (cursor)', adminToken, `${list}&cursor=${Math.max(2, N - 50)}`],
    ['list, agent, own orders', agentToken, list],
    ['list, agent, own, stage abgeschlossen', agentToken, `${list}&stage=completed`],
    ['rksv-stats, admin', adminToken, '/api/rksv-stats'],
    ['rksv-stats, agent', agentToken, '/api/rksv-stats'],
  ];
  const rows: string[] = [];
  for (const [name, token, path] of calls) {
    const f = await sequential(url + path, REQUESTS, token);
    const h = await sequential(hello.info.url, REQUESTS);
    rows.push(`| ${name} | ${f.p50} | ${f.p99} | ${h.p50} / ${h.p99} |`);
    console.error(`${name}: median ${f.p50} ms, p99 ${f.p99} ms (bare Fastify ${h.p50} / ${h.p99} ms)`);
  }
  console.log(
    `\n### RKSV orders: ${N.toLocaleString('en')} orders, PostgreSQL, one connection, ${REQUESTS} requests one at a time\n`,
  );
  console.log('| call | median ms | p99 ms | bare Fastify median / p99 ms |');
  console.log('|---|---|---|---|');
  for (const r of rows) console.log(r);
  server.proc.stdin!.end();
  hello.proc.stdin!.end();
  await once(server.proc, 'exit');
}

if (process.env.RKSV_BENCH_SERVE) await serve();
else await main();
