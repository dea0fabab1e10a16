import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { RKSV_ORDERS_MSG as MSG, rksvOrderListSchema, rksvOrderSchema } from '@portal/shared';
import { customers, insolvencyCases, rksvCards, rksvOrderActivity, rksvOrders } from '../src/db/schema/index.js';
import { insertSampleOrder, type SampleOrder } from '../src/modules/rksv-orders/sample-orders.js';
import { addUser, bearer, createTestApp, dbTargets, login, type TestApp } from './helpers.js';

/**
 * What the RKSV order screens show must be true (issue 28): the insolvency badge per order on list
 * and dialog, one serial number per card across all cards, and a paid date only for a paid order.
 */
for (const target of dbTargets()) {
  describe(`RKSV orders: true data (${target})`, () => {
    let t: TestApp;
    let admin = '';
    const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: bearer(admin), ...(payload ? { payload } : {}) });
    const listed = async () => {
      const res = await call('GET', '/api/rksv-orders?limit=200');
      assert.equal(res.statusCode, 200, res.body);
      return new Map(rksvOrderListSchema.parse(res.json()).orders.map((o) => [o.id, o]));
    };
    const detail = async (id: number) => {
      const res = await call('GET', `/api/rksv-order/${id}`);
      assert.equal(res.statusCode, 200, res.body);
      return rksvOrderSchema.parse(res.json());
    };
    const add = (s: Partial<SampleOrder>) =>
      insertSampleOrder(t.db, t.config, { companyname: 'Firma', customername: 'Kunde', stage: 'open', ...s });
    const setSerial = (cardId: number, serialNumber: string) =>
      call('POST', '/api/rksv-update-card', { cardId, serialNumber });

    before(async () => {
      t = await createTestApp(target, { LOGIN_RATE_LIMIT: '1000' });
      const u = await addUser(t.db, { role: 'admin', flags: ['rksv', 'rksv_orders'], name: 'admin' });
      admin = await login(t.app, u.email, u.password);
    });
    after(() => t.close());

    it('insolvency badge: no customer, a solvent customer and one with an active case, on list and detail alike', async () => {
      const [solvent, insolvent] = await t.db
        .insert(customers)
        .values([
          { kundennummer: '71001', firma: 'Solvent GmbH', country_id: 1, source: 'AT' },
          { kundennummer: '71002', firma: 'Pleite KG', country_id: 1, source: 'AT' },
        ])
        .returning();
      await t.db
        .insert(insolvencyCases)
        .values({ customer_id: insolvent!.id, administrator_name: 'Dr. Masse', start_date: '2026-01-01' });
      // A closed case of the solvent customer does not count either.
      await t.db.insert(insolvencyCases).values({
        customer_id: solvent!.id,
        administrator_name: 'Dr. Alt',
        start_date: '2020-01-01',
        status: 'closed',
      });
      const none = await add({ stage: 'created' });
      const ofSolvent = await add({ stage: 'created' });
      const ofInsolvent = await add({ stage: 'created' });
      await t.db.update(rksvOrders).set({ customer_id: solvent!.id }).where(eq(rksvOrders.id, ofSolvent.id));
      await t.db.update(rksvOrders).set({ customer_id: insolvent!.id }).where(eq(rksvOrders.id, ofInsolvent.id));

      const list = await listed();
      const seen = async (id: number) => ({ list: list.get(id)!.insolvent, detail: (await detail(id)).insolvent });
      assert.deepEqual(await seen(none.id), { list: false, detail: false }, 'order without customer');
      assert.deepEqual(await seen(ofSolvent.id), { list: false, detail: false }, 'order of a solvent customer');
      assert.deepEqual(await seen(ofInsolvent.id), { list: true, detail: true }, 'order of an insolvent customer');
    });

    it('a serial number is unique across all cards: trimmed, case-insensitive, 409 also within one order', async () => {
      const a = await add({ qty: 2 });
      const b = await add({ qty: 2 });
      // Sample serials are SN-<order>-<n>; b's second card carries one already.
      const taken = `SN-${b.id}-2`;
      const dup = await setSerial(a.cardIds[0]!, `  ${taken.toLowerCase()}  `);
      assert.equal(dup.statusCode, 409, dup.body);
      assert.equal(dup.json().message, MSG.serialTaken.de);
      const [untouched] = await t.db.select().from(rksvCards).where(eq(rksvCards.id, a.cardIds[0]!));
      assert.equal(untouched!.serial_number, null);
      assert.equal(untouched!.cert_done, 0);

      // Two cards of one order (one save of the dialog): the second gets 409.
      assert.equal((await setSerial(a.cardIds[0]!, 'Kasse-Eins')).statusCode, 200);
      const second = await setSerial(a.cardIds[1]!, 'KASSE-EINS');
      assert.equal(second.statusCode, 409, second.body);
      assert.equal(second.json().message, MSG.serialTaken.de);
      // A card keeps its own serial, in another spelling too.
      const own = await setSerial(a.cardIds[0]!, 'KASSE-EINS ');
      assert.equal(own.statusCode, 200, own.body);
      assert.equal(own.json().serial_number, 'KASSE-EINS');

      // The database holds the rule, whoever writes.
      await assert.rejects(
        t.db.update(rksvCards).set({ serial_number: ' kasse-eins' }).where(eq(rksvCards.id, b.cardIds[0]!)),
      );
    });

    it('two requests at once with one serial: exactly one 200, the other 409', async () => {
      const c = await add({ qty: 1 });
      const d = await add({ qty: 1 });
      const answers = await Promise.all([setSerial(c.cardIds[0]!, 'RACE-4711'), setSerial(d.cardIds[0]!, 'race-4711')]);
      assert.deepEqual(answers.map((r) => r.statusCode).sort(), [200, 409], answers.map((r) => r.body).join('\n'));
      assert.equal(answers.find((r) => r.statusCode === 409)!.json().message, MSG.serialTaken.de);
      const rows = await t.db.select().from(rksvCards).where(eq(rksvCards.cert_done, 1));
      assert.equal(rows.filter((r) => r.serial_number?.toLowerCase() === 'race-4711').length, 1);
    });

    it('the migration keeps old data with one serial on several cards: the card in use keeps it, the others are marked', async () => {
      const dir = new URL('../src/db/migrations/', import.meta.url);
      const file = fs
        .readdirSync(dir)
        .find((f) => f.endsWith('.sql') && fs.readFileSync(new URL(f, dir), 'utf8').includes('"rksv_cards_serial_uq"'));
      assert.ok(file, 'the migration of the unique serial index');
      // The state before the migration: no index, serials as old code wrote them.
      await t.db.execute(sql`drop index rksv_cards_serial_uq`);
      const old = await add({ stage: 'created', qty: 4 });
      const other = await add({ stage: 'completed', qty: 1 });
      const spellings = [' Alt-77 ', 'alt-77', '   ', 'ALT-77'];
      for (const [i, id] of old.cardIds.entries())
        await t.db.update(rksvCards).set({ serial_number: spellings[i]! }).where(eq(rksvCards.id, id));
      // The activated card (another order) holds it as well: it is in use, so it keeps it.
      await t.db.update(rksvCards).set({ serial_number: 'ALT-77' }).where(eq(rksvCards.id, other.cardIds[0]!));

      for (const statement of fs.readFileSync(new URL(file!, dir), 'utf8').split('--> statement-breakpoint'))
        await t.db.execute(sql.raw(statement));

      const serialOf = async (id: number) =>
        (await t.db.select({ s: rksvCards.serial_number }).from(rksvCards).where(eq(rksvCards.id, id)))[0]!.s;
      assert.equal(await serialOf(other.cardIds[0]!), 'ALT-77');
      const [c0, c1, c2, c3] = old.cardIds as [number, number, number, number];
      assert.equal(await serialOf(c0), `Alt-77-DUP-${c0}`);
      assert.equal(await serialOf(c1), `alt-77-DUP-${c1}`);
      assert.equal(await serialOf(c2), null, 'a blank serial is none');
      assert.equal(await serialOf(c3), `ALT-77-DUP-${c3}`);
      const acts = await t.db
        .select()
        .from(rksvOrderActivity)
        .where(and(eq(rksvOrderActivity.order_id, old.id), inArray(rksvOrderActivity.card_id, old.cardIds)));
      assert.deepEqual(
        acts.map((a) => [a.card_id, a.action, a.details.previous, a.details.reason]).sort(),
        [
          [c0, 'serial', 'Alt-77', 'duplicate'],
          [c1, 'serial', 'alt-77', 'duplicate'],
          [c3, 'serial', 'ALT-77', 'duplicate'],
        ].sort(),
      );
      // The index is back and holds.
      const refused = await setSerial(c2, 'alt-77');
      assert.equal(refused.statusCode, 409, refused.body);
    });

    it('"Bezahlt am": only a paid order carries its paid date', async () => {
      const pending = await add({ stage: undefined, payment_status: 'pending' });
      const failed = await add({ stage: undefined, payment_status: 'failed' });
      const paid = await add({ stage: 'created' });
      // A payment taken and then failed or reversed leaves its old date behind: it is not a paid date.
      await t.db
        .update(rksvOrders)
        .set({ payed_at: new Date('2026-03-01T10:00:00Z') })
        .where(eq(rksvOrders.id, failed.id));
      const list = await listed();
      assert.equal(list.get(pending.id)!.payed_at, null);
      assert.equal(list.get(failed.id)!.payed_at, null);
      assert.ok(list.get(paid.id)!.payed_at);
      const shown = await call('GET', `/api/rksv-order/${failed.id}`);
      if (shown.statusCode === 200) assert.equal(shown.json().payed_at, null);
    });
  });
}
