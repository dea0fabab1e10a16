import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  erasedEmail,
  ERASED_KINDS,
  gdprEraseSchema,
  lastFreeYear,
  mayGo,
  RETAINED_KINDS,
  retainedGroups,
  retainedUntil,
  retentionYearOf,
} from '../src/index.js';

describe('GDPR retention (§ 132 BAO: seven years after the end of the calendar year)', () => {
  it('keeps a record of 2026 until 31 December 2033', () => {
    assert.equal(retainedUntil(2026), '2033-12-31');
    assert.equal(retainedUntil(2019), '2026-12-31');
    assert.equal(retentionYearOf('2033-12-31'), 2026);
    assert.throws(() => retainedUntil(2026.5), RangeError);
  });

  it('lets it go on the day after that, not before', () => {
    assert.equal(mayGo(2026, '2033-12-31'), false, 'the last day it is kept');
    assert.equal(mayGo(2026, '2034-01-01'), true);
    // A record of the very last day of a year counts as that year: 31.12.2026 is kept as long as 01.01.2026.
    assert.equal(mayGo(2026, '2033-06-30'), false);
    assert.equal(mayGo(2025, '2033-01-01'), true);
  });

  it('names the last calendar year that is free on a day', () => {
    assert.equal(lastFreeYear('2034-01-01'), 2026);
    assert.equal(lastFreeYear('2033-12-31'), 2025);
    for (const today of ['2030-01-01', '2030-07-15', '2030-12-31'])
      for (const year of [2020, 2021, 2022, 2023, 2024])
        assert.equal(mayGo(year, today), year <= lastFreeYear(today), `${year} on ${today}`);
  });

  it('groups the kept records by kind and year in a fixed order, adding up, without free years or empty counts', () => {
    const groups = retainedGroups(
      [
        { kind: 'cashbook', year: 2026, count: 4 },
        { kind: 'invoices', year: 2026, count: 2 },
        { kind: 'invoices', year: 2025, count: 1 },
        { kind: 'invoices', year: 2026, count: 1 },
        { kind: 'insolvency', year: 2018, count: 1 },
        { kind: 'rksv_orders', year: 2026, count: 0 },
      ],
      '2026-11-20',
    );
    assert.deepEqual(groups, [
      { kind: 'invoices', count: 1, until: '2032-12-31' },
      { kind: 'invoices', count: 3, until: '2033-12-31' },
      { kind: 'cashbook', count: 4, until: '2033-12-31' },
    ]);
    assert.deepEqual(retainedGroups([], '2026-11-20'), []);
  });

  it('has fixed kinds, and an erased account an address that can never be delivered to', () => {
    assert.deepEqual([...RETAINED_KINDS], ['invoices', 'rksv_orders', 'cashbook', 'insolvency']);
    assert.ok(ERASED_KINDS.includes('customer_contact') && ERASED_KINDS.includes('user_accounts'));
    assert.equal(new Set([...ERASED_KINDS, ...RETAINED_KINDS]).size, ERASED_KINDS.length + RETAINED_KINDS.length);
    assert.equal(erasedEmail(42), 'geloescht-42@dsgvo.invalid');
  });

  it('requires a reason for an erasure, visible characters only, at most 500', () => {
    const issue = (reason: unknown) => gdprEraseSchema.safeParse({ reason }).error?.issues[0]?.message;
    assert.equal(issue(''), 'gdpr.reasonRequired');
    assert.equal(issue(' \u200b '), 'gdpr.reasonRequired');
    assert.equal(issue(undefined), 'gdpr.reasonRequired');
    assert.equal(issue('x'.repeat(501)), 'gdpr.reasonTooLong');
    assert.equal(gdprEraseSchema.parse({ reason: '  Antrag per E-Mail  ' }).reason, 'Antrag per E-Mail');
  });
});
