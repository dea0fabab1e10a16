import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  apiInstant,
  createClosingSchema,
  isApiDateText,
  isApiDay,
  isApiMonth,
  reportParamsSchema,
} from '../src/index.js';

describe('the dates the API takes (1900-01-01 to 2999-12-31)', () => {
  it('days: real calendar days within the range', () => {
    for (const ok of ['1900-01-01', '2999-12-31', '2024-02-29']) assert.ok(isApiDay(ok), ok);
    for (const bad of [
      '0000-01-01',
      '1899-12-31',
      '3000-01-01',
      '9999-12-31',
      '2023-02-29',
      '2026-13-01',
      '2026-1-1',
      '',
    ])
      assert.ok(!isApiDay(bad), bad);
  });
  it('months: YYYY-MM within the years', () => {
    for (const ok of ['1900-01', '2999-12']) assert.ok(isApiMonth(ok), ok);
    for (const bad of ['0000-01', '1899-12', '3000-01', '2026-00', '2026-13', '2026-1'])
      assert.ok(!isApiMonth(bad), bad);
  });
  it('instants: by the written year and by the instant', () => {
    for (const ok of ['1900-01-01T00:00:00Z', '2999-12-31T23:59:59.999Z', '2026-05-01T10:00:00+02:00']) {
      assert.ok(isApiDateText(ok), ok);
      assert.ok(apiInstant('x').safeParse(ok).success, ok);
    }
    for (const bad of [
      '0000-01-01T00:00:00Z',
      '1899-12-31T23:59:59Z',
      '3000-01-01T00:00:00Z',
      '9999-12-31T10:00:00+02:00',
      '1900-01-01T00:30:00+01:00',
      '2999-12-31T23:30:00-01:00',
    ]) {
      assert.ok(!apiInstant('x').safeParse(bad).success, bad);
    }
  });
  it('the report and the closing take their months in the range; the closing also as YYYY-MM', () => {
    assert.ok(!reportParamsSchema.safeParse({ month: '0000-01' }).success);
    assert.equal(createClosingSchema.parse({ month: '2026-03', physical_balance: 0 }).month, '2026-03-01');
    assert.equal(createClosingSchema.parse({ month: '2026-03-01', physical_balance: 0 }).month, '2026-03-01');
    assert.ok(!createClosingSchema.safeParse({ month: '0000-01-01', physical_balance: 0 }).success);
  });
});
