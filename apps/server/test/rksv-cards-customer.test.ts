import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { and, eq } from 'drizzle-orm';
import {
  businessSignatureCardListSchema,
  rksvCardLifeSchema,
  rksvReplacementPrefillSchema,
  SHOP_ERR,
} from '@portal/shared';
import { customers, rksvCards, rksvOrderActivity, rksvOrders, users } from '../src/db/schema/index.js';
import { refreshCardDeadline } from '../src/modules/rksv-orders/card-deadline.js';
import { insertSampleOrder } from '../src/modules/rksv-orders/sample-orders.js';
import { solveAltcha } from './altcha-solve.js';
import { addUser, bearer, createTestApp, dbTargets, login, type TestApp } from './helpers.js';
import { RKSV_ORDER } from './request-fixtures.js';

/**
 * The customer's signature cards and "Ersatz bestellen" (issue 32): the business dashboard lists the
 * cards of the customer's orders with state and stored deadline; the replaced card's order data fills
 * the shop form for its owner or staff who may see it; a shop order names the card it replaces only for
 * such a caller (400 at the field otherwise); the replacement order, paid through the built-in checkout,
 * links the old card back when its first card is activated, once, also with two activations at once.
 */
const NOW = new Date('2026-11-27T10:00:00Z');
const DAY = 86_400_000;
const ago = (days: number) => new Date(NOW.getTime() - days * DAY);

for (const target of dbTargets()) {
  describe(`RKSV cards of the customer and their replacement (${target})`, () => {
    let t: TestApp;
    const tok: Record<string, string> = {};
    const ids: Record<string, number> = {};
    let oldCard = 0;
    let oldOrder = 0;

    const call = (who: string, method: 'GET' | 'POST', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: tok[who] ? bearer(tok[who]) : {}, ...(payload ? { payload } : {}) });
    const mainId = async () =>
      (
        (await t.app.inject({ method: 'GET', url: '/web/rksv-products' })).json() as { id: number; kind: string }[]
      ).find((p) => p.kind === 'main')!.id;
    const order = async (who: string, over: Record<string, unknown>) =>
      call(who, 'POST', '/web/create-rksv-payment', {
        ...RKSV_ORDER,
        productId: await mainId(),
        altcha: await solveAltcha(t.app),
        ...over,
      });
    const ok = async (who: string, method: 'GET' | 'POST', url: string, payload?: object) => {
      const res = await call(who, method, url, payload);
      assert.equal(res.statusCode, 200, `${who} ${url}: ${res.body}`);
      return res;
    };

    before(async () => {
      t = await createTestApp(target, { LOGIN_RATE_LIMIT: '1000' }, { clock: () => NOW });
      const [x, y] = await t.db
        .insert(customers)
        .values([
          { kundennummer: '51001', firma: 'Café Xaver', email: 'x@example.at', country_id: 1, source: 'AT' },
          { kundennummer: '52002', firma: 'Bäckerei Ypsilon', email: 'y@example.at', country_id: 1, source: 'AT' },
        ])
        .returning({ id: customers.id });
      const people = {
        cx: { role: 'customer', flags: [], customer: x!.id },
        cy: { role: 'customer', flags: [], customer: y!.id },
        admin: { role: 'admin', flags: ['rksv', 'rksv_orders'], customer: null },
        anna: { role: 'agent', flags: ['rksv', 'rksv_orders'], customer: null },
        ben: { role: 'agent', flags: ['rksv', 'rksv_orders'], customer: null },
        tasksOnly: { role: 'agent', flags: ['tasks'], customer: null },
      } as const;
      for (const [name, p] of Object.entries(people)) {
        const u = await addUser(t.db, { role: p.role, flags: [...p.flags], name });
        if (p.customer) await t.db.update(users).set({ customer_id: p.customer }).where(eq(users.id, u.id));
        ids[name] = u.id;
        tok[name] = await login(t.app, u.email, u.password);
      }
      ids.x = x!.id;
      ids.y = y!.id;
      // Customer X's card in use since a month (registered, Startbeleg checked), anna's order.
      const o = await insertSampleOrder(t.db, t.config, {
        companyname: 'Café Xaver GmbH',
        customername: 'Xaver Huber',
        email: 'xaver@example.at',
        address: 'Praterstraße 1',
        zipcode: '1020',
        city: 'Wien',
        vatnr: 'ATU12345678',
        stage: 'completed',
        qty: 1,
        agentId: ids.anna,
        payedAt: ago(40),
      });
      oldOrder = o.id;
      oldCard = o.cardIds[0]!;
      await t.db.update(rksvOrders).set({ customer_id: x!.id }).where(eq(rksvOrders.id, oldOrder));
      await t.db
        .update(rksvCards)
        .set({
          activated_at: ago(30),
          registered_at: ago(29),
          startbeleg_checked_at: ago(28),
          serial_number: 'SN-ALT-1',
        })
        .where(eq(rksvCards.id, oldCard));
      await t.db.transaction((tx) => refreshCardDeadline(tx, [oldCard], NOW));
    });
    after(() => t.close());

    it('the customer’s cards: state and stored deadline of the own orders’ cards only; 401, 403 for staff', async () => {
      const res = await ok('cx', 'GET', '/api/business/cards');
      assert.doesNotMatch(res.body, /aes_key|cert_sn|kassenid/);
      const { cards } = businessSignatureCardListSchema.parse(res.json());
      assert.deepEqual(
        cards.map((c) => [c.id, c.serial_number, c.state]),
        [[oldCard, 'SN-ALT-1', 'in_use']],
      );
      // The Jahresbeleg of 2026 by 15 February 2027: the stored deadline.
      assert.deepEqual(cards[0]!.next_deadline, { kind: 'jahresbeleg', due: '2027-02-15' });
      assert.deepEqual(
        businessSignatureCardListSchema.parse((await ok('cy', 'GET', '/api/business/cards')).json()).cards,
        [],
      );
      assert.equal((await call('anon', 'GET', '/api/business/cards')).statusCode, 401);
      assert.equal((await call('admin', 'GET', '/api/business/cards')).statusCode, 403);
    });

    it('the replaced card’s order data: for its customer and staff who may see it; 404 for anyone else', async () => {
      const own = rksvReplacementPrefillSchema.parse(
        (await ok('cx', 'GET', `/api/business/cards/${oldCard}/replacement`)).json(),
      );
      assert.deepEqual(
        [own.cardId, own.serial_number, own.company, own.name, own.email, own.address, own.postalCode, own.city],
        [oldCard, 'SN-ALT-1', 'Café Xaver GmbH', 'Xaver Huber', 'xaver@example.at', 'Praterstraße 1', '1020', 'Wien'],
      );
      assert.deepEqual([own.taxIdType, own.taxId], ['uid', 'ATU12345678']);
      assert.equal((await call('cy', 'GET', `/api/business/cards/${oldCard}/replacement`)).statusCode, 404);
      assert.equal((await call('cx', 'GET', '/api/business/cards/99999999/replacement')).statusCode, 404);
      assert.equal((await call('anon', 'GET', `/api/business/cards/${oldCard}/replacement`)).statusCode, 401);
      assert.equal((await call('anna', 'GET', `/api/business/cards/${oldCard}/replacement`)).statusCode, 403);
      // Staff: the order's agent and an admin; another agent 404, without the rksv flag 403, a customer 403.
      for (const who of ['anna', 'admin'])
        assert.deepEqual((await ok(who, 'GET', `/api/rksv-card/${oldCard}/replacement`)).json(), own);
      assert.equal((await call('ben', 'GET', `/api/rksv-card/${oldCard}/replacement`)).statusCode, 404);
      assert.equal((await call('tasksOnly', 'GET', `/api/rksv-card/${oldCard}/replacement`)).statusCode, 403);
      assert.equal((await call('cx', 'GET', `/api/rksv-card/${oldCard}/replacement`)).statusCode, 403);
    });

    it('an order names the card it replaces only for its owner or staff who may see it (400 at the field)', async () => {
      for (const [who, cardId] of [
        ['anon', oldCard],
        ['cy', oldCard],
        ['ben', oldCard],
        ['cx', 99_999_999],
      ] as const) {
        const res = await order(who, { replacesCardId: cardId });
        assert.equal(res.statusCode, 400, `${who}: ${res.body}`);
        assert.equal(res.json().message, SHOP_ERR.replacedCardUnknown.de);
        assert.equal(res.json().errors[0].field, 'replacesCardId');
      }
      // Staff who may see the card may order its replacement; a visitor's order without one is as before.
      assert.equal((await order('anna', { replacesCardId: oldCard })).statusCode, 200);
      const plain = await order('anon', {});
      assert.equal(plain.statusCode, 200, plain.body);
      const [row] = await t.db
        .select({ replaces: rksvOrders.replaces_card_id })
        .from(rksvOrders)
        .where(eq(rksvOrders.session_url, plain.json().data.sessionUrl));
      assert.equal(row!.replaces, null);
    });

    it('the paid replacement order’s first activated card replaces the old card, once, with two activations at once', async () => {
      const res = await order('cx', { replacesCardId: oldCard, quantity: 2 });
      assert.equal(res.statusCode, 200, res.body);
      const [placed] = await t.db
        .select()
        .from(rksvOrders)
        .where(eq(rksvOrders.session_url, res.json().data.sessionUrl));
      assert.equal(placed!.replaces_card_id, oldCard);
      // Paid through the built-in test checkout, as a buyer would.
      const paid = await t.app.inject({
        method: 'POST',
        url: `/web/checkout/${encodeURIComponent(placed!.session_id)}/pay`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'method=card',
      });
      assert.equal(paid.statusCode, 303, paid.body);
      const cards = await t.db
        .select({ id: rksvCards.id })
        .from(rksvCards)
        .where(eq(rksvCards.order_id, placed!.id))
        .orderBy(rksvCards.id);
      assert.equal(cards.length, 2);
      for (const [i, c] of cards.entries())
        await ok('admin', 'POST', '/api/rksv-update-card', { cardId: c.id, serialNumber: `SN-NEU-${i + 1}` });
      await ok('admin', 'POST', '/api/rksv-set-pickup-ready', { orderId: placed!.id });
      const answers = await Promise.all(
        cards.map((c, i) =>
          call('admin', 'POST', '/api/rksv-activate-card', { cardId: c.id, kassenid: `KASSE-${i}`, cert_sn: 'ABC123' }),
        ),
      );
      assert.deepEqual(
        answers.map((a) => a.statusCode),
        [200, 200],
        answers.map((a) => a.body).join(),
      );

      const [old] = await t.db.select().from(rksvCards).where(eq(rksvCards.id, oldCard));
      const newIds = cards.map((c) => c.id);
      assert.ok(newIds.includes(old!.replaced_by_card_id!), 'linked to a card of the replacement order');
      assert.equal(old!.replaced_at?.toISOString(), NOW.toISOString());
      // A replaced card has no deadline left.
      assert.equal(old!.next_deadline_at, null);
      const rows = await t.db
        .select()
        .from(rksvOrderActivity)
        .where(
          and(
            eq(rksvOrderActivity.order_id, oldOrder),
            eq(rksvOrderActivity.card_id, oldCard),
            eq(rksvOrderActivity.action, 'card_state'),
          ),
        );
      assert.equal(rows.length, 1, 'one activity row on the old card’s order');
      assert.deepEqual(
        [(rows[0]!.details as { from: string }).from, (rows[0]!.details as { to: string }).to],
        ['in_use', 'replaced'],
      );

      // Both dialogs say it; deregistering the old card stays open as the last step.
      const newSerial = old!.replaced_by_card_id === newIds[0] ? 'SN-NEU-1' : 'SN-NEU-2';
      const oldLife = rksvCardLifeSchema.parse((await ok('admin', 'GET', `/api/rksv-card/${oldCard}`)).json());
      assert.equal(oldLife.state, 'replaced');
      assert.equal(oldLife.card.replaced_by_serial, newSerial);
      assert.deepEqual(oldLife.transitions, ['deregistered']);
      const newLife = rksvCardLifeSchema.parse(
        (await ok('admin', 'GET', `/api/rksv-card/${old!.replaced_by_card_id}`)).json(),
      );
      assert.deepEqual([newLife.card.replaces_card_id, newLife.card.replaces_serial], [oldCard, 'SN-ALT-1']);

      // The customer sees the three cards: the old one replaced, the new ones naming it (their order is X's
      // once matched or assigned; here the admin assigns it).
      await ok('admin', 'POST', '/api/rksv-assign-customer', { orderId: placed!.id, customerId: ids.x });
      const { cards: mine } = businessSignatureCardListSchema.parse(
        (await ok('cx', 'GET', '/api/business/cards')).json(),
      );
      const byId = new Map(mine.map((c) => [c.id, c]));
      assert.deepEqual([byId.get(oldCard)!.state, byId.get(oldCard)!.replaced_by_serial], ['replaced', newSerial]);
      for (const id of newIds) {
        assert.equal(byId.get(id)!.replaces_serial, 'SN-ALT-1');
        assert.deepEqual(byId.get(id)!.next_deadline?.kind, 'registration');
      }
    });
  });
}
