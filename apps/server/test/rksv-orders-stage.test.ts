import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { asc, inArray, sql } from 'drizzle-orm';
import { orderStage, RKSV_PAYMENT_STATUSES, RKSV_STAGES, type RksvStage } from '@portal/shared';
import { rksvCards, rksvOrders } from '../src/db/schema/index.js';
import { insertSampleOrder } from '../src/modules/rksv-orders/sample-orders.js';
import { stageCondition, stageSql } from '../src/modules/rksv-orders/stage-sql.js';
import { createTestApp, dbTargets, type TestApp } from './helpers.js';

/**
 * The stage of an order is one rule (packages/shared `orderStage`); the list's stage column and its
 * stage filters mirror it in SQL. Every payment status × kind × shipped × card pattern is written, and
 * both sides must put each order in the same stage (or none).
 */
const CARD_PATTERNS: { cert_done: number; activated: boolean }[][] = [
  [{ cert_done: 0, activated: false }],
  [{ cert_done: 1, activated: false }],
  [
    { cert_done: 1, activated: false },
    { cert_done: 0, activated: false },
  ],
  [
    { cert_done: 1, activated: true },
    { cert_done: 1, activated: false },
  ],
  [
    { cert_done: 1, activated: true },
    { cert_done: 0, activated: false },
  ],
  [],
];

/** Puts each order in its stage by the TypeScript rule and checks the SQL column and filters say the same. */
async function agreeOn(t: TestApp, ids: number[]) {
  const orders = await t.db
    .select({
      id: rksvOrders.id,
      payment_status: rksvOrders.payment_status,
      delivery: rksvOrders.delivery,
      shipped_at: rksvOrders.shipped_at,
      sqlStage: stageSql,
    })
    .from(rksvOrders)
    .where(inArray(rksvOrders.id, ids))
    .orderBy(asc(rksvOrders.id));
  const cards = await t.db.select().from(rksvCards).where(inArray(rksvCards.order_id, ids));
  const tsStage = new Map<number, RksvStage | null>();
  for (const o of orders) {
    const stage = orderStage({ ...o, cards: cards.filter((c) => c.order_id === o.id) });
    tsStage.set(o.id, stage);
    assert.equal(
      o.sqlStage,
      stage,
      `order ${o.id} (${o.payment_status}, delivery ${o.delivery}, shipped ${!!o.shipped_at})`,
    );
  }
  for (const s of RKSV_STAGES) {
    const rows = await t.db
      .select({ id: rksvOrders.id })
      .from(rksvOrders)
      .where(sql`${inArray(rksvOrders.id, ids)} and ${stageCondition(s)}`);
    const want = ids.filter((id) => tsStage.get(id) === s);
    assert.deepEqual(
      rows.map((r) => r.id).sort((a, b) => a - b),
      want,
      `filter ${s}`,
    );
  }
  return { orders, tsStage };
}

for (const target of dbTargets()) {
  describe(`RKSV stage rule and its SQL agree (${target})`, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp(target);
    });
    after(() => t.close());

    it('for every payment status, kind, shipped state and card pattern', async () => {
      const { id: template } = await insertSampleOrder(t.db, t.config, { companyname: 'Vorlage', customername: 'V' });
      const ids: number[] = [];
      for (const payment_status of RKSV_PAYMENT_STATUSES)
        for (const delivery of [0, 1])
          for (const shipped of [false, true])
            for (const pattern of CARD_PATTERNS) {
              const [o] = await t.db
                .execute<{ id: number }>(
                  sql`
                insert into rksv_orders (companyname, customername, email, phone, address, zipcode, city, vatnr,
                  tax_id_type, product_id, product_name, qty, delivery, unit_price, shipping_amount, net_amount,
                  vat_amount, total_amount, payment_status, provider, mode, session_id, session_url, return_ref,
                  shipped_at)
                select companyname, customername, email, phone, address, zipcode, city, vatnr, tax_id_type,
                  product_id, product_name, qty, ${delivery}, unit_price, shipping_amount, net_amount, vat_amount,
                  total_amount, ${payment_status}, provider, mode, gen_random_uuid()::text, session_url,
                  gen_random_uuid()::text, ${shipped ? sql`now()` : sql`null`}
                from rksv_orders where id = ${template}
                returning id`,
                )
                .then((r) => (r as unknown as { rows: { id: number }[] }).rows);
              ids.push(o!.id);
              if (pattern.length)
                await t.db.insert(rksvCards).values(
                  pattern.map((c) => ({
                    order_id: o!.id,
                    cert_done: c.cert_done,
                    activated_at: c.activated ? new Date() : null,
                  })),
                );
            }
      const { orders, tsStage } = await agreeOn(t, ids);
      // Every stage occurs, and unpaid orders have none.
      for (const s of RKSV_STAGES) assert.ok([...tsStage.values()].includes(s), `stage ${s} covered`);
      for (const o of orders)
        if (!['paid', 'completed'].includes(o.payment_status)) assert.equal(tsStage.get(o.id), null);
    });

    it('keeps agreeing as cards get serial numbers, are activated, deleted or moved', async () => {
      const { id: template } = await insertSampleOrder(t.db, t.config, { companyname: 'Vorlage', customername: 'V' });
      const ids: number[] = [];
      for (let i = 0; i < 4; i++) {
        const [o] = await t.db
          .execute<{ id: number }>(
            sql`
          insert into rksv_orders (companyname, customername, email, phone, address, zipcode, city, vatnr,
            tax_id_type, product_id, product_name, qty, delivery, unit_price, shipping_amount, net_amount,
            vat_amount, total_amount, payment_status, provider, mode, session_id, session_url, return_ref, shipped_at)
          select companyname, customername, email, phone, address, zipcode, city, vatnr, tax_id_type, product_id,
            product_name, qty, ${i % 2}, unit_price, shipping_amount, net_amount, vat_amount, total_amount, 'paid',
            provider, mode, gen_random_uuid()::text, session_url, gen_random_uuid()::text, now()
          from rksv_orders where id = ${template}
          returning id`,
          )
          .then((r) => (r as unknown as { rows: { id: number }[] }).rows);
        ids.push(o!.id);
      }
      const [a, b, c, d] = ids as [number, number, number, number];
      // Several orders' cards in one statement: each order is counted.
      const cards = await t.db
        .insert(rksvCards)
        .values([a, a, b, b, c, d].map((order_id) => ({ order_id, cert_done: 0 })))
        .returning({ id: rksvCards.id, order_id: rksvCards.order_id });
      await agreeOn(t, ids);
      const ofOrder = (id: number) => cards.filter((x) => x.order_id === id).map((x) => x.id);
      await t.db
        .update(rksvCards)
        .set({ cert_done: 1, serial_number: sql`'SN-' || ${rksvCards.id}` }) // one serial per card (unique index)
        .where(inArray(rksvCards.order_id, [a, b]));
      await agreeOn(t, ids);
      await t.db
        .update(rksvCards)
        .set({ activated_at: new Date() })
        .where(inArray(rksvCards.id, [ofOrder(b)[0]!]));
      await agreeOn(t, ids);
      // A card moved to another order changes both; a deleted card leaves its order.
      await t.db
        .update(rksvCards)
        .set({ order_id: c })
        .where(inArray(rksvCards.id, [ofOrder(b)[0]!]));
      await t.db.delete(rksvCards).where(inArray(rksvCards.id, ofOrder(d)));
      await agreeOn(t, ids);
      const summary = await t.db
        .select({ id: rksvOrders.id, pending: rksvOrders.cards_pending, activated: rksvOrders.cards_activated })
        .from(rksvOrders)
        .where(inArray(rksvOrders.id, ids))
        .orderBy(asc(rksvOrders.id));
      assert.deepEqual(
        summary.map((r) => [r.pending, r.activated]),
        [
          [0, 0],
          [0, 0],
          [1, 1],
          [0, 0],
        ],
      );
    });
  });
}
