import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { mailOutbox, notifications, tasks, userSettings } from '../src/db/schema/index.js';
import { notifyOverdueTasks } from '../src/modules/tasks/overdue.js';
import { addUser, bearer, createTestApp, dbTargets, login, type TestApp } from './helpers.js';

type User = Awaited<ReturnType<typeof addUser>> & { token: string };

function open(url: string, user: { id: number; token: string } | null, extra: Record<string, unknown> = {}): Socket {
  return connect(url, {
    path: '/socket.io/',
    transports: ['websocket'],
    reconnection: false,
    auth: user ? { token: user.token, ...extra } : extra,
    query: user ? { userId: String(user.id), token: user.token } : {},
    forceNew: true,
  });
}

const connected = (s: Socket) =>
  new Promise<void>((resolve, reject) => {
    s.once('connect', () => resolve());
    s.once('connect_error', (e) => reject(e));
  });
const refused = (s: Socket) =>
  new Promise<string>((resolve, reject) => {
    s.once('connect', () => reject(new Error('connected')));
    s.once('connect_error', (e) => resolve(e.message));
  });
const next = <T>(s: Socket, event: string, ms = 3000) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    s.once(event, (data: T) => {
      clearTimeout(timer);
      resolve(data);
    });
  });

for (const target of dbTargets()) {
  describe(`live notifications (${target})`, () => {
    let t: TestApp;
    let url: string;
    let a: User, b: User, c: User;
    let taskId: number;
    const sockets: Socket[] = [];
    const track = (s: Socket) => (sockets.push(s), s);

    before(async () => {
      t = await createTestApp(target);
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      await t.realtime.attach(t.app.server);
      url = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
      const mk = async (name: string) => {
        const u = await addUser(t.db, { role: 'agent', flags: ['tasks'], name });
        return { ...u, token: await login(t.app, u.email, u.password) };
      };
      a = await mk('Agent A');
      b = await mk('Agent B');
      c = await mk('Agent C');
      const [row] = await t.db
        .insert(tasks)
        .values({
          titel: 'Gemeinsame Aufgabe',
          beschreibung: 'x',
          frist: new Date(Date.now() + 3600_000),
          typ: 1,
          country_id: 1,
          user_id: b.id,
          created_by_userid: a.id,
        })
        .returning({ id: tasks.id });
      taskId = row!.id;
    });
    after(async () => {
      for (const s of sockets) s.disconnect();
      await t.close();
    });

    it('refuses a handshake without a valid token or with a userId that is not the token’s', async () => {
      assert.equal(await refused(track(open(url, null))), 'unauthorized');
      assert.equal(await refused(track(open(url, { id: a.id, token: 'falsch' }))), 'unauthorized');
      assert.equal(await refused(track(open(url, { id: b.id, token: a.token }))), 'unauthorized');
    });

    it('answers ping with pong', async () => {
      const s = track(open(url, a));
      await connected(s);
      s.emit('ping');
      assert.ok((await next<{ time: number }>(s, 'pong')).time > 0);
      s.disconnect();
    });

    it('delivers a note by A to B’s socket only, after commit, and not to A or C', async () => {
      const sa = track(open(url, a));
      const sb = track(open(url, b));
      const sc = track(open(url, c));
      await Promise.all([connected(sa), connected(sb), connected(sc)]);
      const stray: string[] = [];
      sa.on('notification', () => stray.push('A'));
      sc.on('notification', () => stray.push('C'));
      const arriving = next<{ type: string; task_id: number; link: string; status: string }>(sb, 'notification');
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/task-add-note',
        headers: bearer(a.token),
        payload: { taskID: taskId, notiz: 'Bitte ansehen' },
      });
      assert.equal(res.statusCode, 200);
      const n = await arriving;
      assert.equal(n.type, 'note_added');
      assert.equal(n.task_id, taskId);
      assert.equal(n.link, `/tasks/${taskId}`);
      assert.equal(n.status, 'unread');
      // A refused action pushes nothing.
      const refusedNote = await t.app.inject({
        method: 'POST',
        url: '/api/task-add-note',
        headers: bearer(c.token),
        payload: { taskID: taskId, notiz: 'x' },
      });
      assert.equal(refusedNote.statusCode, 403);
      await new Promise((r) => setTimeout(r, 300));
      assert.deepEqual(stray, []);
      for (const s of [sa, sb, sc]) s.disconnect();
    });

    it('hands B what it missed while disconnected, on reconnect and through the API', async () => {
      const latest = (await t.app.inject({ url: '/api/get-notifications', headers: bearer(b.token) })).json();
      const lastId = latest[0].id as number;
      await t.app.inject({
        method: 'POST',
        url: '/api/task-add-note',
        headers: bearer(a.token),
        payload: { taskID: taskId, notiz: 'Während du weg warst' },
      });
      await t.app.inject({
        method: 'POST',
        url: '/api/task-add-note',
        headers: bearer(a.token),
        payload: { taskID: taskId, notiz: 'Und noch eine' },
      });
      const sb = track(open(url, b, { lastNotificationId: lastId }));
      const missed = await next<{ id: number }[]>(sb, 'missed_notifications');
      const after = missed.filter((n) => n.id > lastId);
      assert.equal(after.length, 2);
      assert.ok(after[1]!.id > after[0]!.id);
      // The socket repeats the last seconds too: ids are committed in any order, so one below the last seen
      // may have come after it (the client drops what it has). B's last one, seconds old, is among them.
      assert.ok(
        missed.some((n) => n.id === lastId),
        'a recent notification below the last seen id',
      );
      const api = (
        await t.app.inject({ url: `/api/get-missed-notifications/${lastId}`, headers: bearer(b.token) })
      ).json();
      assert.deepEqual(
        api.map((n: { id: number }) => n.id),
        after.map((n) => n.id),
      );
      sb.disconnect();
    });

    it('marks only one’s own notification read', async () => {
      const mine = (await t.app.inject({ url: '/api/get-notifications', headers: bearer(b.token) })).json();
      assert.ok(mine.length >= 3 && mine.length <= 100);
      const id = mine[0].id;
      const other = await t.app.inject({
        method: 'PUT',
        url: `/api/mark-notification-as-read/${id}`,
        headers: bearer(a.token),
      });
      assert.equal(other.statusCode, 404);
      const [still] = await t.db.select().from(notifications).where(eq(notifications.id, id));
      assert.equal(still!.status, 'unread');
      const own = await t.app.inject({
        method: 'PUT',
        url: `/api/mark-notification-as-read/${id}`,
        headers: bearer(b.token),
      });
      assert.equal(own.statusCode, 200);
      const [now] = await t.db.select().from(notifications).where(eq(notifications.id, id));
      assert.equal(now!.status, 'read');
      assert.equal((await t.app.inject({ url: '/api/get-notifications' })).statusCode, 401);
    });

    it('creates notifications through the API for staff only, and pushes them', async () => {
      const admin = await addUser(t.db, { role: 'admin' });
      const adminToken = await login(t.app, admin.email, admin.password);
      const sb = track(open(url, b));
      await connected(sb);
      const arriving = next<{ title: string; priority: string }>(sb, 'notification');
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/create-notification',
        headers: bearer(adminToken),
        payload: {
          user_id: b.id,
          title: 'Rückruf',
          message: 'Kunde ruft um 15 Uhr zurück',
          type: 'reminder',
          link: null,
          priority: 'high',
          task_id: taskId,
        },
      });
      assert.equal(res.statusCode, 200, res.body);
      assert.equal((await arriving).priority, 'high');
      const customer = await addUser(t.db, { role: 'customer' });
      const bad = await t.app.inject({
        method: 'POST',
        url: '/api/create-notification',
        headers: bearer(adminToken),
        payload: { user_id: customer.id, title: 'x', message: 'y', type: 'z' },
      });
      assert.equal(bad.statusCode, 400);
      sb.disconnect();
    });

    it('mails notifications to users who chose email updates', async () => {
      await t.db.insert(userSettings).values({ user_id: b.id, email_updates: true });
      await t.app.inject({
        method: 'POST',
        url: '/api/task-add-note',
        headers: bearer(a.token),
        payload: { taskID: taskId, notiz: 'Per Mail bitte' },
      });
      const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, b.email));
      assert.equal(mails.length, 1);
      assert.match(mails[0]!.subject, /Neue Notiz/);
    });

    it('ends the socket of a session that logs out', async () => {
      const token = await login(t.app, c.email, c.password);
      const s = track(open(url, { id: c.id, token }));
      await connected(s);
      const gone = next<string>(s, 'disconnect');
      await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) });
      assert.equal(await gone, 'io server disconnect');
    });

    it('notifies once per overdue task', async () => {
      const [late] = await t.db
        .insert(tasks)
        .values({
          titel: 'Zu spät',
          beschreibung: 'x',
          frist: new Date(Date.now() - 60_000),
          typ: 1,
          country_id: 1,
          user_id: c.id,
        })
        .returning({ id: tasks.id });
      const first = await notifyOverdueTasks({ db: t.db });
      assert.ok(first.some((n) => n.task_id === late!.id && n.user_id === c.id && n.type === 'task_overdue'));
      const second = await notifyOverdueTasks({ db: t.db });
      assert.ok(!second.some((n) => n.task_id === late!.id));
      await t.db.update(tasks).set({ status: 'abgeschlossen' }).where(eq(tasks.id, taskId));
    });
  });
}
