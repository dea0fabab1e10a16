import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  COUNTRY,
  addWorkingMinutes,
  calendarHolidays,
  computedHolidays,
  defaultServiceCalendar,
  isOpenAt,
  nextOpening,
  orthodoxEasterSunday,
  subtractWorkingMinutes,
  workingMinutesBetween,
  type ServiceCalendar,
} from '../src/index.js';

const AT = defaultServiceCalendar(COUNTRY.AT);
const EG = defaultServiceCalendar(COUNTRY.EG);
const dates = (country: number, year: number) => computedHolidays(country, year).map((h) => h.date);
const iso = (d: Date) => d.toISOString();

describe('Austrian holidays 2025–2030 (golden)', () => {
  const moving: Record<number, string[]> = {
    2025: ['04-21', '05-29', '06-09', '06-19'],
    2026: ['04-06', '05-14', '05-25', '06-04'],
    2027: ['03-29', '05-06', '05-17', '05-27'],
    2028: ['04-17', '05-25', '06-05', '06-15'],
    2029: ['04-02', '05-10', '05-21', '05-31'],
    2030: ['04-22', '05-30', '06-10', '06-20'],
  };
  const fixed = ['01-01', '01-06', '05-01', '08-15', '10-26', '11-01', '12-08', '12-25', '12-26'];
  for (const [year, days] of Object.entries(moving)) {
    it(`${year}`, () => {
      const want = [...fixed, ...days].map((d) => `${year}-${d}`).sort();
      assert.deepEqual(dates(COUNTRY.AT, Number(year)), want);
    });
  }
});

describe('Egyptian holidays 2025–2027 (golden, published dates)', () => {
  it('Orthodox Easter and Sham el-Nessim', () => {
    assert.equal(orthodoxEasterSunday(2025).toDateString(), new Date(2025, 3, 20).toDateString());
    assert.equal(orthodoxEasterSunday(2026).toDateString(), new Date(2026, 3, 12).toDateString());
    assert.equal(orthodoxEasterSunday(2027).toDateString(), new Date(2027, 4, 2).toDateString());
    const sham = (y: number) => computedHolidays(COUNTRY.EG, y).find((h) => h.key === 'shamElNessim')?.date;
    assert.deepEqual([sham(2025), sham(2026), sham(2027)], ['2025-04-21', '2026-04-13', '2027-05-03']);
  });
  const byKey = (y: number, key: string) =>
    computedHolidays(COUNTRY.EG, y)
      .filter((h) => h.key === key)
      .map((h) => h.date);
  it('the fixed days every year', () => {
    for (const y of [2025, 2026, 2027]) {
      for (const d of ['01-07', '01-25', '04-25', '05-01', '06-30', '07-23', '10-06']) {
        assert.ok(dates(COUNTRY.EG, y).includes(`${y}-${d}`), `${y}-${d}`);
      }
    }
  });
  it('Eid al-Fitr, three days', () => {
    assert.deepEqual(byKey(2025, 'eidAlFitr'), ['2025-03-30', '2025-03-31', '2025-04-01']);
    assert.deepEqual(byKey(2026, 'eidAlFitr'), ['2026-03-20', '2026-03-21', '2026-03-22']);
    // 2027 is not yet decreed: Umm al-Qura's 9 March (moon sighting may give the 10th: a manual day moves it).
    assert.deepEqual(byKey(2027, 'eidAlFitr'), ['2027-03-09', '2027-03-10', '2027-03-11']);
  });
  it('Eid al-Adha, four days', () => {
    assert.deepEqual(byKey(2025, 'eidAlAdha'), ['2025-06-06', '2025-06-07', '2025-06-08', '2025-06-09']);
    assert.deepEqual(byKey(2026, 'eidAlAdha'), ['2026-05-27', '2026-05-28', '2026-05-29', '2026-05-30']);
    assert.deepEqual(byKey(2027, 'eidAlAdha'), ['2027-05-16', '2027-05-17', '2027-05-18', '2027-05-19']);
  });
  it('Islamic New Year and the Prophet’s Birthday', () => {
    assert.deepEqual(byKey(2025, 'islamicNewYear'), ['2025-06-26']);
    assert.deepEqual(byKey(2026, 'islamicNewYear'), ['2026-06-16']);
    assert.deepEqual(byKey(2027, 'islamicNewYear'), ['2027-06-06']);
    assert.deepEqual(byKey(2025, 'prophetsBirthday'), ['2025-09-04']);
    assert.deepEqual(byKey(2026, 'prophetsBirthday'), ['2026-08-25']);
    assert.deepEqual(byKey(2027, 'prophetsBirthday'), ['2027-08-14']);
  });
  it('a manual day moves a holiday: a decree puts Eid al-Fitr 2026 one day later', () => {
    const moved: ServiceCalendar = {
      ...EG,
      manual: [
        { date: '2026-03-20', name: 'Verschoben', closed: false },
        { date: '2026-03-23', name: 'Fest des Fastenbrechens (3. Tag)', closed: true },
      ],
    };
    const list = calendarHolidays(moved, '2026-03-19', '2026-03-24');
    assert.deepEqual(
      list.map((h) => [h.date, h.source]),
      [
        ['2026-03-21', 'computed'],
        ['2026-03-22', 'computed'],
        ['2026-03-23', 'manual'],
      ],
    );
    // A computed day carries its ids, so a screen names it in the reader's language.
    assert.deepEqual(list[0]!.keys, [{ key: 'eidAlFitr', day: 2 }]);
    assert.equal(list[2]!.keys, undefined);
  });
});

describe('working minutes (golden deadlines)', () => {
  it('Friday closes at 15:00 and the weekend does not count (Vienna)', () => {
    // Fri 27.11.2026 14:00 Vienna + 240: 60 on Friday, 180 from Monday 09:30.
    assert.equal(iso(addWorkingMinutes(AT, new Date('2026-11-27T13:00:00Z'), 240)), '2026-11-30T11:30:00.000Z');
  });
  it('a holiday does not count (8 December)', () => {
    // Mon 07.12.2026 16:30 + 240: 60 on Monday, Tuesday is Mariä Empfängnis, 180 on Wednesday.
    assert.equal(iso(addWorkingMinutes(AT, new Date('2026-12-07T15:30:00Z'), 240)), '2026-12-09T11:30:00.000Z');
  });
  it('across the switch to summer time (Vienna, 29 March 2026)', () => {
    assert.equal(iso(addWorkingMinutes(AT, new Date('2026-03-27T13:00:00Z'), 240)), '2026-03-30T10:30:00.000Z');
  });
  it('across the switch to winter time (Vienna, 25 October 2026; 26 October is a holiday)', () => {
    // Fri 23.10. 14:00 CEST + 120: 60 on Friday, Monday 26 is Nationalfeiertag, Tuesday 09:30 CET + 60.
    assert.equal(iso(addWorkingMinutes(AT, new Date('2026-10-23T12:00:00Z'), 120)), '2026-10-27T09:30:00.000Z');
  });
  it('a start outside the hours counts from the next opening', () => {
    assert.equal(iso(addWorkingMinutes(AT, new Date('2026-11-28T10:00:00Z'), 30)), '2026-11-30T09:00:00.000Z');
    assert.equal(iso(nextOpening(AT, new Date('2026-11-27T14:00:00Z'))!), '2026-11-30T08:30:00.000Z');
  });
  it('Egypt: Eid al-Fitr and the Friday–Saturday weekend (Cairo)', () => {
    // Thu 19.03.2026 16:00 Cairo (UTC+2) + 120: 60 on Thursday; Friday to Sunday Eid; Monday 09:00 + 60.
    assert.equal(iso(addWorkingMinutes(EG, new Date('2026-03-19T14:00:00Z'), 120)), '2026-03-23T08:00:00.000Z');
    const moved: ServiceCalendar = { ...EG, manual: [{ date: '2026-03-23', name: 'Eid', closed: true }] };
    assert.equal(iso(addWorkingMinutes(moved, new Date('2026-03-19T14:00:00Z'), 120)), '2026-03-24T08:00:00.000Z');
  });
  it('Egypt: across its summer time (24 April 2026)', () => {
    // Thu 23.04. 16:30 Cairo (UTC+2) + 60: 30 on Thursday, Sunday 26.04. 09:00 (UTC+3) + 30.
    assert.equal(iso(addWorkingMinutes(EG, new Date('2026-04-23T14:30:00Z'), 60)), '2026-04-26T06:30:00.000Z');
  });
  it('Sunday is a working day in Egypt, not in Austria', () => {
    const sunday = new Date('2026-11-29T09:00:00Z');
    assert.equal(isOpenAt(EG, sunday), true);
    assert.equal(isOpenAt(AT, sunday), false);
  });
  it('minutes between and minutes before are the inverse of adding', () => {
    const start = new Date('2026-11-27T13:00:00Z');
    const end = addWorkingMinutes(AT, start, 240);
    assert.equal(workingMinutesBetween(AT, start, end), 240);
    assert.equal(iso(subtractWorkingMinutes(AT, end, 240)), iso(start));
    assert.equal(iso(subtractWorkingMinutes(AT, end, 200)), '2026-11-27T13:40:00.000Z');
  });
});

describe('property: a deadline lies in working time and never before its start', () => {
  for (const [name, cal] of [
    ['Austria', AT],
    ['Egypt', EG],
  ] as const) {
    it(name, () => {
      fc.assert(
        fc.property(
          fc.integer({ min: Date.parse('2025-01-01'), max: Date.parse('2027-12-31') }),
          fc.integer({ min: 1, max: 5000 }),
          (start, minutes) => {
            const due = addWorkingMinutes(cal, start, minutes);
            assert.ok(+due > start);
            // The last counted minute is working time.
            assert.ok(isOpenAt(cal, +due - 1), `${new Date(start).toISOString()} + ${minutes}`);
            assert.ok(Math.abs(workingMinutesBetween(cal, start, due) - minutes) < 1e-9);
            assert.equal(+subtractWorkingMinutes(cal, due, minutes) >= start, true);
          },
        ),
        { numRuns: 300 },
      );
    });
  }
});
