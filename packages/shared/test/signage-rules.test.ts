import { german } from './german.js';
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  daysRemaining,
  effectiveStatus,
  licenseOneYearFrom,
  normaliseTimeOfDay,
  activateByCodeSchema,
  updateDeviceSchema,
  parseDays,
  narrowWindow,
  playingAt,
  playsNow,
  scheduleInputSchema,
  signageContentItemSchema,
  verifyActivationSchema,
  viennaDay,
  viennaWeekMinute,
} from '../src/index.js';

// Wednesday 11 March 2026, 23:30 UTC = Thursday 12 March 00:30 in Vienna (CET, UTC+1).
const lateWednesdayUtc = new Date('2026-03-11T23:30:00Z');
// Monday 6 July 2026 06:59 UTC = 08:59 in Vienna (CEST, UTC+2).
const summerMonday = new Date('2026-07-06T06:59:00Z');

describe('daysRemaining (Vienna calendar days)', () => {
  it('counts from today in Vienna, not in UTC', () => {
    assert.equal(viennaDay(lateWednesdayUtc), '2026-03-12');
    assert.equal(daysRemaining('2026-03-13', lateWednesdayUtc), 1);
    assert.equal(daysRemaining('2026-03-12', lateWednesdayUtc), 0);
    assert.equal(daysRemaining('2026-03-01', lateWednesdayUtc), -11);
    assert.equal(daysRemaining(null, lateWednesdayUtc), null);
  });
  it('counts across the change to summer time by days, not hours', () => {
    assert.equal(daysRemaining('2026-04-01', new Date('2026-03-25T12:00:00Z')), 7);
  });
  it('sets a licence one year ahead, 29 February becoming 28 February', () => {
    assert.equal(licenseOneYearFrom(lateWednesdayUtc), '2027-03-12');
    assert.equal(licenseOneYearFrom(new Date('2028-02-29T10:00:00Z')), '2029-02-28');
  });
});

describe('effectiveStatus', () => {
  const now = lateWednesdayUtc;
  it('is locked when staff locked it, whatever the licence', () => {
    assert.equal(effectiveStatus({ status: 'locked', license_until: '2020-01-01' }, now), 'locked');
  });
  it('is pending until activated', () => {
    assert.equal(effectiveStatus({ status: 'pending', license_until: null }, now), 'pending');
    assert.equal(effectiveStatus({ status: 'pending', license_until: '2020-01-01' }, now), 'pending');
  });
  it('is expired when no days remain (0 or less), active otherwise', () => {
    assert.equal(effectiveStatus({ status: 'active', license_until: '2026-03-12' }, now), 'expired');
    assert.equal(effectiveStatus({ status: 'active', license_until: '2026-03-11' }, now), 'expired');
    assert.equal(effectiveStatus({ status: 'active', license_until: '2026-03-13' }, now), 'active');
    assert.equal(effectiveStatus({ status: 'active', license_until: null }, now), 'active');
  });
});

describe('playsNow (window and weekday in Vienna)', () => {
  it('uses the Vienna weekday and minute', () => {
    assert.deepEqual(viennaWeekMinute(lateWednesdayUtc), { weekday: 4, minute: 30 });
    assert.deepEqual(viennaWeekMinute(summerMonday), { weekday: 1, minute: 8 * 60 + 59 });
  });
  it('plays from the start minute up to, not including, the end minute', () => {
    const w = { start_time: '09:00', end_time: '17:00', days_of_week: '1,2,3,4,5' };
    assert.equal(playsNow(w, summerMonday), false, '08:59 is before the window');
    assert.equal(playsNow(w, new Date('2026-07-06T07:00:00Z')), true, '09:00');
    assert.equal(playsNow(w, new Date('2026-07-06T14:59:59Z')), true, '16:59:59');
    assert.equal(playsNow(w, new Date('2026-07-06T15:00:00Z')), false, '17:00');
  });
  it('plays only on its weekdays', () => {
    const w = { start_time: '00:00', end_time: '23:59', days_of_week: '4' };
    assert.equal(playsNow(w, lateWednesdayUtc), true, 'Thursday in Vienna although Wednesday in UTC');
    assert.equal(playsNow({ ...w, days_of_week: '3' }, lateWednesdayUtc), false);
  });
  it('takes an end of 23:59 as the end of the day', () => {
    const w = { start_time: '00:00', end_time: '23:59', days_of_week: '1,2,3,4,5,6,7' };
    assert.equal(playsNow(w, new Date('2026-07-06T21:59:30Z')), true, '23:59:30 in Vienna');
  });
  it('parses weekdays once each, sorted, ignoring others', () => {
    assert.deepEqual(parseDays('7,1,1,9,3'), [1, 3, 7]);
  });
});

describe('narrowWindow and playingAt (what a screen decides offline)', () => {
  const item = { start_time: '10:00', end_time: '23:59', days_of_week: '1,2,3,4,5,6,7', display_order: 0 };
  const lunch = { start_time: '11:00', end_time: '14:00', days_of_week: '1,2,3,4,5' };
  it('narrows an item to its schedule exactly: it plays where both play, at every minute of a week', () => {
    const narrowed = narrowWindow(item, lunch);
    assert.deepEqual(narrowed, { ...item, start_time: '11:00', end_time: '14:00', days_of_week: '1,2,3,4,5' });
    const windows = [
      [item, lunch],
      [{ ...item, start_time: '13:30', end_time: '23:59', days_of_week: '5,6' }, lunch],
      [
        { ...item, start_time: '00:00', end_time: '23:59' },
        { start_time: '20:00', end_time: '23:59', days_of_week: '7' },
      ],
    ] as const;
    for (const [i, s] of windows) {
      const n = narrowWindow(i, s);
      // Monday 6 July 2026 00:00 in Vienna, every 10 minutes for a week.
      for (let t = Date.parse('2026-07-05T22:00:00Z'); t < Date.parse('2026-07-12T22:00:00Z'); t += 600_000) {
        const at = new Date(t);
        assert.equal(n !== null && playsNow(n, at), playsNow(i, at) && playsNow(s, at), at.toISOString());
      }
    }
  });
  it('gives null for an item whose window never meets its schedule', () => {
    assert.equal(narrowWindow({ ...item, start_time: '15:00' }, lunch), null, 'after the schedule');
    assert.equal(narrowWindow({ ...item, days_of_week: '6,7' }, lunch), null, 'on other days');
  });
  it('picks what plays now in display order, ties in list order', () => {
    const all = [
      { ...item, id: 'a', display_order: 2 },
      { ...item, id: 'b', display_order: 1 },
      { ...item, id: 'c', display_order: 1, start_time: '18:00' },
      { ...item, id: 'd', display_order: 1 },
    ];
    // Monday 6 July 2026 12:00 and 19:00 in Vienna.
    assert.deepEqual(
      playingAt(all, new Date('2026-07-06T10:00:00Z')).map((i) => i.id),
      ['b', 'd', 'a'],
    );
    assert.deepEqual(
      playingAt(all, new Date('2026-07-06T17:00:00Z')).map((i) => i.id),
      ['b', 'c', 'd', 'a'],
    );
  });
});

describe('signage inputs', () => {
  it('refuses a schedule without a customer or with the end before the start', () => {
    const base = { schedule_name: 'Mittag', start_time: '08:00', end_time: '17:00', days: '1,2,3' };
    assert.equal(
      german(scheduleInputSchema.safeParse(base).error?.issues[0]?.message),
      'Bitte alle Felder ausfüllen und einen Kunden wählen.',
    );
    assert.ok(scheduleInputSchema.safeParse({ ...base, customer_id: 3 }).success);
    assert.equal(
      german(scheduleInputSchema.safeParse({ ...base, customer_id: 3, start_time: '18:00' }).error?.issues[0]?.message),
      'Die Startzeit muss vor der Endzeit liegen.',
    );
    assert.equal(
      german(scheduleInputSchema.safeParse({ ...base, customer_id: 3, days: '' }).error?.issues[0]?.message),
      'Bitte alle Felder ausfüllen und einen Kunden wählen.',
    );
    assert.equal(scheduleInputSchema.parse({ ...base, customer_id: 3, days: '3, 1,1' }).days, '1,3');
  });
  it('gives a content item the default window and days', () => {
    assert.deepEqual(signageContentItemSchema.parse({ file_id: 4 }), {
      file_id: 4,
      display_order: 0,
      start_time: '00:00',
      end_time: '23:59',
      days_of_week: '1,2,3,4,5,6,7',
    });
  });
  it('asks for an activation code', () => {
    assert.equal(
      german(verifyActivationSchema.safeParse({ activation_code: ' ' }).error?.issues[0]?.message),
      'Bitte geben Sie einen Aktivierungscode ein',
    );
    assert.equal(verifyActivationSchema.parse({ activation_code: '123 456' }).activation_code, '123456');
  });
  it('reads the code the same way for "Gerät hinzufügen": spaces and dashes ignored, six digits', () => {
    const base = { customer_id: 3 };
    assert.equal(activateByCodeSchema.parse({ ...base, activation_code: ' 123-456 ' }).activation_code, '123456');
    assert.equal(
      german(activateByCodeSchema.safeParse({ ...base, activation_code: '12345' }).error?.issues[0]?.message),
      'Aktivierungscode ist nicht korrekt',
    );
    // One message for an empty code: the required one only.
    assert.deepEqual(
      activateByCodeSchema.safeParse({ ...base, activation_code: ' - ' }).error?.issues.map((i) => german(i.message)),
      ['Bitte geben Sie einen Aktivierungscode ein'],
    );
  });
  it('names the field whose text is too long', () => {
    assert.equal(
      german(updateDeviceSchema.safeParse({ device_name: 'x'.repeat(101) }).error?.issues[0]?.message),
      'Der Gerätename darf höchstens 100 Zeichen lang sein.',
    );
    assert.equal(
      german(updateDeviceSchema.safeParse({ location: 'x'.repeat(201) }).error?.issues[0]?.message),
      'Der Standort darf höchstens 200 Zeichen lang sein.',
    );
    const schedule = { start_time: '08:00', end_time: '17:00', days: '1', customer_id: 3 };
    assert.equal(
      german(scheduleInputSchema.safeParse({ ...schedule, schedule_name: 'x'.repeat(201) }).error?.issues[0]?.message),
      'Der Name des Schedules darf höchstens 200 Zeichen lang sein.',
    );
  });
  it('says every failing field of a schedule at once, each with its own message', () => {
    const r = scheduleInputSchema.safeParse({ schedule_name: '', start_time: '25:00', end_time: '', days: '' });
    assert.deepEqual(
      r.error?.issues.map((i) => [i.path.join('.'), german(i.message)]),
      [
        ['schedule_name', 'Bitte alle Felder ausfüllen und einen Kunden wählen.'],
        ['start_time', 'Ungültige Uhrzeit (HH:MM).'],
        ['end_time', 'Bitte alle Felder ausfüllen und einen Kunden wählen.'],
        ['days', 'Bitte alle Felder ausfüllen und einen Kunden wählen.'],
        ['stripe_customer_id', 'Bitte alle Felder ausfüllen und einen Kunden wählen.'],
      ],
    );
  });
  it('reads a typed time as 24 hours', () => {
    for (const [typed, time] of [
      ['8', '08:00'],
      ['08', '08:00'],
      ['830', '08:30'],
      ['0830', '08:30'],
      ['8:30', '08:30'],
      ['8.30', '08:30'],
      [' 17h05 ', '17:05'],
      ['23:59', '23:59'],
    ])
      assert.equal(normaliseTimeOfDay(typed!), time);
    for (const typed of ['24:00', '8:61', '8 pm', '', 'abc']) assert.equal(normaliseTimeOfDay(typed), typed.trim());
  });
});
