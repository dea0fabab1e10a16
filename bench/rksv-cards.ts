/**
 * Signature cards at scale (issue 32): 1,000,000 cards of 300,000 customers on PostgreSQL (BENCH_DATABASE_URL
 * or the local test server; a scratch database of its own, dropped afterwards). The child process fills
 * it, computes the stored deadlines with the nightly job (the first night after the release: the
 * backfill), serves the API on one database connection and, when asked, runs the nightly job on later
 * nights with an injected clock. Here every call is made one at a time (one user), its median and 99th
 * percentile printed beside a bare Fastify route measured the same way.
 *   flock /tmp/bench.lock node --import tsx bench/rksv-cards.ts
 *   BENCH_CARDS=10000 BENCH_CUSTOMERS=3000 BENCH_REQUESTS=30 node --import tsx bench/rksv-cards.ts   (a quick run)
 *   BENCH_NIGHTS=0: the calls and the first night only; BENCH_KEEP=1: the filled database is kept
 */
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { ROLE_IDS, addDays, viennaDay } from '@portal/shared';
import type { Config } from '../apps/server/src/config.js';
import type { Db } from '../apps/server/src/db/client.js';
import { runCardDeadlineJob, type CardDeadlineRun } from '../apps/server/src/modules/rksv-orders/deadline-reminders.js';
import { hashPassword } from '../apps/server/src/platform/passwords.js';
import { addRksvStaff, admin, benchConfig, child, scratchDatabase, sequential, serveApi } from './measure.js';

const CARDS = Number(process.env.BENCH_CARDS ?? 1_000_000);
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 300_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const DB_NAME = process.env.BENCH_DB_NAME ?? 'portal_bench_cards';
const PASSWORD = 'Bench-Passwort-1';
/** The customer whose cards `GET /api/business/cards` lists (their one order's 3 or 4 cards). */
const OWN_CUSTOMER = Math.min(1234, CUSTOMERS);

interface Night extends CardDeadlineRun {
  night: string;
  wall_ms: number;
}

interface Served {
  url: string;
  log: string;
  adminToken: string;
  agentToken: string;
  customerToken: string;
  agentId: number;
  nights: Night[];
  states: Record<string, number>;
}

const rows = <T>(res: unknown) => (res as { rows: T[] }).rows;

/** Drops the secondary indexes of these tables and answers their definitions, to build them after the fill. */
async function dropSecondaryIndexes(db: Db, tables: string[]): Promise<string[]> {
  const found = rows<{ indexname: string; indexdef: string }>(
    await db.execute(sql`
      select i.indexname, i.indexdef from pg_indexes i
      join pg_class c on c.relname = i.indexname join pg_index x on x.indexrelid = c.oid
      where i.tablename in ${sql.raw(`(${tables.map((t) => `'${t}'`).join(',')})`)} and i.schemaname = 'public'
        and not x.indisprimary and not x.indisunique`),
  );
  for (const r of found) await db.execute(sql.raw(`drop index "${r.indexname}"`));
  return found.map((r) => r.indexdef);
}

/** The fill: customers, one paid order each (3 or 4 cards), the cards over their states, a few hundred open outages. */
async function fill(db: Db, agents: string): Promise<void> {
  await db.execute(sql`
    insert into customers (kundennummer, firma, kontaktperson, email, plz, ort, country_id, source)
    select (100000 + g)::text,
           (array['Gasthaus','Café','Pizzeria','Heuriger','Bistro','Wirtshaus'])[1 + g % 6] || ' ' ||
           (array['Zur Linde','Am Eck','Sonnenhof','Alpenblick','Donau','Kaiserhof','Krone','Adler'])[1 + (g / 6) % 8] || ' ' || g,
           'Kontakt ' || g, 'kunde' || g || '@example.at', (1000 + g % 8999)::text, 'Ort ' || (g % 500),
           case when g % 5 = 0 then 2 else 1 end, case when g % 5 = 0 then 'EG' else 'AT' end
    from generate_series(1, ${CUSTOMERS}) g`);
  // One paid order per customer, paid over the last six years; the 4-card orders spread evenly so the
  // cards add up to BENCH_CARDS; every 25th order has no agent.
  const extra = Math.max(0, Math.min(CUSTOMERS, CARDS - 3 * CUSTOMERS));
  await db.execute(sql`
    insert into rksv_orders (companyname, customername, email, phone, address, zipcode, city, vatnr, tax_id_type,
      product_id, product_name, qty, delivery, unit_price, shipping_amount, net_amount, vat_amount, total_amount,
      payment_status, provider, mode, session_id, session_url, return_ref, stripe_inv_id, saved_at, payed_at,
      shipped_at, tracking_number, agent_id, customer_id)
    select cu.firma, cu.kontaktperson, cu.email, '+43 1 ' || g,
      (array['Hauptstraße','Bahnhofstraße','Kirchengasse','Wiener Straße'])[1 + g % 4] || ' ' || (1 + g % 99),
      cu.plz, cu.ort, 'ATU' || lpad((g::bigint * 7919 % 100000000)::text, 8, '0'), 'uid',
      p.id, p.name, q.qty, 1, 6900, 690,
      round((q.qty * 6900 + 690) / 1.2)::int, (q.qty * 6900 + 690) - round((q.qty * 6900 + 690) / 1.2)::int,
      q.qty * 6900 + 690,
      'paid', 'local', 'payment', 'cs_bench_' || g, 'http://localhost/x', 'ref_bench_' || g, 'B-' || lpad(g::text, 7, '0'),
      t.at, t.at, case when g % 1000 >= 3 then t.at + interval '30 hours' end,
      case when g % 1000 >= 3 then 'RR' || g || 'AT' end,
      case when g % 25 = 0 then null else (${agents}::int[])[1 + g % 20] end, cu.id
    from generate_series(1, ${CUSTOMERS}) g
    join customers cu on cu.kundennummer = (100000 + g)::text
    cross join (select id, name from products where kind = 'main' and active) p
    cross join lateral (select 3 + (g::bigint * ${extra} / ${CUSTOMERS} - (g - 1)::bigint * ${extra} / ${CUSTOMERS})::int as qty) q
    cross join lateral (select now() - ((g % 2190) || ' days')::interval - ((g % 24) || ' hours')::interval as at) t`);
  // Each card's bucket b (0–999) picks its place in life: 0.5 % ordered, 0.5 % serial entered or delivered,
  // 1 % activated and 1.5 % registered lately (their registration or Startbeleg is due), 1 % defective,
  // 1 % replaced, 1 % deregistered, the rest registered with the Startbeleg checked (in use, expiring or
  // expired by the calendar); the Jahresbeleg mostly checked for last year. A fifth of the orders have
  // ACOS-ID 2.1 cards (approval ends 2027-04-30), the rest CardOS 5.3.
  await db.execute(sql`
    insert into rksv_cards (order_id, serial_number, cert_done, activated_at, kassenid, cert_sn, card_type,
      registered_at, startbeleg_checked_at, jahresbeleg_year, defective_at, replaced_at, deregistered_at, created_at)
    select o.id,
      case when b.b >= 5 then 'SN-' || o.id || '-' || c end,
      case when b.b >= 5 then 1 else 0 end,
      a.at, case when a.at is not null then 'K-' || o.id || '-' || c end, case when a.at is not null then 'C-' || o.id || '-' || c end,
      case when o.id % 5 = 0 then 'ACOS-ID 2.1' else 'CardOS 5.3' end,
      case when b.b >= 20 then a.at + interval '2 days' end,
      case when b.b >= 35 then a.at + interval '3 days' end,
      case when b.b >= 35 and extract(year from a.at) < extract(year from now()) then
        case when b.b % 20 = 0 then extract(year from now())::int - 2 when b.b % 20 = 1 then null
        else extract(year from now())::int - 1 end end,
      case when b.b between 35 and 44 then a.at + interval '400 days' end,
      case when b.b between 45 and 54 then a.at + interval '300 days' end,
      case when b.b between 55 and 64 then a.at + interval '500 days' end,
      o.payed_at
    from rksv_orders o cross join generate_series(1, o.qty) c
    cross join lateral (select (o.id * 7 + c * 131) % 1000 as b) b
    cross join lateral (select case
      when b.b < 10 then null
      when b.b < 35 then now() - ((o.id % 20) || ' days')::interval
      else o.payed_at + interval '3 days' end as at) a`);
  // A few hundred open outages of cards in use, begun in the last five days.
  await db.execute(sql`
    insert into rksv_outages (card_id, order_id, started_at, reason)
    select id, order_id, now() - ((id % 120) || ' hours')::interval, 'Kartenleser defekt'
    from rksv_cards
    where id % 2500 = 7 and startbeleg_checked_at is not null and defective_at is null and replaced_at is null
      and deregistered_at is null and activated_at > now() - interval '4 years'`);
}

/** The job at `at`, timed. */
async function night(db: Db, config: Config, name: string, at: Date): Promise<Night> {
  const t0 = performance.now();
  const run = await runCardDeadlineJob({ db, config, clock: () => at });
  const wall = Math.round(performance.now() - t0);
  console.error(`night ${name}: ${wall} ms, ${JSON.stringify(run)}`);
  return { night: name, wall_ms: wall, ...run };
}

/** Child: fills the scratch database, runs the first nights, serves the API on one connection, prints its port and tokens. */
async function serve() {
  const { url: url0, setup } = await scratchDatabase(DB_NAME);
  const { db } = setup;
  const staff = await addRksvStaff(db, PASSWORD);
  const agents = `{${staff.slice(1).join(',')}}`;
  const t0 = Date.now();
  // Not the cards' own: the order summary's trigger counts each order's cards through rksv_cards_order_idx
  // (and the deadline indexes are partial on a column the fill leaves empty).
  const rebuild = CARDS > 100_000 ? await dropSecondaryIndexes(db, ['customers', 'rksv_orders']) : [];
  await fill(db, agents);
  if (rebuild.length) {
    await db.execute(sql`set maintenance_work_mem = '512MB'`);
    for (const def of rebuild) await db.execute(sql.raw(def));
  }
  await db.execute(sql`vacuum analyze`);
  const filledMs = Date.now() - t0;
  const hash = await hashPassword(PASSWORD);
  await db.execute(sql`
    insert into users (email, name, password_hash, role_id, country_id, customer_id)
    select 'kunde@bench.at', 'Bench Kunde', ${hash}, ${ROLE_IDS.customer}, country_id, id
    from customers where kundennummer = ${String(100000 + OWN_CUSTOMER)}`);
  const counts = rows<{ cu: string; o: string; c: string; u: string; owned: string }>(
    await db.execute(sql`select (select count(*) from customers) cu, (select count(*) from rksv_orders) o,
      (select count(*) from rksv_cards) c, (select count(*) from rksv_outages) u,
      (select count(*) from rksv_cards where agent_id is not null and country_id is not null) owned`),
  )[0]!;
  const config = benchConfig();
  // The first night after the release computes every card's deadline (its part a); then the same night again.
  const today = new Date();
  const nights = [
    await night(db, config, 'first night after the release (backfill)', today),
    await night(db, config, 'the same night again', today),
  ];
  await db.execute(sql`vacuum analyze rksv_cards`);
  const states = Object.fromEntries(
    rows<{ state: string; n: number }>(
      await db.execute(
        sql`select coalesce(next_deadline_kind, 'none') state, count(*)::int n from rksv_cards group by 1 order by 1`,
      ),
    ).map((r) => [r.state, r.n]),
  );
  const log = `filled ${counts.cu} customers, ${counts.o} orders, ${counts.c} cards (${counts.owned} with agent and country from the trigger) and ${counts.u} open outages in ${filledMs} ms`;

  const api = await serveApi(url0, config, PASSWORD);
  const { url, login } = api;
  const info: Served = {
    url,
    log,
    adminToken: await login('rk-admin@bench.at'),
    agentToken: await login('rk-agent3@bench.at'),
    customerToken: await login('kunde@bench.at'),
    agentId: staff[4]!,
    nights,
    states,
  };
  console.log(JSON.stringify(info));
  // Asked by a line on stdin (after the calls are measured): the later nights, on the fill's pool.
  const input = (await import('node:readline')).createInterface({ input: process.stdin });
  input.on('line', (line) => {
    if (line !== 'nights') return;
    void (async () => {
      const tomorrow = new Date(`${addDays(viennaDay(today), 1)}T02:00:00Z`);
      const later = [
        await night(db, config, `a normal next night (${viennaDay(tomorrow)})`, tomorrow),
        await night(db, config, 'peak: 30 days before the Jahresbeleg (2027-01-16)', new Date('2027-01-16T02:00:00Z')),
        await night(db, config, 'the peak night again', new Date('2027-01-16T03:00:00Z')),
        await night(db, config, 'peak: 7 days before the Jahresbeleg (2027-02-08)', new Date('2027-02-08T02:00:00Z')),
      ];
      console.log(JSON.stringify(later));
    })();
  });
  input.on('close', () => {
    void (async () => {
      await api.close();
      await setup.close();
      // BENCH_KEEP=1 keeps the filled database (to look into a plan or a night afterwards).
      if (!process.env.BENCH_KEEP) await admin(`drop database if exists ${DB_NAME} with (force)`);
      process.exit(0);
    })();
  });
}

async function main() {
  const self = fileURLToPath(import.meta.url);
  const server = await child<Served>(self, { RKSV_BENCH_SERVE: '1' });
  const hello = await child<{ url: string }>(fileURLToPath(new URL('./hello.ts', import.meta.url)), {});
  const { url, adminToken, agentToken, customerToken, agentId } = server.info;
  console.error(server.info.log);
  console.error(`next deadlines: ${JSON.stringify(server.info.states)}`);
  const list = '/api/rksv-deadlines?limit=50';
  const first = (await (await fetch(url + list, { headers: { authorization: `Bearer ${adminToken}` } })).json()) as {
    nextCursor: string | null;
  };
  const in30 = addDays(viennaDay(new Date()), 30);
  const serial = `SN-${Math.max(1, Math.floor(CUSTOMERS / 2))}-2`;
  const calls: [string, string, string][] = [
    ['deadlines, admin, no filter', adminToken, list],
    ['deadlines, admin, kind registration', adminToken, `${list}&kind=registration`],
    ['deadlines, admin, kind startbeleg', adminToken, `${list}&kind=startbeleg`],
    ['deadlines, admin, kind jahresbeleg', adminToken, `${list}&kind=jahresbeleg`],
    ['deadlines, admin, kind outage_report', adminToken, `${list}&kind=outage_report`],
    ['deadlines, admin, kind renewal', adminToken, `${list}&kind=renewal`],
    ['deadlines, admin, kind replacement', adminToken, `${list}&kind=replacement`],
    ['deadlines, admin, due in 30 days', adminToken, `${list}&due_before=${in30}`],
    ['deadlines, admin, Mitarbeiter filter', adminToken, `${list}&agent_id=${agentId}`],
    ['deadlines, admin, country 2', adminToken, `${list}&country=2`],
    ['deadlines, admin, search serial number', adminToken, `${list}&q=${serial}`],
    ['deadlines, admin, search customer number', adminToken, `${list}&q=${100000 + OWN_CUSTOMER}`],
    ['deadlines, admin, 2nd page (cursor)', adminToken, `${list}&cursor=${first.nextCursor ?? ''}`],
    ['deadlines, agent, own cards', agentToken, list],
    ['deadlines, agent, own, kind jahresbeleg', agentToken, `${list}&kind=jahresbeleg`],
    ['business cards, the customer', customerToken, '/api/business/cards'],
  ];
  const table: string[] = [];
  for (const [name, token, path] of calls) {
    const f = await sequential(url + path, REQUESTS, token);
    const h = await sequential(hello.info.url, REQUESTS);
    table.push(`| ${name} | ${f.p50} | ${f.p99} | ${h.p50} / ${h.p99} | ${Math.round((f.p50 / h.p50) * 10) / 10} |`);
    console.error(`${name}: median ${f.p50} ms, p99 ${f.p99} ms (bare Fastify ${h.p50} / ${h.p99} ms)`);
  }
  hello.proc.stdin!.end();
  // BENCH_NIGHTS=0: the calls only (the later nights take minutes at full size).
  let later: Night[] = [];
  if (process.env.BENCH_NIGHTS !== '0') {
    const answer = once(server.lines, 'line') as Promise<[string]>;
    server.proc.stdin!.write('nights\n');
    later = JSON.parse((await answer)[0]) as Night[];
  }
  console.log(
    `\n### Signature cards: ${CARDS.toLocaleString('en')} cards, ${CUSTOMERS.toLocaleString('en')} customers, PostgreSQL, one connection, ${REQUESTS} requests one at a time\n`,
  );
  console.log(server.info.log);
  console.log('\n| call | median ms | p99 ms | bare Fastify median / p99 ms | ratio (median) |');
  console.log('|---|---|---|---|---|');
  for (const r of table) console.log(r);
  console.log(
    '\n| night | wall s | refresh / staff / customer s | cards refreshed | staff reminders (cards) / notices | customer reminders (cards) / mails |',
  );
  console.log('|---|---|---|---|---|---|');
  const sec = (ms: number) => (ms / 1000).toFixed(1);
  for (const n of [...server.info.nights, ...later])
    console.log(
      `| ${n.night} | ${sec(n.wall_ms)} | ${sec(n.ms.refresh)} / ${sec(n.ms.staff)} / ${sec(n.ms.customer)} | ${n.refreshed} | ${n.staff} / ${n.staff_notices} | ${n.customer} / ${n.customer_mails} |`,
    );
  server.proc.stdin!.end();
  await once(server.proc, 'exit');
}

if (process.env.RKSV_BENCH_SERVE) await serve();
else await main();
