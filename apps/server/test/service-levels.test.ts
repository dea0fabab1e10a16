import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { DEFAULT_SLA_POLICIES, TASK_TYPE } from '@portal/shared';
import { mailOutbox, tasks } from '../src/db/schema/index.js';
import { addUser, bearer, createTestApp, dbTargets, german, login, type TestApp } from './helpers.js';
import { multipart } from './tasks-fixtures.js';

/*
 * Service levels (issue 31): the calendars and policies calls (roles, field errors, the recompute of
 * open tasks and not of finished ones, two saves at once), the month's figures (admin and agent) and
 * what a public form answers about the answer time, all on an injected clock.
 */

const SUPPORT = {
  kundennummer: '10001',
  lokalname: 'Pizzeria Napoli',
  telefonnummer: '0043 1 2345678',
  email: 'napoli@example.at',
  name: 'Luca Rossi',
  plz: '1100',
  description: 'Der Bondrucker in der Küche druckt nicht mehr.',
  agb: 'true',
};

/** Friday 15 January 2027, 14:00 in Vienna (CET): 60 working minutes left that day (to 15:00). */
const FRIDAY_14 = new Date('2027-01-15T13:00:00Z');
/** Support's 240 minutes: 60 on Friday, 180 from Monday 09:30: Monday 18 January, 12:30 Vienna. */
const MONDAY_1230 = '2027-01-18T11:30:00.000Z';
const TUESDAY_1230 = '2027-01-19T11:30:00.000Z';

const AT_HOURS = [
  ...[1, 2, 3, 4].map((weekday) => ({ weekday, start: '09:30', end: '17:30' })),
  { weekday: 5, start: '09:30', end: '15:00' },
];

for (const target of dbTargets()) {
  describe(`service levels (${target})`, () => {
    let t: TestApp;
    let clock = FRIDAY_14;
    let admin: string;
    let agentA: { id: number; token: string };
    let agentB: { id: number; token: string };
    let customer: string;

    const call = (method: 'GET' | 'PUT', url: string, token?: string, payload?: object) =>
      t.app.inject({ method, url, payload, headers: token ? bearer(token) : {} });

    async function solve(): Promise<string> {
      const res = await t.app.inject({ url: '/web/challenge' });
      const challenge = res.json() as Challenge;
      const solution = await solveChallenge({ challenge, deriveKey });
      return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
    }
    async function support(at: Date) {
      clock = at;
      const mp = multipart(
        Object.entries({ ...SUPPORT, altcha: await solve() }).map(([name, value]) => ({ name, value })),
      );
      const res = await t.app.inject({
        method: 'POST',
        url: '/web/classic-support',
        payload: mp.payload,
        headers: mp.headers,
      });
      assert.equal(res.statusCode, 200, res.body);
      return res.json() as { reference: number; due_at: string; outside_hours: boolean; message: string };
    }
    const taskRow = async (id: number) => (await t.db.select().from(tasks).where(eq(tasks.id, id)))[0]!;

    before(async () => {
      t = await createTestApp(target, { PUBLIC_FORM_RATE_LIMIT: '1000' }, { clock: () => clock });
      const a = await addUser(t.db, { role: 'admin', flags: ['tasks'], name: 'Adele Admin' });
      admin = await login(t.app, a.email, a.password);
      const b = await addUser(t.db, { role: 'agent', flags: ['tasks'], name: 'Anna Agentin' });
      agentA = { id: b.id, token: await login(t.app, b.email, b.password) };
      const c = await addUser(t.db, { role: 'agent', flags: ['tasks'], name: 'Bruno Agent' });
      agentB = { id: c.id, token: await login(t.app, c.email, c.password) };
      const d = await addUser(t.db, { role: 'customer', name: 'Kunde' });
      customer = await login(t.app, d.email, d.password);
    });
    after(() => t?.close());

    it('a public form answers the response deadline: Friday 14:00 → Monday 12:30, and says so in the mail', async () => {
      const sent = await support(FRIDAY_14);
      assert.equal(sent.due_at, MONDAY_1230);
      assert.equal(sent.outside_hours, false);
      assert.equal(sent.message, 'Ihre Support-Anfrage wurde erfolgreich gesendet!');
      const task = await taskRow(sent.reference);
      assert.equal(task.sla_response_due_at?.toISOString(), MONDAY_1230, 'the stored column is the answered one');
      assert.equal(task.sla_due_at?.toISOString(), MONDAY_1230);
      assert.equal(task.erstellt_am.toISOString(), FRIDAY_14.toISOString());
      const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.task_id, sent.reference));
      assert.ok(mail!.text.includes('Wir melden uns bis Montag, 12:30.'), mail!.text);
      assert.ok(!mail!.text.includes('außerhalb unserer Servicezeiten'));
    });

    it('a request outside the hours says so (Saturday), in the answer and the mail', async () => {
      const sent = await support(new Date('2027-01-16T10:00:00Z'));
      assert.equal(sent.outside_hours, true);
      // 240 minutes from Monday 09:30: 13:30.
      assert.equal(sent.due_at, '2027-01-18T12:30:00.000Z');
      const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.task_id, sent.reference));
      assert.ok(mail!.text.includes('Ihre Anfrage ist außerhalb unserer Servicezeiten eingegangen.'), mail!.text);
      assert.ok(mail!.text.includes('Wir melden uns bis Montag, 13:30.'), mail!.text);
    });

    it('staff read the calendars (today to twelve months ahead), others may not', async () => {
      clock = FRIDAY_14;
      assert.equal((await call('GET', '/api/service-calendars')).statusCode, 401);
      assert.equal((await call('GET', '/api/service-calendars', customer)).statusCode, 403);
      const res = await call('GET', '/api/service-calendars', agentA.token);
      assert.equal(res.statusCode, 200, res.body);
      const [at, eg] = res.json();
      assert.equal(at.country_id, 1);
      assert.equal(at.zone, 'Europe/Vienna');
      assert.deepEqual(at.hours, AT_HOURS);
      const dates = at.holidays.map((h: { date: string }) => h.date);
      assert.ok(dates.includes('2027-05-01') && dates.includes('2027-12-25'), 'computed holidays of the year ahead');
      assert.ok(!dates.includes('2027-01-06'), 'not before today');
      assert.ok(dates.includes('2028-01-06') && !dates.includes('2028-04-17'), 'up to twelve months ahead');
      assert.ok(at.holidays.every((h: { source: string }) => h.source === 'computed'));
      assert.equal(eg.country_id, 2);
      assert.equal(eg.zone, 'Africa/Cairo');
    });

    it('refuses a calendar from agents (403) and bad input field by field, in German', async () => {
      const ok = { hours: AT_HOURS, holidays: [] };
      assert.equal((await call('PUT', '/api/service-calendars/1', agentA.token, ok)).statusCode, 403);
      assert.equal((await call('PUT', '/api/service-calendars/1', customer, ok)).statusCode, 403);
      assert.equal((await call('PUT', '/api/service-calendars/9', admin, ok)).statusCode, 400);
      const bad = await call('PUT', '/api/service-calendars/1', admin, {
        hours: [
          { weekday: 8, start: '09:00', end: '17:00' },
          { weekday: 1, start: '9:00', end: '17:00' },
          { weekday: 2, start: '17:00', end: '09:00' },
        ],
        holidays: [
          { date: '2027-02-30', name: 'Kein Tag' },
          { date: '2027-03-01', name: '  ' },
        ],
      });
      assert.equal(bad.statusCode, 400, bad.body);
      const errors = Object.fromEntries(
        (bad.json().errors as { field: string; message: string }[]).map((e) => [e.field, german(e.message)]),
      );
      assert.deepEqual(errors, {
        'hours.0.weekday': 'Bitte wählen Sie einen Wochentag (1 Montag bis 7 Sonntag).',
        'hours.1.start': 'Bitte geben Sie die Uhrzeit als HH:MM ein.',
        'hours.2.end': 'Der Beginn muss vor dem Ende liegen.',
        'holidays.0.date': 'Ungültiges Datum',
        'holidays.1.name': 'Bitte geben Sie einen Namen für den Tag ein.',
      });
      // A day twice (checked once every day is valid in itself).
      const twice = await call('PUT', '/api/service-calendars/1', admin, {
        hours: AT_HOURS,
        holidays: [
          { date: '2027-03-02', name: 'Eins' },
          { date: '2027-03-02', name: 'Zwei' },
        ],
      });
      assert.equal(twice.statusCode, 400);
      assert.deepEqual(twice.json().errors, [
        { field: 'holidays.1.date', message: 'Dieser Tag ist schon eingetragen.', code: 'serviceLevels.dateTwice' },
      ]);
    });

    it('a manual day moves the deadlines of open tasks, not of finished ones; cancelling a holiday shows', async () => {
      const open = await support(FRIDAY_14);
      const done = await support(FRIDAY_14);
      await t.db
        .update(tasks)
        .set({ status: 'erledigt', erledigt_am: new Date('2027-01-15T13:30:00Z'), sla_due_at: null, sla_warn_at: null })
        .where(eq(tasks.id, done.reference));
      clock = FRIDAY_14;
      const res = await call('PUT', '/api/service-calendars/1', admin, {
        hours: AT_HOURS,
        holidays: [
          { date: '2027-01-18', name: 'Betriebsversammlung' },
          // Whit Monday cancelled, the day after moved there.
          { date: '2027-05-17', name: 'Pfingstmontag verlegt', closed: false },
          { date: '2027-05-18', name: 'Pfingstmontag (verlegt)' },
        ],
      });
      assert.equal(res.statusCode, 200, res.body);
      const saved = res.json();
      assert.equal(saved.message, 'Die Servicezeiten wurden gespeichert.');
      assert.ok(saved.recomputed >= 1);
      assert.equal(saved.recomputed, saved.open_tasks);
      assert.equal((await taskRow(open.reference)).sla_response_due_at?.toISOString(), TUESDAY_1230);
      assert.equal((await taskRow(open.reference)).sla_due_at?.toISOString(), TUESDAY_1230);
      assert.equal((await taskRow(done.reference)).sla_response_due_at?.toISOString(), MONDAY_1230, 'history kept');

      const cal = (await call('GET', '/api/service-calendars', agentA.token)).json()[0];
      const holiday = (date: string) => cal.holidays.find((h: { date: string }) => h.date === date);
      assert.deepEqual(holiday('2027-01-18'), { date: '2027-01-18', name: 'Betriebsversammlung', source: 'manual' });
      assert.equal(holiday('2027-05-17'), undefined, 'the cancelled computed holiday is gone');
      assert.equal(holiday('2027-05-18').source, 'manual');
      assert.deepEqual(
        cal.manual.map((m: { date: string; closed: boolean }) => [m.date, m.closed]),
        [
          ['2027-01-18', true],
          ['2027-05-17', false],
          ['2027-05-18', true],
        ],
      );
      // Egypt's open tasks were not touched; a new request now gets Tuesday.
      assert.equal((await support(FRIDAY_14)).due_at, TUESDAY_1230);
    });

    it('two saves of one calendar at once: both answer, one of them wins whole', async () => {
      clock = FRIDAY_14;
      const save = (name: string) =>
        call('PUT', '/api/service-calendars/1', admin, {
          hours: AT_HOURS,
          holidays: [
            { date: '2027-01-18', name },
            { date: '2027-02-01', name },
          ],
        });
      const answers = await Promise.all([save('Eins'), save('Zwei'), save('Drei')]);
      for (const a of answers) assert.equal(a.statusCode, 200, a.body);
      const cal = (await call('GET', '/api/service-calendars', admin)).json()[0];
      assert.equal(cal.manual.length, 2);
      assert.equal(new Set(cal.manual.map((m: { name: string }) => m.name)).size, 1, 'one save, not a mix');
    });

    it('policies: staff read the defaults, admins set one and the open tasks of the type follow', async () => {
      clock = FRIDAY_14;
      assert.equal((await call('GET', '/api/sla-policies', customer)).statusCode, 403);
      const list = await call('GET', '/api/sla-policies', agentA.token);
      assert.equal(list.statusCode, 200, list.body);
      const support1 = list.json().find((p: { task_type_id: number }) => p.task_type_id === TASK_TYPE.support);
      const def = DEFAULT_SLA_POLICIES.find((p) => p.task_type_id === TASK_TYPE.support)!;
      assert.deepEqual({ ...support1, open_tasks: undefined }, { ...def, custom: false, open_tasks: undefined });
      assert.equal(list.json().length, Object.keys(TASK_TYPE).length);

      const body = { response_minutes: 30, resolution_minutes: 960, clock: 'business' };
      assert.equal((await call('PUT', '/api/sla-policies/1', agentA.token, body)).statusCode, 403);
      const bad = await call('PUT', '/api/sla-policies/1', admin, {
        response_minutes: 0,
        resolution_minutes: 1.5,
        clock: 'x',
      });
      assert.equal(bad.statusCode, 400);
      assert.deepEqual((bad.json().errors as { field: string }[]).map((e) => e.field).sort(), [
        'clock',
        'resolution_minutes',
        'response_minutes',
      ]);
      assert.equal((await call('PUT', '/api/sla-policies/99', admin, body)).statusCode, 400);

      await call('PUT', '/api/service-calendars/1', admin, { hours: AT_HOURS, holidays: [] });
      const open = await support(FRIDAY_14);
      assert.equal(open.due_at, MONDAY_1230);
      const res = await call('PUT', '/api/sla-policies/1', admin, body);
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.json().custom, true);
      assert.equal(res.json().recomputed, res.json().open_tasks);
      // 30 working minutes from Friday 14:00.
      assert.equal((await taskRow(open.reference)).sla_response_due_at?.toISOString(), '2027-01-15T13:30:00.000Z');
      const again = (await call('GET', '/api/sla-policies', admin)).json()[0];
      assert.equal(again.response_minutes, 30);
    });

    it("the month's figures: admin sees every agent, an agent their own, in their own country only", async () => {
      // Assigned and finished in January 2027: A met one and breached one, B breached one; one of A's open and late.
      const ids: number[] = [];
      for (let i = 0; i < 4; i++) ids.push((await support(FRIDAY_14)).reference);
      const due = new Date('2027-01-18T11:30:00Z');
      const base = { sla_response_due_at: due, sla_resolution_due_at: new Date('2027-01-20T11:30:00Z') };
      await t.db.update(tasks).set({ status: 'offen', sla_due_at: null }).where(eq(tasks.status, 'offen'));
      const set = (id: number, v: Partial<typeof tasks.$inferInsert>) =>
        t.db
          .update(tasks)
          .set({ ...base, ...v })
          .where(eq(tasks.id, id));
      await set(ids[0]!, {
        user_id: agentA.id,
        status: 'erledigt',
        sla_responded_at: new Date('2027-01-18T09:00:00Z'),
        erledigt_am: new Date('2027-01-19T10:00:00Z'),
      });
      await set(ids[1]!, {
        user_id: agentA.id,
        status: 'erledigt',
        sla_responded_at: new Date('2027-01-18T12:00:00Z'),
        erledigt_am: new Date('2027-01-19T10:00:00Z'),
      });
      await set(ids[2]!, {
        user_id: agentB.id,
        status: 'abgeschlossen',
        sla_responded_at: new Date('2027-01-18T09:00:00Z'),
        erledigt_am: new Date('2027-01-25T10:00:00Z'),
      });
      await set(ids[3]!, { user_id: agentA.id, status: 'offen', sla_due_at: due });
      clock = new Date('2027-01-26T10:00:00Z');

      assert.equal((await call('GET', '/api/get-sla-stats/1?month=2027-01', customer)).statusCode, 403);
      assert.equal((await call('GET', '/api/get-sla-stats/1?month=2027-13', admin)).statusCode, 400);
      const all = await call('GET', '/api/get-sla-stats/1?month=2027-01', admin);
      assert.equal(all.statusCode, 200, all.body);
      const s = all.json();
      // The country's totals also count the unassigned task finished in time in an earlier test.
      assert.deepEqual([s.met, s.breached, s.open_breached], [2, 2, 1]);
      assert.deepEqual(s.by_type, [{ task_type_id: 1, met: 2, breached: 2, open_breached: 1 }]);
      assert.deepEqual(s.by_agent, [
        { user_id: agentA.id, name: 'Anna Agentin', met: 1, breached: 1, open_breached: 1 },
        { user_id: agentB.id, name: 'Bruno Agent', met: 0, breached: 1, open_breached: 0 },
      ]);

      const own = (await call('GET', '/api/get-sla-stats/1?month=2027-01', agentB.token)).json();
      assert.deepEqual([own.met, own.breached, own.open_breached], [0, 1, 0]);
      assert.deepEqual(
        own.by_agent.map((a: { user_id: number }) => a.user_id),
        [agentB.id],
      );
      assert.equal((await call('GET', '/api/get-sla-stats/2?month=2027-01', agentB.token)).statusCode, 403);
      const feb = (await call('GET', '/api/get-sla-stats/1?month=2027-02', admin)).json();
      assert.deepEqual([feb.met, feb.breached, feb.open_breached], [0, 0, 1], 'open and late whatever the month');
    });
  });
}
