import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { and, eq, sql } from 'drizzle-orm';
import {
  defaultServiceCalendar,
  subtractClockMinutes,
  taskDetailResponseSchema,
  taskListResponseSchema,
  TASK_TYPE,
  type TaskListResponse,
} from '@portal/shared';
import { notifications, taskActivity, tasks } from '../src/db/schema/index.js';
import { createTaskFromRequest } from '../src/modules/tasks/from-request.js';
import { queueTaskMail } from '../src/modules/tasks/conversations.js';
import { fillMissingDeadlines, notifySlaAlerts } from '../src/modules/tasks/sla-alerts.js';
import { addUser, bearer, createTestApp, dbTargets, login, type TestApp } from './helpers.js';
import { fields, postMultipart, seedCustomers } from './tasks-fixtures.js';

type User = Awaited<ReturnType<typeof addUser>> & { token: string };

const MIN = 60_000;
/** Monday 23 November 2026, 10:00 in Vienna (09:00 UTC): inside Austria's support hours (09:30–17:30). */
const MONDAY_10 = Date.parse('2026-11-23T09:00:00.000Z');
const AT = defaultServiceCalendar(1);

/**
 * Service levels of tasks (issue 31): deadlines at creation, the first response, pause and resume,
 * the `sla` of board rows and the task (never stale from the board cache), the board's `sla` sort and
 * filter, and the warnings job, all with the clock injected.
 */
for (const target of dbTargets()) {
  describe(`tasks' service levels (${target})`, () => {
    let t: TestApp;
    let clock = MONDAY_10;
    let admin: User, anna: User, ben: User;
    const get = (path: string, u: User) => t.app.inject({ method: 'GET', url: path, headers: bearer(u.token) });
    const post = (path: string, u: User, payload: object) =>
      t.app.inject({ method: 'POST', url: path, headers: bearer(u.token), payload });

    before(async () => {
      t = await createTestApp(target, {}, { clock: () => new Date(clock) });
      await seedCustomers(t.db);
      const make = async (role: 'admin' | 'agent', name: string) => {
        const u = await addUser(t.db, { role, flags: ['tasks'], name });
        return { ...u, token: await login(t.app, u.email, u.password) };
      };
      admin = await make('admin', 'Admin Sla');
      anna = await make('agent', 'Anna Sla');
      ben = await make('agent', 'Ben Sla');
    });
    after(() => t.close());
    beforeEach(() => {
      clock = MONDAY_10;
    });

    async function create(u: User, userID: number, typ: number = TASK_TYPE.support, titel = 'Kassa startet nicht') {
      const res = await postMultipart(
        t.app,
        '/api/create-task',
        u.token,
        fields({
          titel,
          beschreibung: 'Die Kassa startet seit dem Update nicht mehr.',
          frist: new Date(clock + 5 * 86400_000).toISOString(),
          typ,
          userID,
          kundennummer: '10001',
        }),
      );
      assert.equal(res.statusCode, 200, res.body);
      return res.json().aufgabeID as number;
    }
    const row = async (id: number) => (await t.db.select().from(tasks).where(eq(tasks.id, id)))[0]!;
    async function board(u: User, query = ''): Promise<TaskListResponse> {
      const res = await get(`/api/get-tasks-from-admin/1/offen${query}`, u);
      assert.equal(res.statusCode, 200, res.body);
      return taskListResponseSchema.parse(res.json());
    }
    const onBoard = async (id: number, query = '') => (await board(admin, query)).tasks.find((x) => x.id === id);
    async function detail(id: number, u: User = admin) {
      const res = await get(`/api/task-detail-agent/${id}/${u.id}`, u);
      assert.equal(res.statusCode, 200, res.body);
      return taskDetailResponseSchema.parse(res.json()).taskDetails;
    }

    it('a task created by staff gets its deadlines on its country calendar in the same transaction', async () => {
      const id = await create(admin, anna.id);
      const r = await row(id);
      // Regular support: answered within 240 working minutes: Monday 10:00 + 4 h = 14:00 Vienna (13:00 UTC).
      assert.equal(r.sla_response_due_at?.toISOString(), '2026-11-23T13:00:00.000Z');
      assert.equal(r.sla_due_at?.toISOString(), '2026-11-23T13:00:00.000Z');
      assert.equal(r.sla_warn_at?.toISOString(), '2026-11-23T12:00:00.000Z');
      // Three working days of 8 h from Monday 10:00: Thursday 10:00.
      assert.equal(r.sla_resolution_due_at?.toISOString(), '2026-11-26T09:00:00.000Z');
      assert.equal(r.sla_alert_at?.toISOString(), '2026-11-23T12:00:00.000Z', 'the first alert at the warning point');
      const sla = (await onBoard(id))!.sla!;
      assert.deepEqual(sla, {
        response_due_at: '2026-11-23T13:00:00.000Z',
        resolution_due_at: '2026-11-26T09:00:00.000Z',
        responded_at: null,
        paused: false,
        remaining_minutes: 240,
        state: 'ok',
      });
      assert.deepEqual((await detail(id)).sla, sla);
    });

    it('a public request and an emergency get theirs too; the job fills open tasks without any, once', async () => {
      const { taskId } = await createTaskFromRequest({ ...t, clock: () => new Date(clock) }, {
        task: { typ: TASK_TYPE.emergency, titel: 'Notfall', beschreibung: 'Kassa tot', frist: new Date(clock + 86400_000) },
        files: [],
      });
      const r = await row(taskId);
      // An emergency's clock never stops: 60 minutes from now, whatever the hour.
      assert.equal(r.sla_response_due_at?.toISOString(), new Date(MONDAY_10 + 60 * MIN).toISOString());
      // An old task without deadlines (before issue 31) gets them from the scheduled job.
      await t.db.update(tasks).set({ sla_response_due_at: null, sla_resolution_due_at: null, sla_due_at: null, sla_warn_at: null }).where(eq(tasks.id, taskId));
      assert.equal((await onBoard(taskId))!.sla, null);
      assert.ok((await fillMissingDeadlines(t)) >= 1);
      assert.equal((await row(taskId)).sla_response_due_at?.toISOString(), new Date(MONDAY_10 + 60 * MIN).toISOString());
      assert.equal(await fillMissingDeadlines(t), 0);
    });

    it('the first note by staff is the first response: the running deadline becomes the resolution', async () => {
      const id = await create(admin, anna.id);
      clock = MONDAY_10 + 30 * MIN;
      assert.equal((await post('/api/task-add-note', anna, { taskID: id, notiz: 'Rufe an.' })).statusCode, 200);
      let r = await row(id);
      assert.equal(r.sla_responded_at?.toISOString(), new Date(clock).toISOString());
      assert.equal(r.sla_due_at?.toISOString(), '2026-11-26T09:00:00.000Z');
      // A second note keeps the first response.
      clock = MONDAY_10 + 90 * MIN;
      await post('/api/task-add-note', anna, { taskID: id, notiz: 'Nochmals.' });
      r = await row(id);
      assert.equal(r.sla_responded_at?.toISOString(), new Date(MONDAY_10 + 30 * MIN).toISOString());
      const sla = (await detail(id)).sla!;
      assert.equal(sla.responded_at, new Date(MONDAY_10 + 30 * MIN).toISOString());
      assert.equal(sla.state, 'ok');
    });

    it("a staff member's mail about the task is a first response; a system mail (no sender) is not", async () => {
      const id = await create(admin, anna.id);
      const mail = (sentByStaffAt?: Date) =>
        t.db.transaction((tx) =>
          queueTaskMail(tx, { to: 'kunde@test.at', subject: 'Ihre Anfrage', text: 'Guten Tag', taskId: id, sentByStaffAt }),
        );
      await mail();
      assert.equal((await row(id)).sla_responded_at, null);
      await mail(new Date(MONDAY_10 + 5 * MIN));
      const r = await row(id);
      assert.equal(r.sla_responded_at?.toISOString(), new Date(MONDAY_10 + 5 * MIN).toISOString());
      assert.equal(r.sla_due_at?.toISOString(), r.sla_resolution_due_at?.toISOString());
      await mail(new Date(MONDAY_10 + 50 * MIN));
      assert.equal((await row(id)).sla_responded_at?.toISOString(), new Date(MONDAY_10 + 5 * MIN).toISOString());
    });

    it('a status change is a response too; done in time is met, reopened runs again', async () => {
      const id = await create(admin, anna.id);
      clock = MONDAY_10 + 60 * MIN;
      assert.equal((await post('/api/task-set-status', anna, { taskID: id, status: 'erledigt' })).statusCode, 200);
      let r = await row(id);
      assert.equal(r.sla_responded_at?.toISOString(), new Date(clock).toISOString());
      assert.equal(r.sla_due_at, null, 'a finished task has no running deadline');
      const done = (await get(`/api/get-tasks-from-admin/1/erledigt`, admin)).json() as TaskListResponse;
      assert.equal(done.tasks.find((x) => x.id === id)!.sla!.state, 'met');
      assert.equal((await post('/api/task-set-status', anna, { taskID: id, status: 'offen' })).statusCode, 200);
      r = await row(id);
      assert.equal(r.sla_due_at?.toISOString(), '2026-11-26T09:00:00.000Z');
    });

    it("pause and resume: the task's agent or an admin, 409 twice, history rows, paused minutes move the deadlines", async () => {
      const id = await create(admin, anna.id);
      const pause = (u: User, reason = 'Wartet auf Kunde') => post('/api/task-pause', u, { taskID: id, reason });
      const resume = (u: User) => post('/api/task-resume', u, { taskID: id });
      assert.equal((await pause(anna, 'Wartet auf Godot')).statusCode, 400);
      assert.equal((await resume(anna)).statusCode, 409);
      assert.equal((await resume(anna)).json().message, 'Die Aufgabe ist nicht pausiert.');
      // Ben is neither the agent nor an admin.
      assert.equal((await pause(ben)).statusCode, 403);
      clock = MONDAY_10 + 60 * MIN;
      const paused = await pause(anna);
      assert.equal(paused.statusCode, 200, paused.body);
      assert.equal(paused.json().code, 'tasks.slaPaused');
      const again = await pause(admin);
      assert.equal(again.statusCode, 409);
      assert.equal(again.json().message, 'Die Aufgabe ist bereits pausiert.');
      let r = await row(id);
      assert.equal(r.sla_pause_reason, 'Wartet auf Kunde');
      assert.equal(r.sla_due_at, null);
      assert.equal(r.sla_alert_at, null, 'nothing to warn of while paused');
      let sla = (await onBoard(id))!.sla!;
      assert.equal(sla.state, 'paused');
      assert.equal(sla.paused, true);
      assert.equal(sla.remaining_minutes, 180);
      // Two hours later (working time) the admin resumes: 120 paused minutes, deadlines two hours later.
      clock = MONDAY_10 + 180 * MIN;
      assert.equal((await onBoard(id))!.sla!.remaining_minutes, 180, 'the clock stands while paused');
      assert.equal((await resume(admin)).statusCode, 200);
      r = await row(id);
      assert.equal(r.sla_paused_minutes, 120);
      assert.equal(r.sla_paused_at, null);
      assert.equal(r.sla_response_due_at?.toISOString(), '2026-11-23T15:00:00.000Z');
      assert.equal(r.sla_due_at?.toISOString(), '2026-11-23T15:00:00.000Z');
      sla = (await onBoard(id))!.sla!;
      assert.equal(sla.state, 'ok');
      assert.equal(sla.remaining_minutes, 180);
      const history = await t.db
        .select({ action: taskActivity.action, detail: taskActivity.detail })
        .from(taskActivity)
        .where(and(eq(taskActivity.task_id, id)))
        .orderBy(taskActivity.id);
      assert.deepEqual(
        history.filter((h) => h.action.startsWith('sla_')),
        [
          { action: 'sla_paused', detail: { reason: 'Wartet auf Kunde' } },
          { action: 'sla_resumed', detail: { reason: 'Wartet auf Kunde', minutes: 120 } },
        ],
      );
      // A finished task is neither paused nor resumed.
      await post('/api/task-set-status', anna, { taskID: id, status: 'erledigt' });
      const closed = await pause(anna);
      assert.equal(closed.statusCode, 409);
      assert.equal(closed.json().code, 'tasks.slaNotOpen');
    });

    it('two pauses at once: exactly one wins, the other gets 409; likewise two resumes count the pause once', async () => {
      const id = await create(admin, anna.id);
      const pauses = await Promise.all([
        post('/api/task-pause', anna, { taskID: id, reason: 'Wartet auf Kunde' }),
        post('/api/task-pause', admin, { taskID: id, reason: 'Wartet auf Lieferung' }),
      ]);
      assert.deepEqual(pauses.map((p) => p.statusCode).sort(), [200, 409]);
      clock = MONDAY_10 + 30 * MIN;
      const resumes = await Promise.all([
        post('/api/task-resume', anna, { taskID: id }),
        post('/api/task-resume', admin, { taskID: id }),
      ]);
      assert.deepEqual(resumes.map((p) => p.statusCode).sort(), [200, 409]);
      assert.equal((await row(id)).sla_paused_minutes, 30);
    });

    it('a kept board page never shows a stale state: it turns to warning and breached as time passes', async () => {
      const id = await create(admin, anna.id);
      assert.equal((await onBoard(id))!.sla!.state, 'ok');
      assert.equal((await onBoard(id))!.sla!.state, 'ok');
      // One second past the warning point (12:00 UTC), nothing written since: the same board version.
      clock = Date.parse('2026-11-23T12:00:01.000Z');
      let sla = (await onBoard(id))!.sla!;
      assert.equal(sla.state, 'warning');
      assert.equal(sla.remaining_minutes, 59);
      clock = Date.parse('2026-11-23T13:00:00.500Z');
      sla = (await onBoard(id))!.sla!;
      assert.equal(sla.state, 'breached');
      assert.ok(sla.remaining_minutes! <= 0);
    });

    it('the board sorts by the most urgent deadline (keyset pages) and filters warning and breached', async () => {
      // A fresh country board of its own: country 2 (Egypt) from an Egyptian admin.
      const eg = await addUser(t.db, { role: 'admin', flags: ['tasks'], country: 2 });
      const egAdmin = { ...eg, token: await login(t.app, eg.email, eg.password) };
      const egAgent = await addUser(t.db, { role: 'agent', flags: ['tasks'], country: 2 });
      // Monday 23 Nov 2026 in Cairo: a working day (Sunday to Thursday, 09:00–17:00).
      const ids: number[] = [];
      for (const [i, typ] of [TASK_TYPE.support, TASK_TYPE.emergency, TASK_TYPE.support].entries()) {
        clock = MONDAY_10 + i * 10 * MIN;
        ids.push(await create(egAdmin, egAgent.id, typ, `Egypt ${i}`));
      }
      const paused = ids[2]!;
      assert.equal((await post('/api/task-pause', egAdmin, { taskID: paused, reason: 'Wartet auf Lieferung' })).statusCode, 200);
      clock = MONDAY_10 + 30 * MIN;
      const page = async (query: string) => {
        const res = await get(`/api/get-tasks-from-admin/2/offen${query}`, egAdmin);
        assert.equal(res.statusCode, 200, res.body);
        return taskListResponseSchema.parse(res.json());
      };
      // The emergency (due at 10:10 + 60 min) first, then the support task, the paused one last.
      const all = await page('?sort=sla');
      assert.deepEqual(all.tasks.map((x) => x.id), [ids[1], ids[0], paused]);
      const first = await page('?sort=sla&limit=1');
      assert.deepEqual(first.tasks.map((x) => x.id), [ids[1]]);
      const second = await page(`?sort=sla&limit=1&cursor=${first.nextCursor}`);
      assert.deepEqual(second.tasks.map((x) => x.id), [ids[0]]);
      const third = await page(`?sort=sla&limit=1&cursor=${second.nextCursor}`);
      assert.deepEqual(third.tasks.map((x) => x.id), [paused], 'past the dated rows, the undated ones');
      assert.equal(third.nextCursor, null);
      // 10:30: the emergency (due 11:10 Vienna time, 10:10 UTC) is within its warning hour already.
      assert.deepEqual((await page('?sla=warning')).tasks.map((x) => x.id), [ids[1]]);
      assert.deepEqual((await page('?sla=breached')).tasks.map((x) => x.id), []);
      clock = MONDAY_10 + 71 * MIN;
      assert.deepEqual((await page('?sla=breached')).tasks.map((x) => x.id), [ids[1]]);
      assert.deepEqual((await page('?sla=warning')).tasks.map((x) => x.id), []);
      assert.equal((await get('/api/get-tasks-from-admin/2/offen?sla=late', egAdmin)).statusCode, 400);
    });

    it('the sort and filters are served by tasks_board_sla_idx, the warnings job by tasks_sla_alert_idx', async () => {
      const plan = async (query: string) => {
        await t.db.execute(sql`set enable_seqscan = off`);
        try {
          const r = await t.db.execute<{ 'QUERY PLAN': string }>(sql.raw(`explain ${query}`));
          return (r as unknown as { rows: { 'QUERY PLAN': string }[] }).rows.map((x) => x['QUERY PLAN']).join('\n');
        } finally {
          await t.db.execute(sql`reset enable_seqscan`);
        }
      };
      const sorted = await plan(
        `select id from tasks where country_id = 1 and status = 'offen' order by sla_due_at, id limit 101`,
      );
      assert.match(sorted, /tasks_board_sla_idx/);
      assert.doesNotMatch(sorted, /Sort/);
      const warning = await plan(
        `select id from tasks where country_id = 1 and status = 'offen' and sla_due_at > now() and sla_warn_at <= now() order by sla_due_at, id limit 101`,
      );
      assert.match(warning, /Index Only Scan using tasks_board_sla_idx/);
      assert.match(warning, /Index Cond: .*sla_due_at > now\(\)/);
      const breached = await plan(
        `select id from tasks where country_id = 1 and status = 'offen' and sla_due_at <= now() order by sla_due_at, id limit 101`,
      );
      assert.match(breached, /Index Only Scan using tasks_board_sla_idx/);
      const alerts = await plan(
        `select id from tasks where sla_alert_at is not null and sla_alert_at <= now() order by sla_alert_at limit 500`,
      );
      assert.match(alerts, /tasks_sla_alert_idx/);
    });

    it('warnings job: 60 and 15 minutes before and at the deadline, once each, to the agent (breach: also the admins)', async () => {
      // Only this test's task is due for alerts: earlier ones are moved out of the way.
      await t.db.update(tasks).set({ sla_alert_at: null });
      const id = await create(admin, anna.id, TASK_TYPE.support, 'Warnung');
      const run = async (at: number) => {
        clock = at;
        return notifySlaAlerts({ db: t.db, clock: () => new Date(clock) });
      };
      const sent = async () =>
        t.db
          .select({ user_id: notifications.user_id, type: notifications.type, params: notifications.params })
          .from(notifications)
          .where(and(eq(notifications.task_id, id), sql`${notifications.type} like 'sla_%'`))
          .orderBy(notifications.id);
      const due = Date.parse('2026-11-23T13:00:00.000Z');
      const warn15 = +subtractClockMinutes(AT, 'business', new Date(due), 15);
      assert.equal(warn15, Date.parse('2026-11-23T12:45:00.000Z'));
      const warn60 = Date.parse('2026-11-23T12:00:00.000Z');
      assert.equal((await run(warn60 - MIN)).length, 0, 'one minute before the warning point: nothing');
      assert.equal((await sent()).length, 0);
      const first = await run(warn60 + MIN);
      assert.equal(first.length, 1);
      assert.equal((await run(warn60 + 2 * MIN)).length, 0, 'run again: none');
      assert.equal((await run(warn15 - MIN)).length, 0);
      assert.equal((await run(warn15 + MIN)).length, 1);
      assert.equal((await run(warn15 + 2 * MIN)).length, 0);
      assert.equal((await run(due - MIN)).length, 0);
      const breach = await run(due + MIN);
      assert.deepEqual(breach.map((n) => n.user_id).sort(), [admin.id, anna.id].sort());
      assert.equal((await run(due + 60 * MIN)).length, 0, 'a breach is told once');
      assert.deepEqual(await sent(), [
        { user_id: anna.id, type: 'sla_warning', params: { kind: 'slaWarning', id, titel: 'Warnung', minutes: 60 } },
        { user_id: anna.id, type: 'sla_warning', params: { kind: 'slaWarning', id, titel: 'Warnung', minutes: 15 } },
        ...[anna.id, admin.id].map((u) => ({
          user_id: u,
          type: 'sla_breached',
          params: { kind: 'slaBreached', id, titel: 'Warnung' },
        })),
      ]);
      const german = await t.db
        .select({ message: notifications.message })
        .from(notifications)
        .where(and(eq(notifications.task_id, id), eq(notifications.type, 'sla_warning')));
      assert.equal(german[0]!.message, 'Bei Aufgabe #' + id + ' „Warnung“ bleiben noch 60 Minuten bis zur Service-Level-Frist.');
    });

    it('a first response moves the deadline: the alerts start again for the resolution; a late job sends only the latest', async () => {
      await t.db.update(tasks).set({ sla_alert_at: null });
      const id = await create(admin, anna.id, TASK_TYPE.support, 'Antwort');
      clock = MONDAY_10 + 10 * MIN;
      await post('/api/task-add-note', anna, { taskID: id, notiz: 'Bin dran.' });
      const r = await row(id);
      assert.equal(r.sla_alert_step, 0);
      assert.equal(r.sla_alert_at?.toISOString(), r.sla_warn_at?.toISOString());
      // The job runs only after the resolution deadline (Thursday 10:00 Vienna): one breach, no stale warnings.
      clock = Date.parse('2026-11-26T09:30:00.000Z');
      const rows = await notifySlaAlerts({ db: t.db, clock: () => new Date(clock) });
      assert.deepEqual([...new Set(rows.map((n) => n.type))], ['sla_breached']);
      assert.equal((await row(id)).sla_alert_at, null);
    });
  });
}
