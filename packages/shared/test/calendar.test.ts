import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { addWorkingDays, austrianHolidays, easterSunday, isWorkingDay, supportStatus } from '../src/index.js';

const d = (s: string) => new Date(`${s}T12:00:00`);
const vienna = (s: string) => new Date(s); // ISO with offset

describe('Austrian holidays', () => {
  it('computes Easter for known years', () => {
    assert.equal(easterSunday(2024).toDateString(), new Date(2024, 2, 31).toDateString());
    assert.equal(easterSunday(2025).toDateString(), new Date(2025, 3, 20).toDateString());
    assert.equal(easterSunday(2026).toDateString(), new Date(2026, 3, 5).toDateString());
    assert.equal(easterSunday(2038).toDateString(), new Date(2038, 3, 25).toDateString());
  });
  it('lists the thirteen nationwide holidays with the Easter-based ones', () => {
    const h = austrianHolidays(2025);
    assert.equal(h.length, 13);
    const dates = h.map((x) => x.date);
    for (const x of [
      '2025-01-01',
      '2025-01-06',
      '2025-04-21',
      '2025-05-01',
      '2025-05-29',
      '2025-06-09',
      '2025-06-19',
      '2025-08-15',
      '2025-10-26',
      '2025-11-01',
      '2025-12-08',
      '2025-12-25',
      '2025-12-26',
    ]) {
      assert.ok(dates.includes(x), x);
    }
    const h26 = austrianHolidays(2026).map((x) => x.date);
    for (const x of ['2026-04-06', '2026-05-14', '2026-05-25', '2026-06-04']) assert.ok(h26.includes(x), x);
  });
  it('knows working days and adds them across weekends and holidays', () => {
    assert.equal(isWorkingDay(d('2025-12-24')), true);
    assert.equal(isWorkingDay(d('2025-12-25')), false);
    assert.equal(isWorkingDay(d('2025-12-27')), false);
    // Tue 23 Dec 2025 + 3 working days: 24th (Wed), 29th (Mon), 30th (Tue).
    assert.equal(addWorkingDays(d('2025-12-23'), 3).toDateString(), new Date(2025, 11, 30).toDateString());
    // From a Saturday, counting starts on the next working day.
    assert.equal(addWorkingDays(d('2026-04-04'), 0).toDateString(), new Date(2026, 3, 7).toDateString());
  });
});

describe('support opening hours', () => {
  it('is open Mon–Thu 09:30–17:30 and Fri 09:30–15:00, Vienna time', () => {
    assert.equal(supportStatus(vienna('2026-11-23T09:29:00+01:00')).open, false);
    assert.equal(supportStatus(vienna('2026-11-23T09:30:00+01:00')).open, true);
    assert.equal(supportStatus(vienna('2026-11-23T17:29:00+01:00')).open, true);
    assert.equal(supportStatus(vienna('2026-11-23T17:30:00+01:00')).open, false);
    assert.equal(supportStatus(vienna('2026-11-27T14:59:00+01:00')).open, true);
    assert.equal(supportStatus(vienna('2026-11-27T15:00:00+01:00')).open, false);
    assert.equal(supportStatus(vienna('2026-11-28T11:00:00+01:00')).open, false);
    // 08:45 UTC in summer is 10:45 in Vienna.
    assert.equal(supportStatus(new Date('2026-07-01T08:45:00Z')).open, true);
  });
  it('is closed on a holiday and names it', () => {
    const s = supportStatus(vienna('2026-12-08T11:00:00+01:00'));
    assert.equal(s.open, false);
    assert.equal(s.holiday?.name, 'Mariä Empfängnis');
    assert.equal(s.holiday?.key, 'immaculateConception');
  });
});
