import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'drizzle-orm';
import {
  CASHBOOK_MSG,
  COMMON_MSG,
  cashbookAddMonths,
  cashbookMonthOf,
  transactionListResponseSchema,
  transactionSchema,
  cashbookToday,
} from '@portal/shared';
import { customers } from '../src/db/schema/index.js';
import { bearer, createTestApp, dbTargets, type TestApp } from './helpers.js';
import { seedCustomers } from './tasks-fixtures.js';
import { cashbookApi, cashbookUser, pastDate, pdfText, type CashbookUser } from './cashbook-fixtures.js';

const month = (monthsBack: number) => cashbookAddMonths(cashbookMonthOf(new Date()), -monthsBack);

for (const target of dbTargets()) {
  describe(`cashbook (${target})`, () => {
    let t: TestApp;
    let api: ReturnType<typeof cashbookApi>;
    let admin: CashbookUser, agent: CashbookUser, agentEG: CashbookUser, noFlag: CashbookUser, customer: CashbookUser;
    let cats: Record<string, number>;
    let customerAT: number, customerEG: number;

    const entry = (over: Record<string, unknown> = {}) => ({
      amount: 1250,
      type: 'expense',
      category_id: cats.office,
      description: 'Kopierpapier',
      ...over,
    });
    const postOk = async (u: CashbookUser, body: object) => {
      const res = await api.post(u, '/api/cashbook/transactions', body);
      assert.equal(res.statusCode, 201, res.body);
      return transactionSchema.parse(res.json());
    };
    const refused = async (res: { statusCode: number; json: () => unknown }, status: number, message: string) => {
      assert.equal(res.statusCode, status);
      assert.equal((res.json() as { message: string }).message, message);
    };

    before(async () => {
      t = await createTestApp(target);
      api = cashbookApi(t.app);
      admin = await cashbookUser(t.app, t.db, { role: 'admin', name: 'Adele Admin' });
      agent = await cashbookUser(t.app, t.db, { name: 'Anna Agentin' });
      agentEG = await cashbookUser(t.app, t.db, { country: 2, name: 'Karim Kairo' });
      noFlag = await cashbookUser(t.app, t.db, { flags: ['tasks'] });
      customer = await cashbookUser(t.app, t.db, { role: 'customer', flags: [] });
      await seedCustomers(t.db);
      const ids = await t.db.select({ id: customers.id, nr: customers.kundennummer }).from(customers);
      customerAT = ids.find((c) => c.nr === '10001')!.id;
      customerEG = ids.find((c) => c.nr === '20001')!.id;
    });
    after(() => t.close());

    it('refuses callers without the cashbook flag, customers and anonymous callers, in JSON', async () => {
      for (const u of [noFlag, customer]) {
        const res = await api.get(u, '/api/cashbook/balance');
        assert.equal(res.statusCode, 403);
        assert.equal(res.json().message, COMMON_MSG.forbidden.de);
      }
      const anon = await t.app.inject({ method: 'GET', url: '/api/cashbook/overview' });
      assert.equal(anon.statusCode, 401);
      assert.match(anon.headers['content-type'] as string, /application\/json/);
    });

    it('settings: defaults, then name, address and starting balance before the first entry', async () => {
      const first = (await api.get(agent, '/api/cashbook/settings')).json();
      assert.deepEqual(first, {
        register_name: '',
        register_address: '',
        starting_balance: 0,
        starting_balance_editable: true,
        country_id: 1,
      });
      const res = await api.put(agent, '/api/cashbook/settings', {
        register_name: 'Hauptkasse Wien',
        register_address: 'Hauptstraße 1, 1190 Wien',
        starting_balance: 10000,
      });
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.json().starting_balance, 10000);
      await refused(
        await api.put(agent, '/api/cashbook/settings', { starting_balance: 1.5 }),
        400,
        CASHBOOK_MSG.startingBalanceInvalid.de,
      );
    });

    it('categories: name, description and type required; a name twice per type is 409; per country', async () => {
      const url = '/api/cashbook/categories';
      await refused(await api.post(agent, url, { description: 'x', type: 'income' }), 400, COMMON_MSG.nameRequired.de);
      await refused(await api.post(agent, url, { name: 'x', type: 'income' }), 400, COMMON_MSG.descriptionRequired.de);
      await refused(await api.post(agent, url, { name: 'x', description: 'x' }), 400, CASHBOOK_MSG.typeRequired.de);
      await refused(
        await api.post(agent, url, { name: 'x', description: 'x', type: 'gift' }),
        400,
        CASHBOOK_MSG.typeRequired.de,
      );
      const mk = async (u: CashbookUser, name: string, type: string) => {
        const res = await api.post(u, url, { name, description: `${name} (Beschreibung)`, type });
        assert.equal(res.statusCode, 201, res.body);
        return res.json().id as number;
      };
      cats = {
        sales: await mk(agent, 'Barverkauf', 'income'),
        service: await mk(agent, 'Service', 'income'),
        office: await mk(agent, 'Büro', 'expense'),
        // the same name with the other type is another category
        serviceOut: await mk(agent, 'Service', 'expense'),
        eg: await mk(agentEG, 'Barverkauf', 'income'),
      };
      const dup = await api.post(admin, url, { name: 'barverkauf', description: 'x', type: 'income' });
      await refused(dup, 409, CASHBOOK_MSG.categoryExists.de);
      assert.equal(dup.json().code, 'cashbook.categoryExists');
      const list = (await api.get(agent, url)).json() as { name: string; type: string }[];
      assert.deepEqual(
        list.map((c) => `${c.type}:${c.name}`),
        ['income:Barverkauf', 'income:Service', 'expense:Büro', 'expense:Service'],
      );
      assert.equal((await api.get(agentEG, url)).json().length, 1);
    });

    it('an entry: amount, type, category of the same type and country, description, invoice for income, customer only on income', async () => {
      const url = '/api/cashbook/transactions';
      await refused(await api.post(agent, url, entry({ amount: 0 })), 400, CASHBOOK_MSG.amountMin.de);
      await refused(await api.post(agent, url, entry({ amount: 12.5 })), 400, CASHBOOK_MSG.amountDecimals.de);
      await refused(await api.post(agent, url, entry({ amount: '1.234' })), 400, CASHBOOK_MSG.amountAmbiguous.de);
      await refused(await api.post(agent, url, entry({ amount: true })), 400, CASHBOOK_MSG.amountRequired.de);
      await refused(await api.post(agent, url, entry({ amount: undefined })), 400, CASHBOOK_MSG.amountRequired.de);
      await refused(await api.post(agent, url, entry({ type: undefined })), 400, CASHBOOK_MSG.typeRequired.de);
      await refused(
        await api.post(agent, url, entry({ category_id: undefined })),
        400,
        CASHBOOK_MSG.categoryRequired.de,
      );
      await refused(
        await api.post(agent, url, entry({ category_id: cats.sales })),
        400,
        CASHBOOK_MSG.categoryTypeMismatch.de,
      );
      await refused(await api.post(agent, url, entry({ category_id: 99999 })), 400, CASHBOOK_MSG.categoryNotFound.de);
      await refused(await api.post(agentEG, url, entry()), 400, CASHBOOK_MSG.categoryNotFound.de);
      await refused(
        await api.post(agent, url, entry({ description: ' \u200b' })),
        400,
        COMMON_MSG.descriptionRequired.de,
      );
      await refused(
        await api.post(agent, url, entry({ description: 'x'.repeat(501) })),
        400,
        COMMON_MSG.descriptionTooLong.de,
      );
      const income = entry({ type: 'income', category_id: cats.sales, description: 'Schulung' });
      await refused(await api.post(agent, url, income), 400, CASHBOOK_MSG.invoiceRequired.de);
      await refused(
        await api.post(agent, url, entry({ customer_id: customerAT })),
        400,
        CASHBOOK_MSG.customerOnlyIncome.de,
      );
      await refused(
        await api.post(agent, url, { ...income, invoice_number: 'RE-1', customer_id: customerEG }),
        400,
        CASHBOOK_MSG.customerNotFound.de,
      );
      assert.equal((await api.get(agent, '/api/cashbook/verify')).json().checked, 0, 'nothing refused was written');
    });

    it('posts with seq and hash; an agent’s date is ignored, an admin may date in the past, not in the future', async () => {
      const before = Date.now();
      const a = await postOk(agent, entry({ transaction_date: '2020-01-01T10:00:00.000Z' }));
      assert.equal(a.seq, 1);
      assert.match(a.hash, /^[0-9a-f]{64}$/);
      assert.ok(Date.parse(a.transaction_date) >= before - 1000, 'the server took the current time');
      assert.equal(a.agent_name, 'Anna Agentin');
      const b = await postOk(agent, {
        ...entry({ type: 'income', category_id: cats.sales, amount: 4990, description: 'Schulung Kassa' }),
        invoice_number: 'RE-2026-001',
        customer_id: customerAT,
      });
      assert.equal(b.seq, 2);
      assert.equal(b.customer_name, 'Gasthaus Zum Goldenen Hirschen');
      assert.equal(b.invoice_number, 'RE-2026-001');
      await refused(
        await api.post(
          admin,
          '/api/cashbook/transactions',
          entry({ transaction_date: new Date(Date.now() + 3600_000).toISOString() }),
        ),
        400,
        CASHBOOK_MSG.dateInFuture.de,
      );
      const dated = pastDate(2);
      const c = await postOk(admin, entry({ amount: 300, transaction_date: dated.toISOString() }));
      assert.equal(c.transaction_date, dated.toISOString());
      assert.equal(c.seq, 3);
      // EG keeps its own numbering.
      const eg = await postOk(
        agentEG,
        entry({ type: 'income', category_id: cats.eg, invoice_number: 'EG-1', customer_id: customerEG }),
      );
      assert.equal(eg.seq, 1);
    });

    it('an entry is never changed or deleted: PUT, PATCH and DELETE answer 405 in JSON, an unknown path 404 in JSON', async () => {
      for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
        for (const url of ['/api/cashbook/transactions/1', '/api/cashbook/transactions']) {
          const res = await t.app.inject({ method, url, headers: bearer(agent.token), payload: { amount: 1 } });
          assert.equal(res.statusCode, 405, `${method} ${url}`);
          assert.equal(res.json().message, CASHBOOK_MSG.methodNotAllowed.de);
        }
      }
      const res = await api.get(agent, '/api/cashbook/transactions/1/changes');
      assert.equal(res.statusCode, 404);
      assert.ok(res.json().message);
    });

    it('a reversal negates the amount once, keeps type and category, and is not reversed itself', async () => {
      const orig = await postOk(agent, entry({ amount: 777, description: 'Falsch gebucht' }));
      const url = `/api/cashbook/transactions/${orig.id}/reverse`;
      await refused(await api.post(agent, url, {}), 400, CASHBOOK_MSG.reasonRequired.de);
      await refused(await api.post(agentEG, url, { reason: 'x' }), 404, CASHBOOK_MSG.notFound.de);
      const res = await api.post(agent, url, { reason: 'Tippfehler' });
      assert.equal(res.statusCode, 201, res.body);
      const rev = transactionSchema.parse(res.json());
      assert.equal(rev.amount, -777);
      assert.equal(rev.type, 'expense');
      assert.equal(rev.category_id, orig.category_id);
      assert.equal(rev.reverses_id, orig.id);
      assert.equal(rev.reverses_seq, orig.seq);
      assert.equal(rev.seq, orig.seq + 1);
      // Stored as kind and parameters, worded by each reader; the description is the reason.
      assert.equal(rev.description, 'Tippfehler');
      assert.equal(rev.description_kind, 'reversal');
      assert.deepEqual(rev.description_params, { reversal_of_seq: orig.seq, reason: 'Tippfehler' });
      await refused(await api.post(agent, url, { reason: 'noch einmal' }), 409, CASHBOOK_MSG.alreadyReversed.de);
      await refused(
        await api.post(agent, `/api/cashbook/transactions/${rev.id}/reverse`, { reason: 'x' }),
        409,
        CASHBOOK_MSG.reversalOfReversal.de,
      );
      const list = transactionListResponseSchema.parse(
        (await api.get(agent, '/api/cashbook/transactions?q=Falsch')).json(),
      );
      assert.equal(list.transactions.find((x) => x.id === orig.id)!.reversed_by_id, rev.id);
    });

    it('lists newest first with filters (period, type, category, search) and keyset pages', async () => {
      const all = transactionListResponseSchema.parse(
        (await api.get(agent, '/api/cashbook/transactions?limit=200')).json(),
      );
      const dates = all.transactions.map((x) => x.transaction_date);
      assert.deepEqual([...dates].sort().reverse(), dates, 'newest first');
      assert.equal(all.transactions.length, 5);
      const income = (await api.get(agent, '/api/cashbook/transactions?type=income')).json();
      assert.deepEqual(
        income.transactions.map((x: { seq: number }) => x.seq),
        [2],
      );
      const office = (await api.get(agent, `/api/cashbook/transactions?category_id=${cats.office}`)).json();
      assert.equal(office.transactions.length, 4);
      assert.equal((await api.get(agent, '/api/cashbook/transactions?q=kassa')).json().transactions[0].seq, 2);
      assert.equal((await api.get(agent, '/api/cashbook/transactions?q=%233')).json().transactions[0].seq, 3);
      const m = month(2);
      const inMonth = (await api.get(agent, `/api/cashbook/transactions?start_date=${m}-01&end_date=${m}-28`)).json();
      assert.deepEqual(
        inMonth.transactions.map((x: { seq: number }) => x.seq),
        [3],
      );
      const period = (
        await api.get(agent, `/api/cashbook/transactions/period?start_date=${m}-01&end_date=${m}-28`)
      ).json();
      assert.deepEqual(
        period.transactions.map((x: { seq: number }) => x.seq),
        [3],
      );
      await refused(await api.get(agent, '/api/cashbook/transactions/period'), 400, CASHBOOK_MSG.periodRequired.de);
      await refused(
        await api.get(agent, '/api/cashbook/transactions?start_date=2026-02-30'),
        400,
        CASHBOOK_MSG.dateFormat.de,
      );
      await refused(
        await api.get(agent, '/api/cashbook/transactions?start_date=2026-03-02&end_date=2026-03-01'),
        400,
        CASHBOOK_MSG.invalidPeriod.de,
      );
      await refused(await api.get(agent, '/api/cashbook/transactions?cursor=abc'), 400, CASHBOOK_MSG.invalidCursor.de);
      // Pages of two: the same rows as one page, none twice.
      const seen: number[] = [];
      let cursor: string | null = null;
      do {
        const page: { transactions: { id: number }[]; nextCursor: string | null } = (
          await api.get(agent, `/api/cashbook/transactions?limit=2${cursor ? `&cursor=${cursor}` : ''}`)
        ).json();
        seen.push(...page.transactions.map((x: { id: number }) => x.id));
        cursor = page.nextCursor;
      } while (cursor);
      assert.deepEqual(
        seen,
        all.transactions.map((x) => x.id),
      );
    });

    it('balance, summary and overview add up to the cent', async () => {
      // 10000 start; expenses 1250 + 300 + 777 − 777; income 4990
      const expected = 10000 + 4990 - 1250 - 300;
      assert.deepEqual((await api.get(agent, '/api/cashbook/balance')).json(), { balance: expected });
      const today = cashbookToday(); // the Vienna day the server books on, not UTC's
      const sum = (
        await api.get(agent, `/api/cashbook/transactions/summary?start_date=2000-01-01&end_date=${today}`)
      ).json();
      assert.deepEqual(sum, [
        { type: 'income', total_amount: 4990 },
        { type: 'expense', total_amount: 1550 },
      ]);
      const o = (await api.get(agent, '/api/cashbook/overview')).json();
      assert.equal(o.currentBalance, expected);
      assert.equal(o.transactionCount, 5);
      assert.equal(o.monthlyIncome, 4990);
      assert.equal(o.monthlyExpenses, 1250);
      assert.equal(o.months.length, 6);
      assert.equal(o.months[5].month, month(0));
      assert.deepEqual(o.months[3], { month: month(2), income: 0, expenses: 300 });
      assert.equal(o.latest.length, 5);
    });

    it('the starting balance is fixed once there are entries', async () => {
      await refused(
        await api.put(agent, '/api/cashbook/settings', {
          register_name: 'x',
          register_address: '',
          starting_balance: 1,
        }),
        409,
        CASHBOOK_MSG.startingBalanceLocked.de,
      );
      const ok = await api.put(agent, '/api/cashbook/settings', {
        register_name: 'Hauptkasse Wien',
        register_address: 'Hauptstraße 1, 1190 Wien',
        starting_balance: 10000,
      });
      assert.equal(ok.statusCode, 200);
      assert.equal(ok.json().starting_balance_editable, false);
    });

    it('closings: server figures, months in order, not the current month, not twice, client figures must agree', async () => {
      const url = '/api/cashbook/monthly-closings';
      await refused(
        await api.post(agent, url, { month: `${month(0)}-01`, physical_balance: 0 }),
        400,
        CASHBOOK_MSG.monthTooLate.de,
      );
      await refused(
        await api.post(agent, url, { month: `${month(1)}-15`, physical_balance: 0 }),
        400,
        CASHBOOK_MSG.monthInvalid.de,
      );
      await refused(await api.post(agent, url, { month: `${month(1)}-01` }), 400, CASHBOOK_MSG.physicalRequired.de);
      // The entry two months back would stay open before a first closing of last month.
      await refused(
        await api.post(agent, url, { month: `${month(1)}-01`, physical_balance: 0 }),
        409,
        CASHBOOK_MSG.previousMonthOpen.de,
      );
      await refused(
        await api.post(agent, url, { month: `${month(2)}-01`, physical_balance: 9700, closing_balance: 1 }),
        400,
        CASHBOOK_MSG.figuresMismatch.de,
      );
      const res = await api.post(agent, url, {
        month: `${month(2)}-01`,
        physical_balance: 9650,
        notes: 'Gezählt von Anna',
        opening_balance: 10000,
        closing_balance: 9700,
      });
      assert.equal(res.statusCode, 201, res.body);
      assert.deepEqual(
        { ...(res.json() as object), id: 0, created_at: '' },
        {
          id: 0,
          month: `${month(2)}-01`,
          opening_balance: 10000,
          total_income: 0,
          total_expenses: 300,
          closing_balance: 9700,
          physical_balance: 9650,
          difference: -50,
          notes: 'Gezählt von Anna',
          created_at: '',
          created_by_name: 'Anna Agentin',
        },
      );
      const again = await api.post(agent, url, { month: `${month(2)}-01`, physical_balance: 1 });
      await refused(again, 409, CASHBOOK_MSG.monthAlreadyClosed.de);
      assert.equal(again.json().code, 'cashbook.monthAlreadyClosed');
      await refused(
        await api.post(agent, url, { month: `${month(3)}-01`, physical_balance: 1 }),
        409,
        CASHBOOK_MSG.monthBeforeLatest.de,
      );
      // An entry dated in the closed month is refused.
      await refused(
        await api.post(admin, '/api/cashbook/transactions', entry({ transaction_date: pastDate(2, 20).toISOString() })),
        409,
        CASHBOOK_MSG.monthClosed.de,
      );
      const next = await api.post(agent, url, { month: `${month(1)}-01`, physical_balance: 9700 });
      assert.equal(next.statusCode, 201, next.body);
      assert.equal(next.json().opening_balance, 9700);
      assert.equal(next.json().difference, 0);
      const list = (await api.get(agent, url)).json();
      assert.deepEqual(
        list.closings.map((c: { month: string }) => c.month),
        [`${month(1)}-01`, `${month(2)}-01`],
      );
      assert.equal(list.hasMore, false);
      assert.deepEqual((await api.get(agentEG, url)).json().closings, []);
    });

    it('concurrent posts keep seq gap-free and the chain intact', async () => {
      const n = 12;
      const results = await Promise.all(
        Array.from({ length: n }, (_, i) =>
          api.post(
            i % 2 ? agent : admin,
            '/api/cashbook/transactions',
            entry({ amount: 100 + i, description: `Parallel ${i}` }),
          ),
        ),
      );
      for (const r of results) assert.equal(r.statusCode, 201, r.body);
      const seqs = results.map((r) => r.json().seq as number).sort((a, b) => a - b);
      assert.deepEqual(
        seqs,
        Array.from({ length: n }, (_, i) => seqs[0]! + i),
      );
      const check = (await api.get(agent, '/api/cashbook/verify')).json();
      assert.deepEqual(check, { ok: true, checked: seqs[n - 1], firstBrokenSeq: null });
    });

    it('exports a period as CSV: BOM, semicolons, decimal comma, one line per entry with its hash', async () => {
      const res = await api.get(agent, `/api/cashbook/export.csv?start_date=2000-01-01&end_date=${cashbookToday()}`);
      assert.equal(res.statusCode, 200);
      assert.match(res.headers['content-type'] as string, /^text\/csv; charset=utf-8/);
      assert.match(res.headers['content-disposition'] as string, /attachment; filename="kassenbuch_/);
      const raw = res.rawPayload;
      assert.deepEqual([...raw.subarray(0, 3)], [0xef, 0xbb, 0xbf]);
      const lines = raw.subarray(3).toString('utf8').trimEnd().split('\r\n');
      assert.equal(
        lines[0],
        'Nr;Datum;Typ;Kategorie;Beschreibung;Rechnungsnummer;Kunde;Betrag;Benutzer;Hash;Storno zu Nr',
      );
      const total = (await api.get(agent, '/api/cashbook/verify')).json().checked;
      assert.equal(lines.length, total + 1);
      const second = lines[2]!.split(';');
      assert.equal(second[0], '2');
      assert.match(second[1]!, /^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}:\d{2}$/);
      assert.deepEqual(second.slice(2, 9), [
        'Einnahme',
        'Barverkauf',
        'Schulung Kassa',
        'RE-2026-001',
        'Gasthaus Zum Goldenen Hirschen',
        '49,90',
        'Anna Agentin',
      ]);
      assert.match(second[9]!, /^[0-9a-f]{64}$/);
      const reversal = lines.find((l) => l.includes('Tippfehler'))!.split(';');
      // The tax office's export stays German.
      assert.equal(reversal[4], `Storno zu Nr. ${reversal[10]}: Tippfehler`);
      assert.equal(reversal[7], '-7,77');
      assert.equal(reversal[10], '4');
      await refused(await api.get(agent, '/api/cashbook/export.csv'), 400, CASHBOOK_MSG.periodRequired.de);
    });

    it('the monthly report PDF shows the entries, the balances, the counted cash, the difference and the chain check', async () => {
      const res = await api.get(agent, `/api/cashbook/report/${month(2)}.pdf`);
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.headers['content-type'], 'application/pdf');
      assert.equal(res.rawPayload.subarray(0, 5).toString(), '%PDF-');
      const text = pdfText(res.rawPayload);
      for (const words of [
        'Hauptkasse Wien',
        'Anfangsbestand',
        '100,00',
        'Endbestand',
        '97,00',
        'Gezählter Kassenstand',
        '96,50',
        'Kopierpapier',
        'Prüfkette: in Ordnung',
      ])
        assert.ok(text.includes(words), `${words} in ${text.slice(0, 600)}`);
      // (the euro sign is a WinAnsi byte the extraction leaves out)
      assert.match(text, /Differenz-\W{0,3}0,50/);
      await refused(await api.get(agent, '/api/cashbook/report/2026-13.pdf'), 400, CASHBOOK_MSG.monthInvalid.de);
    });

    it('the chain check finds a row changed directly in the database', async () => {
      assert.equal((await api.get(agentEG, '/api/cashbook/verify')).json().ok, true);
      await postOk(agentEG, entry({ type: 'income', category_id: cats.eg, invoice_number: 'EG-2', amount: 5000 }));
      await postOk(agentEG, entry({ type: 'income', category_id: cats.eg, invoice_number: 'EG-3', amount: 6000 }));
      await t.db.execute(sql`update cashbook_transactions set amount = 50 where country_id = 2 and seq = 2`);
      assert.deepEqual((await api.get(agentEG, '/api/cashbook/verify')).json(), {
        ok: false,
        checked: 2,
        firstBrokenSeq: 2,
      });
      // Austria's chain is untouched.
      assert.equal((await api.get(agent, '/api/cashbook/verify')).json().ok, true);
      const pdf = pdfText((await api.get(agentEG, `/api/cashbook/report/${month(0)}.pdf`)).rawPayload);
      assert.ok(pdf.includes('UNTERBROCHEN ab Buchung Nr. 2'), pdf.slice(0, 600));
    });

    it('finds the id of a customer the customer search found, in the caller’s country only', async () => {
      assert.deepEqual((await api.get(agent, '/api/cashbook/customers/10001')).json(), {
        id: customerAT,
        kundennummer: '10001',
        firma: 'Gasthaus Zum Goldenen Hirschen',
      });
      await refused(await api.get(agentEG, '/api/cashbook/customers/10001'), 404, CASHBOOK_MSG.customerNotFound.de);
    });
  });
}
