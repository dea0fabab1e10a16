import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  barHeightPx,
  lookBackMonths,
  splitRatingComments,
  submitRatingSchema,
  verifyCodeRatingSchema,
} from '../src/index.js';

describe('lookBackMonths', () => {
  it('lists the current Vienna month and the five before it, oldest first', () => {
    assert.deepEqual(lookBackMonths(new Date('2026-03-15T12:00:00Z')), [
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
    ]);
  });
  it('counts the month in Vienna time: 23:30 UTC on 31 May is already June there', () => {
    assert.equal(lookBackMonths(new Date('2026-05-31T23:30:00Z')).at(-1), '2026-06');
    assert.equal(lookBackMonths(new Date('2026-12-31T22:59:00Z')).at(-1), '2026-12');
    assert.equal(lookBackMonths(new Date('2026-12-31T23:00:00Z')).at(-1), '2027-01');
  });
});

describe('barHeightPx', () => {
  it('scales to at most 140 px and never below 10 px', () => {
    assert.equal(barHeightPx(50, 50), 140);
    assert.equal(barHeightPx(25, 50), 70);
    assert.equal(barHeightPx(1, 1000), 10);
    assert.equal(barHeightPx(0, 10), 10);
    assert.equal(barHeightPx(0, 0), 10);
  });
});

describe('splitRatingComments', () => {
  it('splits on the triple bar and drops empty pieces', () => {
    assert.deepEqual(splitRatingComments('Gut|||Sehr schnell||| '), ['Gut', 'Sehr schnell']);
    assert.deepEqual(splitRatingComments(''), []);
    assert.deepEqual(splitRatingComments(null), []);
  });
});

describe('rating schemas', () => {
  const base = { customerNumber: ' 10001 ', taskId: 5, verificationCode: '123456' };
  it('needs a code of six digits', () => {
    assert.equal(verifyCodeRatingSchema.safeParse(base).success, true);
    assert.equal(verifyCodeRatingSchema.safeParse({ ...base, verificationCode: '12345' }).success, false);
    assert.equal(verifyCodeRatingSchema.safeParse({ ...base, verificationCode: '12345a' }).success, false);
  });
  it('takes whole stars from 1 to 5 and a comment of at most 2000 characters', () => {
    const ok = { ...base, timeRating: 1, satisfactionRating: 5, friendlinessRating: 3 };
    const parsed = submitRatingSchema.parse(ok);
    assert.equal(parsed.customerNumber, '10001');
    assert.equal(parsed.comment, undefined);
    for (const bad of [0, 6, 2.5, '3']) {
      assert.equal(submitRatingSchema.safeParse({ ...ok, timeRating: bad }).success, false, String(bad));
    }
    assert.equal(submitRatingSchema.safeParse({ ...ok, comment: 'x'.repeat(2000) }).success, true);
    assert.equal(submitRatingSchema.safeParse({ ...ok, comment: 'x'.repeat(2001) }).success, false);
  });
});
