import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { asc, eq, inArray } from 'drizzle-orm';
import { rksvCampaignListSchema, rksvCampaignRemindAnswerSchema, type RksvCampaignList } from '@portal/shared';
import { mailOutbox, rksvCampaignRecipients, rksvCampaigns, rksvCards } from '../src/db/schema/index.js';
import { insertSampleOrder } from '../src/modules/rksv-orders/sample-orders.js';
import { addUser, bearer, createTestApp, dbTargets, login, type TestApp } from './helpers.js';

/** Renewal and replacement campaigns (issue 32): the affected cards, their CSV and the reminder once per card. */
const NOW = new Date('2026-11-27T10:00:00Z');
const DAY = 86_400_000;
const ago = (days: number) => new Date(NOW.getTime() - days * DAY);
const ACOS = 'ACOS-ID 2.1';

for (const target of dbTargets()) {
  describe(`RKSV campaigns (${target})`, () => {
    let t: TestApp;
    const tok: Record<string, string> = {};
    const ids: Record<string, number> = {};
    const card: Record<string, number> = {};
    let n = 0;

    const call = (who: string, method: 'GET' | 'POST', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: tok[who] ? bearer(tok[who]) : {}, ...(payload ? { payload } : {}) });
    const list = async (who: string, query: string): Promise<RksvCampaignList> => {
      const res = await call(who, 'GET', `/api/rksv-campaign?${query}`);
      assert.equal(res.statusCode, 200, res.body);
      return rksvCampaignListSchema.parse(res.json());
    };
    const remind = async (who: string, body: object) => {
      const res = await call(who, 'POST', '/api/rksv-campaign/remind', body);
      assert.equal(res.statusCode, 200, res.body);
      return rksvCampaignRemindAnswerSchema.parse(res.json());
    };
    const mailsTo = (email: string) =>
      t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(asc(mailOutbox.id));
    const type = `card_type=${encodeURIComponent(ACOS)}`;

    /** An activated card of its own order, as the workflow and the transitions would leave it. */
    async function makeCard(
      name: string,
      opts: { agent: string | null; email: string; lang?: 'de' | 'ar'; set?: Partial<typeof rksvCards.$inferInsert> },
    ) {
      const order = await insertSampleOrder(t.db, t.config, {
        companyname: `Firma ${name}`,
        customername: `Kunde ${name}`,
        email: opts.email,
        stage: 'completed',
        qty: 1,
        agentId: opts.agent ? ids[opts.agent] : null,
        payedAt: ago(400),
        lang: opts.lang,
      });
      card[name] = order.cardIds[0]!;
      await t.db
        .update(rksvCards)
        .set({
          serial_number: `CAMP-${++n}-${name}`,
          activated_at: ago(300),
          registered_at: ago(299),
          startbeleg_checked_at: ago(298),
          ...opts.set,
        })
        .where(eq(rksvCards.id, card[name]));
    }

    before(async () => {
      t = await createTestApp(target, { LOGIN_RATE_LIMIT: '1000' }, { clock: () => NOW });
      const people = {
        admin: { role: 'admin', flags: ['rksv'] },
        anna: { role: 'agent', flags: ['rksv'] },
        ben: { role: 'agent', flags: ['rksv'] },
        tasksOnly: { role: 'agent', flags: ['tasks'] },
      } as const;
      for (const [name, p] of Object.entries(people)) {
        const u = await addUser(t.db, { role: p.role, flags: [...p.flags], name });
        ids[name] = u.id;
        tok[name] = await login(t.app, u.email, u.password);
      }
      // ACOS-ID 2.1 in use (two cards of one customer: the same e-mail), expiring (Arabic), expired.
      await makeCard('a1', { agent: 'anna', email: 'a@kunde.at', set: { card_type: ACOS } });
      await makeCard('a2', { agent: 'anna', email: 'a@kunde.at', set: { card_type: ACOS } });
      await makeCard('a3', {
        agent: 'ben',
        email: 'b@kunde.at',
        lang: 'ar',
        set: { card_type: ACOS, valid_until: '2027-01-15' },
      });
      await makeCard('a7', { agent: null, email: 'd@kunde.at', set: { card_type: ACOS, valid_until: '2026-11-01' } });
      // Out of their life: replaced, deregistered, expired and deregistered.
      await makeCard('replaced', {
        agent: 'anna',
        email: 'x@kunde.at',
        set: { card_type: ACOS, replaced_at: ago(5), valid_until: '2027-01-10' },
      });
      await makeCard('dereg', {
        agent: 'anna',
        email: 'x@kunde.at',
        set: { card_type: ACOS, replaced_at: ago(5), deregistered_at: ago(2) },
      });
      await makeCard('expDereg', {
        agent: 'anna',
        email: 'x@kunde.at',
        set: { card_type: ACOS, valid_until: '2026-10-01', deregistered_at: ago(2) },
      });
      // Another type: one far from its end, one near it.
      await makeCard('c1', { agent: 'anna', email: 'c@kunde.at', set: { card_type: 'CardOS 5.3' } });
      await makeCard('c2', {
        agent: 'ben',
        email: 'e@kunde.at',
        set: { card_type: 'CardOS 5.3', valid_until: '2027-01-20' },
      });
    });
    after(() => t.close());

    it(`a campaign for ${ACOS} reaches exactly the customers with such cards (not replaced, not deregistered)`, async () => {
      const got = await list('admin', type);
      assert.deepEqual(
        got.items.map((i) => i.card_id),
        [card.a1, card.a2, card.a3, card.a7],
      );
      assert.equal(got.cards, 4);
      assert.equal(got.customers, 3, 'a@, b@ and d@kunde.at');
      assert.equal(got.reminded, 0);
      assert.equal(got.nextCursor, null);
      const a3 = got.items.find((i) => i.card_id === card.a3)!;
      assert.deepEqual(
        { email: a3.email, type: a3.card_type, until: a3.valid_until, state: a3.state, reminded: a3.reminded_at },
        { email: 'b@kunde.at', type: ACOS, until: '2027-01-15', state: 'expiring', reminded: null },
      );
      assert.equal(got.items.find((i) => i.card_id === card.a7)!.state, 'expired');
      assert.equal(got.items.find((i) => i.card_id === card.a1)!.state, 'in_use');
    });

    it('the expiry window: cards whose certificate ends before the day, of every type or of one', async () => {
      const window = await list('admin', 'valid_before=2027-02-01');
      assert.deepEqual(
        window.items.map((i) => i.card_id),
        [card.a3, card.a7, card.c2],
      );
      assert.equal(window.customers, 3);
      const both = await list('admin', `${type}&valid_before=2027-02-01`);
      assert.deepEqual(
        both.items.map((i) => i.card_id),
        [card.a3, card.a7],
      );
      assert.equal((await list('admin', 'valid_before=2026-11-01')).cards, 0, 'the day itself is not before');
    });

    it('an agent sees the cards of their orders only; no filter or a broken one is 400', async () => {
      const anna = await list('anna', type);
      assert.deepEqual(
        anna.items.map((i) => i.card_id),
        [card.a1, card.a2],
      );
      assert.deepEqual([anna.cards, anna.customers], [2, 1]);
      assert.deepEqual(
        (await list('ben', 'valid_before=2027-02-01')).items.map((i) => i.card_id),
        [card.a3, card.c2],
      );
      assert.equal((await call('admin', 'GET', '/api/rksv-campaign')).statusCode, 400);
      assert.equal((await call('admin', 'GET', '/api/rksv-campaign?valid_before=2027-13-01')).statusCode, 400);
      assert.equal((await call('admin', 'GET', `/api/rksv-campaign?${type}&cursor=x`)).statusCode, 400);
      assert.equal((await call('admin', 'POST', '/api/rksv-campaign/remind', {})).statusCode, 400);
    });

    it('the CSV: every card, semicolons, UTF-8 with BOM, a German header', async () => {
      const res = await call('admin', 'GET', `/api/rksv-campaign.csv?${type}`);
      assert.equal(res.statusCode, 200, res.body);
      assert.match(String(res.headers['content-type']), /^text\/csv/);
      assert.deepEqual([...res.rawPayload.subarray(0, 3)], [0xef, 0xbb, 0xbf]);
      const lines = res.rawPayload.subarray(3).toString('utf8').split('\r\n');
      assert.equal(
        lines[0],
        'Karte;Bestellung;Firma;E-Mail;Kunden-ID;Seriennummer;Kartentyp;Gültig bis;Status;Erinnert am',
      );
      assert.equal(lines.length, 1 + 4 + 1, 'header, four cards, the last line break');
      assert.equal(lines[5], '');
      const row = lines.find((l) => l.startsWith(`${card.a3};`))!;
      assert.ok(row, lines.join('\n'));
      const cells = row.split(';');
      assert.deepEqual(cells.slice(2), ['Firma a3', 'b@kunde.at', '', cells[5]!, ACOS, '15.01.2027', 'Läuft ab', '']);
      assert.match(cells[5]!, /^CAMP-\d+-a3$/);
      // An agent's file holds their cards only.
      const anna = await call('anna', 'GET', `/api/rksv-campaign.csv?${type}`);
      assert.equal(anna.rawPayload.subarray(3).toString('utf8').split('\r\n').length, 1 + 2 + 1);
    });

    it('remind mails each card once, in the order’s language; sent again it mails nobody', async () => {
      const first = await remind('admin', { card_type: ACOS });
      assert.deepEqual({ ...first, campaign_id: 0 }, { campaign_id: 0, mails: 3, cards: 4, before: 0 });
      const [a] = await mailsTo('a@kunde.at');
      assert.equal((await mailsTo('a@kunde.at')).length, 1, 'one mail for the customer’s two cards');
      assert.match(a!.subject, /ACOS-ID 2\.1 muss ersetzt werden/);
      assert.match(a!.text, /-a1\b/);
      assert.match(a!.text, /-a2\b/);
      assert.ok(a!.text.includes(`${t.config.publicUrl}/rksv`), a!.text);
      const [b] = await mailsTo('b@kunde.at');
      assert.match(b!.subject, /[\u0600-\u06FF]/, 'Arabic for the order in Arabic');
      assert.equal((await mailsTo('x@kunde.at')).length, 0, 'replaced and deregistered cards get nothing');
      const shown = await list('admin', type);
      assert.equal(shown.reminded, 4);
      assert.ok(shown.items.every((i) => i.reminded_at === NOW.toISOString()));
      const [record] = await t.db.select().from(rksvCampaigns).where(eq(rksvCampaigns.id, first.campaign_id));
      assert.deepEqual([record!.card_type, record!.created_by, record!.mails], [ACOS, ids.admin, 3]);

      const again = await remind('admin', { card_type: ACOS });
      assert.deepEqual({ ...again, campaign_id: 0 }, { campaign_id: 0, mails: 0, cards: 0, before: 4 });
      assert.equal((await mailsTo('a@kunde.at')).length, 1);
      // Another campaign (a window) is another record: its cards are mailed for it.
      assert.equal((await list('admin', 'valid_before=2027-02-01')).reminded, 0);
    });

    it('two sends of one campaign at once mail each card once', async () => {
      const before = (await t.db.select().from(mailOutbox)).length;
      const body = { valid_before: '2027-02-01' };
      const answers = await Promise.all([remind('admin', body), remind('admin', body)]);
      assert.equal(answers[0]!.cards + answers[1]!.cards, 3, JSON.stringify(answers));
      const mails = answers[0]!.mails + answers[1]!.mails;
      assert.equal(mails, 3, 'b@, d@ and e@kunde.at');
      assert.equal((await t.db.select().from(mailOutbox)).length - before, mails);
      const rows = await t.db
        .select()
        .from(rksvCampaignRecipients)
        .where(inArray(rksvCampaignRecipients.card_id, [card.a3!, card.a7!, card.c2!]));
      assert.equal(rows.filter((r) => r.campaign_key === JSON.stringify([null, '2027-02-01'])).length, 3);
      const renewal = (await mailsTo('e@kunde.at'))[0]!;
      assert.match(renewal.subject, /läuft bald ab/);
      assert.match(renewal.text, /20\.01\.2027/);
    });

    it('a chain’s order of more cards than one batch: one mail naming every card', async () => {
      // 502 cards of one order: the send's first batch of 500 (by card id) ends inside it.
      const order = await insertSampleOrder(t.db, t.config, {
        companyname: 'Kette GmbH',
        customername: 'Kunde Kette',
        email: 'kette@kunde.at',
        stage: 'completed',
        qty: 502,
        agentId: ids.anna,
        payedAt: ago(400),
      });
      await t.db
        .update(rksvCards)
        .set({ activated_at: ago(300), registered_at: ago(299), startbeleg_checked_at: ago(298), valid_until: '2027-03-01' })
        .where(inArray(rksvCards.id, order.cardIds));
      const sent = await remind('admin', { valid_before: '2027-03-15' });
      assert.equal(sent.cards, 502 + 3, JSON.stringify(sent));
      const mails = await mailsTo('kette@kunde.at');
      assert.equal(mails.length, 1, 'one mail, not one per batch');
      const marks = await t.db
        .select({ id: rksvCards.id, serial: rksvCards.serial_number, kasse: rksvCards.kassenid })
        .from(rksvCards)
        .where(inArray(rksvCards.id, order.cardIds));
      const missing = marks.filter((m) => !mails[0]!.text.includes(m.serial ?? m.kasse ?? `#${m.id}`));
      assert.equal(missing.length, 0, `naming all 502 cards (missing ${missing.length})`);
    });

    it('access: 401 signed out, 403 without the rksv flag', async () => {
      const calls: ['GET' | 'POST', string, object | undefined][] = [
        ['GET', `/api/rksv-campaign?${type}`, undefined],
        ['GET', `/api/rksv-campaign.csv?${type}`, undefined],
        ['POST', '/api/rksv-campaign/remind', { card_type: ACOS }],
      ];
      for (const [method, url, body] of calls) {
        assert.equal((await call('anon', method, url, body)).statusCode, 401, url);
        assert.equal((await call('tasksOnly', method, url, body)).statusCode, 403, url);
      }
    });
  });
}
