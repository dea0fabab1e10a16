import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseDisplayDate, tidyDateText } from '../src/components/date-input';

/** What the field shows after each key, typed at the end as a person types (Backspace deletes one). */
function typeKeys(keys: string[], withTime: boolean, start = ''): string {
  let text = start;
  for (const key of keys) {
    const raw = key === 'Backspace' ? text.slice(0, -1) : text + key;
    text = tidyDateText(raw, withTime, raw.length > text.length);
  }
  return text;
}
const chars = (s: string) => [...s];

describe('date input: typed, pasted and deleted text', () => {
  it('30.12.2026 typed key by key with its dots stays 30.12.2026 (was 30..12.20:26)', () => {
    const shown = typeKeys(chars('30.12.2026'), true);
    assert.equal(shown, '30.12.2026 ');
    assert.equal(typeKeys(chars('1430'), true, shown), '30.12.2026 14:30');
    assert.equal(parseDisplayDate(typeKeys(chars('30.12.2026 14:30'), true), true), '2026-12-30T14:30');
    assert.equal(typeKeys(chars('30.12.2026'), false), '30.12.2026');
    assert.equal(parseDisplayDate(typeKeys(chars('30.12.2026'), false), false), '2026-12-30');
  });

  it('digits alone get their separators', () => {
    assert.equal(typeKeys(chars('301220261430'), true), '30.12.2026 14:30');
    assert.equal(typeKeys(chars('30122026'), false), '30.12.2026');
    // Nothing past the last part.
    assert.equal(typeKeys(chars('3012202699'), false), '30.12.2026');
  });

  it('one-digit day and month with dots, other separators and a typed colon', () => {
    assert.equal(typeKeys(chars('1.2.2026'), false), '1.2.2026');
    assert.equal(parseDisplayDate('1.2.2026', false), '2026-02-01');
    assert.equal(typeKeys(chars('30/12/2026 14:30'), true), '30.12.2026 14:30');
    assert.equal(typeKeys(chars('30-12-2026'), false), '30.12.2026');
  });

  it('Arabic-Indic digits (an Arabic keyboard) become Latin ones', () => {
    assert.equal(typeKeys(chars('٣٠١٢٢٠٢٦'), false), '30.12.2026');
    assert.equal(typeKeys(chars('۳۰.۱۲.۲۰۲۶'), false), '30.12.2026');
  });

  it('Backspace removes the filled-in dot and digits without putting the dot back', () => {
    assert.equal(typeKeys(['Backspace'], false, '30.'), '30');
    assert.equal(typeKeys(['Backspace', 'Backspace'], false, '30.12.'), '30.1');
    assert.equal(typeKeys(['Backspace', 'Backspace', '1'], false, '30.12.'), '30.11.');
  });

  it('pasted text: the display form, an ISO day, with spaces around', () => {
    assert.equal(tidyDateText(' 30.12.2026 14:30 ', true), '30.12.2026 14:30');
    assert.equal(tidyDateText('2026-12-30', false), '30.12.2026');
    assert.equal(tidyDateText('2026-12-30T14:30', true), '30.12.2026 14:30');
  });

  it('an impossible day is still refused', () => {
    assert.equal(parseDisplayDate(typeKeys(chars('31.02.2026'), false), false), null);
  });
});
