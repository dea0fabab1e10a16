import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { playReportTexts } from '../src/messages/signage-plays.js';
import {
  formatPlayDuration,
  monthsBack,
  playBatchSchema,
  playMonthDays,
  playsQuerySchema,
} from '../src/schemas/signage-plays.js';

describe('proof of play rules (issue 33)', () => {
  it('writes a duration as m:ss or h:mm:ss', () => {
    assert.equal(formatPlayDuration(0), '0:00');
    assert.equal(formatPlayDuration(9_600), '0:10');
    assert.equal(formatPlayDuration(754_000), '12:34');
    assert.equal(formatPlayDuration(3_723_000), '1:02:03');
  });

  it('counts months back over the turn of the year, and knows the last day of each month', () => {
    assert.deepEqual(monthsBack('2026-02', 4), ['2026-02', '2026-01', '2025-12', '2025-11']);
    assert.deepEqual(playMonthDays('2028-02'), { from: '2028-02-01', to: '2028-02-29' });
    assert.deepEqual(playMonthDays('2026-12'), { from: '2026-12-01', to: '2026-12-31' });
  });

  it('takes a batch of 1 to 500 plays with offset times, and a period of at most 366 days in order', () => {
    const play = { seq: 1, file_id: 2, started_at: '2026-05-01T10:00:00+02:00', duration_ms: 1000 };
    assert.ok(playBatchSchema.safeParse({ plays: [play] }).success);
    assert.ok(!playBatchSchema.safeParse({ plays: [{ ...play, started_at: '2026-05-01T10:00:00' }] }).success);
    assert.ok(!playBatchSchema.safeParse({ plays: Array.from({ length: 501 }, () => play) }).success);
    const q = (from: string, to: string) => playsQuerySchema.safeParse({ customer_id: '1', from, to }).success;
    assert.ok(q('2026-01-01', '2026-12-31'));
    assert.ok(!q('2026-01-01', '2027-01-02'));
    assert.ok(!q('2026-02-01', '2026-01-31'));
  });

  it('says the report in each language, Arabic right to left; an unknown language reads German', () => {
    assert.equal(playReportTexts('de').headline, 'Ihr Content lief {{plays}}-mal auf {{screens}} Bildschirmen');
    assert.equal(playReportTexts('ar').dir, 'rtl');
    assert.match(playReportTexts('ar').title, /إثبات العرض/);
    assert.equal(playReportTexts('fr').dir, 'ltr');
    assert.equal(playReportTexts('xx'), playReportTexts('de'));
  });
});
