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
  cashbookDescriptionDe,
  checkAmountCents,
  checkAmountText,
  closableMonth,
  legacyReversalParams,
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
    assert.equal(first(createTransactionSchema.safeParse({ ...base, amount: 0 })), CASHBOOK_MSG.amountMin.de);
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
    assert.equal(first(transactionFormSchema.safeParse({ ...form, amount: '0,00' })), CASHBOOK_MSG.amountMin.de);
    assert.equal(first(transactionFormSchema.safeParse({ ...form, amount: '12,345' })), CASHBOOK_MSG.amountDecimals.de);
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

describe('cashbook: the one amount rule (form and server)', () => {
  const issue = (r: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
    r.error?.issues.map((i) => ({ field: i.path.join('.'), message: german(i.message) }));
  const body = { type: 'expense', category_id: 3, description: 'Papier' };

  it('names why a typed amount is refused', () => {
    assert.deepEqual(checkAmountText('1.234'), { ok: false, problem: 'ambiguous' });
    assert.deepEqual(checkAmountText('12.345.678'), { ok: false, problem: 'ambiguous' });
    assert.deepEqual(checkAmountText('12,345'), { ok: false, problem: 'decimals' });
    assert.deepEqual(checkAmountText('1.2345'), { ok: false, problem: 'decimals' });
    assert.deepEqual(checkAmountText('-5'), { ok: false, problem: 'min' });
    assert.deepEqual(checkAmountText('−5,00'), { ok: false, problem: 'min' });
    assert.deepEqual(checkAmountText('0'), { ok: false, problem: 'min' });
    assert.deepEqual(checkAmountText(''), { ok: false, problem: 'required' });
    assert.deepEqual(checkAmountText('zwölf'), { ok: false, problem: 'format' });
    assert.deepEqual(checkAmountText('20000000'), { ok: false, problem: 'tooLarge' });
    assert.deepEqual(checkAmountText('1.234,56'), { ok: true, cents: 123456 });
    assert.deepEqual(checkAmountText('1234'), { ok: true, cents: 123400 });
    assert.deepEqual(checkAmountText('12,5 €'), { ok: true, cents: 1250 });
    // Counted cash may be zero.
    assert.deepEqual(checkAmountText('0', 0), { ok: true, cents: 0 });
    assert.deepEqual(checkAmountCents(12.5), { ok: false, problem: 'decimals' });
    assert.deepEqual(checkAmountCents(-500), { ok: false, problem: 'min' });
  });

  it('the form and the server body say it in the same German words at the amount field', () => {
    const form = {
      amount: '',
      type: 'expense',
      category_id: '3',
      description: 'Papier',
      transaction_date: '2026-07-01T10:00',
      invoice_number: '',
      customer_id: '',
    };
    const cases: [string, string][] = [
      ['1.234', 'Mehrdeutiger Betrag: bitte 1234 oder 1,234 schreiben.'],
      ['12,345', 'Höchstens zwei Nachkommastellen.'],
      ['-5', 'Der Betrag muss mindestens 0,01 € sein.'],
    ];
    for (const [typed, message] of cases) {
      assert.deepEqual(issue(transactionFormSchema.safeParse({ ...form, amount: typed })), [{ field: 'amount', message }]);
      assert.deepEqual(issue(createTransactionSchema.safeParse({ ...body, amount: typed })), [
        { field: 'amount', message },
      ]);
    }
    assert.deepEqual(issue(createTransactionSchema.safeParse({ ...body, amount: -500 })), [
      { field: 'amount', message: 'Der Betrag muss mindestens 0,01 € sein.' },
    ]);
    const ok = createTransactionSchema.safeParse({ ...body, amount: '1.234,50' });
    assert.equal(ok.success && ok.data.amount, 123450);
  });
});

describe('cashbook: the month that can be closed', () => {
  const now = new Date('2026-05-10T10:00:00Z');
  it('is the month after the latest closing, at most the previous month (Vienna)', () => {
    assert.equal(closableMonth({ latestClosed: '2026-02-01', firstEntryMonth: '2025-11', now }), '2026-03');
    assert.equal(closableMonth({ latestClosed: '2026-04-01', firstEntryMonth: '2025-11', now }), null);
    // Midnight of 1 May in Vienna is still April in UTC: April is already the previous month.
    assert.equal(
      closableMonth({ latestClosed: '2026-03-01', firstEntryMonth: null, now: new Date('2026-04-30T22:30:00Z') }),
      '2026-04',
    );
  });
  it('with no closing yet: the first month with entries, else the previous month', () => {
    assert.equal(closableMonth({ latestClosed: null, firstEntryMonth: '2025-11', now }), '2025-11');
    assert.equal(closableMonth({ latestClosed: null, firstEntryMonth: '2026-05', now }), null);
    assert.equal(closableMonth({ latestClosed: null, firstEntryMonth: null, now }), '2026-04');
  });
});

describe('cashbook: a reversal stored as kind and parameters', () => {
  it('is worded in German for the exports, old German texts are read back', () => {
    const params = { reversal_of_seq: 48, reason: 'Tippfehler' };
    assert.equal(
      cashbookDescriptionDe({ description: 'Tippfehler', description_kind: 'reversal', description_params: params }),
      'Storno zu Nr. 48: Tippfehler',
    );
    assert.equal(
      cashbookDescriptionDe({ description: 'Papier', description_kind: 'text', description_params: null }),
      'Papier',
    );
    assert.deepEqual(legacyReversalParams('Storno zu Nr. 48: Tippfehler: doppelt'), {
      reversal_of_seq: 48,
      reason: 'Tippfehler: doppelt',
    });
    assert.equal(legacyReversalParams('Papier'), null);
  });
});
