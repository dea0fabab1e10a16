import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { and, eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { taskListResponseSchema, taskRowSchema, type TaskChangedEvent } from '@portal/shared';
import { notifications, tasks } from '../src/db/schema/index.js';
import { createTaskFromRequest } from '../src/modules/tasks/from-request.js';
import { addUser, bearer, createTestApp, dbTargets, login, type TestApp } from './helpers.js';
import { fields, postMultipart, seedCustomers } from './tasks-fixtures.js';

type User = Awaited<ReturnType<typeof addUser>> & { token: string };

const OTHER_COUNTRY = 'Der Agent gehört nicht zum Land der Aufgabe.';

/**
 * Unassigned tasks (13.1), live board updates (13.2), the admin's country choice (13.3) and staff
 * working per country (14.11).
 */
for (const target of dbTargets()) {
  describe(`unassigned tasks, claims, countries and task_changed (${target})`, () => {
    let t: TestApp;
    let url: string;
    let admin: User, adminEg: User, anna: User, ben: User, carl: User, noFlag: User;
    const sockets: Socket[] = [];
    const get = (path: string, u: User) => t.app.inject({ method: 'GET', url: path, headers: bearer(u.token) });
    const post = (path: string, u: User, payload: object) =>
      t.app.inject({ method: 'POST', url: path, headers: bearer(u.token), payload });

    /** A public request as the forms create it: country 1, nobody assigned. */
    async function request(titel: string) {
      const { taskId } = await createTaskFromRequest(t, {
        task: { typ: 1, titel, beschreibung: 'Bitte um Rückruf.', frist: new Date(Date.now() + 86400_000) },
        files: [],
      });
      return taskId;
    }
    async function createFor(u: User, userID: number, titel = 'Kassa startet nicht') {
      return postMultipart(
        t.app,
        '/api/create-task',
        u.token,
        fields({
          titel,
          beschreibung: 'Die Kassa startet seit dem Update nicht mehr.',
          frist: new Date(Date.now() + 86400_000).toISOString(),
          typ: 1,
          userID,
          kundennummer: '10001',
          createdByUserID: u.id,
        }),
      );
    }
    function socketOf(u: User): Promise<Socket> {
      const s = connect(url, {
        path: '/socket.io/',
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
        auth: { token: u.token },
      });
      sockets.push(s);
      heard.set(s, []);
      s.on('task_changed', (e: TaskChangedEvent) => heard.get(s)!.push(e));
      return new Promise((resolve, reject) => {
        s.once('connect', () => resolve(s));
        s.once('connect_error', reject);
      });
    }
    /** Every task_changed a socket got, in order. */
    const heard = new Map<Socket, TaskChangedEvent[]>();
    /** Waits for a task_changed matching `want` (the first one not yet taken), or fails after `ms`. */
    async function changed(s: Socket, want: Partial<TaskChangedEvent>, ms = 3000): Promise<TaskChangedEvent> {
      const matches = (e: TaskChangedEvent) =>
        Object.entries(want).every(([k, v]) => e[k as keyof TaskChangedEvent] === v);
      const until = Date.now() + ms;
      for (;;) {
        const list = heard.get(s)!;
        const i = list.findIndex(matches);
        if (i >= 0) return list.splice(i, 1)[0]!;
        if (Date.now() > until) throw new Error(`no task_changed like ${JSON.stringify(want)} within ${ms} ms`);
        await new Promise((r) => setTimeout(r, 20));
      }
    }
    /** Nothing about `taskId` arrives (or has arrived) within `ms`. */
    async function silent(s: Socket, taskId: number, ms = 400): Promise<void> {
      await new Promise((r) => setTimeout(r, ms));
      assert.ok(!heard.get(s)!.some((e) => e.id === taskId), `unexpected task_changed for #${taskId}`);
    }

    before(async () => {
      t = await createTestApp(target);
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      await t.realtime.attach(t.app.server);
      url = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
      const mk = async (input: Parameters<typeof addUser>[1]) => {
        const u = await addUser(t.db, input);
        return { ...u, token: await login(t.app, u.email, u.password) };
      };
      admin = await mk({ role: 'admin', flags: ['tasks'], name: 'Adele Admin' });
      adminEg = await mk({ role: 'admin', flags: ['tasks'], name: 'Amr Admin', country: 2 });
      anna = await mk({ role: 'agent', flags: ['tasks'], name: 'Anna Agentin' });
      ben = await mk({ role: 'agent', flags: ['tasks'], name: 'Ben Berger' });
      carl = await mk({ role: 'agent', flags: ['tasks'], name: 'Carl Kairo', country: 2 });
      noFlag = await mk({ role: 'agent', flags: [], name: 'Nora Ohneflag' });
      await seedCustomers(t.db);
    });
    after(async () => {
      for (const s of sockets) s.disconnect();
      await t.close();
    });

    it('tells only the staff of the request’s country with the tasks flag about a public request', async () => {
      const id = await request('Neue Anfrage Menü');
      const told = await t.db
        .select({ user: notifications.user_id })
        .from(notifications)
        .where(and(eq(notifications.task_id, id), eq(notifications.type, 'task_created')));
      const ids = told.map((n) => n.user).sort((a, b) => a - b);
      assert.deepEqual(ids, [admin.id, anna.id, ben.id].sort((a, b) => a - b));
      // Everyone told can open it: the click never ends on a refusal.
      for (const u of [admin, anna, ben]) {
        assert.equal((await get(`/api/task-detail-agent/${id}/${u.id}`, u)).statusCode, 200, u.email);
        assert.equal((await get(`/api/get-tasks/${id}`, u)).statusCode, 200, u.email);
      }
      assert.equal((await get(`/api/task-detail-agent/${id}/${carl.id}`, carl)).statusCode, 403, 'other country');
    });

    it('lists unassigned tasks of the own country on both board routes, only for that country', async () => {
      const id = await request('Unzugewiesen A');
      const mine = await createFor(anna, anna.id, 'Annas eigene');
      assert.equal(mine.statusCode, 200, mine.body);
      const mineId = mine.json().aufgabeID as number;

      const listed = await get(`/api/get-tasks-from-agent/1/offen/${anna.id}?unassigned=true`, anna);
      assert.equal(listed.statusCode, 200, listed.body);
      const page = taskListResponseSchema.parse(listed.json());
      assert.ok(page.tasks.some((x) => x.id === id));
      assert.ok(page.tasks.every((x) => x.user_id === null && x.country_id === 1));
      assert.ok(!page.tasks.some((x) => x.id === mineId));

      const own = taskListResponseSchema.parse((await get(`/api/get-tasks-from-agent/1/offen/${anna.id}`, anna)).json());
      assert.ok(own.tasks.some((x) => x.id === mineId));
      assert.ok(!own.tasks.some((x) => x.id === id), 'the own board lists only one’s own tasks');

      const byAdmin = taskListResponseSchema.parse(
        (await get('/api/get-tasks-from-admin/1/offen?unassigned=true', admin)).json(),
      );
      assert.ok(byAdmin.tasks.some((x) => x.id === id));
      assert.ok(byAdmin.tasks.every((x) => x.user_id === null));

      assert.equal((await get(`/api/get-tasks-from-agent/1/offen/${carl.id}?unassigned=true`, carl)).statusCode, 403);
      assert.equal((await get(`/api/get-tasks-from-agent/2/offen/${anna.id}?unassigned=true`, anna)).statusCode, 403);
      const bad = await get(`/api/get-tasks-from-agent/1/offen/${anna.id}?unassigned=vielleicht`, anna);
      assert.equal(bad.statusCode, 400);
      assert.equal(bad.json().message, 'Ungültiger Filter');
    });

    it('lets exactly one of two simultaneous claims win; the other gets 409', async () => {
      const id = await request('Wer zuerst kommt');
      const [r1, r2] = await Promise.all([
        post('/api/claim-task', anna, { taskID: id }),
        post('/api/claim-task', ben, { taskID: id }),
      ]);
      const codes = [r1.statusCode, r2.statusCode].sort();
      assert.deepEqual(codes, [200, 409], `${r1.body} ${r2.body}`);
      const [win, lose] = r1.statusCode === 200 ? [r1, r2] : [r2, r1];
      const winner = r1.statusCode === 200 ? anna : ben;
      const row = taskRowSchema.parse(win.json());
      assert.equal(row.id, id);
      assert.equal(row.user_id, winner.id);
      assert.equal(row.agent_name, winner === anna ? 'Anna Agentin' : 'Ben Berger');
      assert.equal(lose.json().message, 'Diese Aufgabe wurde bereits übernommen.');
      const [stored] = await t.db.select().from(tasks).where(eq(tasks.id, id));
      assert.equal(stored!.user_id, winner.id);
      const loser = winner === anna ? ben : anna;
      // Taken, it is no longer open to the loser; following the notification now says why.
      const refused = await get(`/api/task-detail-agent/${id}/${loser.id}`, loser);
      assert.equal(refused.statusCode, 403);
      assert.equal(refused.json().message, 'Diese Aufgabe wurde bereits übernommen.');
      const mineRefused = await get(`/api/get-tasks/${id}`, loser);
      assert.equal(mineRefused.statusCode, 403);
      assert.equal((await post('/api/claim-task', loser, { taskID: id })).statusCode, 409);
    });

    it('refuses claims of missing tasks and of other countries with 404; admins take any country', async () => {
      assert.equal((await post('/api/claim-task', anna, { taskID: 99_999_999 })).statusCode, 404);
      const [eg] = await t.db
        .insert(tasks)
        .values({ titel: 'Anfrage Kairo', beschreibung: 'x', frist: new Date(Date.now() + 86400_000), typ: 1, country_id: 2 })
        .returning({ id: tasks.id });
      const other = await post('/api/claim-task', anna, { taskID: eg!.id });
      assert.equal(other.statusCode, 404);
      assert.equal(other.json().message, 'Aufgabe nicht gefunden.');
      assert.equal((await post('/api/claim-task', noFlag, { taskID: eg!.id })).statusCode, 403);
      const bad = await post('/api/claim-task', anna, { taskID: 'x' });
      assert.equal(bad.statusCode, 400);
      const byCarl = taskListResponseSchema.parse(
        (await get(`/api/get-tasks-from-agent/2/offen/${carl.id}?unassigned=true`, carl)).json(),
      );
      assert.ok(byCarl.tasks.some((x) => x.id === eg!.id));
      const adminClaim = await post('/api/claim-task', admin, { taskID: eg!.id });
      assert.equal(adminClaim.statusCode, 200, adminClaim.body);
      assert.equal(adminClaim.json().user_id, admin.id);
    });

    it('keeps assignees, new agents and helpers within the task’s country (400 otherwise)', async () => {
      const cross = await createFor(anna, carl.id, 'Nach Kairo');
      assert.equal(cross.statusCode, 400);
      assert.equal(cross.json().message, OTHER_COUNTRY);
      const ok = await createFor(anna, ben.id);
      assert.equal(ok.statusCode, 200, ok.body);
      const id = ok.json().aufgabeID as number;
      const sw = await post('/api/switch-task-agent', anna, { taskID: id, newAgentID: carl.id });
      assert.equal(sw.statusCode, 400);
      assert.equal(sw.json().message, OTHER_COUNTRY);
      const swAdmin = await post('/api/switch-task-agent', admin, { taskID: id, newAgentID: adminEg.id });
      assert.equal(swAdmin.statusCode, 400, 'an admin of another country neither');
      const help = await post('/api/request-assist', anna, { taskID: id, agentID: carl.id, comment: 'Hilfe?' });
      assert.equal(help.statusCode, 400);
      assert.equal(help.json().message, OTHER_COUNTRY);
      const [stored] = await t.db.select().from(tasks).where(eq(tasks.id, id));
      assert.equal(stored!.user_id, ben.id);
      assert.equal(stored!.requested_user_id, null);
      const egNotes = await t.db.select().from(notifications).where(eq(notifications.user_id, carl.id));
      assert.ok(!egNotes.some((n) => n.task_id === id), 'nobody of another country is told');
      assert.equal((await post('/api/switch-task-agent', anna, { taskID: id, newAgentID: anna.id })).statusCode, 200);
    });

    it('lists the staff of another country for admins only', async () => {
      const eg = await get('/api/agents?countryId=2', admin);
      assert.equal(eg.statusCode, 200);
      const names = (eg.json() as { name: string }[]).map((a) => a.name);
      assert.ok(names.includes('Carl Kairo') && !names.includes('Anna Agentin'));
      assert.equal((await get('/api/agents?countryId=2', anna)).statusCode, 403);
      assert.equal((await get('/api/agents?countryId=1', anna)).statusCode, 200);
      const boardEg = await get('/api/get-tasks-from-admin/2/offen', admin);
      assert.equal(boardEg.statusCode, 200);
      assert.ok(taskListResponseSchema.parse(boardEg.json()).tasks.every((x) => x.country_id === 2));
    });

    it('sends task_changed to everyone who may see the task after creation, status, switch, audit and claim', async () => {
      const [sAnna, sBen, sAdmin, sCarl] = await Promise.all([
        socketOf(anna),
        socketOf(ben),
        socketOf(admin),
        socketOf(carl),
      ]);

      const created = await createFor(anna, anna.id, 'Live-Aufgabe');
      const id = created.json().aufgabeID as number;
      assert.deepEqual(await changed(sAdmin, { id }), { id, status: 'offen', agent_id: anna.id, country_id: 1 });
      await changed(sAnna, { id, status: 'offen' });

      // Done by Anna: reaches the admin's board (and Anna's other tabs), not Ben's or Carl's.
      assert.equal((await post('/api/task-set-status', anna, { taskID: id, status: 'erledigt' })).statusCode, 200);
      assert.deepEqual(await changed(sAdmin, { id, status: 'erledigt' }), {
        id,
        status: 'erledigt',
        agent_id: anna.id,
        country_id: 1,
      });
      await changed(sAnna, { id, status: 'erledigt' });
      await Promise.all([silent(sBen, id), silent(sCarl, id)]);
      assert.equal((await post('/api/task-set-status', anna, { taskID: id, status: 'offen' })).statusCode, 200);
      await changed(sAdmin, { id, status: 'offen' });

      // Handed to Ben by the admin: Ben's board gains it, Anna (its creator) sees it change hands.
      assert.equal((await post('/api/switch-task-agent', admin, { taskID: id, newAgentID: ben.id })).statusCode, 200);
      await changed(sBen, { id, agent_id: ben.id, status: 'offen' });
      await changed(sAnna, { id, agent_id: ben.id });

      // Done by Ben, audited by the admin: Ben's and Anna's boards move it to "abgeschlossen".
      assert.equal((await post('/api/task-set-status', ben, { taskID: id, status: 'erledigt' })).statusCode, 200);
      await changed(sAnna, { id, status: 'erledigt' });
      const audit = await postMultipart(t.app, '/api/audit-task', admin.token, fields({ taskID: id, description: 'Geprüft' }));
      assert.equal(audit.statusCode, 200, audit.body);
      await changed(sBen, { id, status: 'abgeschlossen' });
      await changed(sAnna, { id, status: 'abgeschlossen' });
      await silent(sCarl, id);

      // A claim reaches the country's other agents: the card leaves their "unassigned" list.
      const open = await request('Zu übernehmen');
      assert.equal((await post('/api/claim-task', anna, { taskID: open })).statusCode, 200);
      assert.deepEqual(await changed(sBen, { id: open }), { id: open, status: 'offen', agent_id: anna.id, country_id: 1 });
      await changed(sAdmin, { id: open, agent_id: anna.id });
      await silent(sCarl, open);

      // A refused change sends nothing.
      assert.equal((await post('/api/claim-task', ben, { taskID: open })).statusCode, 409);
      await silent(sBen, open);
    });
  });
}
