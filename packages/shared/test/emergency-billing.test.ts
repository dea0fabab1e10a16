import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { billedHours, emergencyAmounts, minutesOfSpan } from '../src/emergency-billing.js';

describe('emergency billing: 150 EUR net per started hour, 20 % VAT', () => {
  it('bills every started hour', () => {
    assert.deepEqual([0, 1, 59, 60, 61, 120, 121].map(billedHours), [0, 1, 1, 1, 2, 2, 3]);
  });
  it('counts a started minute as a whole one', () => {
    assert.deepEqual([0, 1, 59_999, 60_000, 60_001, -5].map(minutesOfSpan), [0, 1, 1, 1, 2, 0]);
  });
  it('61 minutes: 2 hours, 300 EUR net, 60 EUR VAT, 360 EUR gross (cents)', () => {
    assert.deepEqual(emergencyAmounts(61), { hours: 2, net: 30000, vat: 6000, gross: 36000 });
    assert.deepEqual(emergencyAmounts(60), { hours: 1, net: 15000, vat: 3000, gross: 18000 });
    assert.deepEqual(emergencyAmounts(0), { hours: 0, net: 0, vat: 0, gross: 0 });
  });
});
