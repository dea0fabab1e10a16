import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { and, desc, eq } from 'drizzle-orm';
import { RKSV_ORDERS_MSG as MSG, rksvOrderListSchema } from '@portal/shared';
import { auditLog, customers, notifications, rksvOrderActivity } from '../src/db/schema/index.js';
import { notifyLongOutages } from '../src/modules/rksv-orders/outages.js';
import { insertSampleOrder, type SampleOrder } from '../src/modules/rksv-orders/sample-orders.js';
import { addUser, bearer, createTestApp, dbTargets, login, type TestApp } from './helpers.js';

/** The RKSV order workflow's API (issue 16): permissions and ownership, stage rules, the AES key, invoices. */
for (const target of dbTargets()) {
  describe(`RKSV orders API (${target})`, () => {
    let t: TestApp;
    const tok: Record<string, string> = {};
    const ids: Record<string, number> = {};
    const order: Record<string, { id: number; cardIds: number[] }> = {};

    const call = (who: string, method: 'GET' | 'POST', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: tok[who] ? bearer(tok[who]) : {}, ...(payload ? { payload } : {}) });
    const list = async (who: string, query = '') => {
      const res = await call(who, 'GET', `/api/rksv-orders${query}`);
      assert.equal(res.statusCode, 200, res.body);
      return rksvOrderListSchema.parse(res.json());
    };
    const add = async (name: string, s: Omit<SampleOrder, 'companyname' | 'customername'> & Partial<SampleOrder>) => {
      order[name] = await insertSampleOrder(t.db, t.config, {
        companyname: `Firma ${name}`,
        customername: 'Kunde',
        ...s,
      });
      return order[name]!;
    };
    const activity = (orderId: number) =>
      t.db.select().from(rksvOrderActivity).where(eq(rksvOrderActivity.order_id, orderId));

    before(async () => {
      t = await createTestApp(target, { LOGIN_RATE_LIMIT: '1000' });
      const people = {
        admin: { role: 'admin', flags: ['rksv', 'rksv_orders', 'tasks'] }, // tasks: the insolvency case below
        anna: { role: 'agent', flags: ['rksv', 'rksv_orders'] },
        ben: { role: 'agent', flags: ['rksv', 'rksv_orders'] },
        rksvOnly: { role: 'agent', flags: ['rksv'] },
        tasksOnly: { role: 'agent', flags: ['tasks'] },
        customer: { role: 'customer', flags: ['rksv', 'rksv_orders'] },
      } as const;
      for (const [name, p] of Object.entries(people)) {
        const u = await addUser(t.db, { role: p.role, flags: [...p.flags], name });
        ids[name] = u.id;
        tok[name] = await login(t.app, u.email, u.password);
      }
      await add('open', { stage: 'open', qty: 2, agentId: ids.anna, companyname: 'Café Müller' });
      await add('created', { stage: 'created', agentId: ids.anna, delivery: 1 });
      await add('createdPickup', { stage: 'created', agentId: ids.anna, delivery: 0 });
      await add('delivery', { stage: 'delivery', agentId: ids.anna, delivery: 1 });
      await add('pickup', { stage: 'pickup', agentId: ids.anna, delivery: 0 });
      await add('completed', { stage: 'completed', agentId: ids.anna, qty: 2 });
      await add('pending', { payment_status: 'pending', agentId: ids.anna });
      await add('failed', { payment_status: 'failed', agentId: ids.anna });
      await add('bens', { stage: 'open', agentId: ids.ben, companyname: 'Straßenküche Größ', city: 'Graz' });
      await add('nobody', { stage: 'created' });
    });
    after(() => t.close());

    it('lists: 401 anonymous, 403 customer, without rksv_orders or rksv; an agent sees only their own, admin all', async () => {
      assert.equal((await call('anon', 'GET', '/api/rksv-orders')).statusCode, 401);
      assert.equal((await call('customer', 'GET', '/api/rksv-orders')).statusCode, 403);
      assert.equal((await call('rksvOnly', 'GET', '/api/rksv-orders')).statusCode, 403);
      assert.equal((await call('tasksOnly', 'GET', '/api/rksv-orders')).statusCode, 403);
      const anna = await list('anna');
      assert.equal(anna.total, 8);
      assert.ok(anna.orders.every((o) => o.agent_id === ids.anna));
      assert.ok(!anna.orders.some((o) => o.id === order.bens!.id));
      // An agent asking for someone else's orders still gets only their own (none of ben's).
      assert.equal((await list('anna', `?agent_id=${ids.ben}`)).total, 0);
      const admin = await list('admin');
      assert.equal(admin.total, 10);
      assert.equal((await list('admin', `?agent_id=${ids.ben}`)).orders[0]!.id, order.bens!.id);
    });

    it('each order carries the fields of the spec, its stage, agent name and cards; never an AES key', async () => {
      const res = await call('admin', 'GET', '/api/rksv-orders?limit=200');
      assert.doesNotMatch(res.body, /"aes_key"/);
      const { orders } = rksvOrderListSchema.parse(res.json());
      const byId = new Map(orders.map((o) => [o.id, o]));
      const stageOf = (n: string) => byId.get(order[n]!.id)!.stage;
      assert.deepEqual(
        ['open', 'created', 'createdPickup', 'delivery', 'pickup', 'completed', 'pending', 'failed'].map(stageOf),
        ['open', 'created', 'created', 'delivery', 'pickup', 'completed', null, null],
      );
      const completed = byId.get(order.completed!.id)!;
      assert.equal(completed.agent_name, 'anna');
      assert.equal(completed.cards.length, 2);
      assert.equal(completed.cards[0]!.has_aes_key, true);
      assert.match(completed.cards[0]!.jahresbeleg_due!, /^\d{4}-02-15$/);
      for (const k of [
        'companyname',
        'vatnr',
        'total_amount',
        'qty',
        'saved_at',
        'payed_at',
        'stripe_inv_id',
        'tracking_number',
      ])
        assert.ok(k in completed, k);
    });

    it('filters on the server: stage, payment status, kind, accent- and case-insensitive search; keyset pages with total', async () => {
      const stage = async (s: string) => (await list('admin', `?stage=${s}`)).orders.map((o) => o.id).sort();
      assert.deepEqual(await stage('open'), [order.open!.id, order.bens!.id].sort());
      assert.deepEqual(await stage('created'), [order.created!.id, order.createdPickup!.id, order.nobody!.id].sort());
      assert.deepEqual(await stage('delivery'), [order.delivery!.id]);
      assert.deepEqual(await stage('pickup'), [order.pickup!.id]);
      assert.deepEqual(await stage('completed'), [order.completed!.id]);
      assert.deepEqual(
        (await list('admin', '?payment_status=failed')).orders.map((o) => o.id),
        [order.failed!.id],
      );
      assert.ok((await list('admin', '?delivery=0')).orders.every((o) => o.delivery === 0));
      assert.deepEqual(
        (await list('admin', '?q=cafe%20MULLER')).orders.map((o) => o.id),
        [order.open!.id],
      );
      assert.deepEqual(
        (await list('admin', '?q=strassenkuche')).orders.map((o) => o.id),
        [order.bens!.id],
      );
      assert.deepEqual(
        (await list('admin', '?q=GRAZ')).orders.map((o) => o.id),
        [order.bens!.id],
      );
      // A number finds the order of that id (and any order whose text holds it, such as a VAT number).
      assert.ok((await list('admin', `?q=${order.failed!.id}`)).orders.some((o) => o.id === order.failed!.id));
      assert.equal((await list('anna', '?q=graz')).total, 0);
      assert.equal((await list('admin', '?q=100%25')).total, 0);
      // Keyset: three pages of 4, newest first, the total on each.
      const seen: number[] = [];
      let cursor: number | null = null;
      do {
        const page = await list('admin', `?limit=4${cursor ? `&cursor=${cursor}` : ''}`);
        assert.equal(page.total, 10);
        seen.push(...page.orders.map((o) => o.id));
        cursor = page.nextCursor;
      } while (cursor);
      assert.equal(seen.length, 10);
      assert.deepEqual(
        seen,
        [...seen].sort((a, b) => b - a),
      );
      assert.equal((await call('admin', 'GET', '/api/rksv-orders?stage=bogus')).statusCode, 400);
      assert.equal((await call('admin', 'GET', '/api/rksv-orders?limit=201')).statusCode, 400);
    });

    it('cards of an order: own 200, another agent’s order 404, customer 403, admin all', async () => {
      const res = await call('anna', 'GET', `/api/rksv-cards/${order.open!.id}`);
      assert.equal(res.statusCode, 200);
      assert.equal(res.json().length, 2);
      assert.equal((await call('ben', 'GET', `/api/rksv-cards/${order.open!.id}`)).statusCode, 404);
      assert.equal((await call('customer', 'GET', `/api/rksv-cards/${order.open!.id}`)).statusCode, 403);
      assert.equal((await call('admin', 'GET', `/api/rksv-cards/${order.bens!.id}`)).statusCode, 200);
      assert.equal((await call('admin', 'GET', '/api/rksv-cards/999999')).statusCode, 404);
      const one = await call('anna', 'GET', `/api/rksv-order/${order.open!.id}`);
      assert.equal(one.statusCode, 200);
      assert.equal(one.json().stage, 'open');
      assert.equal(one.json().agent_name, 'anna');
      assert.equal((await call('ben', 'GET', `/api/rksv-order/${order.open!.id}`)).statusCode, 404);
    });

    it('serial numbers: trimmed, blank 400, another agent 404, once shipped or unpaid 409; cert_done and an activity row', async () => {
      const [c1, c2] = order.open!.cardIds;
      const blank = await call('anna', 'POST', '/api/rksv-update-card', { cardId: c1, serialNumber: '   ' });
      assert.equal(blank.statusCode, 400);
      assert.equal(blank.json().message, MSG.serialRequired.de);
      assert.equal(
        (await call('ben', 'POST', '/api/rksv-update-card', { cardId: c1, serialNumber: 'X' })).statusCode,
        404,
      );
      const ok = await call('anna', 'POST', '/api/rksv-update-card', { cardId: c1, serialNumber: '  SN-42  ' });
      assert.equal(ok.statusCode, 200, ok.body);
      assert.equal(ok.json().serial_number, 'SN-42');
      assert.equal(ok.json().cert_done, 1);
      const rows = await activity(order.open!.id);
      assert.ok(rows.some((r) => r.action === 'serial' && r.card_id === c1 && r.user_id === ids.anna));
      // Shipped: too late.
      const shipped = await call('anna', 'POST', '/api/rksv-update-card', {
        cardId: order.delivery!.cardIds[0],
        serialNumber: 'Y',
      });
      assert.equal(shipped.statusCode, 409);
      assert.equal(shipped.json().message, MSG.serialWrongStage.de);
      assert.equal(c2, order.open!.cardIds[1]);
    });

    it('tracking only for a shipping order in stage created, pickup-ready only for a pickup order in created', async () => {
      const wrongKind = await call('anna', 'POST', '/api/rksv-set-tracking', {
        orderId: order.createdPickup!.id,
        trackingNumber: 'RR111111111AT',
      });
      assert.equal(wrongKind.statusCode, 409);
      assert.equal(wrongKind.json().message, MSG.trackingWrongStage.de);
      assert.equal(
        (
          await call('anna', 'POST', '/api/rksv-set-tracking', {
            orderId: order.completed!.id,
            trackingNumber: 'RR111111111AT',
          })
        ).statusCode,
        409,
      );
      assert.equal(
        (await call('anna', 'POST', '/api/rksv-set-tracking', { orderId: order.created!.id, trackingNumber: ' ' }))
          .statusCode,
        400,
      );
      assert.equal(
        (
          await call('ben', 'POST', '/api/rksv-set-tracking', {
            orderId: order.created!.id,
            trackingNumber: 'RR111111111AT',
          })
        ).statusCode,
        404,
      );
      const ok = await call('anna', 'POST', '/api/rksv-set-tracking', {
        orderId: order.created!.id,
        trackingNumber: 'RR123456789AT',
      });
      assert.equal(ok.statusCode, 200, ok.body);
      // The same number again (a second click) answers as the first; another number is a conflict.
      const same = await call('anna', 'POST', '/api/rksv-set-tracking', {
        orderId: order.created!.id,
        trackingNumber: 'rr 123456789 at',
      });
      assert.equal(same.statusCode, 200, same.body);
      const again = await call('anna', 'POST', '/api/rksv-set-tracking', {
        orderId: order.created!.id,
        trackingNumber: 'RR223456789AT',
      });
      assert.equal(again.statusCode, 409);
      const after = (await list('anna', '?stage=delivery')).orders.find((o) => o.id === order.created!.id)!;
      assert.equal(after.tracking_number, 'RR123456789AT');
      assert.ok(after.shipped_at);

      const pickupWrong = await call('anna', 'POST', '/api/rksv-set-pickup-ready', { orderId: order.delivery!.id });
      assert.equal(pickupWrong.statusCode, 409);
      assert.equal(pickupWrong.json().message, MSG.pickupWrongStage.de);
      assert.equal(
        (await call('anna', 'POST', '/api/rksv-set-pickup-ready', { orderId: order.createdPickup!.id })).statusCode,
        200,
      );
      // Ready already: a repeated request answers the same (and mails nothing, rksv-orders-mails.test.ts).
      assert.equal(
        (await call('anna', 'POST', '/api/rksv-set-pickup-ready', { orderId: order.createdPickup!.id })).statusCode,
        200,
      );
      assert.ok((await activity(order.createdPickup!.id)).some((r) => r.action === 'pickup_ready'));
    });

    it('activation once shipped; the AES key only through the reveal, which writes an activity row', async () => {
      const early = await call('anna', 'POST', '/api/rksv-activate-card', {
        cardId: order.open!.cardIds[0],
        kassenid: 'K1',
        cert_sn: 'C1',
      });
      assert.equal(early.statusCode, 409);
      assert.equal(early.json().message, MSG.activateWrongStage.de);
      const cardId = order.pickup!.cardIds[0]!;
      const body = {
        cardId,
        kassenid: 'KASSE-1',
        cert_sn: '0ce7 00 01',
        shopid: 'S1',
        aes_key: 'c2VjcmV0LWtleS0xMjM0NTY3ODkw',
      };
      assert.equal((await call('ben', 'POST', '/api/rksv-activate-card', body)).statusCode, 404);
      assert.equal((await call('anna', 'POST', '/api/rksv-activate-card', { ...body, kassenid: '' })).statusCode, 400);
      const ok = await call('anna', 'POST', '/api/rksv-activate-card', body);
      assert.equal(ok.statusCode, 200, ok.body);
      assert.doesNotMatch(ok.body, /c2VjcmV0|"aes_key"/);
      assert.equal(ok.json().has_aes_key, true);
      assert.ok(ok.json().activated_at);
      // The certificate's serial is stored as hexadecimal digits only, in capitals.
      assert.equal(ok.json().cert_sn, '0CE70001');
      assert.equal((await call('anna', 'POST', '/api/rksv-activate-card', body)).statusCode, 409);
      for (const url of [
        '/api/rksv-orders?limit=200',
        `/api/rksv-cards/${order.pickup!.id}`,
        `/api/rksv-order-activity/${order.pickup!.id}`,
      ])
        assert.doesNotMatch((await call('anna', 'GET', url)).body, /c2VjcmV0|"aes_key"/, url);
      assert.equal(
        (await list('anna', '?stage=completed')).orders.some((o) => o.id === order.pickup!.id),
        true,
      );

      assert.equal((await call('ben', 'GET', `/api/rksv-card-key/${cardId}`)).statusCode, 404);
      assert.equal((await call('customer', 'GET', `/api/rksv-card-key/${cardId}`)).statusCode, 403);
      const before = (await activity(order.pickup!.id)).filter((r) => r.action === 'key_revealed').length;
      const key = await call('anna', 'GET', `/api/rksv-card-key/${cardId}`);
      assert.equal(key.statusCode, 200);
      assert.equal(key.json().aes_key, body.aes_key);
      assert.equal(key.headers['cache-control'], 'no-store');
      const reveals = (await activity(order.pickup!.id)).filter((r) => r.action === 'key_revealed');
      assert.equal(reveals.length, before + 1);
      assert.equal(reveals.at(-1)!.user_id, ids.anna);
      // The reveal is in the audit trail too (issue 34), without the key.
      const [trail] = await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'getRksvCardKey'), eq(auditLog.subject_id, cardId)))
        .orderBy(desc(auditLog.seq))
        .limit(1);
      assert.equal(trail?.actor_id, ids.anna);
      assert.equal(trail?.subject_kind, 'rksv_card');
      assert.ok(!JSON.stringify(trail).includes(body.aes_key), 'no key in the trail');
      assert.equal(
        (await call('anna', 'GET', `/api/rksv-card-key/${order.pickup!.cardIds[0]! + 100000}`)).statusCode,
        404,
      );
    });

    it('invoice: a signed short-lived link that opens without a token; forged, unknown or another agent’s: 404', async () => {
      const o = (await list('anna', '?limit=200')).orders.find((x) => x.id === order.delivery!.id);
      const ref = o!.stripe_inv_id!;
      assert.ok(ref);
      const res = await call('anna', 'GET', `/api/rksv-get-invoice/${ref}`);
      assert.equal(res.statusCode, 200, res.body);
      const { url } = res.json() as { url: string };
      assert.match(url, /^\/api\/rksv-invoice-file\/.+\?exp=\d+&sig=/);
      const pdf = await t.app.inject({ method: 'GET', url });
      assert.equal(pdf.statusCode, 200);
      assert.equal(pdf.headers['content-type'], 'application/pdf');
      assert.equal(pdf.rawPayload.subarray(0, 5).toString(), '%PDF-');
      const forged = url.replace(/sig=./, (m) => (m.endsWith('A') ? 'sig=B' : 'sig=A'));
      assert.equal((await t.app.inject({ method: 'GET', url: forged })).statusCode, 404);
      const expired = url.replace(/exp=\d+/, 'exp=1000');
      assert.equal((await t.app.inject({ method: 'GET', url: expired })).statusCode, 404);
      assert.equal((await call('ben', 'GET', `/api/rksv-get-invoice/${ref}`)).statusCode, 404);
      assert.equal((await call('anna', 'GET', '/api/rksv-get-invoice/2099-99999')).statusCode, 404);
      assert.equal((await call('admin', 'GET', `/api/rksv-get-invoice/${ref}`)).statusCode, 200);
    });

    it('assign agent: admin only, the agent needs the rksv flag; assign customer: known customer', async () => {
      const o = order.nobody!.id;
      assert.equal(
        (await call('anna', 'POST', '/api/rksv-assign-agent', { orderId: o, agentId: ids.anna })).statusCode,
        403,
      );
      const noFlag = await call('admin', 'POST', '/api/rksv-assign-agent', { orderId: o, agentId: ids.tasksOnly });
      assert.equal(noFlag.statusCode, 400);
      assert.equal(noFlag.json().message, MSG.agentNotRksv.de);
      assert.equal(
        (await call('admin', 'POST', '/api/rksv-assign-agent', { orderId: o, agentId: ids.customer })).statusCode,
        400,
      );
      assert.equal(
        (await call('admin', 'POST', '/api/rksv-assign-agent', { orderId: 999999, agentId: ids.ben })).statusCode,
        404,
      );
      const agents = await call('admin', 'GET', '/api/rksv-agents');
      assert.deepEqual(
        agents
          .json()
          .map((a: { name: string }) => a.name)
          .sort(),
        ['admin', 'anna', 'ben', 'rksvOnly'],
      );
      assert.equal((await call('anna', 'GET', '/api/rksv-agents')).statusCode, 403);
      const ok = await call('admin', 'POST', '/api/rksv-assign-agent', { orderId: o, agentId: ids.ben });
      assert.equal(ok.statusCode, 200, ok.body);
      assert.ok((await list('ben')).orders.some((x) => x.id === o));
      assert.ok(!(await list('anna')).orders.some((x) => x.id === o));

      const [cust] = await t.db
        .insert(customers)
        .values({ kundennummer: '55555', firma: 'Kunde AG', country_id: 1, source: 'AT' })
        .returning();
      assert.equal(
        (await call('ben', 'POST', '/api/rksv-assign-customer', { orderId: o, customerId: 999999 })).statusCode,
        400,
      );
      assert.equal(
        (await call('anna', 'POST', '/api/rksv-assign-customer', { orderId: o, customerId: cust!.id })).statusCode,
        404,
      );
      assert.equal(
        (await call('ben', 'POST', '/api/rksv-assign-customer', { orderId: o, customerId: cust!.id })).statusCode,
        200,
      );
      const acts = await call('ben', 'GET', `/api/rksv-order-activity/${o}`);
      assert.deepEqual(
        acts.json().map((a: { action: string }) => a.action),
        ['customer_assigned', 'agent_assigned'],
      );

      // While the customer has an active insolvency case, list and dialog say so (`Insolvenz`).
      const insolvent = async () => ({
        list: (await list('ben')).orders.find((x) => x.id === o)!.insolvent,
        detail: (await call('ben', 'GET', `/api/rksv-order/${o}`)).json().insolvent as boolean,
      });
      assert.deepEqual(await insolvent(), { list: false, detail: false });
      const opened = await call('admin', 'POST', '/api/create-insolvency', {
        customer_id: cust!.id,
        administrator_name: 'Dr. Masse',
        start_date: '2026-01-01',
      });
      assert.equal(opened.statusCode, 201, opened.body);
      assert.deepEqual(await insolvent(), { list: true, detail: true });
    });

    it('statistics in SQL: 12 months, stage counts, hours paid to shipped; an agent’s cover their orders', async () => {
      const res = await call('admin', 'GET', '/api/rksv-stats');
      assert.equal(res.statusCode, 200, res.body);
      const s = res.json();
      assert.equal(s.byMonth.length, 12);
      assert.match(s.byMonth[11].month, /^\d{4}-\d{2}$/);
      const orders = s.byMonth.reduce((n: number, m: { orders: number }) => n + m.orders, 0);
      const paid = (await list('admin', '?limit=200')).orders.filter((o) => o.stage !== null);
      assert.equal(orders, paid.length);
      assert.equal(
        s.byMonth.reduce((n: number, m: { revenue: number }) => n + m.revenue, 0),
        paid.reduce((n, o) => n + o.total_amount, 0),
      );
      const stageCount = (st: string) => paid.filter((o) => o.stage === st).length;
      assert.deepEqual(s.stages, {
        open: stageCount('open'),
        created: stageCount('created'),
        delivery: stageCount('delivery'),
        pickup: stageCount('pickup'),
        completed: stageCount('completed'),
      });
      assert.equal(typeof s.avgHoursPaidToShipped, 'number');
      const ben = (await call('ben', 'GET', '/api/rksv-stats')).json();
      assert.equal(ben.stages.open + ben.stages.created, 2);
      assert.equal((await call('customer', 'GET', '/api/rksv-stats')).statusCode, 403);
      assert.equal((await call('tasksOnly', 'GET', '/api/rksv-stats')).statusCode, 403);
    });

    it('outages: only for an activated card; over 48 h reportable within a week; the agent told once when open past 48 h', async () => {
      const cardId = order.completed!.cardIds[0]!;
      const notActive = await call('anna', 'POST', '/api/rksv-outages', {
        cardId: order.completed!.cardIds[1],
        started_at: new Date().toISOString(),
        reason: 'Kartenleser defekt',
      });
      assert.equal(notActive.statusCode, 409);
      const start = new Date(Date.now() - 50 * 3_600_000);
      const res = await call('anna', 'POST', '/api/rksv-outages', {
        cardId,
        started_at: start.toISOString(),
        reason: 'Stromausfall',
      });
      assert.equal(res.statusCode, 201, res.body);
      const out = res.json();
      assert.equal(out.reportable, true);
      assert.equal(new Date(out.report_deadline).getTime(), start.getTime() + 7 * 86_400_000);
      const short = await call('anna', 'POST', '/api/rksv-outages', {
        cardId,
        started_at: new Date(Date.now() - 5 * 3_600_000).toISOString(),
        ended_at: new Date(Date.now() - 3_600_000).toISOString(),
        reason: 'Neustart',
      });
      assert.equal(short.json().reportable, false);
      const backwards = await call('anna', 'POST', '/api/rksv-outages', {
        cardId,
        started_at: new Date().toISOString(),
        ended_at: new Date(Date.now() - 3_600_000).toISOString(),
        reason: 'x',
      });
      assert.equal(backwards.statusCode, 400);
      assert.equal((await call('ben', 'GET', `/api/rksv-outages?cardId=${cardId}`)).statusCode, 404);
      const listed = await call('anna', 'GET', `/api/rksv-outages?cardId=${cardId}`);
      assert.equal(listed.json().length, 2);
      const mine = (await list('anna', '?stage=completed')).orders.find((x) => x.id === order.completed!.id)!;
      const card = mine.cards.find((c) => c.id === cardId)!;
      assert.equal(card.reportable_outages, 1);
      assert.equal((await call('admin', 'GET', '/api/rksv-stats')).json().outages.reportable, 1);

      const pushed = await notifyLongOutages({ db: t.db });
      assert.equal(pushed.length, 1);
      assert.equal(pushed[0]!.user_id, ids.anna);
      assert.equal(pushed[0]!.type, 'rksv_outage');
      assert.equal((await notifyLongOutages({ db: t.db })).length, 0, 'told once');
      const [n] = await t.db.select().from(notifications).where(eq(notifications.type, 'rksv_outage'));
      assert.match(n!.message, new RegExp(`#${order.completed!.id}`));
    });
  });
}
