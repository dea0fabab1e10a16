import { german } from './german.js';
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  addWorkingDays,
  austrianHolidays,
  classicSupportRequestSchema,
  companySwitchRequestSchema,
  depYears,
  emergencySupportRequestSchema,
  isDigitsOnly,
  isValidPhone,
  isValidPlz,
  isWorkingDay,
  makeDepRequestSchema,
  makeMenuChangeRequestSchema,
  maxMenuChangeDate,
  menuChangeDateError,
  minMenuChangeDate,
  nthWorkingDayAfter,
  parseDateKey,
  PUBLIC_FORM_MSG,
  viennaTimeToInstant,
} from '../src/index.js';

const day = (s: string) => new Date(`${s}T12:00:00`);
/** The first German message a schema gives for a value, or null when it passes. */
function firstError(
  schema: { safeParse(v: unknown): { success: boolean; error?: { issues: { message: string }[] } } },
  v: unknown,
) {
  const r = schema.safeParse(v);
  return r.success ? null : (german(r.error!.issues[0]?.message) ?? '?');
}

describe('Austrian holidays and working days', () => {
  it('knows the Easter-based holidays of 2026', () => {
    const h = Object.fromEntries(austrianHolidays(2026).map((x) => [x.key, x.date]));
    assert.equal(h.easterMonday, '2026-04-06');
    assert.equal(h.ascension, '2026-05-14');
    assert.equal(h.whitMonday, '2026-05-25');
    assert.equal(h.corpusChristi, '2026-06-04');
    // And for another year, computed, not listed: Easter Monday 2030 is 22 April.
    assert.equal(austrianHolidays(2030).find((x) => x.key === 'easterMonday')?.date, '2030-04-22');
  });
  it('treats weekends and holidays as non-working days', () => {
    assert.equal(isWorkingDay(day('2026-04-06')), false, 'Easter Monday');
    assert.equal(isWorkingDay(day('2026-06-04')), false, 'Corpus Christi');
    assert.equal(isWorkingDay(day('2026-06-06')), false, 'Saturday');
    assert.equal(isWorkingDay(day('2026-06-05')), true, 'Friday');
  });
  it('counts working days after a day, skipping weekends and holidays', () => {
    // Monday + 3 = Thursday.
    assert.equal(nthWorkingDayAfter(day('2026-06-08'), 3).toDateString(), day('2026-06-11').toDateString());
    // Saturday + 3 = Wednesday (Mon, Tue, Wed).
    assert.equal(nthWorkingDayAfter(day('2026-06-13'), 3).toDateString(), day('2026-06-17').toDateString());
    // Thursday 2 April 2026 + 3: Fri 3, (Easter Monday), Tue 7, Wed 8.
    assert.equal(nthWorkingDayAfter(day('2026-04-02'), 3).toDateString(), day('2026-04-08').toDateString());
    assert.equal(addWorkingDays(day('2026-06-03'), 1).toDateString(), day('2026-06-05').toDateString());
  });
});

describe('field rules', () => {
  it('accepts Austrian phone numbers with optional +43 or 0043 and ignores spaces', () => {
    for (const ok of ['0664 1234567', '+43 664 1234567', '0043 1 234 56 78', '1234', '+431234']) {
      assert.equal(isValidPhone(ok), true, ok);
    }
    for (const bad of ['123', '+49 30 123456', '0664-1234567', 'abc1234', '+43', '', '0664/123456']) {
      assert.equal(isValidPhone(bad), false, bad);
    }
  });
  it('wants 4 or 5 digits as PLZ and digits only as Kundennummer', () => {
    assert.equal(isValidPlz('1190'), true);
    assert.equal(isValidPlz('80331'), true);
    assert.equal(isValidPlz('119'), false);
    assert.equal(isValidPlz('119000'), false);
    assert.equal(isValidPlz('11a0'), false);
    assert.equal(isDigitsOnly('10001'), true);
    assert.equal(isDigitsOnly('10 001'), false);
    assert.equal(isDigitsOnly('A10001'), false);
  });
});

const support = {
  kundennummer: '10001',
  lokalname: 'Gasthaus Zum Goldenen Hirschen',
  telefonnummer: '+43 664 1234567',
  email: 'wirt@example.at',
  name: 'Maria Huber',
  plz: '1190',
  description: 'Der Bondrucker in der Küche druckt nicht.',
  agb: 'true',
};

describe('support request schemas', () => {
  it('accepts a complete request', () => {
    const r = classicSupportRequestSchema.parse({ ...support, frist: 'ignored', altcha: 'x' });
    assert.equal(r.agb, true);
    assert.equal(r.kundennummer, '10001');
    assert.ok(!('frist' in r), 'unknown fields are dropped');
  });
  it('answers each broken field with its German message', () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ kundennummer: '' }, 'Kundennummer ist erforderlich'],
      [{ kundennummer: '10a01' }, 'Kundennummer darf nur Zahlen enthalten'],
      [{ lokalname: '  ' }, 'Lokalname ist erforderlich'],
      [{ telefonnummer: '12' }, 'Ungültiges Telefonnummerformat'],
      [{ telefonnummer: undefined }, 'Telefonnummer ist erforderlich'],
      [{ email: 'wirt@' }, 'Ungültige E-Mail-Adresse'],
      [{ name: '' }, 'Name ist erforderlich'],
      [{ plz: '123' }, 'PLZ muss 4-5 Ziffern enthalten'],
      [{ plz: '123456' }, 'PLZ muss 4-5 Ziffern enthalten'],
      [{ description: '' }, 'Beschreibung ist erforderlich'],
      [{ description: 'x'.repeat(10001) }, 'Die Beschreibung darf höchstens 10.000 Zeichen lang sein.'],
      [{ agb: 'false' }, 'Bitte akzeptieren Sie die AGB.'],
      [{ agb: undefined }, 'Bitte akzeptieren Sie die AGB.'],
      [{ lokalname: 'x'.repeat(201) }, 'Eingabe ist zu lang'],
    ];
    for (const [over, message] of cases) {
      assert.equal(
        firstError(classicSupportRequestSchema, { ...support, ...over }),
        message,
        JSON.stringify(over).slice(0, 80),
      );
    }
  });
  it('gives one message per field, the "required" one for an empty field', () => {
    const r = classicSupportRequestSchema.safeParse({ kundennummer: '', plz: '', telefonnummer: ' ', email: '' });
    const byField = new Map<string, string[]>();
    for (const i of r.error!.issues)
      byField.set(String(i.path[0]), [...(byField.get(String(i.path[0])) ?? []), german(i.message)!]);
    assert.deepEqual(byField.get('kundennummer'), ['Kundennummer ist erforderlich']);
    assert.deepEqual(byField.get('plz'), ['PLZ ist erforderlich']);
    assert.deepEqual(byField.get('telefonnummer'), ['Telefonnummer ist erforderlich']);
    assert.deepEqual(byField.get('email'), ['E-Mail ist erforderlich']);
    assert.ok([...byField.values()].every((m) => m.length === 1));
  });
  it('asks the emergency requester to accept the costs with the terms', () => {
    assert.equal(firstError(emergencySupportRequestSchema, { ...support, agb: '' }), PUBLIC_FORM_MSG.agbEmergency.de);
    assert.equal(firstError(emergencySupportRequestSchema, { ...support, agb: 'on' }), null);
  });
});

describe('DEP request schema', () => {
  const now = () => new Date('2026-06-15T10:00:00+02:00');
  const schema = makeDepRequestSchema(now);
  const dep = {
    kundennummer: '10001',
    lokalname: 'Gasthaus',
    telefonnummer: '0664 1234567',
    email: 'wirt@example.at',
    name: 'Maria Huber',
    firmenname: 'Huber GmbH',
    plz: '1190',
    startMonth: 1,
    startYear: 2024,
    endMonth: 12,
    endYear: 2025,
    agb: true,
  };
  it('accepts a period from 2017 to the current year; description is optional', () => {
    const r = schema.parse({ ...dep, startYear: '2017', startMonth: '3', endYear: '2026', endMonth: '3' });
    assert.equal(r.startYear, 2017);
    assert.equal(r.description, undefined);
    assert.equal(schema.parse({ ...dep, startMonth: 5, startYear: 2025, endMonth: 5, endYear: 2025 }).endMonth, 5);
  });
  it('lists the years 2017 to the current year', () => {
    assert.deepEqual(depYears(new Date('2019-12-31T22:59:00Z')), [2017, 2018, 2019]);
    // 23:30 UTC on New Year's Eve is already the next year in Vienna.
    assert.deepEqual(depYears(new Date('2019-12-31T23:30:00Z')), [2017, 2018, 2019, 2020]);
  });
  it('refuses missing fields, years out of range and an end before the start', () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ firmenname: '' }, 'Name der Firma ist erforderlich'],
      [{ startMonth: '' }, 'Bitte wählen Sie den Startmonat'],
      [{ startMonth: 13 }, 'Bitte wählen Sie den Startmonat'],
      [{ startYear: undefined }, 'Bitte wählen Sie das Startjahr'],
      [{ endMonth: '' }, 'Bitte wählen Sie den Endmonat'],
      [{ endYear: '' }, 'Bitte wählen Sie das Endjahr'],
      [{ startYear: 2016 }, PUBLIC_FORM_MSG.yearRange.de],
      [{ endYear: 2027 }, PUBLIC_FORM_MSG.yearRange.de],
      [{ startYear: 2025, startMonth: 6, endYear: 2025, endMonth: 5 }, PUBLIC_FORM_MSG.endBeforeStart.de],
      [{ agb: false }, 'Bitte akzeptieren Sie die AGB.'],
      [{ plz: 'A-1190' }, 'PLZ muss 4-5 Ziffern enthalten'],
      [{ telefonnummer: '+49 89 123456' }, 'Ungültiges Telefonnummerformat'],
    ];
    for (const [over, message] of cases)
      assert.equal(firstError(schema, { ...dep, ...over }), message, JSON.stringify(over));
    assert.equal(PUBLIC_FORM_MSG.yearRange.de, 'Das Jahr muss zwischen 2017 und dem aktuellen Jahr liegen');
  });
});

describe('menu change date rule', () => {
  it('puts the earliest day three working days after today (Vienna time)', () => {
    assert.equal(minMenuChangeDate(new Date('2026-03-31T10:00:00+02:00')), '2026-04-03'); // Tue -> Fri
    assert.equal(minMenuChangeDate(new Date('2026-04-02T10:00:00+02:00')), '2026-04-08'); // over Easter Monday
    assert.equal(minMenuChangeDate(new Date('2026-06-01T10:00:00+02:00')), '2026-06-05'); // over Corpus Christi
    // 23:30 UTC on Thursday is already Friday in Vienna.
    assert.equal(minMenuChangeDate(new Date('2026-04-02T23:30:00Z')), '2026-04-09');
    assert.equal(maxMenuChangeDate(new Date('2026-04-02T10:00:00+02:00')), '2027-04-02');
  });
  it('refuses weekends, holidays, too early, too far and invalid dates with the spec message', () => {
    const now = new Date('2026-03-30T09:00:00+02:00'); // Monday
    assert.equal(
      menuChangeDateError('2026-04-06', now)?.de,
      'Bitte wählen Sie einen Werktag (Mo-Fr) und kein Feiertag.',
    );
    assert.equal(menuChangeDateError('2026-06-04', now)?.de, PUBLIC_FORM_MSG.workingDay.de);
    assert.equal(menuChangeDateError('2026-04-04', now)?.de, PUBLIC_FORM_MSG.workingDay.de); // Saturday
    assert.equal(menuChangeDateError('2026-04-01', now)?.de, PUBLIC_FORM_MSG.leadTime.de);
    assert.equal(menuChangeDateError('2026-04-02', now), null); // Thursday = Mon + 3
    assert.equal(menuChangeDateError('2027-04-01', now)?.de, PUBLIC_FORM_MSG.tooFar.de);
    assert.equal(menuChangeDateError('2026-02-30', now)?.de, 'Ungültiges Datum');
    assert.equal(menuChangeDateError('morgen', now)?.de, 'Ungültiges Datum');
    assert.equal(PUBLIC_FORM_MSG.leadTime.de, 'Das Datum muss mindestens 3 Werktage in der Zukunft liegen.');
  });
  it('validates the whole menu-change request with the same rule', () => {
    const schema = makeMenuChangeRequestSchema(() => new Date('2026-03-30T09:00:00+02:00'));
    const menu = {
      kundennummer: '10001',
      lokalname: 'Gasthaus',
      name: 'Maria Huber',
      plz: '1190',
      telefonnummer: '0664 1234567',
      email: 'wirt@example.at',
      comment: 'Schnitzel 14,90 statt 13,90',
      frist: '2026-04-02',
      agb_accepted: 'true',
    };
    assert.equal(firstError(schema, menu), null);
    assert.equal(firstError(schema, { ...menu, frist: '' }), 'Bitte wählen Sie das Datum der Änderung');
    assert.equal(firstError(schema, { ...menu, frist: '2026-04-06' }), PUBLIC_FORM_MSG.workingDay.de);
    assert.equal(firstError(schema, { ...menu, comment: '' }), 'Bitte beschreiben Sie die gewünschte Änderung');
    assert.equal(firstError(schema, { ...menu, agb_accepted: undefined }), 'Bitte akzeptieren Sie die AGB.');
  });
  it('turns a Vienna wall-clock time into the right instant, summer and winter', () => {
    assert.equal(viennaTimeToInstant('2026-06-17').toISOString(), '2026-06-16T22:00:00.000Z');
    assert.equal(viennaTimeToInstant('2026-01-15', 9, 30).toISOString(), '2026-01-15T08:30:00.000Z');
    assert.equal(parseDateKey('2026-02-29'), null);
  });
});

describe('company switch schema', () => {
  const sw = {
    oldCompanyName: 'Huber GmbH',
    oldLocalName: 'Gasthaus Huber',
    oldCustomerNumber: '10001',
    oldTaxId: 'ATU12345678',
    oldAddress: 'Hauptstraße 1, 1190 Wien',
    oldContact: 'Maria Huber',
    oldPhone: '0664 1234567',
    oldEmail: 'huber@example.at',
    newCompanyName: 'Berger KG',
    newLocalName: 'Gasthaus Berger',
    newTaxId: 'ATU87654321',
    newAddress: 'Hauptstraße 1, 1190 Wien',
    newContact: 'Bernd Berger',
    newPhone: '+43 660 7654321',
    newEmail: 'berger@example.at',
    switchReason: 'Verkauf',
    agb: 'on',
  };
  it('accepts it without the optional new customer number and additional info', () => {
    const r = companySwitchRequestSchema.parse({ ...sw, newCustomerNumber: '', additionalInfo: '' });
    assert.equal(r.newCustomerNumber, undefined);
    assert.equal(r.additionalInfo, undefined);
  });
  it('names the side (current or new) of a missing field', () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ oldCompanyName: '' }, 'Firmenname (aktuell) ist erforderlich'],
      [{ newCompanyName: '' }, 'Firmenname (neu) ist erforderlich'],
      [{ oldCustomerNumber: '' }, 'Kundennummer (aktuell) ist erforderlich'],
      [{ oldCustomerNumber: 'K-1' }, 'Kundennummer darf nur Zahlen enthalten'],
      [{ newCustomerNumber: 'K-1' }, 'Kundennummer darf nur Zahlen enthalten'],
      [{ oldEmail: 'huber(at)example.at' }, 'Ungültige E-Mail-Adresse'],
      [{ newEmail: '' }, 'E-Mail (neu) ist erforderlich'],
      [{ newPhone: '12' }, 'Ungültiges Telefonnummerformat'],
      [{ switchReason: '' }, 'Bitte wählen Sie den Grund des Firmenwechsels'],
      [{ agb: undefined }, 'Bitte akzeptieren Sie die AGB.'],
    ];
    for (const [over, message] of cases)
      assert.equal(firstError(companySwitchRequestSchema, { ...sw, ...over }), message, JSON.stringify(over));
  });
});
