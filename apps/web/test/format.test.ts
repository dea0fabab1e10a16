import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  formatCount,
  formatList,
  formatLongDate,
  formatMonth,
  formatNumber,
  formatPercent,
  formatTime,
  intlLocale,
  monthNames,
} from '../src/lib/format';

// One formatter per language: what a reader of each of the four languages sees for numbers,
// months, long dates and times. German is Austrian German, Arabic keeps Latin digits.
const NBSP = '\u00a0';
const NNBSP = '\u202f';
const spaces = (s: string) => s.replace(new RegExp(`[${NBSP}${NNBSP}]`, 'g'), ' ');

describe('formatters per language', () => {
  it('maps each interface language to its locale, German for anything unknown', () => {
    assert.equal(intlLocale('de'), 'de-AT');
    assert.equal(intlLocale('en'), 'en-GB');
    assert.equal(intlLocale('fr'), 'fr-FR');
    assert.equal(intlLocale('ar'), 'ar-u-nu-latn');
    assert.equal(intlLocale('de-DE'), 'de-AT');
    assert.equal(intlLocale(undefined), 'de-AT');
    assert.equal(intlLocale('xx'), 'de-AT');
  });

  it('writes numbers with the separators of the language and Latin digits in Arabic', () => {
    assert.equal(formatNumber(1234567.5, 'de'), '1.234.567,5', 'German groups with a point, as money does');
    assert.equal(formatNumber(1234567.5, 'en'), '1,234,567.5');
    assert.equal(spaces(formatNumber(1234567.5, 'fr')), '1 234 567,5');
    assert.match(formatNumber(1234567.5, 'ar'), /^1,234,567\.5$/);
    assert.equal(formatNumber(42, 'de'), '42');
    assert.equal(formatNumber(2.456, 'de', { digits: 1 }), '2,5');
    assert.equal(formatNumber(2, 'de', { digits: 1, minDigits: 1 }), '2,0');
  });

  it('marks a capped count with a plus', () => {
    assert.equal(formatCount(37, 'de'), '37');
    assert.equal(formatCount(10000, 'de', true), '10.000+');
    assert.equal(formatCount(10000, 'en', true), '10,000+');
  });

  it('writes shares as percentages', () => {
    assert.equal(spaces(formatPercent(0.125, 'de')), '12,5 %');
    assert.equal(formatPercent(0.125, 'en'), '12.5%');
  });

  it('names months in Austrian German (Jänner) and the other languages', () => {
    assert.equal(formatMonth('2026-01', 'de'), 'Jän. 2026');
    assert.equal(formatMonth('2026-11', 'de', '2-digit'), 'Nov. 26');
    assert.equal(formatMonth('2026-01', 'en'), 'Jan 2026');
    assert.equal(monthNames('de')[0], 'Jänner');
    assert.equal(monthNames('fr')[1], 'février');
    assert.equal(monthNames('de').length, 12);
    assert.doesNotMatch(formatMonth('2026-03', 'ar'), /[\u0660-\u0669]/);
  });

  it('writes a day out, a date key as that day and a moment as its day in Vienna', () => {
    assert.equal(formatLongDate('2030-05-17', 'de'), 'Freitag, 17. Mai 2030');
    assert.equal(formatLongDate('2030-05-17', 'en'), 'Friday, 17 May 2030');
    // 23:30 UTC on 16 May is already the 17th in Vienna.
    assert.equal(formatLongDate(new Date('2030-05-16T23:30:00Z'), 'de', { year: false }), 'Freitag, 17. Mai');
  });

  it('shows the time of day as HH:mm in Vienna in every language', () => {
    const d = new Date('2026-01-10T13:05:00Z');
    assert.equal(formatTime(d), '14:05');
  });

  it('joins names as a sentence does', () => {
    assert.equal(formatList(['Firma', 'Ort', 'PLZ'], 'de'), 'Firma, Ort und PLZ');
    assert.equal(formatList(['Company', 'City'], 'en'), 'Company and City');
  });
});

describe('numeric months', () => {
  it('read MM/yyyy in every language', async () => {
    const { formatMonthNumeric } = await import('../src/lib/format');
    assert.equal(formatMonthNumeric('2026-03'), '03/2026');
  });
});
