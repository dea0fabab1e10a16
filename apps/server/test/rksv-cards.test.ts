import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { and, eq, sql } from 'drizzle-orm';
import {
  CARD_STATE_DE,
  CARD_TRANSITION_TARGETS,
  CARD_TRANSITIONS,
  mayTransition,
  RKSV_CARDS_MSG as M,
  RKSV_DEADLINE_COUNT_CAP,
  rksvCardLifeSchema,
  rksvDeadlineListSchema,
  type CardState,
  type RksvCardLife,
} from '@portal/shared';
import { customers, rksvCards, rksvOrderActivity, rksvOrders, rksvOutages } from '../src/db/schema/index.js';
import { refreshCardDeadline } from '../src/modules/rksv-orders/card-deadline.js';
import { recomputeTypeDeadlines, staleCardTypes } from '../src/modules/rksv-orders/card-types.js';
import { runCardDeadlineJob } from '../src/modules/rksv-orders/deadline-reminders.js';
import { insertSampleOrder } from '../src/modules/rksv-orders/sample-orders.js';
import { addUser, bearer, createTestApp, dbTargets, login, type TestApp } from './helpers.js';

/** A signature card's life (issue 32): transitions, the Jahresbeleg, outages reported, card types, the deadline list. */
const NOW = new Date('2026-11-27T10:00:00Z');
const DAY = 86_400_000;
const ago = (days: number) => new Date(NOW.getTime() - days * DAY);
/** Activation of the cards made here: 30 days before now. */
const ACTIVATED = ago(30);

for (const target of dbTargets()) {
  describe(`RKSV card life API (${target})`, () => {
    let t: TestApp;
    const tok: Record<string, string> = {};
    const ids: Record<string, number> = {};
    let n = 0;

    const call = (who: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: tok[who] ? bearer(tok[who]) : {}, ...(payload ? { payload } : {}) });
    const life = async (who: string, cardId: number): Promise<RksvCardLife> => {
      const res = await call(who, 'GET', `/api/rksv-card/${cardId}`);
      assert.equal(res.statusCode, 200, res.body);
      return rksvCardLifeSchema.parse(res.json());
    };
    const move = (who: string, cardId: number, to: string, extra: object = {}) =>
      call(who, 'POST', '/api/rksv-card-transition', { cardId, to, ...extra });
    const activityOf = (cardId: number) =>
      t.db.select().from(rksvOrderActivity).where(eq(rksvOrderActivity.card_id, cardId));
    const cardRow = async (cardId: number) => (await t.db.select().from(rksvCards).where(eq(rksvCards.id, cardId)))[0]!;
    const refresh = (cardIds: number[]) => t.db.transaction((tx) => refreshCardDeadline(tx, cardIds, NOW));

    /** A card of its own order in a state, as the workflow and the transitions would leave it. */
    async function makeCard(
      state: CardState,
      opts: {
        agentId?: number | null;
        set?: Partial<typeof rksvCards.$inferInsert>;
        companyname?: string;
        customerId?: number;
        lang?: 'de' | 'ar';
      } = {},
    ): Promise<{ cardId: number; orderId: number }> {
      const stage =
        state === 'ordered'
          ? 'open'
          : state === 'serial_entered'
            ? 'created'
            : state === 'delivered'
              ? 'delivery'
              : 'completed';
      const order = await insertSampleOrder(t.db, t.config, {
        companyname: opts.companyname ?? `Karte ${++n}`,
        customername: 'Kunde',
        stage,
        qty: 1,
        agentId: opts.agentId === undefined ? ids.anna : opts.agentId,
        payedAt: ago(40),
        lang: opts.lang,
      });
      const cardId = order.cardIds[0]!;
      const inUse = { activated_at: ACTIVATED, registered_at: ago(29), startbeleg_checked_at: ago(28) };
      const set: Partial<typeof rksvCards.$inferInsert> = {
        ...(state === 'activated' && { activated_at: ACTIVATED }),
        ...(state === 'registered' && { activated_at: ACTIVATED, registered_at: ago(29) }),
        ...(['in_use', 'outage'].includes(state) && inUse),
        ...(state === 'expiring' && { ...inUse, valid_until: '2027-01-15' }),
        ...(state === 'expired' && { ...inUse, valid_until: '2026-11-01' }),
        ...(state === 'replaced' && { ...inUse, replaced_at: ago(2) }),
        ...(state === 'deregistered' && { ...inUse, replaced_at: ago(2), deregistered_at: ago(1) }),
        ...(state === 'defective' && { activated_at: ACTIVATED, registered_at: ago(29), defective_at: ago(3) }),
        ...(stage !== 'completed' && { activated_at: null }),
        ...opts.set,
      };
      await t.db.update(rksvCards).set(set).where(eq(rksvCards.id, cardId));
      if (opts.customerId)
        await t.db.update(rksvOrders).set({ customer_id: opts.customerId }).where(eq(rksvOrders.id, order.id));
      if (state === 'outage')
        await t.db
          .insert(rksvOutages)
          .values({ card_id: cardId, order_id: order.id, started_at: ago(1), reason: 'Kartenleser' });
      await refresh([cardId]);
      return { cardId, orderId: order.id };
    }

    before(async () => {
      t = await createTestApp(target, { LOGIN_RATE_LIMIT: '1000' }, { clock: () => NOW });
      const people = {
        admin: { role: 'admin', flags: ['rksv'] },
        anna: { role: 'agent', flags: ['rksv'] },
        ben: { role: 'agent', flags: ['rksv', 'rksv_orders'] },
        carl: { role: 'agent', flags: ['rksv'] },
        tasksOnly: { role: 'agent', flags: ['tasks'] },
      } as const;
      for (const [name, p] of Object.entries(people)) {
        const u = await addUser(t.db, { role: p.role, flags: [...p.flags], name });
        ids[name] = u.id;
        tok[name] = await login(t.app, u.email, u.password);
      }
    });
    after(() => t.close());

    it('GET a card: its state, deadlines and transitions; 401, 403 without the rksv flag, 404 for another agent', async () => {
      const { cardId, orderId } = await makeCard('activated');
      assert.equal((await call('anon', 'GET', `/api/rksv-card/${cardId}`)).statusCode, 401);
      assert.equal((await call('tasksOnly', 'GET', `/api/rksv-card/${cardId}`)).statusCode, 403);
      const other = await call('ben', 'GET', `/api/rksv-card/${cardId}`);
      assert.equal(other.statusCode, 404);
      assert.equal(other.json().code, M.cardNotFound.code);
      assert.equal((await call('admin', 'GET', '/api/rksv-card/99999999')).statusCode, 404);
      const got = await life('anna', cardId);
      assert.equal(got.state, 'activated');
      assert.equal(got.order.id, orderId);
      assert.equal(got.order.agent_name, 'anna');
      // Registration within 7 days of the activation (28 October in Vienna).
      assert.deepEqual(got.next_deadline, { kind: 'registration', due: '2026-11-04' });
      assert.deepEqual(got.transitions, ['registered', 'defective', 'replaced']);
      assert.equal(got.card.valid_until, '2031-10-28');
      assert.deepEqual((await life('admin', cardId)).state, 'activated');
      // The stored deadline is the card's in the order's answer too.
      const card = await cardRow(cardId);
      assert.equal(card.next_deadline_at, '2026-11-04');
      assert.equal(card.next_deadline_kind, 'registration');
    });

    it('the activation and a recorded outage write the stored deadline in their transaction; the order answers state and deadline', async () => {
      const { cardId, orderId } = await makeCard('delivered');
      assert.equal((await cardRow(cardId)).next_deadline_at, null);
      const res = await call('anna', 'POST', '/api/rksv-activate-card', {
        cardId,
        kassenid: 'KASSE-1',
        cert_sn: '0CE1',
      });
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.json().state, 'activated');
      // Activated now (27 November in Vienna): registration within a week.
      assert.deepEqual(res.json().next_deadline, { kind: 'registration', due: '2026-12-04' });
      const row = await cardRow(cardId);
      assert.deepEqual([row.next_deadline_kind, row.next_deadline_at], ['registration', '2026-12-04']);
      const outage = await call('anna', 'POST', '/api/rksv-outages', {
        cardId,
        started_at: ago(3).toISOString(),
        reason: 'Lesegerät',
      });
      assert.equal(outage.statusCode, 201, outage.body);
      const after = await cardRow(cardId);
      // Started three days ago, open: reportable, due a week after its start.
      assert.deepEqual([after.next_deadline_kind, after.next_deadline_at], ['outage_report', '2026-12-01']);
      const order = await call('anna', 'GET', `/api/rksv-order/${orderId}`);
      assert.equal(order.statusCode, 200, order.body);
      const card = order.json().cards.find((c: { id: number }) => c.id === cardId);
      assert.equal(card.state, 'outage');
      assert.deepEqual(card.next_deadline, { kind: 'outage_report', due: '2026-12-01' });
    });

    it('every refused transition answers 409 naming both states in German and changes nothing', async () => {
      for (const from of Object.keys(CARD_TRANSITIONS) as CardState[]) {
        const { cardId } = await makeCard(from);
        assert.equal((await life('anna', cardId)).state, from, `made ${from}`);
        const before = await cardRow(cardId);
        const acts = (await activityOf(cardId)).length;
        const outages = (await t.db.select().from(rksvOutages).where(eq(rksvOutages.card_id, cardId))).length;
        for (const to of CARD_TRANSITION_TARGETS) {
          if (mayTransition(from, to)) continue;
          const res = await move('anna', cardId, to, { note: 'Grund' });
          assert.equal(res.statusCode, 409, `${from} → ${to}: ${res.body}`);
          const body = res.json();
          assert.equal(body.code, M.transitionRefused.code);
          assert.equal(
            body.message,
            `Die Karte kann nicht von „${CARD_STATE_DE[from]}“ nach „${CARD_STATE_DE[to]}“ wechseln.`,
          );
          assert.deepEqual(body.params, {
            from: CARD_STATE_DE[from],
            to: CARD_STATE_DE[to],
            from_state: from,
            to_state: to,
          });
        }
        assert.deepEqual(await cardRow(cardId), before, `${from}: the card is unchanged`);
        assert.equal((await activityOf(cardId)).length, acts);
        assert.equal((await t.db.select().from(rksvOutages).where(eq(rksvOutages.card_id, cardId))).length, outages);
      }
    });

    it('each allowed transition writes its field and one activity row, and answers the new state', async () => {
      const field: Record<string, keyof typeof rksvCards.$inferSelect | null> = {
        registered: 'registered_at',
        in_use: 'startbeleg_checked_at',
        outage: null,
        defective: 'defective_at',
        replaced: 'replaced_at',
        deregistered: 'deregistered_at',
      };
      for (const from of Object.keys(CARD_TRANSITIONS) as CardState[]) {
        for (const to of CARD_TRANSITION_TARGETS) {
          if (!mayTransition(from, to)) continue;
          const { cardId } = await makeCard(from);
          const at = new Date(NOW.getTime() - 3_600_000).toISOString();
          const before = await cardRow(cardId);
          const res = await move('anna', cardId, to, { at, note: to === 'outage' ? 'Kartenleser defekt' : null });
          assert.equal(res.statusCode, 200, `${from} → ${to}: ${res.body}`);
          const answer = rksvCardLifeSchema.parse(res.json());
          assert.equal(answer.state, to, `${from} → ${to}`);
          const acts = await activityOf(cardId);
          const states = acts.filter((a) => a.action === 'card_state');
          assert.equal(states.length, 1, `${from} → ${to}: one activity row`);
          assert.deepEqual(states[0]!.details, { from, to, at, note: to === 'outage' ? 'Kartenleser defekt' : null });
          assert.equal(states[0]!.user_id, ids.anna);
          const after = await cardRow(cardId);
          const col = to === 'in_use' && from === 'outage' ? null : field[to];
          if (col) assert.equal((after[col] as Date).toISOString(), at, `${from} → ${to}: ${col}`);
          const outages = await t.db.select().from(rksvOutages).where(eq(rksvOutages.card_id, cardId));
          if (to === 'outage') {
            assert.equal(outages.length, 1);
            assert.equal(outages[0]!.reason, 'Kartenleser defekt');
            assert.equal(outages[0]!.started_at.toISOString(), at);
          }
          if (from === 'outage' && to === 'in_use') {
            assert.equal(outages[0]!.ended_at!.toISOString(), at, 'the outage ends');
            assert.equal(after.startbeleg_checked_at!.toISOString(), before.startbeleg_checked_at!.toISOString());
          }
          assert.equal(answer.history[0]!.action, 'card_state');
        }
      }
    });

    it('checks when: not in the future, not before the activation; an outage needs its reason; at defaults to now', async () => {
      const { cardId } = await makeCard('activated');
      const future = await move('anna', cardId, 'registered', {
        at: new Date(NOW.getTime() + 5 * 60_000).toISOString(),
      });
      assert.equal(future.statusCode, 400);
      assert.deepEqual(
        future.json().errors.map((e: { field: string }) => e.field),
        ['at'],
      );
      assert.equal(future.json().code, M.atInFuture.code);
      const early = await move('anna', cardId, 'registered', { at: ago(31).toISOString() });
      assert.equal(early.statusCode, 400);
      assert.equal(early.json().errors[0].field, 'at');
      assert.equal(early.json().code, M.atBeforeActivation.code);
      const ok = await move('anna', cardId, 'registered');
      assert.equal(ok.statusCode, 200, ok.body);
      assert.equal((await cardRow(cardId)).registered_at!.toISOString(), NOW.toISOString());
      const { cardId: used } = await makeCard('in_use');
      const noNote = await move('anna', used, 'outage');
      assert.equal(noNote.statusCode, 400);
      assert.equal(noNote.json().errors[0].field, 'note');
      assert.equal(noNote.json().code, M.outageReasonRequired.code);
      assert.equal((await move('ben', used, 'outage', { note: 'x' })).statusCode, 404, "another agent's card");
      assert.equal((await move('tasksOnly', used, 'outage', { note: 'x' })).statusCode, 403);
    });

    it('two transitions of one card at once: one wins, the other is refused with 409', async () => {
      const { cardId } = await makeCard('activated');
      const res = await Promise.all([move('anna', cardId, 'registered'), move('admin', cardId, 'registered')]);
      assert.deepEqual(res.map((r) => r.statusCode).sort(), [200, 409]);
      assert.equal((await activityOf(cardId)).filter((a) => a.action === 'card_state').length, 1);
      const { cardId: other } = await makeCard('in_use');
      const both = await Promise.all([
        move('anna', other, 'outage', { note: 'Stromausfall' }),
        move('anna', other, 'outage', { note: 'Stromausfall' }),
      ]);
      assert.deepEqual(both.map((r) => r.statusCode).sort(), [200, 409]);
      assert.equal((await t.db.select().from(rksvOutages).where(eq(rksvOutages.card_id, other))).length, 1);
    });

    it('Jahresbeleg: activated cards only, the years from the activation to now, once each; the card keeps the contiguous year', async () => {
      const { cardId: notYet } = await makeCard('delivered');
      const refused = await call('anna', 'POST', '/api/rksv-jahresbeleg', {
        cardId: notYet,
        year: 2025,
        checked_at: NOW.toISOString(),
      });
      assert.equal(refused.statusCode, 409);
      assert.equal(refused.json().code, M.jahresbelegNotActivated.code);
      const { cardId } = await makeCard('in_use', { set: { activated_at: new Date('2023-05-02T08:00:00Z') } });
      const check = (year: number, checked_at = ago(1).toISOString()) =>
        call('anna', 'POST', '/api/rksv-jahresbeleg', { cardId, year, checked_at });
      // Before the activation's year, and this year (its December receipt is made on 31 December).
      for (const year of [2022, 2026]) {
        const res = await check(year);
        assert.equal(res.statusCode, 400, `${year}`);
        assert.equal(res.json().errors[0].field, 'year');
      }
      // 2024 first: 2023 is still open, so the card's year stays empty and 2023's receipt is due.
      let res = await check(2024);
      assert.equal(res.statusCode, 200, res.body);
      let got = rksvCardLifeSchema.parse(res.json());
      assert.equal(got.card.jahresbeleg_year, null);
      assert.equal(got.deadlines.find((d) => d.kind === 'jahresbeleg')!.due, '2024-02-15');
      res = await check(2023);
      got = rksvCardLifeSchema.parse(res.json());
      assert.equal(got.card.jahresbeleg_year, 2024);
      assert.equal(got.deadlines.find((d) => d.kind === 'jahresbeleg')!.due, '2026-02-15');
      assert.equal(got.card.jahresbeleg_due, '2026-02-15');
      assert.deepEqual(
        got.jahresbelege.map((j) => j.year),
        [2024, 2023],
      );
      assert.equal(got.jahresbelege[0]!.user_name, 'anna');
      const twice = await check(2023);
      assert.equal(twice.statusCode, 409);
      assert.equal(twice.json().code, M.jahresbelegTwice.code);
      // A check dated before the receipt exists (31 December in Vienna) is refused at its day.
      const early = await check(2025, '2025-12-30T12:00:00Z');
      assert.equal(early.statusCode, 400);
      assert.equal(early.json().errors[0].field, 'checked_at');
      assert.equal(early.json().code, M.jahresbelegTooEarly.code);
      const parallel = await Promise.all([check(2025), check(2025)]);
      assert.deepEqual(parallel.map((r) => r.statusCode).sort(), [200, 409]);
      assert.equal((await cardRow(cardId)).jahresbeleg_year, 2025);
      assert.equal((await activityOf(cardId)).filter((a) => a.action === 'jahresbeleg').length, 3);
      assert.equal(
        (await call('ben', 'POST', '/api/rksv-jahresbeleg', { cardId, year: 2025, checked_at: NOW.toISOString() }))
          .statusCode,
        404,
      );
    });

    it('an outage of more than 48 h is reported once; its deadline goes', async () => {
      const { cardId, orderId } = await makeCard('in_use');
      const [long] = await t.db
        .insert(rksvOutages)
        .values({ card_id: cardId, order_id: orderId, started_at: ago(3), reason: 'Defekt' })
        .returning();
      const [short] = await t.db
        .insert(rksvOutages)
        .values({ card_id: cardId, order_id: orderId, started_at: ago(10), ended_at: ago(9.5), reason: 'Kurz' })
        .returning();
      await refresh([cardId]);
      let got = await life('anna', cardId);
      assert.deepEqual(got.next_deadline, { kind: 'outage_report', due: '2026-12-01' });
      const report = (outageId: number) =>
        call('anna', 'POST', '/api/rksv-outage-reported', { outageId, reported_at: NOW.toISOString() });
      const notReportable = await report(short!.id);
      assert.equal(notReportable.statusCode, 409);
      assert.equal(notReportable.json().code, M.outageNotReportable.code);
      const res = await report(long!.id);
      assert.equal(res.statusCode, 200, res.body);
      got = rksvCardLifeSchema.parse(res.json());
      assert.ok(!got.deadlines.some((d) => d.kind === 'outage_report'));
      assert.equal(got.outages.find((o) => o.id === long!.id)!.reported_at, NOW.toISOString());
      assert.equal((await cardRow(cardId)).next_deadline_kind, got.next_deadline!.kind);
      const again = await report(long!.id);
      assert.equal(again.statusCode, 409);
      assert.equal(again.json().code, M.outageReportedTwice.code);
      assert.equal((await report(99999999)).statusCode, 404);
      assert.equal(
        (await call('ben', 'POST', '/api/rksv-outage-reported', { outageId: long!.id, reported_at: NOW.toISOString() }))
          .statusCode,
        404,
      );
      assert.equal((await activityOf(cardId)).filter((a) => a.action === 'outage_reported').length, 1);
    });

    it("PUT a card's type and validity: an unknown type is refused at its field; the replacement deadline follows the type", async () => {
      const { cardId } = await makeCard('in_use');
      const put = (body: object) => call('anna', 'PUT', `/api/rksv-card/${cardId}`, body);
      const unknown = await put({ card_type: 'Karte X', valid_until: null });
      assert.equal(unknown.statusCode, 400);
      assert.equal(unknown.json().errors[0].field, 'card_type');
      assert.equal(unknown.json().code, M.cardTypeUnknown.code);
      const res = await put({ card_type: 'ACOS-ID 2.1', valid_until: '2027-02-01' });
      assert.equal(res.statusCode, 200, res.body);
      const got = rksvCardLifeSchema.parse(res.json());
      assert.equal(got.card.card_type, 'ACOS-ID 2.1');
      assert.equal(got.state, 'expiring');
      assert.deepEqual(
        got.deadlines.filter((d) => d.kind === 'renewal' || d.kind === 'replacement'),
        [
          { kind: 'renewal', due: '2026-11-03' },
          { kind: 'replacement', due: '2027-04-30' },
        ],
      );
      const acts = (await activityOf(cardId)).filter((a) => a.action === 'card_details');
      assert.equal(acts.length, 1);
      assert.deepEqual(acts[0]!.details, {
        card_type: 'ACOS-ID 2.1',
        valid_until: '2027-02-01',
        previous: { card_type: null, valid_until: null },
      });
    });

    it('card types: the list with counts; admins keep it; twice, in use; a new approval end recomputes the cards in batches', async () => {
      const types = async () => {
        const res = await call('anna', 'GET', '/api/rksv-card-types');
        assert.equal(res.statusCode, 200, res.body);
        return res.json() as { name: string; approval_ends: string | null; cards: number }[];
      };
      const before = await types();
      assert.deepEqual(
        before.map((x) => x.name),
        ['ACOS-ID 2.1', 'CardOS 5.3'],
      );
      const put = (who: string, list: object[]) => call(who, 'PUT', '/api/rksv-card-types', { types: list });
      const keep = [
        { name: 'ACOS-ID 2.1', approval_ends: '2027-04-30' },
        { name: 'CardOS 5.3', approval_ends: null },
      ];
      assert.equal((await put('anna', keep)).statusCode, 403);
      const twice = await put('admin', [...keep, { name: 'cardos 5.3', approval_ends: null }]);
      assert.equal(twice.statusCode, 400);
      assert.equal(twice.json().code, M.cardTypeTwice.code);
      const { cardId } = await makeCard('in_use', { set: { card_type: 'CardOS 5.3' } });
      const inUse = await put('admin', [keep[0]!]);
      assert.equal(inUse.statusCode, 409);
      assert.equal(inUse.json().code, M.cardTypeInUse.code);
      const added = await put('admin', [...keep, { name: 'Neue Karte', approval_ends: null }]);
      assert.equal(added.statusCode, 200, added.body);
      const after = await types();
      assert.equal(after.find((x) => x.name === 'CardOS 5.3')!.cards, 1);
      assert.equal(after.find((x) => x.name === 'Neue Karte')!.cards, 0);
      assert.equal((await put('admin', keep)).statusCode, 200, 'an unused type goes');

      // CardOS 5.3 loses its approval: the card's deadline follows once the background work ran.
      const res = await put('admin', [keep[0]!, { name: 'CardOS 5.3', approval_ends: '2026-12-10' }]);
      assert.equal(res.statusCode, 200, res.body);
      for (let i = 0; i < 100 && (await cardRow(cardId)).next_deadline_kind !== 'replacement'; i++)
        await new Promise((r) => setTimeout(r, 20));
      const row = await cardRow(cardId);
      assert.deepEqual([row.next_deadline_kind, row.next_deadline_at], ['replacement', '2026-12-10']);
      // The change is marked until its recompute has been through every card of the type.
      for (let i = 0; i < 100 && (await staleCardTypes(t.db)).length; i++) await new Promise((r) => setTimeout(r, 20));
      assert.deepEqual(await staleCardTypes(t.db), []);

      // Batches: 2,500 cards of one type, every deadline written (the recompute pages through them).
      const { orderId } = await makeCard('in_use', { agentId: ids.carl });
      await t.db.insert(rksvCards).values(
        Array.from({ length: 2500 }, () => ({
          order_id: orderId,
          cert_done: 1,
          activated_at: ACTIVATED,
          card_type: 'ACOS-ID 2.1',
          registered_at: ago(29),
          startbeleg_checked_at: ago(28),
          jahresbeleg_year: 2026,
        })),
      );
      await t.db.execute(sql`update rksv_card_types set approval_ends = '2027-01-31' where name = 'ACOS-ID 2.1'`);
      const changed = await recomputeTypeDeadlines({ db: t.db, clock: () => NOW }, ['ACOS-ID 2.1']);
      assert.ok(changed >= 2500, `${changed}`);
      // The order's ACOS-ID 2.1 cards whose stored deadline is not `day`.
      const notDueOn = async (day: string) => {
        const [row] = await t.db
          .select({ n: sql<number>`count(*)::int` })
          .from(rksvCards)
          .where(
            and(
              eq(rksvCards.order_id, orderId),
              eq(rksvCards.card_type, 'ACOS-ID 2.1'),
              sql`next_deadline_at is distinct from ${day}::date`,
            ),
          );
        return Number(row!.n);
      };
      assert.equal(await notDueOn('2027-01-31'), 0);

      // A recompute cut off (the process ended after the change was saved): the mark stays, and the
      // nightly job finishes it and clears it.
      await t.db.execute(
        sql`update rksv_card_types set approval_ends = '2027-02-28', deadlines_stale_since = now() where name = 'ACOS-ID 2.1'`,
      );
      assert.deepEqual(await staleCardTypes(t.db), ['ACOS-ID 2.1']);
      const night = await runCardDeadlineJob({ db: t.db, config: t.config, clock: () => NOW });
      assert.ok(night.refreshed >= 2500, JSON.stringify(night));
      assert.equal(await notDueOn('2027-02-28'), 0);
      assert.deepEqual(await staleCardTypes(t.db), []);
    });

    it('the deadline list: most urgent first, each filter, keyset pages, counts per kind (capped), an agent sees their own', async () => {
      const [vienna] = await t.db
        .insert(customers)
        .values({ kundennummer: 'K-CARDS-1', firma: 'Wiener Kunde', country_id: 1 })
        .returning({ id: customers.id });
      const [cairo] = await t.db
        .insert(customers)
        .values({ kundennummer: 'K-CARDS-2', firma: 'Kairoer Kunde', country_id: 2 })
        .returning({ id: customers.id });
      const mine = {
        registration: await makeCard('activated', {
          agentId: ids.ben,
          customerId: vienna!.id,
          companyname: 'Gasthaus Fristenlauf',
        }),
        startbeleg: await makeCard('registered', { agentId: ids.ben, customerId: cairo!.id }),
        outage: await makeCard('in_use', { agentId: ids.ben }),
        defective: await makeCard('defective', { agentId: ids.ben }),
      };
      await t.db
        .insert(rksvOutages)
        .values({ card_id: mine.outage.cardId, order_id: mine.outage.orderId, started_at: ago(3), reason: 'x' });
      await refresh([mine.outage.cardId]);
      const list = async (who: string, query: string) => {
        const res = await call(who, 'GET', `/api/rksv-deadlines${query}`);
        assert.equal(res.statusCode, 200, res.body);
        return rksvDeadlineListSchema.parse(res.json());
      };
      const bens = await list('ben', '');
      // defective: replace now (24 Nov); registration 4 Nov; startbeleg 5 Dec (registered 29 Oct + 7); outage report 1 Dec.
      assert.deepEqual(
        bens.items.map((i) => [i.card_id, i.kind, i.due, i.state]),
        [
          [mine.registration.cardId, 'registration', '2026-11-04', 'activated'],
          [mine.defective.cardId, 'replacement', '2026-11-24', 'defective'],
          [mine.outage.cardId, 'outage_report', '2026-12-01', 'outage'],
          [mine.startbeleg.cardId, 'startbeleg', '2026-11-05', 'registered'],
        ].sort((a, b) => String(a[2]).localeCompare(String(b[2])) || Number(a[0]) - Number(b[0])),
      );
      assert.ok(bens.items.every((i) => i.agent_id === ids.ben && i.agent_name === 'ben'));
      assert.deepEqual(bens.counts, {
        registration: 1,
        startbeleg: 1,
        jahresbeleg: 0,
        outage_report: 1,
        renewal: 0,
        replacement: 1,
      });
      assert.deepEqual(bens.counts_capped, []);
      // An agent asking for another's cards still gets only their own.
      assert.equal((await list('ben', `?agent_id=${ids.anna}`)).items.length, 0);
      assert.deepEqual(
        (await list('admin', `?agent_id=${ids.ben}`)).items.map((i) => i.card_id),
        bens.items.map((i) => i.card_id),
      );
      // Filters: kind (counts stay those of the other filters), due_before, country, q.
      const kind = await list('ben', '?kind=startbeleg');
      assert.deepEqual(
        kind.items.map((i) => i.card_id),
        [mine.startbeleg.cardId],
      );
      assert.deepEqual(kind.counts, bens.counts);
      assert.deepEqual(
        (await list('ben', '?due_before=2026-11-05')).items.map((i) => i.card_id),
        [mine.registration.cardId, mine.startbeleg.cardId],
      );
      assert.deepEqual(
        (await list('ben', '?country=1')).items.map((i) => i.card_id),
        [mine.registration.cardId],
      );
      assert.deepEqual(
        (await list('ben', '?country=2')).items.map((i) => i.card_id),
        [mine.startbeleg.cardId],
      );
      assert.deepEqual(
        (await list('ben', '?q=fristenlauf')).items.map((i) => i.card_id),
        [mine.registration.cardId],
      );
      assert.deepEqual(
        (await list('ben', '?q=K-CARDS-2')).items.map((i) => i.card_id),
        [mine.startbeleg.cardId],
      );
      const serial = (await cardRow(mine.outage.cardId)).serial_number!;
      assert.deepEqual(
        (await list('ben', `?q=${encodeURIComponent(serial.toLowerCase())}`)).items.map((i) => i.card_id),
        [mine.outage.cardId],
      );
      // Keyset pages of one.
      const seen: number[] = [];
      let cursor: string | null = null;
      do {
        const page: Awaited<ReturnType<typeof list>> = await list(
          'ben',
          `?limit=1${cursor ? `&cursor=${cursor}` : ''}`,
        );
        seen.push(...page.items.map((i) => i.card_id));
        cursor = page.nextCursor;
      } while (cursor);
      assert.deepEqual(
        seen,
        bens.items.map((i) => i.card_id),
      );
      assert.equal((await call('ben', 'GET', '/api/rksv-deadlines?cursor=x')).statusCode, 400);
      assert.equal((await call('tasksOnly', 'GET', '/api/rksv-deadlines')).statusCode, 403);
      // The 2,500 cards of carl's order: their kind is counted up to the cap.
      const carls = await list('admin', `?agent_id=${ids.carl}`);
      assert.equal(carls.counts.replacement, RKSV_DEADLINE_COUNT_CAP);
      assert.deepEqual(carls.counts_capped, ['replacement']);
      // The card follows its order's agent and its customer's country (kept on the card by triggers).
      const moved = await call('admin', 'POST', '/api/rksv-assign-agent', {
        orderId: mine.outage.orderId,
        agentId: ids.carl,
      });
      assert.equal(moved.statusCode, 200, moved.body);
      assert.ok(!(await list('ben', '')).items.some((i) => i.card_id === mine.outage.cardId));
      assert.ok((await list('carl', '?kind=outage_report')).items.some((i) => i.card_id === mine.outage.cardId));
      await t.db.update(customers).set({ country_id: 1 }).where(eq(customers.id, cairo!.id));
      assert.deepEqual((await list('ben', '?country=2')).items, []);
      assert.deepEqual(
        (await list('ben', '?country=1')).items.map((i) => i.card_id),
        [mine.registration.cardId, mine.startbeleg.cardId],
      );
      await t.db.update(rksvOrders).set({ customer_id: null }).where(eq(rksvOrders.id, mine.registration.orderId));
      assert.deepEqual(
        (await list('ben', '?country=1')).items.map((i) => i.card_id),
        [mine.startbeleg.cardId],
      );
      const all = await list('admin', '?limit=200');
      for (let i = 1; i < all.items.length; i++) {
        const [a, b] = [all.items[i - 1]!, all.items[i]!];
        assert.ok(a.due < b.due || (a.due === b.due && a.card_id < b.card_id), 'most urgent first');
      }
    });
  });
}
