import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { LANGUAGES, notificationText, RKSV_CARD_MAIL_KINDS, RKSV_CARD_MAIL_TEXTS, rksvCardMail } from '@portal/shared';
import { mailOutbox, notifications, rksvCards, rksvDeadlineReminders } from '../src/db/schema/index.js';
import { eachCardBatch, refreshCardDeadline } from '../src/modules/rksv-orders/card-deadline.js';
import { runCardDeadlineJob } from '../src/modules/rksv-orders/deadline-reminders.js';
import { insertSampleOrder } from '../src/modules/rksv-orders/sample-orders.js';
import { addUser, createTestApp, dbTargets, type TestApp } from './helpers.js';

/**
 * The nightly job of the cards' deadlines (issue 32) with an injected clock: the staff are told 14 and 3
 * days before the stored deadline, the customer is mailed 30 and 7 days before a Jahresbeleg, renewal or
 * replacement, each once; a late run sends the nearest reminder due; a run twice sends nothing new; the
 * deadlines the calendar moves (and those never stored) are written.
 */
describe('the customer reminder mails', () => {
  it('say the same in every language: each kind with the same placeholders as the German text', () => {
    const names = (s: string) => [...s.matchAll(/{{(\w+)}}/g)].map((m) => m[1]).sort();
    for (const lang of LANGUAGES)
      for (const kind of RKSV_CARD_MAIL_KINDS) {
        const t = RKSV_CARD_MAIL_TEXTS[lang];
        const de = RKSV_CARD_MAIL_TEXTS.de;
        assert.deepEqual(names(t.subject[kind]), names(de.subject[kind]), `${lang} ${kind} subject`);
        assert.deepEqual(names(t.body[kind].join(' ')), names(de.body[kind].join(' ')), `${lang} ${kind}`);
        assert.deepEqual(names(t.many.subject[kind]), names(de.many.subject[kind]), `${lang} ${kind} plural subject`);
        assert.deepEqual(
          names(t.many.body[kind].join(' ')),
          names(de.many.body[kind].join(' ')),
          `${lang} ${kind} plural`,
        );
        assert.ok(names(de.many.body[kind][0]!).includes('count'), `${kind}: the plural names how many cards`);
      }
  });

  it('name one card in the sentence, several in a list under the plural', () => {
    const base = {
      kind: 'renewal',
      name: 'Eva',
      companyname: 'Gasthaus',
      due: '01.03.2027',
      days: 30,
      validUntil: '30.05.2027',
      shopUrl: 'https://x/rksv',
      seller: 'POS',
    } as const;
    const one = rksvCardMail('de', { ...base, cards: ['SN-1'] });
    assert.equal(one.subject, 'Ihre Signaturkarte läuft ab: neue Karte bis 01.03.2027 bestellen');
    assert.match(one.text, /Signaturkarte SN-1 von Gasthaus läuft am 30\.05\.2027 ab/);
    const three = rksvCardMail('de', { ...base, cards: ['SN-1', 'SN-2', 'SN-3'] });
    assert.equal(three.subject, 'Ihre Signaturkarten laufen ab: neue Karten bis 01.03.2027 bestellen');
    assert.match(
      three.text,
      /die Zertifikate von 3 Signaturkarten von Gasthaus laufen am 30\.05\.2027 ab:\n– SN-1\n– SN-2\n– SN-3\n/,
    );
    assert.doesNotMatch(three.text, /{{/);
    assert.match(rksvCardMail('ar', { ...base, cards: ['SN-1', 'SN-2'] }).text, /2 من بطاقات التوقيع/);
  });
});

for (const target of dbTargets()) {
  describe(`RKSV card deadline reminders (${target})`, () => {
    let t: TestApp;
    let clock = new Date('2027-01-20T05:00:00Z');
    const run = () => runCardDeadlineJob({ db: t.db, config: t.config, clock: () => clock });
    let agent: number;
    let admin: number;
    const card: Record<string, number> = {};

    async function inUseCard(
      name: string,
      s: { agentId: number | null; lang?: 'ar'; activated?: Date; set?: object; qty?: number; email?: string },
    ) {
      const order = await insertSampleOrder(t.db, t.config, {
        companyname: `Firma ${name}`,
        customername: `Kunde ${name}`,
        email: s.email ?? `${name}@kunde.at`,
        stage: 'completed',
        qty: s.qty ?? 1,
        agentId: s.agentId,
        lang: s.lang,
      });
      const activated = s.activated ?? new Date('2026-03-10T09:00:00Z');
      await t.db
        .update(rksvCards)
        .set({
          activated_at: activated,
          registered_at: new Date(activated.getTime() + 86_400_000),
          startbeleg_checked_at: new Date(activated.getTime() + 2 * 86_400_000),
          ...s.set,
        })
        .where(inArray(rksvCards.id, order.cardIds));
      card[name] = order.cardIds[0]!;
      // As the transitions leave it: its deadline written at the time.
      await t.db.transaction((tx) => refreshCardDeadline(tx, order.cardIds, clock));
      return order.cardIds;
    }
    const reminders = (name: string) =>
      t.db
        .select({
          kind: rksvDeadlineReminders.kind,
          due: rksvDeadlineReminders.due,
          days_before: rksvDeadlineReminders.days_before,
          audience: rksvDeadlineReminders.audience,
        })
        .from(rksvDeadlineReminders)
        .where(eq(rksvDeadlineReminders.card_id, card[name]!))
        .orderBy(asc(rksvDeadlineReminders.id));
    const notes = (userId: number) =>
      t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.user_id, userId), eq(notifications.type, 'rksv_deadline')))
        .orderBy(asc(notifications.id));
    const mailsTo = (name: string) =>
      t.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.to, `${name}@kunde.at`))
        .orderBy(asc(mailOutbox.id));

    before(async () => {
      t = await createTestApp(target);
      agent = (await addUser(t.db, { role: 'agent', flags: ['rksv'], name: 'Agnes' })).id;
      admin = (await addUser(t.db, { role: 'admin', flags: ['rksv'], name: 'Adam' })).id;
      await addUser(t.db, { role: 'admin', flags: ['tasks'], name: 'Ohne RKSV' });
      await inUseCard('arabisch', { agentId: agent, lang: 'ar' });
      await inUseCard('niemand', { agentId: null });
      // A stored deadline just past (the job missed a night): the job writes the right one.
      await inUseCard('veraltet', {
        agentId: agent,
        activated: new Date('2025-06-01T09:00:00Z'),
        set: { jahresbeleg_year: 2026 },
      });
      // A certificate that ran out (5 years after 1 December 2021): its past renewal deadline goes.
      await inUseCard('abgelaufen', {
        agentId: agent,
        activated: new Date('2021-12-01T09:00:00Z'),
        set: { jahresbeleg_year: 2026 },
      });
      // These two come with no stored deadline, as cards activated before issue 32: the job writes it.
      await t.db
        .update(rksvCards)
        .set({ next_deadline_at: null, next_deadline_kind: null })
        .where(inArray(rksvCards.id, [card.arabisch!, card.niemand!]));
      await t.db
        .update(rksvCards)
        .set({ next_deadline_at: '2027-01-15', next_deadline_kind: 'registration' })
        .where(eq(rksvCards.id, card.veraltet!));
      await t.db
        .update(rksvCards)
        .set({ next_deadline_at: '2026-09-02', next_deadline_kind: 'renewal' })
        .where(eq(rksvCards.id, card.abgelaufen!));
    });
    after(() => t.close());

    it('30 days ahead: the customer is mailed in the order language once; the deadlines were written', async () => {
      const first = await run();
      assert.ok(first.refreshed >= 4, JSON.stringify(first));
      for (const name of ['arabisch', 'niemand']) {
        const row = (await t.db.select().from(rksvCards).where(eq(rksvCards.id, card[name]!)))[0]!;
        assert.deepEqual([row.next_deadline_kind, row.next_deadline_at], ['jahresbeleg', '2027-02-15'], name);
      }
      const stale = (await t.db.select().from(rksvCards).where(eq(rksvCards.id, card.veraltet!)))[0]!;
      assert.deepEqual([stale.next_deadline_kind, stale.next_deadline_at], ['jahresbeleg', '2028-02-15']);
      const expired = (await t.db.select().from(rksvCards).where(eq(rksvCards.id, card.abgelaufen!)))[0]!;
      assert.deepEqual([expired.next_deadline_kind, expired.next_deadline_at], [null, null]);
      assert.deepEqual(await reminders('arabisch'), [
        { kind: 'jahresbeleg', due: '2027-02-15', days_before: 30, audience: 'customer' },
      ]);
      const [ar] = await mailsTo('arabisch');
      assert.match(ar!.subject, /الإيصال السنوي 2026/);
      assert.match(ar!.text, /BMF Belegcheck/);
      const [de] = await mailsTo('niemand');
      assert.equal(de!.subject, 'Jahresbeleg 2026 prüfen bis 15.02.2027');
      assert.match(de!.text, /Guten Tag Kunde niemand,/);
      assert.match(de!.text, /in 26 Tagen/);
      assert.equal((await notes(agent)).length, 0, 'no staff reminder 26 days ahead');
      const second = await run();
      assert.deepEqual([second.staff, second.customer], [0, 0]);
      assert.equal((await mailsTo('arabisch')).length, 1);
    });

    it('14 days ahead the agent (or the rksv admins) are told once; a late run sends the 3-day one and the 7-day mail; twice nothing new', async () => {
      clock = new Date('2027-02-05T05:00:00Z');
      const r = await run();
      assert.equal(r.customer, 0, 'the 30-day mail went already');
      const [n] = await notes(agent);
      assert.equal(n!.link, `/agent-dashboard/rksvactivations?card=${card.arabisch}`);
      assert.deepEqual(n!.params, {
        kind: 'rksvDeadline',
        id: card.arabisch,
        titel: 'Firma arabisch',
        comment: '15.02.2027',
      });
      assert.equal(n!.title, 'RKSV-Frist naht');
      assert.equal((await notes(admin)).length, 1, 'the order without agent: the admins with rksv');
      assert.equal((await run()).staff, 0);

      // A card that turns up two days before: only the 3-day reminder, never the 14-day one after it.
      await inUseCard('spaet', { agentId: agent });
      clock = new Date('2027-02-13T05:00:00Z');
      const late = await run();
      assert.ok(late.staff >= 3 && late.customer >= 3, JSON.stringify(late));
      assert.deepEqual(
        (await reminders('arabisch')).map((x) => `${x.audience} ${x.days_before}`),
        ['customer 30', 'staff 14', 'staff 3', 'customer 7'],
      );
      assert.deepEqual(
        (await reminders('spaet')).map((x) => `${x.audience} ${x.days_before}`),
        ['staff 3', 'customer 7'],
      );
      // The agent's two cards due the same day for the same step: one notice naming both, opening the
      // list filtered to that kind, the 7-day window and the agent.
      const agentNotes = await notes(agent);
      assert.equal(agentNotes.length, 2);
      const digest = agentNotes.at(-1)!;
      assert.equal(digest.priority, 'high');
      assert.deepEqual(digest.params, {
        kind: 'rksvDeadlines',
        id: Math.min(card.arabisch!, card.spaet!),
        count: 2,
        deadline: 'jahresbeleg',
        comment: '15.02.2027',
      });
      assert.equal(digest.link, `/agent-dashboard/rksvactivations?kind=jahresbeleg&due=7&agent=${agent}`);
      assert.equal(digest.message, 'Bei 2 Signaturkarten endet die Frist „Jahresbeleg“ am 15.02.2027.');
      assert.equal(
        notificationText('ar', digest.params as never).message,
        'ينتهي موعد «الإيصال السنوي» لـ 2 من بطاقات التوقيع في 15.02.2027.',
      );
      assert.equal((await mailsTo('arabisch')).length, 2);
      const again = await run();
      assert.deepEqual([again.staff, again.customer], [0, 0]);
      assert.equal((await notes(agent)).length, 2);
    });

    it('a pass in whole orders never ends a batch inside an order', async () => {
      const orders = [];
      for (const qty of [3, 2, 3])
        orders.push(
          await insertSampleOrder(t.db, t.config, {
            companyname: 'Stapel',
            customername: 'S',
            email: 's@kunde.at',
            stage: 'completed',
            qty,
            agentId: agent,
          }),
        );
      const [a, b, c] = orders.map((o) => o.cardIds);
      const mine = sql`${rksvCards.order_id} in (${sql.join(
        orders.map((o) => sql`${o.id}::int`),
        sql`, `,
      )})`;
      const pass = async (wholeOrders: boolean) => {
        const batches: number[][] = [];
        await eachCardBatch(t.db, mine, async (ids) => void batches.push(ids), { wholeOrders, size: 4 });
        return batches;
      };
      assert.deepEqual(await pass(true), [[...a!, ...b!], c]);
      assert.deepEqual(await pass(false), [
        [...a!, b![0]],
        [b![1], ...c!],
      ]);
    });

    it('one mail per buyer address names all its cards with that deadline (three cards of one order, one of another)', async () => {
      clock = new Date('2027-01-16T05:00:00Z');
      const ids = [
        ...(await inUseCard('kette', { agentId: agent, qty: 3 })),
        ...(await inUseCard('kette2', { agentId: agent, email: 'KETTE@kunde.at ' })),
      ];
      const r = await run();
      assert.ok(r.customer - r.customer_mails >= 3, `four cards, one mail: ${JSON.stringify(r)}`);
      const mails = await t.db
        .select()
        .from(mailOutbox)
        .where(sql`lower(trim(${mailOutbox.to})) = 'kette@kunde.at'`);
      assert.equal(mails.length, 1);
      const [mail] = mails;
      assert.equal(mail!.subject, 'Jahresbeleg 2026 prüfen bis 15.02.2027');
      assert.match(
        mail!.text,
        /für 4 Signaturkarten von Firma kette ist der Jahresbeleg 2026 bis 15\.02\.2027 zu prüfen \(in 30 Tagen\)/,
      );
      const cards = await t.db.select().from(rksvCards).where(inArray(rksvCards.id, ids));
      for (const c of cards)
        assert.ok(mail!.text.includes(`– ${c.serial_number ?? c.kassenid ?? `#${c.id}`}`), `card ${c.id} listed`);
      const reminded = await t.db
        .select({ card_id: rksvDeadlineReminders.card_id })
        .from(rksvDeadlineReminders)
        .where(and(inArray(rksvDeadlineReminders.card_id, ids), eq(rksvDeadlineReminders.audience, 'customer')));
      assert.equal(reminded.length, 4, 'each card recorded');
      assert.deepEqual([(await run()).customer_mails, (await mailsTo('kette')).length], [0, 1]);
    });
  });
}
