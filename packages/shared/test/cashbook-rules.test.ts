import { german } from './german.js';
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  balanceEffect,
  cashbookAddMonths,
  cashbookLastMonths,
  cashbookMonthDays,
  cashbookMonthOf,
  centsToInput,
  computeClosing,
  createClosingSchema,
  createTransactionSchema,
  formatCashbookDateTime,
  isCashbookDay,
  isClosableMonth,
  latestClosableMonth,
  parseAmountToCents,
  parseTransactionCursor,
  transactionFormSchema,
  CASHBOOK_MSG,
} from '../src/index.js';

describe('cashbook amounts', () => {
  it('reads 12,50 and 12.50 alike, with thousands groups, to integer cents', () => {
    const cases: [string, number | null][] = [
      ['12,50', 1250],
      ['12.50', 1250],
      ['12,5', 1250],
      ['12', 1200],
      ['0,01', 1],
      [' 7,05 ', 705],
      ['1.234,56', 123456],
      ['1,234.56', 123456],
      ['1 234,56', 123456],
      ['1.234.567,89', 123456789],
      ['€ 3,20', 320],
      ['1 234', 123400],
      ['1.234', null],
      ['12,345', null],
      ['12,3456', null],
      ['1.234.56', null],
      ['1.234,567', null],
      ['-5', null],
      ['abc', null],
      ['', null],
      ['1,2,3', null],
    ];
    for (const [text, cents] of cases) assert.equal(parseAmountToCents(text), cents, text);
  });

  it('writes cents back with a decimal comma', () => {
    assert.equal(centsToInput(123456), '1234,56');
    assert.equal(centsToInput(5), '0,05');
    assert.equal(centsToInput(-777), '-7,77');
  });

  it('income adds, expense takes away; a reversal carries the negated amount', () => {
    assert.equal(balanceEffect('income', 500), 500);
    assert.equal(balanceEffect('expense', 500), -500);
    assert.equal(balanceEffect('expense', -500), 500);
  });
});

describe('cashbook closings and months', () => {
  it('computes closing = opening + income − expenses and the difference to the counted cash', () => {
    assert.deepEqual(
      computeClosing({ opening_balance: 10000, total_income: 4990, total_expenses: 1550, physical_balance: 13400 }),
      {
        opening_balance: 10000,
        total_income: 4990,
        total_expenses: 1550,
        physical_balance: 13400,
        closing_balance: 13440,
        difference: -40,
      },
    );
  });

  it('months in Vienna: a late December evening in UTC is already January', () => {
    assert.equal(cashbookMonthOf(new Date('2026-12-31T23:30:00Z')), '2027-01');
    assert.equal(cashbookMonthOf(new Date('2026-06-30T21:59:00Z')), '2026-06');
    assert.equal(cashbookAddMonths('2026-01', -1), '2025-12');
    assert.equal(cashbookAddMonths('2026-11', 3), '2027-02');
    assert.deepEqual(cashbookLastMonths(new Date('2026-03-10T10:00:00Z'), 6), [
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
    ]);
    assert.deepEqual(cashbookMonthDays('2028-02'), { start: '2028-02-01', end: '2028-02-29' });
  });

  it('closes at most the previous calendar month', () => {
    const now = new Date('2026-03-01T00:30:00+01:00');
    assert.equal(latestClosableMonth(now), '2026-02');
    assert.ok(isClosableMonth('2026-02-01', now));
    assert.ok(isClosableMonth('2025-12-01', now));
    assert.ok(!isClosableMonth('2026-03-01', now));
    assert.ok(!isClosableMonth('2026-02-15', now));
  });

  it('days, times and cursors', () => {
    assert.ok(isCashbookDay('2028-02-29'));
    assert.ok(!isCashbookDay('2026-02-29'));
    assert.ok(!isCashbookDay('2026-2-01'));
    assert.equal(formatCashbookDateTime('2026-07-01T10:05:09.000Z'), '01.07.2026 12:05:09');
    const c = Buffer.from(JSON.stringify({ d: '2026-07-01T10:05:09.000Z', s: 3 })).toString('base64url');
    assert.deepEqual(parseTransactionCursor(c), { d: '2026-07-01T10:05:09.000Z', s: 3 });
    assert.equal(parseTransactionCursor('abc'), null);
    assert.equal(parseTransactionCursor(Buffer.from('{"d":"x","s":1}').toString('base64url')), null);
  });
});

describe('cashbook schemas', () => {
  const base = { amount: 1250, type: 'income', category_id: 1, description: 'Verkauf', invoice_number: 'RE-1' };
  const first = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
    german(r.error?.issues[0]?.message);

  it('an entry needs an invoice number for income and takes a customer only on income', () => {
    assert.ok(createTransactionSchema.safeParse(base).success);
    assert.equal(
      first(createTransactionSchema.safeParse({ ...base, invoice_number: '' })),
      CASHBOOK_MSG.invoiceRequired.de,
    );
    assert.equal(
      first(createTransactionSchema.safeParse({ ...base, type: 'expense', customer_id: 4 })),
      CASHBOOK_MSG.customerOnlyIncome.de,
    );
    assert.equal(first(createTransactionSchema.safeParse({ ...base, amount: 0 })), CASHBOOK_MSG.amountInvalid.de);
  });

  it('the form takes the amount as typed', () => {
    const form = {
      amount: '12,50',
      type: 'expense',
      category_id: '3',
      description: 'Papier',
      transaction_date: '2026-07-01T10:00',
      invoice_number: '',
      customer_id: '',
    };
    assert.ok(transactionFormSchema.safeParse(form).success);
    assert.equal(first(transactionFormSchema.safeParse({ ...form, amount: '0,00' })), CASHBOOK_MSG.amountInvalid.de);
    assert.equal(first(transactionFormSchema.safeParse({ ...form, amount: '12,345' })), CASHBOOK_MSG.amountInvalid.de);
    assert.equal(first(transactionFormSchema.safeParse({ ...form, type: 'income' })), CASHBOOK_MSG.invoiceRequired.de);
  });

  it('a closing names the first day of a month and the counted cash in cents', () => {
    assert.ok(createClosingSchema.safeParse({ month: '2026-02-01', physical_balance: 0 }).success);
    assert.equal(
      first(createClosingSchema.safeParse({ month: '2026-02-02', physical_balance: 0 })),
      CASHBOOK_MSG.monthInvalid.de,
    );
    assert.equal(first(createClosingSchema.safeParse({ month: '2026-02-01' })), CASHBOOK_MSG.physicalRequired.de);
  });
});
