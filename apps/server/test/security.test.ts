import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { count, eq } from 'drizzle-orm';
import { COMMON_MSG, FLAGS } from '@portal/shared';
import { notifications, tasks } from '../src/db/schema/index.js';
import { addUser, bearer, createTestApp, dbTargets, login, type TestApp } from './helpers.js';
import { PDF, PNG, fields, multipart, postMultipart, seedCustomers, type Part } from './tasks-fixtures.js';

const multipartOf = (parts: Part[]) => {
  const mp = multipart(parts);
  return { payload: mp.payload, headers: mp.headers };
};

type User = Awaited<ReturnType<typeof addUser>> & { token: string };

for (const target of dbTargets()) {
  describe(`input hygiene, downloads and who may notify (${target})`, () => {
    let t: TestApp;
    let admin: User, agent: User, bare: User, signage: User;
    let taskId: number;
    const mk = async (input: Parameters<typeof addUser>[1]) => {
      const u = await addUser(t.db, input);
      return { ...u, token: await login(t.app, u.email, u.password) };
    };
    const get = (url: string, u: User) => t.app.inject({ method: 'GET', url, headers: bearer(u.token) });
    const post = (url: string, u: User, payload: object) =>
      t.app.inject({ method: 'POST', url, headers: bearer(u.token), payload });
    const createTask = (
      u: User,
      over: Record<string, string | number>,
      files: { filename: string; content: Buffer }[] = [],
    ) =>
      postMultipart(t.app, '/api/create-task', u.token, [
        ...fields({
          titel: 'Kassa startet nicht',
          beschreibung: 'Seit dem Update startet die Kassa nicht mehr.',
          frist: new Date(Date.now() + 86400_000).toISOString(),
          typ: 1,
          userID: agent.id,
          kundennummer: '10001',
          firma: 'Gasthaus Zum Goldenen Hirschen',
          createdByUserID: u.id,
          ...over,
        }),
        ...files.map((f) => ({ name: 'files', file: f })),
      ]);

    before(async () => {
      t = await createTestApp(target, { LOGIN_RATE_LIMIT: '1000' });
      await seedCustomers(t.db);
      admin = await mk({ role: 'admin', flags: FLAGS });
      agent = await mk({ role: 'agent', flags: ['tasks'] });
      bare = await mk({ role: 'agent', flags: [] });
      signage = await mk({ role: 'agent', flags: ['digital_signage'], country: 2 }); // Egypt: searches the EG register
      const res = await createTask(admin, {});
      assert.equal(res.statusCode, 200, res.body);
      taskId = res.json().aufgabeID;
    });
    after(() => t.close());

    it('refuses a NUL in every kind of input with 400 and a German message, and writes nothing', async () => {
      const tasksBefore = (await t.db.select({ n: count() }).from(tasks))[0]!.n;
      const answers = [
        await post('/api/task-add-note', agent, { taskID: taskId, notiz: 'Bitte\u0000anrufen' }),
        await post('/api/request-assist', agent, { taskID: taskId, agentID: admin.id, comment: '\u0000' }),
        await get(`/api/get-tasks-from-admin/1/offen?q=${encodeURIComponent('drucker\u0000')}`, admin),
        await get(`/api/customers?search=${encodeURIComponent('Gast\u0000haus')}`, agent),
        await get(`/api/get-tasks/${encodeURIComponent('1\u0000')}`, agent),
        await createTask(agent, { beschreibung: 'Kassa\u0000kaputt' }),
        // Public forms: JSON, and multipart fields (refused before any file is read).
        await t.app.inject({ method: 'POST', url: '/web/deprequest', payload: { firma: 'Pizzeria\u0000Roma' } }),
        await t.app.inject({
          method: 'POST',
          url: '/web/classic-support',
          ...multipartOf([{ name: 'description', value: 'Drucker\u0000defekt' }]),
        }),
        await t.app.inject({
          method: 'POST',
          url: '/web/create-rksv-payment',
          payload: { company: 'Pizzeria\u0000Roma', nested: [{ key: 'x\u0000' }] },
        }),
      ];
      for (const res of answers) {
        assert.equal(res.statusCode, 400, res.body);
        assert.equal(res.json().message, COMMON_MSG.invalidChars.de);
      }
      assert.equal((await t.db.select({ n: count() }).from(tasks))[0]!.n, tasksBefore);
    });

    it('counts a text of only invisible characters as empty', async () => {
      const note = await post('/api/task-add-note', agent, {
        taskID: taskId,
        notiz: '\u200b\u200d\ufeff\u2060 \u00a0',
      });
      assert.equal(note.statusCode, 400);
      assert.equal(note.json().message, 'Die Notiz darf nicht leer sein');
      const task = await createTask(agent, { titel: '\u200b\u200c' });
      assert.equal(task.statusCode, 400);
      // Text around them is kept, trimmed at the edges only.
      const ok = await post('/api/task-add-note', agent, { taskID: taskId, notiz: '\u200bRückruf um 15 Uhr\u200b' });
      assert.equal(ok.statusCode, 200, ok.body);
    });

    it('serves a download under a name ending in the detected type, without hidden characters, with the detected type', async () => {
      const res = await createTask(agent, {}, [
        { filename: 'rechnung.pdf.html', content: PDF },
        { filename: 'evil.exe', content: PDF },
        { filename: 'foto\u202egnp.exe', content: PNG },
      ]);
      assert.equal(res.statusCode, 200, res.body);
      const detail = (await get(`/api/task-detail-agent/${res.json().aufgabeID}/${agent.id}`, agent)).json();
      const byName = new Map<string, string>(
        detail.taskFiles.map((f: { original_name: string; datei_name: string }) => [f.original_name, f.datei_name]),
      );
      const download = async (original: string) => {
        const stored = byName.get(original);
        assert.ok(stored, `stored: ${original} in ${[...byName.keys()].join(', ')}`);
        const dl = await get(`/protected-files/uploads/tasks/${stored}`, agent);
        assert.equal(dl.statusCode, 200);
        return dl;
      };
      const html = await download('rechnung.pdf.html');
      assert.equal(html.headers['content-type'], 'application/pdf');
      assert.equal(
        html.headers['content-disposition'],
        `attachment; filename="rechnung.pdf"; filename*=UTF-8''rechnung.pdf`,
      );
      assert.match(
        String((await download('evil.exe')).headers['content-disposition']),
        /^attachment; filename="evil\.pdf"/,
      );
      // The right-to-left override is gone already from the name kept at upload.
      const png = await download('fotognp.exe');
      assert.equal(png.headers['content-type'], 'image/png');
      assert.match(
        String(png.headers['content-disposition']),
        /^attachment; filename="fotognp\.png"; filename\*=UTF-8''fotognp\.png$/,
      );
    });

    it('lets only admins create notifications, with internal links only', async () => {
      const payload = { user_id: agent.id, title: 'Wichtig', message: 'Bitte melden', type: 'reminder' };
      assert.equal((await post('/api/create-notification', bare, payload)).statusCode, 403);
      assert.equal((await post('/api/create-notification', agent, payload)).statusCode, 403);
      for (const link of [
        'javascript:alert(document.cookie)',
        'https://evil.example/login',
        '//evil.example',
        '/\\evil.example',
        ' /tasks/1',
      ]) {
        const res = await post('/api/create-notification', admin, { ...payload, link });
        assert.equal(res.statusCode, 400, link);
        assert.equal(res.json().message, 'Der Link muss ein Pfad innerhalb des Portals sein.');
      }
      assert.equal((await t.db.select().from(notifications).where(eq(notifications.title, 'Wichtig'))).length, 0);
      const ok = await post('/api/create-notification', admin, { ...payload, link: '/agent-dashboard/tasks' });
      assert.equal(ok.statusCode, 200, ok.body);
    });

    it('opens the customer register to staff with a flag that works with customers only', async () => {
      assert.equal((await get('/api/customers?search=gasthaus', bare)).statusCode, 403);
      assert.equal((await get('/api/customersEG?search=gasthaus', bare)).statusCode, 403);
      assert.equal((await get('/api/customers?search=gasthaus', agent)).statusCode, 200);
      assert.equal((await get('/api/customersEG?search=gasthaus', signage)).statusCode, 200);
    });
  });
}
