import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { formatDateTime, formatFileSize, formatMoney } from '../src/index.js';

describe('formatting helpers', () => {
  it('formats dates as dd.MM.yyyy HH:mm in Vienna time', () => {
    assert.equal(formatDateTime('2026-01-15T08:05:00Z'), '15.01.2026 09:05');
    assert.equal(formatDateTime('2026-07-15T08:05:00Z'), '15.07.2026 10:05');
    assert.equal(formatDateTime('kein datum'), 'Ungültiges Datum');
    assert.equal(formatDateTime(null), 'N/A');
    assert.equal(formatDateTime(undefined), 'N/A');
    assert.equal(formatDateTime('', { invalid: 'Invalid date', missing: '–' }), '–');
  });
  it('formats integer cents as de-AT euros and refuses fractions', () => {
    assert.equal(formatMoney(15000).replace(/\s/g, ' '), '€ 150,00');
    assert.equal(formatMoney(123456789).replace(/\s/g, ' '), '€ 1.234.567,89');
    assert.equal(formatMoney(-5).replace(/\s/g, ' '), '-€ 0,05');
    assert.throws(() => formatMoney(1.5));
  });
  it('formats file sizes', () => {
    assert.equal(formatFileSize(0), '0 Bytes');
    assert.equal(formatFileSize(1023), '1023 Bytes');
    assert.equal(formatFileSize(1536), '1,5 KB');
    assert.equal(formatFileSize(5 * 1024 * 1024), '5 MB');
    assert.equal(formatFileSize(3.25 * 1024 ** 3), '3,25 GB');
  });
});
