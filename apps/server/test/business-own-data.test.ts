import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  BUSINESS_MSG,
  businessSignatureCardListSchema,
  businessDeviceListSchema,
  businessInvoiceListSchema,
  businessOrderDetailSchema,
  businessOrderListSchema,
  businessOverviewSchema,
  businessSupportDetailSchema,
  businessSupportListSchema,
  TASK_TYPE,
  BUSINESS_TIMELINE_KINDS,
  customerTimelineSchema,
} from '@portal/shared';
import {
  customers,
  helpRequests,
  newsPosts,
  newsTranslations,
  rksvCards,
  rksvOrders,
  signageDevices,
  taskConversations,
  taskFiles,
  taskMessages,
  taskNotes,
  tasks,
  users,
} from '../src/db/schema/index.js';
import { insertSampleOrder } from '../src/modules/rksv-orders/sample-orders.js';
import { solveAltcha } from './altcha-solve.js';
import { addUser, bearer, createTestApp, dbTargets, login, type TestApp } from './helpers.js';
import { RKSV_ORDER } from './request-fixtures.js';
import { fields, PNG, postMultipart } from './tasks-fixtures.js';

/**
 * The business dashboard's own-data calls (issue 21): two customers with data each; every call answers
 * only the caller's own records, every id of the other customer's answers 404, internal notes and AES
 * keys never appear, staff 403, anonymous 401.
 */
for (const target of dbTargets()) {
  describe(`Business dashboard own data (${target})`, () => {
    let t: TestApp;
    const tok: Record<string, string> = {};
    const ids: Record<string, number> = {};
    /** Per customer (a, b): its record, orders, invoice numbers, tasks, devices. */
    const data: Record<
      'a' | 'b',
      { customerId: number; orders: Record<string, number>; invoices: string[]; tasks: number[]; devices: number[] }
    > = {
      a: { customerId: 0, orders: {}, invoices: [], tasks: [], devices: [] },
      b: { customerId: 0, orders: {}, invoices: [], tasks: [], devices: [] },
    };

    const call = (who: string, method: 'GET' | 'POST', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: tok[who] ? bearer(tok[who]) : {}, ...(payload ? { payload } : {}) });
    const ok = async (who: string, url: string) => {
      const res = await call(who, 'GET', url);
      assert.equal(res.statusCode, 200, `${who} ${url}: ${res.body}`);
      return res;
    };

    async function addTask(kundennummer: string, over: Partial<typeof tasks.$inferInsert> = {}) {
      const [row] = await t.db
        .insert(tasks)
        .values({
          titel: `Aufgabe ${kundennummer}`,
          beschreibung: 'Bitte prüfen',
          frist: new Date(Date.now() + 86400_000),
          typ: TASK_TYPE.support,
          country_id: 1,
          kundennummer,
          user_id: ids.agent,
          ...over,
        })
        .returning({ id: tasks.id });
      return row!.id;
    }

    before(async () => {
      t = await createTestApp(target, { LOGIN_RATE_LIMIT: '1000' });
      const [ca, cb] = await t.db
        .insert(customers)
        .values([
          {
            kundennummer: '41001',
            firma: 'Gasthaus Alpha',
            kontaktperson: 'Anna Alpha',
            email: 'alpha@example.at',
            telefon: '+43 1 111',
            country_id: 1,
            source: 'AT',
            uid: 'ATU11111111',
          },
          {
            kundennummer: '42002',
            firma: 'Nile Beta',
            kontaktperson: 'Badr Beta',
            email: 'beta@example.eg',
            country_id: 2,
            source: 'EG',
          },
        ])
        .returning({ id: customers.id });
      data.a.customerId = ca!.id;
      data.b.customerId = cb!.id;
      const people = {
        a: { role: 'customer', customer: ca!.id },
        b: { role: 'customer', customer: cb!.id },
        unlinked: { role: 'customer', customer: null },
        agent: { role: 'agent', customer: null },
        admin: { role: 'admin', customer: null },
      } as const;
      for (const [name, p] of Object.entries(people)) {
        const u = await addUser(t.db, {
          role: p.role,
          flags: p.role === 'customer' ? [] : ['tasks', 'rksv', 'rksv_orders'],
          name: `${name} Person`,
        });
        if (p.customer) await t.db.update(users).set({ customer_id: p.customer }).where(eq(users.id, u.id));
        ids[name] = u.id;
        tok[name] = await login(t.app, u.email, u.password);
      }
      for (const who of ['a', 'b'] as const) {
        const d = data[who];
        const mk = async (name: string, s: Parameters<typeof insertSampleOrder>[2]) => {
          const o = await insertSampleOrder(t.db, t.config, s);
          await t.db.update(rksvOrders).set({ customer_id: d.customerId }).where(eq(rksvOrders.id, o.id));
          d.orders[name] = o.id;
        };
        await mk('open', { companyname: `Firma ${who}`, customername: who, stage: 'open', qty: 2 });
        await mk('delivery', { companyname: `Firma ${who}`, customername: who, stage: 'delivery', delivery: 1 });
        await mk('pickup', { companyname: `Firma ${who}`, customername: who, stage: 'pickup', delivery: 0 });
        await mk('completed', { companyname: `Firma ${who}`, customername: who, stage: 'completed', qty: 2 });
        const [inv] = await t.db
          .select({ n: rksvOrders.stripe_inv_id })
          .from(rksvOrders)
          .where(eq(rksvOrders.id, d.orders.delivery!));
        d.invoices.push(inv!.n!);
        const kn = who === 'a' ? '41001' : '42002';
        const open = await addTask(kn, { titel: `Kassa ${who}`, country_id: who === 'a' ? 1 : 2 });
        const done = await addTask(kn, {
          status: 'erledigt',
          erledigt_am: new Date(),
          country_id: who === 'a' ? 1 : 2,
        });
        d.tasks.push(open, done);
        await t.db.insert(taskNotes).values({ task_id: open, user_id: ids.agent!, notiz: `GEHEIME NOTIZ ${who}` });
        await t.db
          .insert(helpRequests)
          .values({ task_id: open, agent_id: ids.admin!, requested_by: ids.agent!, comment: `HILFE INTERN ${who}` });
        await t.db.insert(taskMessages).values({ task_id: open, content: `Nachricht von ${who}` });
        await t.db.insert(taskConversations).values({
          task_id: open,
          recipient: `${who}@example.at`,
          subject: `Ihre Anfrage ${who}`,
          content: 'Wir kümmern uns darum.',
          agent_name: 'Maximilian Mustermann-Agent',
        });
        const [dev] = await t.db
          .insert(signageDevices)
          .values({
            uuid: randomBytes(8).toString('hex'),
            key_hash: randomBytes(16).toString('hex'),
            device_name: `Screen ${who}`,
            status: 'active',
            license_until: '2099-12-31',
            customer_id: d.customerId,
          })
          .returning({ id: signageDevices.id });
        d.devices.push(dev!.id);
      }
      // A task of nobody's record and an order without customer: never shown to anyone.
      await addTask('99999');
      await insertSampleOrder(t.db, t.config, { companyname: 'Fremd', customername: 'x', stage: 'created' });
    });
    after(() => t.close());

    const paths = [
      '/api/business/overview',
      '/api/business/orders',
      '/api/business/deliveries',
      '/api/business/invoices',
      '/api/business/support',
      '/api/business/devices',
      '/api/business/cards',
      '/api/business/timeline',
    ];

    it('anonymous 401, staff 403 on every call; an account without a record owns nothing (404)', async () => {
      const all = [
        ...paths,
        `/api/business/orders/${data.a.orders.open}`,
        `/api/business/support/${data.a.tasks[0]}`,
        `/api/business/invoices/${data.a.invoices[0]}.pdf`,
        `/api/business/cards/${(await cardsOf('a'))[0]}/replacement`,
      ];
      for (const url of all) {
        assert.equal((await call('anon', 'GET', url)).statusCode, 401, url);
        assert.equal((await call('agent', 'GET', url)).statusCode, 403, url);
        assert.equal((await call('admin', 'GET', url)).statusCode, 403, url);
        assert.equal((await call('unlinked', 'GET', url)).statusCode, 404, url);
      }
      const post = { titel: 'x', beschreibung: 'y', typ: TASK_TYPE.support };
      assert.equal((await call('anon', 'POST', '/api/business/support', post)).statusCode, 401);
      assert.equal((await call('agent', 'POST', '/api/business/support', post)).statusCode, 403);
    });

    it('orders: only the own, with stage, tracking link, cards and activation; never keys or certificate fields', async () => {
      for (const who of ['a', 'b'] as const) {
        const res = await ok(who, '/api/business/orders');
        assert.doesNotMatch(res.body, /aes_key|cert_sn|kassenid|shopid|deviceid|systemid|agent/);
        const list = businessOrderListSchema.parse(res.json());
        assert.equal(list.total, 4);
        assert.deepEqual(new Set(list.orders.map((o) => o.id)), new Set(Object.values(data[who].orders)));
        const byId = new Map(list.orders.map((o) => [o.id, o]));
        const delivery = byId.get(data[who].orders.delivery!)!;
        assert.equal(delivery.stage, 'delivery');
        assert.match(delivery.tracking_url!, /^https:\/\/www\.post\.at\/s\/sendungsdetails\?snr=RR\d+AT$/);
        assert.equal(byId.get(data[who].orders.pickup!)!.stage, 'pickup');
        assert.ok(byId.get(data[who].orders.pickup!)!.pickup_note);
        assert.equal(byId.get(data[who].orders.open!)!.stage, 'open');
        assert.equal(byId.get(data[who].orders.open!)!.tracking_url, null);
        const done = byId.get(data[who].orders.completed!)!;
        assert.deepEqual(
          [done.stage, done.card_count, done.activated_count, done.activation],
          ['completed', 2, 1, 'partial'],
        );
        const detail = await ok(who, `/api/business/orders/${data[who].orders.completed}`);
        assert.doesNotMatch(detail.body, /aes_key|cert_sn|kassenid|CERT-|KASSE-/);
        assert.equal(businessOrderDetailSchema.parse(detail.json()).cards.length, 2);
      }
      for (const id of Object.values(data.b.orders))
        assert.equal((await call('a', 'GET', `/api/business/orders/${id}`)).statusCode, 404);
      assert.equal((await call('a', 'GET', '/api/business/orders/999999')).statusCode, 404);
      // Keyset pages: two and two.
      const first = businessOrderListSchema.parse((await ok('a', '/api/business/orders?limit=2')).json());
      assert.equal(first.orders.length, 2);
      const second = businessOrderListSchema.parse(
        (await ok('a', `/api/business/orders?limit=2&cursor=${first.nextCursor}`)).json(),
      );
      assert.equal(second.orders.length, 2);
      assert.equal(second.nextCursor, null);
    });

    it('deliveries: the own orders in delivery or pickup only', async () => {
      const list = businessOrderListSchema.parse((await ok('a', '/api/business/deliveries')).json());
      assert.deepEqual(list.orders.map((o) => o.id).sort(), [data.a.orders.delivery, data.a.orders.pickup].sort());
    });

    it('invoices: the own paid orders’ invoices; the PDF of the own, 404 for the other’s', async () => {
      const list = businessInvoiceListSchema.parse((await ok('a', '/api/business/invoices')).json());
      assert.equal(list.total, 4);
      const ownOrders = new Set(Object.values(data.a.orders));
      assert.ok(list.invoices.every((i) => i.order_id !== null && ownOrders.has(i.order_id)));
      const pdf = await ok('a', list.invoices[0]!.pdf_path);
      assert.equal(pdf.headers['content-type'], 'application/pdf');
      assert.equal(pdf.rawPayload.subarray(0, 5).toString(), '%PDF-');
      assert.equal((await call('a', 'GET', `/api/business/invoices/${data.b.invoices[0]}.pdf`)).statusCode, 404);
      assert.equal((await call('b', 'GET', `/api/business/invoices/${data.a.invoices[0]}.pdf`)).statusCode, 404);
      assert.equal((await call('a', 'GET', '/api/business/invoices/2020-99999.pdf')).statusCode, 404);
    });

    it('support: the own tasks in the customer’s words with messages and mails; no notes, help requests or full agent names', async () => {
      const list = businessSupportListSchema.parse((await ok('a', '/api/business/support')).json());
      assert.deepEqual(list.tasks.map((x) => x.id).sort(), [...data.a.tasks].sort());
      assert.deepEqual(list.tasks.map((x) => x.status).sort(), ['Erledigt', 'In Bearbeitung']);
      const res = await ok('a', `/api/business/support/${data.a.tasks[0]}`);
      assert.doesNotMatch(res.body, /GEHEIME NOTIZ|HILFE INTERN|Mustermann|notiz|help/i);
      const detail = businessSupportDetailSchema.parse(res.json());
      assert.deepEqual(
        detail.messages.map((m) => m.content),
        ['Nachricht von a'],
      );
      assert.deepEqual(
        detail.mails.map((m) => [m.subject, m.agent_first_name]),
        [['Ihre Anfrage a', 'Maximilian']],
      );
      for (const id of data.b.tasks) {
        const other = await call('a', 'GET', `/api/business/support/${id}`);
        assert.equal(other.statusCode, 404);
        assert.equal(other.json().message, BUSINESS_MSG.supportNotFound.de);
      }
    });

    it('POST /support: a task on the record’s country board with the record’s contact data; listed for them only', async () => {
      const res = await call('b', 'POST', '/api/business/support', {
        titel: 'Drucker druckt nicht',
        beschreibung: 'Seit heute früh',
        typ: TASK_TYPE.support,
        // Whatever the caller sends about the customer is ignored.
        kundennummer: '41001',
        firma: 'Fremd',
      });
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.json().message, BUSINESS_MSG.supportCreated.de);
      const [task] = await t.db.select().from(tasks).where(eq(tasks.id, res.json().id));
      assert.deepEqual(
        [
          task!.kundennummer,
          task!.firma,
          task!.kontaktperson,
          task!.email,
          task!.country_id,
          task!.status,
          task!.user_id,
        ],
        ['42002', 'Nile Beta', 'Badr Beta', 'beta@example.eg', 2, 'offen', null],
      );
      const listed = businessSupportListSchema.parse((await ok('b', '/api/business/support')).json());
      assert.equal(listed.tasks[0]!.id, task!.id);
      assert.equal(listed.tasks[0]!.status, 'In Bearbeitung');
      const a = businessSupportListSchema.parse((await ok('a', '/api/business/support')).json());
      assert.ok(!a.tasks.some((x) => x.id === task!.id));
      // Multipart with a file; an emergency (paid form) or an empty title is refused.
      const mp = await postMultipart(t.app, '/api/business/support', tok.a!, [
        ...fields({ titel: 'Menü', beschreibung: 'Neue Karte', typ: TASK_TYPE.menu }),
        { name: 'files', file: { filename: 'karte.png', content: PNG, type: 'image/png' } },
      ]);
      assert.equal(mp.statusCode, 200, mp.body);
      const files = await t.db.select().from(taskFiles).where(eq(taskFiles.task_id, mp.json().id));
      assert.deepEqual(
        files.map((f) => f.original_name),
        ['karte.png'],
      );
      const bad = await call('a', 'POST', '/api/business/support', {
        titel: 'x',
        beschreibung: 'y',
        typ: TASK_TYPE.emergency,
      });
      assert.equal(bad.statusCode, 400);
      assert.equal(
        (await call('a', 'POST', '/api/business/support', { titel: ' ', beschreibung: 'y', typ: 1 })).statusCode,
        400,
      );
    });

    /** The card ids of a customer's orders, as the database holds them. */
    const cardsOf = async (who: 'a' | 'b') =>
      (
        await t.db
          .select({ id: rksvCards.id })
          .from(rksvCards)
          .innerJoin(rksvOrders, eq(rksvOrders.id, rksvCards.order_id))
          .where(eq(rksvOrders.customer_id, data[who].customerId))
          .orderBy(rksvCards.id)
      ).map((r) => r.id);

    it('cards: the own orders’ signature cards with their state; the replacement data of the own cards only', async () => {
      for (const [who, other] of [
        ['a', 'b'],
        ['b', 'a'],
      ] as const) {
        const res = await ok(who, '/api/business/cards');
        assert.doesNotMatch(res.body, /aes_key|cert_sn|kassenid|CERT-|KASSE-|agent/);
        const { cards } = businessSignatureCardListSchema.parse(res.json());
        const own = await cardsOf(who);
        // open (2 cards), delivery, pickup, completed (2): six cards, none of the other record's or nobody's.
        assert.equal(own.length, 6);
        assert.deepEqual(
          cards.map((c) => c.id),
          own,
        );
        assert.ok(cards.some((c) => c.state === 'ordered'));
        assert.equal(cards.filter((c) => c.activated_at !== null).length, 1);
        const company = (await ok(who, `/api/business/cards/${own[0]}/replacement`)).json().company;
        assert.equal(company, `Firma ${who}`);
        for (const id of await cardsOf(other))
          assert.equal((await call(who, 'GET', `/api/business/cards/${id}/replacement`)).statusCode, 404);
      }
    });

    it('devices: the own screens with effective status and days remaining', async () => {
      const { devices } = businessDeviceListSchema.parse((await ok('a', '/api/business/devices')).json());
      assert.deepEqual(
        devices.map((d) => d.id),
        data.a.devices,
      );
      assert.equal(devices[0]!.effective_status, 'active');
      assert.ok(devices[0]!.days_remaining! > 1000);
      const unlinkedB = businessDeviceListSchema.parse((await ok('b', '/api/business/devices')).json());
      assert.deepEqual(
        unlinkedB.devices.map((d) => d.id),
        data.b.devices,
      );
    });

    it('overview: the own record, counts and newest items', async () => {
      const [post] = await t.db
        .insert(newsPosts)
        .values({ published_from: new Date(Date.now() - 60_000) })
        .returning();
      await t.db
        .insert(newsTranslations)
        .values({ news_id: post!.id, lang: 'de', title: 'Neue Kassenversion', text: 'Ab heute.' });
      const o = businessOverviewSchema.parse((await ok('a', '/api/business/overview')).json());
      assert.deepEqual(o.customer, { kundennummer: '41001', firma: 'Gasthaus Alpha', kontaktperson: 'Anna Alpha' });
      assert.equal(o.counts.openOrders, 1);
      assert.equal(o.counts.inDelivery, 2);
      assert.equal(o.counts.devices, 1);
      assert.equal(o.counts.unreadNews, 1);
      assert.deepEqual(
        o.latest.news.map((n) => [n.title, n.read]),
        [['Neue Kassenversion', false]],
      );
      assert.ok(o.latest.orders.length <= 3 && o.latest.tasks.length <= 3);
      assert.ok(o.latest.tasks.every((x) => !data.b.tasks.includes(x.id)));
      assert.ok(o.latest.orders.every((x) => !Object.values(data.b.orders).includes(x.id)));
    });

    it('timeline: the own requests, orders, cards, screens and invoices, newest first; no staff names, nothing of B', async () => {
      const res = await ok('a', '/api/business/timeline?limit=100');
      const { items } = customerTimelineSchema.parse(res.json());
      const kinds = new Set(items.map((i) => i.kind));
      for (const k of ['task', 'rksv_order', 'rksv_card', 'invoice', 'signage_device'] as const)
        assert.ok(kinds.has(k), k);
      assert.ok(
        [...kinds].every((k) => (BUSINESS_TIMELINE_KINDS as readonly string[]).includes(k)),
        [...kinds].join(),
      );
      assert.ok(items.every((i) => i.actor === null && (i.link === null || i.link.startsWith('/business-dashboard/'))));
      const ids = (k: string) => items.filter((i) => i.kind === k).map((i) => i.id);
      // The same requests as the support list (a test above added one).
      const support = (await ok('a', '/api/business/support?limit=100')).json().tasks as { id: number }[];
      assert.deepEqual(ids('task').sort(), support.map((x) => x.id).sort());
      assert.ok(data.a.tasks.every((id) => ids('task').includes(id)));
      assert.ok(ids('rksv_order').every((id) => Object.values(data.a.orders).includes(id)));
      assert.deepEqual(ids('signage_device'), data.a.devices);
      // The same invoices as the invoices list.
      const invoiceList = businessInvoiceListSchema.parse((await ok('a', '/api/business/invoices')).json());
      assert.deepEqual(
        items
          .filter((i) => i.kind === 'invoice')
          .map((i) => i.title)
          .sort(),
        invoiceList.invoices.map((i) => i.number).sort(),
      );
      // Staff kinds stay staff's, whatever the customer asks for.
      const asked = customerTimelineSchema.parse(
        (await ok('a', '/api/business/timeline?kinds=task_activity,cashbook,rating')).json(),
      );
      assert.deepEqual(asked.items, []);
      // B sees its own only.
      const other = customerTimelineSchema.parse((await ok('b', '/api/business/timeline?limit=100')).json());
      const bSupport = (await ok('b', '/api/business/support?limit=100')).json().tasks as { id: number }[];
      assert.ok(other.items.every((i) => i.kind !== 'task' || bSupport.some((x) => x.id === i.id)));
      assert.ok(other.items.every((i) => i.kind !== 'task' || !data.a.tasks.includes(i.id)));
      assert.ok(other.items.every((i) => i.kind !== 'signage_device' || data.b.devices.includes(i.id)));
    });

    it('a shop order paid with the VAT number of exactly one active record belongs to that record', async () => {
      const pay = async (over: Record<string, unknown>) => {
        const products = (await t.app.inject({ method: 'GET', url: '/web/rksv-products' })).json() as {
          id: number;
          kind: string;
        }[];
        const res = await t.app.inject({
          method: 'POST',
          url: '/web/create-rksv-payment',
          payload: {
            ...RKSV_ORDER,
            productId: products.find((p) => p.kind === 'main')!.id,
            altcha: await solveAltcha(t.app),
            ...over,
          },
        });
        assert.equal(res.statusCode, 200, res.body);
        const [row] = await t.db
          .select()
          .from(rksvOrders)
          .where(eq(rksvOrders.session_url, res.json().data.sessionUrl));
        const paid = await t.app.inject({
          method: 'POST',
          url: `/web/checkout/${encodeURIComponent(row!.session_id)}/pay`,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'method=card',
        });
        assert.equal(paid.statusCode, 303);
        return (await t.db.select().from(rksvOrders).where(eq(rksvOrders.id, row!.id)))[0]!;
      };
      const byVat = await pay({ taxId: 'ATU 1111 1111', email: 'someone@else.at' });
      assert.equal(byVat.customer_id, data.a.customerId);
      const byMail = await pay({ taxId: 'ATU87654321', email: 'BETA@example.eg' });
      assert.equal(byMail.customer_id, data.b.customerId);
      // Matching a's VAT and b's e-mail: two records, so staff decide.
      const both = await pay({ taxId: 'ATU11111111', email: 'beta@example.eg' });
      assert.equal(both.customer_id, null);
      const list = businessOrderListSchema.parse((await ok('a', '/api/business/orders')).json());
      assert.ok(list.orders.some((o) => o.id === byVat.id && o.stage === 'open'));
    });
  });
}
