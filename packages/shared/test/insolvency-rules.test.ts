import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { canCloseInsolvency, insolvencyMonths, insolvencyToday, isInsolvencyMonthOpen } from '../src/index.js';

describe('insolvency rules', () => {
  it("today is Vienna's calendar day, not UTC's", () => {
    // 23:30 UTC on 31 Dec is already 1 Jan in Vienna (UTC+1 in winter); 21:59 UTC in summer is 23:59.
    assert.equal(insolvencyToday(new Date('2026-12-31T23:30:00Z')), '2027-01-01');
    assert.equal(insolvencyToday(new Date('2026-07-15T21:59:00Z')), '2026-07-15');
    assert.equal(insolvencyToday(new Date('2026-07-15T22:00:00Z')), '2026-07-16');
  });

  it('lists the months from the start month to the end month, across a year, oldest first', () => {
    assert.deepEqual(insolvencyMonths('2025-11-20', '2026-02-03'), [
      { year: 2025, month: 11 },
      { year: 2025, month: 12 },
      { year: 2026, month: 1 },
      { year: 2026, month: 2 },
    ]);
    assert.deepEqual(insolvencyMonths('2026-03-31', '2026-03-01'), [{ year: 2026, month: 3 }], 'same month');
  });

  it('runs to the current month while the case has no end date, and is empty for a later start', () => {
    assert.deepEqual(insolvencyMonths('2026-10-05', null, '2026-11-26'), [
      { year: 2026, month: 10 },
      { year: 2026, month: 11 },
    ]);
    assert.deepEqual(insolvencyMonths('2027-01-01', null, '2026-11-26'), []);
  });

  it('opens exactly the months of the case for invoice numbers', () => {
    const c = { start_date: '2026-02-15', end_date: '2026-04-01' };
    assert.equal(isInsolvencyMonthOpen(c, { year: 2026, month: 1 }, '2026-11-26'), false);
    assert.equal(isInsolvencyMonthOpen(c, { year: 2026, month: 2 }, '2026-11-26'), true);
    assert.equal(isInsolvencyMonthOpen(c, { year: 2026, month: 4 }, '2026-11-26'), true);
    assert.equal(isInsolvencyMonthOpen(c, { year: 2026, month: 5 }, '2026-11-26'), false);
    const open = { start_date: '2026-02-15', end_date: null };
    assert.equal(isInsolvencyMonthOpen(open, { year: 2026, month: 11 }, '2026-11-26'), true);
    assert.equal(isInsolvencyMonthOpen(open, { year: 2026, month: 12 }, '2026-11-26'), false, 'not a future month');
  });

  it("takes 'Beenden' and 'Dauerhaft schließen' from an active case, only the latter from an ended one", () => {
    assert.equal(canCloseInsolvency('active', 'closed'), true);
    assert.equal(canCloseInsolvency('active', 'permanently_closed'), true);
    assert.equal(canCloseInsolvency('closed', 'permanently_closed'), true);
    assert.equal(canCloseInsolvency('closed', 'closed'), false);
    assert.equal(canCloseInsolvency('permanently_closed', 'closed'), false);
    assert.equal(canCloseInsolvency('permanently_closed', 'permanently_closed'), false);
  });
});
