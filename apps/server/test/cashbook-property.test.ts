import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { balanceEffect, cashbookAddMonths, cashbookMonthOf, type CashbookType, cashbookToday } from '@portal/shared';
import { countries } from '../src/db/schema/index.js';
import { createTestApp, dbTargets, type TestApp } from './helpers.js';
import { cashbookApi, cashbookUser, pastDate } from './cashbook-fixtures.js';

/**
 * For random sequences of entries (some dated back by an admin) and reversals, the API's balance,
 * summary, overview and closings agree to the cent with sums this test computes itself. Each run
 * keeps its own cashbook: a country of its own.
 */
type Op =
  | { kind: 'post'; type: CashbookType; amount: number; monthsBack: number; day: number }
  | { kind: 'reverse'; pick: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('post' as const),
      type: fc.constantFrom<CashbookType>('income', 'expense'),
      amount: fc.integer({ min: 1, max: 5_000_000 }),
      monthsBack: fc.integer({ min: 0, max: 3 }),
      day: fc.integer({ min: 1, max: 28 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('reverse' as const), pick: fc.nat() }) },
);

for (const target of dbTargets()) {
  describe(`cashbook figures agree with the test's own sums (${target})`, () => {
    let t: TestApp;
    let country = 100;
    before(async () => {
      t = await createTestApp(target);
    });
    after(() => t.close());

    it('balance, summary, overview and closings', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(op, { minLength: 1, maxLength: 10 }),
          fc.integer({ min: 0, max: 100_000 }),
          async (ops, start) => {
            const countryId = ++country;
            await t.db
              .insert(countries)
              .values({ id: countryId, country_name: `Testland ${countryId}`, code: `T${countryId}` });
            const admin = await cashbookUser(t.app, t.db, { role: 'admin', country: countryId });
            const api = cashbookApi(t.app);
            assert.equal((await api.put(admin, '/api/cashbook/settings', { starting_balance: start })).statusCode, 200);
            const cat = async (type: CashbookType) =>
              (await api.post(admin, '/api/cashbook/categories', { name: type, description: type, type })).json()
                .id as number;
            const cats = { income: await cat('income'), expense: await cat('expense') };

            // The test's own book: every entry with its month and balance effect.
            const book: {
              id: number;
              type: CashbookType;
              amount: number;
              month: string;
              reversed: boolean;
              reversal: boolean;
            }[] = [];
            const now = new Date();
            for (const o of ops) {
              if (o.kind === 'post') {
                const date = o.monthsBack ? pastDate(o.monthsBack, o.day, now) : undefined;
                const res = await api.post(admin, '/api/cashbook/transactions', {
                  amount: o.amount,
                  type: o.type,
                  category_id: cats[o.type],
                  description: `Eintrag ${book.length}`,
                  invoice_number: o.type === 'income' ? `RE-${book.length}` : undefined,
                  transaction_date: date?.toISOString(),
                });
                assert.equal(res.statusCode, 201, res.body);
                const e = res.json();
                book.push({
                  id: e.id,
                  type: o.type,
                  amount: o.amount,
                  month: cashbookMonthOf(new Date(e.transaction_date)),
                  reversed: false,
                  reversal: false,
                });
              } else {
                const open = book.filter((b) => !b.reversed && !b.reversal);
                if (!open.length) continue;
                const target = open[o.pick % open.length]!;
                const res = await api.post(admin, `/api/cashbook/transactions/${target.id}/reverse`, {
                  reason: 'Property',
                });
                assert.equal(res.statusCode, 201, res.body);
                target.reversed = true;
                const e = res.json();
                book.push({
                  id: e.id,
                  type: target.type,
                  amount: -target.amount,
                  month: cashbookMonthOf(new Date(e.transaction_date)),
                  reversed: false,
                  reversal: true,
                });
              }
            }

            const sum = (rows: typeof book) => rows.reduce((s, b) => s + balanceEffect(b.type, b.amount), 0);
            const byType = (rows: typeof book, type: CashbookType) =>
              rows.filter((b) => b.type === type).reduce((s, b) => s + b.amount, 0);
            const current = cashbookMonthOf(now);

            assert.deepEqual((await api.get(admin, '/api/cashbook/balance')).json(), { balance: start + sum(book) });
            const today = cashbookToday(); // the Vienna day the server books on, not UTC's
            const s = (
              await api.get(admin, `/api/cashbook/transactions/summary?start_date=2000-01-01&end_date=${today}`)
            ).json();
            assert.deepEqual(s, [
              { type: 'income', total_amount: byType(book, 'income') },
              { type: 'expense', total_amount: byType(book, 'expense') },
            ]);
            const o = (await api.get(admin, '/api/cashbook/overview')).json();
            assert.equal(o.currentBalance, start + sum(book));
            assert.equal(o.transactionCount, book.length);
            for (const m of o.months as { month: string; income: number; expenses: number }[]) {
              const rows = book.filter((b) => b.month === m.month);
              assert.deepEqual(m, {
                month: m.month,
                income: byType(rows, 'income'),
                expenses: byType(rows, 'expense'),
              });
            }
            assert.equal(
              o.monthlyIncome,
              byType(
                book.filter((b) => b.month === current),
                'income',
              ),
            );

            // Close every month from the first with an entry (or last month) up to last month, in order.
            const first = book.map((b) => b.month).sort()[0]!;
            let m = first < current ? first : cashbookAddMonths(current, -1);
            let running = start;
            while (m < current) {
              const rows = book.filter((b) => b.month === m);
              const res = await api.post(admin, '/api/cashbook/monthly-closings', {
                month: `${m}-01`,
                physical_balance: 12345,
              });
              assert.equal(res.statusCode, 201, res.body);
              const c = res.json();
              assert.equal(c.opening_balance, running);
              assert.equal(c.total_income, byType(rows, 'income'));
              assert.equal(c.total_expenses, byType(rows, 'expense'));
              running += sum(rows);
              assert.equal(c.closing_balance, running);
              assert.equal(c.difference, 12345 - running);
              m = cashbookAddMonths(m, 1);
            }
            assert.equal(running + sum(book.filter((b) => b.month === current)), start + sum(book));
            assert.deepEqual((await api.get(admin, '/api/cashbook/verify')).json(), {
              ok: true,
              checked: book.length,
              firstBrokenSeq: null,
            });
          },
        ),
        { numRuns: Number(process.env.CASHBOOK_RUNS ?? 8), seed: Number(process.env.FUZZ_SEED ?? 20261124) },
      );
    });
  });
}
