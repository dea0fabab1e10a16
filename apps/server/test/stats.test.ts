import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { lookBackMonths, taskStatsSchema, tasksOverviewSchema } from '@portal/shared';
import { tasks } from '../src/db/schema/index.js';
import { addUser, bearer, createTestApp, dbTargets, login, type TestApp } from './helpers.js';

const HOUR = 3600_000;

for (const target of dbTargets()) {
  describe(`task statistics (${target})`, () => {
    let t: TestApp;
    type User = { id: number; token: string };
    let admin: User, anna: User, ben: User, noFlag: User, customer: User, egAgent: User, plainAdmin: User;
    const months = lookBackMonths(new Date());
    /** Noon UTC on the 10th of the window's i-th month (0 oldest, 5 current): inside that month in Vienna. */
    const inMonth = (i: number) => new Date(`${months[i]}-10T12:00:00Z`);
    const get = (url: string, u?: User) => t.app.inject({ method: 'GET', url, headers: u ? bearer(u.token) : {} });

    before(async () => {
      t = await createTestApp(target);
      const mk = async (input: Parameters<typeof addUser>[1]) => {
        const u = await addUser(t.db, input);
        return { id: u.id, token: await login(t.app, u.email, u.password) };
      };
      admin = await mk({ role: 'admin', flags: ['tasks'], name: 'Adele Admin', email: 'adele@test.at' });
      anna = await mk({ flags: ['tasks'], name: 'Anna Agentin', email: 'anna@test.at' });
      ben = await mk({ flags: ['tasks'], name: 'Ben Berger', email: 'ben@test.at' });
      noFlag = await mk({ flags: ['rksv'], name: 'Nora Ohneflag', email: 'nora@test.at' });
      plainAdmin = await mk({ role: 'admin', flags: ['rksv'], name: 'Paul Admin', email: 'paul@test.at' });
      customer = await mk({ role: 'customer', name: 'Kunde', email: 'kunde@test.at' });
      egAgent = await mk({ flags: ['tasks'], country: 2, name: 'Egon Kairo', email: 'egon@test.at' });

      const past = new Date(Date.now() - 2 * HOUR);
      const future = new Date(Date.now() + 48 * HOUR);
      const row = (
        user: number | null,
        month: number | Date,
        typ: number,
        status: 'offen' | 'erledigt' | 'abgeschlossen',
        opts: { frist?: Date; doneAfterH?: number; country?: number } = {},
      ) => {
        const created = month instanceof Date ? month : inMonth(month);
        const done = opts.doneAfterH === undefined ? null : new Date(created.getTime() + opts.doneAfterH * HOUR);
        return {
          titel: `Aufgabe ${typ}`,
          beschreibung: 'Statistik',
          frist: opts.frist ?? future,
          erstellt_am: created,
          erledigt_am: done,
          abgeschlossen_am: status === 'abgeschlossen' ? done : null,
          status,
          typ,
          country_id: opts.country ?? 1,
          user_id: user,
          kundennummer: '10001',
        };
      };
      await t.db.insert(tasks).values([
        row(anna.id, 5, 1, 'offen', { frist: past }), // overdue
        row(anna.id, 5, 1, 'offen'),
        row(anna.id, 4, 2, 'erledigt', { doneAfterH: 10 }),
        row(anna.id, 3, 2, 'abgeschlossen', { doneAfterH: 20 }),
        row(anna.id, 0, 3, 'erledigt', { doneAfterH: 60 }),
        row(ben.id, 5, 1, 'erledigt', { doneAfterH: 48 }),
        row(ben.id, 1, 1, 'offen', { frist: past }), // overdue
        row(null, 2, 4, 'offen'),
        row(ben.id, 3, 5, 'offen'),
        // Outside the window: created on the last day before it (Vienna), overdue and done ones alike.
        row(anna.id, new Date(new Date(`${months[0]}-01T00:00:00Z`).getTime() - 3 * HOUR), 1, 'offen', { frist: past }),
        row(ben.id, new Date(Date.now() - 400 * 24 * HOUR), 2, 'erledigt', { doneAfterH: 5 }),
        // Another country.
        row(egAgent.id, 5, 1, 'offen', { country: 2, frist: past }),
      ]);
    });
    after(() => t.close());

    const zeroMonths = (fields: string[]) =>
      months.map((month) => ({ month, ...Object.fromEntries(fields.map((f) => [f, 0])) }));

    it('answers the country overview with exact counts, rate, average and all 6 months (zeros included)', async () => {
      const res = await get('/api/get-tasks-overview-admin/1', admin);
      assert.equal(res.statusCode, 200, res.body);
      const body = tasksOverviewSchema.parse(res.json());
      assert.deepEqual(
        { ...body, byMonth: undefined, byType: undefined },
        {
          total: 9,
          open: 5,
          completed: 3,
          closed: 1,
          overdue: 2,
          completionRate: 44.4, // 4 of 9
          avgCompletionHours: 34.5, // (10 + 20 + 60 + 48) / 4
          byMonth: undefined,
          byType: undefined,
        },
      );
      assert.equal(body.total, body.open + body.completed + body.closed);
      const expected = zeroMonths(['created', 'completed', 'closed']);
      Object.assign(expected[0]!, { created: 1, completed: 1 });
      Object.assign(expected[1]!, { created: 1 });
      Object.assign(expected[2]!, { created: 1 });
      Object.assign(expected[3]!, { created: 2, closed: 1 });
      Object.assign(expected[4]!, { created: 1, completed: 1 });
      Object.assign(expected[5]!, { created: 3, completed: 1 });
      assert.deepEqual(body.byMonth, expected);
      assert.deepEqual(
        body.byType.filter((x) => x.count > 0),
        [
          { typ: 1, count: 4 },
          { typ: 2, count: 2 },
          { typ: 3, count: 1 },
          { typ: 4, count: 1 },
          { typ: 5, count: 1 },
        ],
      );
      assert.ok(body.byType.length >= 5, 'every task type, zeros included');
    });

    it("answers an agent's overview over the tasks assigned to them", async () => {
      for (const viewer of [anna, admin]) {
        const res = await get(`/api/get-tasks-overview-agent/1/${anna.id}`, viewer);
        assert.equal(res.statusCode, 200, res.body);
        const b = res.json();
        assert.deepEqual(
          [b.total, b.open, b.completed, b.closed, b.overdue, b.completionRate, b.avgCompletionHours],
          [5, 2, 2, 1, 1, 60, 30], // (10 + 20 + 60) / 3 hours
        );
        assert.deepEqual(
          b.byMonth.map((m: { created: number }) => m.created),
          [1, 0, 0, 1, 1, 2],
        );
      }
      // Nothing in the window: zeros, no average, still 6 months.
      const empty = (await get(`/api/get-tasks-overview-agent/1/${noFlag.id}`, admin)).json();
      assert.deepEqual([empty.total, empty.completionRate, empty.avgCompletionHours], [0, 0, null]);
      assert.deepEqual(empty.byMonth, zeroMonths(['created', 'completed', 'closed']));
    });

    it('lists every staff member of the country in the agents overview, days rounded', async () => {
      const res = await get('/api/get-agents-overview/1', admin);
      assert.equal(res.statusCode, 200, res.body);
      const rows = res.json() as { name: string }[];
      assert.deepEqual(rows, [
        {
          id: admin.id,
          name: 'Adele Admin',
          email: 'adele@test.at',
          open_tasks: 0,
          completed_tasks: 0,
          closed_tasks: 0,
          overdue_tasks: 0,
          total_tasks: 0,
          avg_processing_time: null,
        },
        {
          id: anna.id,
          name: 'Anna Agentin',
          email: 'anna@test.at',
          open_tasks: 2,
          completed_tasks: 2,
          closed_tasks: 1,
          overdue_tasks: 1,
          total_tasks: 5,
          avg_processing_time: 1, // 30 h = 1.25 days
        },
        {
          id: ben.id,
          name: 'Ben Berger',
          email: 'ben@test.at',
          open_tasks: 2,
          completed_tasks: 1,
          closed_tasks: 0,
          overdue_tasks: 1,
          total_tasks: 3,
          avg_processing_time: 2,
        },
        {
          id: noFlag.id,
          name: 'Nora Ohneflag',
          email: 'nora@test.at',
          open_tasks: 0,
          completed_tasks: 0,
          closed_tasks: 0,
          overdue_tasks: 0,
          total_tasks: 0,
          avg_processing_time: null,
        },
        {
          id: plainAdmin.id,
          name: 'Paul Admin',
          email: 'paul@test.at',
          open_tasks: 0,
          completed_tasks: 0,
          closed_tasks: 0,
          overdue_tasks: 0,
          total_tasks: 0,
          avg_processing_time: null,
        },
      ]);
      const eg = (await get('/api/get-agents-overview/2', admin)).json() as { name: string; total_tasks: number }[];
      assert.deepEqual(
        eg.map((r) => [r.name, r.total_tasks]),
        [['Egon Kairo', 1]],
      );
    });

    it('answers task stats per month with overdue, scope all for admins and own for agents', async () => {
      const all = taskStatsSchema.parse((await get('/api/get-task-stats-admin', admin)).json());
      assert.equal(all.scope, 'all');
      assert.deepEqual(
        all.byMonth.map((m) => [m.month, m.created, m.completed, m.closed, m.overdue]),
        [
          [months[0], 1, 1, 0, 0],
          [months[1], 1, 0, 0, 1],
          [months[2], 1, 0, 0, 0],
          [months[3], 2, 0, 1, 0],
          [months[4], 1, 1, 0, 0],
          [months[5], 3, 1, 0, 1],
        ],
      );
      const own = taskStatsSchema.parse((await get(`/api/get-task-stats-agent/${anna.id}`, anna)).json());
      assert.equal(own.scope, 'own');
      assert.deepEqual(
        own.byMonth.map((m) => [m.created, m.completed, m.closed, m.overdue]),
        [
          [1, 1, 0, 0],
          [0, 0, 0, 0],
          [0, 0, 0, 0],
          [1, 0, 1, 0],
          [1, 1, 0, 0],
          [2, 0, 0, 1],
        ],
      );
      assert.deepEqual(
        own.byType.filter((x) => x.count).map((x) => [x.typ, x.count]),
        [
          [1, 2],
          [2, 2],
          [3, 1],
        ],
      );
    });

    it('counts the months in Vienna time: half an hour before midnight UTC on the last day is already the next month', async () => {
      const vera = await addUser(t.db, { flags: ['tasks'], name: 'Vera Wien' });
      const at = (iso: string, minutes: number) => new Date(new Date(iso).getTime() + minutes * 60_000);
      const task = (created: Date) => ({
        titel: 'Grenzfall',
        beschreibung: 'Monatswechsel',
        frist: new Date(Date.now() + 48 * HOUR),
        erstellt_am: created,
        typ: 1,
        country_id: 1,
        user_id: vera.id,
        kundennummer: '10001',
      });
      await t.db.insert(tasks).values([
        task(at(`${months[0]}-01T00:00:00Z`, -30)), // 00:30 or 01:30 in Vienna on the 1st: inside the window
        task(at(`${months[0]}-01T00:00:00Z`, -180)), // 22:00 or 23:00 the day before: outside
        task(at(`${months[5]}-01T00:00:00Z`, -30)), // the current month, not the one before
      ]);
      const b = (await get(`/api/get-tasks-overview-agent/1/${vera.id}`, admin)).json();
      assert.equal(b.total, 2);
      assert.deepEqual(
        b.byMonth.map((m: { created: number }) => m.created),
        [1, 0, 0, 0, 0, 1],
      );
    });

    it("refuses another agent's figures, other countries to agents, and callers without the tasks flag", async () => {
      const cases: [string, User | undefined, number][] = [
        [`/api/get-tasks-overview-agent/1/${ben.id}`, anna, 403],
        [`/api/get-tasks-overview-agent/2/${anna.id}`, anna, 403],
        [`/api/get-task-stats-agent/${ben.id}`, anna, 403],
        [`/api/get-task-ratings-stats-agent/1/${ben.id}`, anna, 403],
        ['/api/get-tasks-overview-admin/1', anna, 403],
        ['/api/get-agents-overview/1', anna, 403],
        ['/api/get-task-stats-admin', anna, 403],
        ['/api/get-task-ratings-stats-admin/1', anna, 403],
        [`/api/get-tasks-overview-agent/1/${noFlag.id}`, noFlag, 403],
        ['/api/get-tasks-overview-admin/1', plainAdmin, 403],
        ['/api/get-task-stats-admin', customer, 403],
        ['/api/get-tasks-overview-admin/1', undefined, 401],
        ['/api/get-tasks-overview-admin/abc', admin, 400],
        [`/api/get-tasks-overview-agent/1/${ben.id}`, admin, 200],
        [`/api/get-task-stats-agent/${anna.id}`, anna, 200],
        [`/api/get-task-ratings-stats-agent/1/${anna.id}`, anna, 200],
      ];
      for (const [url, u, status] of cases) assert.equal((await get(url, u)).statusCode, status, url);
    });
  });
}
