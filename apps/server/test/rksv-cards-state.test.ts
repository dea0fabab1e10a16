import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { asc, eq, inArray } from 'drizzle-orm';
import { CARD_STATES, cardState, type CardState, type RksvStage } from '@portal/shared';
import { rksvCards, rksvOrders, rksvOutages } from '../src/db/schema/index.js';
import { lifeOf } from '../src/modules/rksv-orders/card-deadline.js';
import { cardStateSql } from '../src/modules/rksv-orders/card-state-sql.js';
import { insertSampleOrder } from '../src/modules/rksv-orders/sample-orders.js';
import { createTestApp, dbTargets, type TestApp } from './helpers.js';

/**
 * A card's state is one rule (packages/shared `cardState`); the lists answer it from its SQL mirror
 * (card-state-sql.ts) with "now" as a parameter. Cards in every state are written, and at every instant
 * of the list (the certificate's edges in Vienna, on both sides of midnight, in winter and summer time,
 * and a leap day) both sides must give each card the same state.
 */
const A = new Date('2026-05-04T08:00:00Z');
const DAY = 86_400_000;
const at = (days: number) => new Date(A.getTime() + days * DAY);

type Setup = { stage: RksvStage; set?: Partial<typeof rksvCards.$inferInsert>; outage?: 'open' | 'closed' };
const inUse = { activated_at: A, registered_at: at(1), startbeleg_checked_at: at(2) };
const CASES: Record<string, Setup> = {
  ordered: { stage: 'open' },
  serialEntered: { stage: 'created' },
  delivered: { stage: 'delivery' },
  activated: { stage: 'completed', set: { activated_at: A } },
  registered: { stage: 'completed', set: { activated_at: A, registered_at: at(1) } },
  inUse: { stage: 'completed', set: inUse },
  outage: { stage: 'completed', set: inUse, outage: 'open' },
  outageOver: { stage: 'completed', set: inUse, outage: 'closed' },
  // The certificate's end as set: expiring from 17 March 2030 (90 days before), expired from 16 June.
  edge: { stage: 'completed', set: { ...inUse, valid_until: '2030-06-15' } },
  // Activated on a leap day: valid until 28 February 2029, expired from 1 March.
  leap: { stage: 'completed', set: { ...inUse, activated_at: new Date('2024-02-29T10:00:00Z') } },
  expiredWithOutage: { stage: 'completed', set: { ...inUse, valid_until: '2026-05-10' }, outage: 'open' },
  replaced: { stage: 'completed', set: { ...inUse, replaced_at: at(3), defective_at: at(2) } },
  deregistered: { stage: 'completed', set: { ...inUse, replaced_at: at(3), deregistered_at: at(4) } },
  defective: {
    stage: 'completed',
    set: { activated_at: A, registered_at: at(1), defective_at: at(2), valid_until: '2026-06-01' },
  },
};

/** Instants around the edges (Vienna: UTC+1 in winter, UTC+2 in summer). */
const INSTANTS: Record<string, Date> = {
  now: at(10),
  beforeExpiring: new Date('2030-03-16T22:30:00Z'), // 16 March 23:30 in Vienna
  expiringFrom: new Date('2030-03-16T23:30:00Z'), // 17 March 00:30 in Vienna
  lastValid: new Date('2030-06-15T21:59:00Z'), // 15 June 23:59 in Vienna
  expiredFrom: new Date('2030-06-15T22:01:00Z'), // 16 June 00:01 in Vienna
  leapLastValid: new Date('2029-02-28T22:30:00Z'), // 28 February 23:30 in Vienna
  leapExpired: new Date('2029-02-28T23:30:00Z'), // 1 March 00:30 in Vienna
};

const EXPECTED: [string, string, CardState][] = [
  ['ordered', 'now', 'ordered'],
  ['serialEntered', 'now', 'serial_entered'],
  ['delivered', 'now', 'delivered'],
  ['activated', 'now', 'activated'],
  ['registered', 'now', 'registered'],
  ['inUse', 'now', 'in_use'],
  ['outage', 'now', 'outage'],
  ['outageOver', 'now', 'in_use'],
  ['edge', 'beforeExpiring', 'in_use'],
  ['edge', 'expiringFrom', 'expiring'],
  ['edge', 'lastValid', 'expiring'],
  ['edge', 'expiredFrom', 'expired'],
  ['leap', 'leapLastValid', 'expiring'],
  ['leap', 'leapExpired', 'expired'],
  ['expiredWithOutage', 'now', 'expired'],
  ['replaced', 'now', 'replaced'],
  ['deregistered', 'now', 'deregistered'],
  ['defective', 'now', 'defective'],
];

for (const target of dbTargets()) {
  describe(`RKSV card state rule and its SQL agree (${target})`, () => {
    let t: TestApp;
    const cardOf: Record<string, number> = {};
    before(async () => {
      t = await createTestApp(target);
      for (const [name, s] of Object.entries(CASES)) {
        const order = await insertSampleOrder(t.db, t.config, {
          companyname: name,
          customername: 'K',
          stage: s.stage,
          qty: 1,
        });
        const id = order.cardIds[0]!;
        cardOf[name] = id;
        if (s.set) await t.db.update(rksvCards).set(s.set).where(eq(rksvCards.id, id));
        if (s.outage)
          await t.db.insert(rksvOutages).values({
            card_id: id,
            order_id: order.id,
            started_at: at(5),
            ended_at: s.outage === 'closed' ? at(6) : null,
            reason: 'Test',
          });
      }
    });
    after(() => t.close());

    it('every card at every instant, and the edges land where the rule says', async () => {
      const ids = Object.values(cardOf);
      const cards = await t.db
        .select({ card: rksvCards, shipped_at: rksvOrders.shipped_at })
        .from(rksvCards)
        .innerJoin(rksvOrders, eq(rksvOrders.id, rksvCards.order_id))
        .where(inArray(rksvCards.id, ids));
      const open = new Set(
        (await t.db.select().from(rksvOutages).where(inArray(rksvOutages.card_id, ids)))
          .filter((o) => o.ended_at === null)
          .map((o) => o.card_id),
      );
      const seen = new Set<CardState>();
      const tsState = new Map<string, CardState>();
      for (const [instant, now] of Object.entries(INSTANTS)) {
        const rows = await t.db
          .select({ id: rksvCards.id, state: cardStateSql(now) })
          .from(rksvCards)
          .innerJoin(rksvOrders, eq(rksvOrders.id, rksvCards.order_id))
          .where(inArray(rksvCards.id, ids))
          .orderBy(asc(rksvCards.id));
        assert.equal(rows.length, ids.length);
        for (const r of rows) {
          const c = cards.find((x) => x.card.id === r.id)!;
          const ts = cardState({ ...lifeOf(c.card, c.shipped_at, null), open_outage: open.has(r.id) }, now);
          const name = Object.keys(cardOf).find((k) => cardOf[k] === r.id)!;
          assert.equal(r.state, ts, `${name} at ${instant}`);
          tsState.set(`${name}@${instant}`, ts);
          seen.add(ts);
        }
      }
      for (const [name, instant, state] of EXPECTED)
        assert.equal(tsState.get(`${name}@${instant}`), state, `${name} at ${instant}`);
      assert.deepEqual([...seen].sort(), [...CARD_STATES].sort(), 'every state is met');
    });
  });
}
