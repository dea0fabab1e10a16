import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CASHBOOK_MSG, COMMON_MSG, cashbookAddMonths, cashbookMonthOf, closingPreviewSchema } from '@portal/shared';
import { createTestApp, dbTargets, type TestApp } from './helpers.js';
import { cashbookApi, cashbookUser, pastDate, type CashbookUser } from './cashbook-fixtures.js';

/*
 * Issue 30 "Monthly closing you cannot get wrong": GET /api/cashbook/monthly-closings/preview answers
 * the figures a closing would store, in cents, for the one month that can be closed; the closing
 * then stores exactly these.
 */

const month = (monthsBack: number) => cashbookAddMonths(cashbookMonthOf(new Date()), -monthsBack);
const words = (m: string) => `${m.slice(5, 7)}/${m.slice(0, 4)}`;
const PREVIEW = '/api/cashbook/monthly-closings/preview';
const CLOSINGS = '/api/cashbook/monthly-closings';

for (const target of dbTargets()) {
  describe(`cashbook closing preview (${target})`, () => {
    let t: TestApp;
    let api: ReturnType<typeof cashbookApi>;
    let admin: CashbookUser, agent: CashbookUser, agentEG: CashbookUser, noFlag: CashbookUser;
    let customer: CashbookUser;

    const preview = async (u: CashbookUser, query = '') => {
      const res = await api.get(u, `${PREVIEW}${query}`);
      assert.equal(res.statusCode, 200, res.body);
      return closingPreviewSchema.parse(res.json());
    };

    before(async () => {
      t = await createTestApp(target);
      api = cashbookApi(t.app);
      admin = await cashbookUser(t.app, t.db, { role: 'admin', name: 'Adele Admin' });
      agent = await cashbookUser(t.app, t.db, { name: 'Anna Agentin' });
      agentEG = await cashbookUser(t.app, t.db, { country: 2 });
      noFlag = await cashbookUser(t.app, t.db, { flags: ['tasks'] });
      customer = await cashbookUser(t.app, t.db, { role: 'customer', flags: [] });
      // 10.000,00 € to start; three months back 5.000,00 € in and 1.200,00 € out, two back 3,00 € out.
      assert.equal(
        (await api.put(agent, '/api/cashbook/settings', { starting_balance: 1_000_000 })).statusCode,
        200,
      );
      const cat = async (name: string, type: string) =>
        (await api.post(agent, '/api/cashbook/categories', { name, description: name, type })).json().id as number;
      const sale = await cat('Barverkauf', 'income');
      const office = await cat('Büromaterial', 'expense');
      for (const body of [
        { amount: 500_000, type: 'income', category_id: sale, invoice_number: 'RE-1', date: pastDate(3, 5) },
        { amount: 120_000, type: 'expense', category_id: office, date: pastDate(3, 20) },
        { amount: 300, type: 'expense', category_id: office, date: pastDate(2, 10) },
      ]) {
        const { date, ...rest } = body;
        const res = await api.post(admin, '/api/cashbook/transactions', {
          ...rest,
          description: 'Buchung',
          transaction_date: date.toISOString(),
        });
        assert.equal(res.statusCode, 201, res.body);
      }
    });
    after(() => t.close());

    it('is for staff with the cashbook flag only', async () => {
      for (const u of [noFlag, customer]) {
        const res = await api.get(u, PREVIEW);
        assert.equal(res.statusCode, 403);
        assert.equal(res.json().message, COMMON_MSG.forbidden.de);
      }
      assert.equal((await t.app.inject({ method: 'GET', url: PREVIEW })).statusCode, 401);
    });

    it('offers the first month with entries before any closing, every figure in cents', async () => {
      assert.deepEqual(await preview(agent), {
        month: month(3),
        opening_balance: 1_000_000,
        total_income: 500_000,
        total_expenses: 120_000,
        closing_balance: 1_380_000,
        physical_balance: null,
        difference: null,
      });
      // With the counted cash: 12.675,10 € counted, 1.124,90 € missing.
      const counted = await preview(agent, `?month=${month(3)}&physical_balance=1267510`);
      assert.equal(counted.physical_balance, 1_267_510);
      assert.equal(counted.difference, -112_490);
    });

    it('refuses any other month, naming the one that can be closed, at the month field', async () => {
      for (const m of [month(2), month(1), month(0), month(4)]) {
        const res = await api.get(agent, `${PREVIEW}?month=${m}`);
        assert.equal(res.statusCode, 400, m);
        const body = res.json();
        const text = `Abschließen lässt sich jetzt nur der Monat ${words(month(3))}.`;
        assert.equal(body.message, text);
        assert.equal(body.code, CASHBOOK_MSG.monthNotClosable.code);
        assert.deepEqual(body.params, { month: words(month(3)) });
        assert.deepEqual(body.errors, [{ field: 'month', message: text, code: CASHBOOK_MSG.monthNotClosable.code }]);
      }
      const bad = await api.get(agent, `${PREVIEW}?month=2026-13`);
      assert.equal(bad.statusCode, 400);
      assert.equal(bad.json().errors[0].field, 'month');
      assert.equal(bad.json().message, CASHBOOK_MSG.monthInvalid.de);
      const negative = await api.get(agent, `${PREVIEW}?physical_balance=-1`);
      assert.equal(negative.statusCode, 400);
      assert.equal(negative.json().errors[0].field, 'physical_balance');
      // The closing itself refuses an earlier empty month the same way.
      const early = await api.post(agent, CLOSINGS, { month: `${month(4)}-01`, physical_balance: 0 });
      assert.equal(early.statusCode, 400);
      assert.equal(early.json().code, CASHBOOK_MSG.monthNotClosable.code);
    });

    it('the closing stores exactly the figures the preview showed, then the next month is offered', async () => {
      const shown = await preview(agent, `?month=${month(3)}&physical_balance=1267510`);
      const res = await api.post(agent, CLOSINGS, { month: month(3), physical_balance: 1_267_510 });
      assert.equal(res.statusCode, 201, res.body);
      const stored = res.json();
      assert.deepEqual(
        { ...shown, month: `${shown.month}-01` },
        {
          month: stored.month,
          opening_balance: stored.opening_balance,
          total_income: stored.total_income,
          total_expenses: stored.total_expenses,
          closing_balance: stored.closing_balance,
          physical_balance: stored.physical_balance,
          difference: stored.difference,
        },
      );
      const next = await preview(agent, `?month=${month(2)}&physical_balance=1267210`);
      assert.deepEqual(next, {
        month: month(2),
        opening_balance: 1_380_000,
        total_income: 0,
        total_expenses: 300,
        closing_balance: 1_379_700,
        physical_balance: 1_267_210,
        difference: -112_490,
      });
    });

    it('answers 409 once every month up to the previous one is closed', async () => {
      for (const m of [month(2), month(1)]) {
        const res = await api.post(agent, CLOSINGS, { month: m, physical_balance: 0 });
        assert.equal(res.statusCode, 201, res.body);
      }
      const res = await api.get(agent, PREVIEW);
      assert.equal(res.statusCode, 409);
      assert.equal(res.json().message, CASHBOOK_MSG.nothingToClose.de);
    });

    it('a register without entries or closings offers the previous month, per country', async () => {
      assert.deepEqual(await preview(agentEG), {
        month: month(1),
        opening_balance: 0,
        total_income: 0,
        total_expenses: 0,
        closing_balance: 0,
        physical_balance: null,
        difference: null,
      });
    });
  });
}
