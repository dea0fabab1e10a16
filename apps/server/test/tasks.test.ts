import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { and, count, eq, sql } from 'drizzle-orm';
import { notifications, taskActivity, taskFiles, tasks } from '../src/db/schema/index.js';
import { taskListResponseSchema } from '@portal/shared';
import { addUser, bearer, createTestApp, dbTargets, login, type TestApp } from './helpers.js';
import { CSV, EXE, PDF, PNG, fields, postMultipart, seedCustomers } from './tasks-fixtures.js';

type User = Awaited<ReturnType<typeof addUser>> & { token: string };

for (const target of dbTargets()) {
  describe(`support tasks (${target})`, () => {
    let t: TestApp;
    let admin: User, anna: User, ben: User, carl: User, noFlag: User, customer: User;
    const get = (url: string, u: User) => t.app.inject({ method: 'GET', url, headers: bearer(u.token) });
    const post = (url: string, u: User, payload: object) =>
      t.app.inject({ method: 'POST', url, headers: bearer(u.token), payload });
    const uploadsDir = () => path.join(t.config.uploads.dir, 'tasks');
    const storedCount = () => (fs.existsSync(uploadsDir()) ? fs.readdirSync(uploadsDir()).length : 0);

    async function create(
      u: User,
      over: Record<string, string | number> = {},
      files: { filename: string; content: Buffer }[] = [],
    ) {
      const res = await postMultipart(t.app, '/api/create-task', u.token, [
        ...fields({
          titel: 'Drucker druckt nicht',
          beschreibung: 'Der Bondrucker in der Küche druckt seit heute früh nicht mehr.',
          frist: new Date(Date.now() + 86400_000).toISOString(),
          typ: 1,
          userID: anna.id,
          kundennummer: '10001',
          firma: 'Gasthaus Zum Goldenen Hirschen',
          createdByUserID: u.id,
          ...over,
        }),
        ...files.map((f) => ({ name: 'files', file: f })),
      ]);
      return res;
    }
    async function createOk(
      u: User,
      over: Record<string, string | number> = {},
      files: { filename: string; content: Buffer }[] = [],
    ) {
      const res = await create(u, over, files);
      assert.equal(res.statusCode, 200, res.body);
      return res.json().aufgabeID as number;
    }

    before(async () => {
      t = await createTestApp(target, { UPLOAD_MAX_FILE_MB: '0.05', UPLOAD_MAX_FILES: '3' });
      const mk = async (input: Parameters<typeof addUser>[1]) => {
        const u = await addUser(t.db, input);
        return { ...u, token: await login(t.app, u.email, u.password) };
      };
      admin = await mk({ role: 'admin', flags: ['tasks'], name: 'Adele Admin' });
      anna = await mk({ role: 'agent', flags: ['tasks'], name: 'Anna Agentin' });
      ben = await mk({ role: 'agent', flags: ['tasks'], name: 'Ben Berger' });
      carl = await mk({ role: 'agent', flags: ['tasks'], name: 'Carl Kairo', country: 2 });
      noFlag = await mk({ role: 'agent', flags: [], name: 'Nora Ohneflag' });
      customer = await mk({ role: 'customer' });
      await seedCustomers(t.db);
    });
    after(() => t.close());

    it('lists task types and the agents of the caller’s country with counters', async () => {
      const types = (await get('/api/task-types', anna)).json();
      assert.deepEqual(
        types.map((x: { tasktype: string }) => x.tasktype),
        ['Support', 'Emergency Support', 'Menüänderung', 'Firmenwechsel', 'DEP Export', 'Integration', 'RKSV'],
      );
      const agents = (await get('/api/agents', anna)).json();
      const names = agents.map((a: { name: string }) => a.name);
      assert.ok(names.includes('Anna Agentin') && names.includes('Ben Berger') && names.includes('Adele Admin'));
      assert.ok(!names.includes('Carl Kairo'), 'other country');
      assert.deepEqual(Object.keys(agents[0]).sort(), ['A', 'E', 'O', 'id', 'name']);
    });

    it('refuses the task area to anonymous callers, customers and agents without the tasks flag', async () => {
      assert.equal((await t.app.inject({ url: '/api/task-types' })).statusCode, 401);
      assert.equal((await get('/api/task-types', customer)).statusCode, 403);
      assert.equal((await get('/api/task-types', noFlag)).statusCode, 403);
      assert.equal((await get('/api/get-tasks-from-admin/1/offen', anna)).statusCode, 403);
      assert.equal(
        (await get(`/api/get-tasks-from-agent/1/offen/${ben.id}`, anna)).statusCode,
        403,
        'another agent’s board',
      );
      assert.equal((await get(`/api/get-tasks-from-agent/1/offen/${anna.id}`, customer)).statusCode, 403);
    });

    it('validates create-task with the shared messages and stores nothing on refusal', async () => {
      const before = (await t.db.select({ n: count() }).from(tasks))[0]!.n;
      const cases: [Record<string, string | number>, string][] = [
        [{ titel: '  ' }, 'Titel ist erforderlich'],
        [{ beschreibung: '' }, 'Beschreibung ist erforderlich'],
        [{ frist: 'morgen' }, 'Ungültiges Datum'],
        [{ kundennummer: '' }, 'Bitte einen Kunden über die Suche auswählen'],
        [{ kundennummer: '12a' }, 'Kundennummer darf nur Zahlen enthalten'],
        [{ userID: '' }, 'Bitte einen Agenten auswählen'],
        [{ userID: customer.id }, 'Unbekannter Agent'],
        [{ typ: 99 }, 'Unbekannter Aufgabentyp'],
      ];
      for (const [over, message] of cases) {
        const res = await create(ben, over, [{ filename: 'bild.png', content: PNG }]);
        assert.equal(res.statusCode, 400, `${JSON.stringify(over)}: ${res.body}`);
        assert.equal(res.json().message, message);
      }
      assert.equal((await t.db.select({ n: count() }).from(tasks))[0]!.n, before);
      assert.equal(storedCount(), 0, 'no file left behind');
    });

    it('creates a task with files, notifies the assignee, and logs the activity', async () => {
      const id = await createOk(ben, {}, [
        { filename: 'foto.png', content: PNG },
        { filename: '../../etc/Rechnung März.pdf', content: PDF },
        { filename: 'liste.csv', content: CSV },
      ]);
      const row = (await get(`/api/get-tasks/${id}`, anna)).json();
      assert.equal(row.status, 'offen');
      assert.equal(row.agent_name, 'Anna Agentin');
      assert.equal(row.createdByUserID, ben.id);
      assert.equal(row.tasktype, 'Support');
      assert.equal(row.country_id, 1);
      const detail = (await get(`/api/task-detail-agent/${id}/${anna.id}`, anna)).json();
      assert.deepEqual(Object.keys(detail).sort(), ['conversations', 'messages', 'notes', 'taskDetails', 'taskFiles']);
      assert.deepEqual(
        detail.taskFiles.map((f: { original_name: string; mime: string }) => [f.original_name, f.mime]),
        [
          ['foto.png', 'image/png'],
          ['Rechnung März.pdf', 'application/pdf'],
          ['liste.csv', 'text/csv'],
        ],
      );
      for (const f of detail.taskFiles) assert.match(f.datei_name, /^[a-z0-9]+-[a-f0-9]{24}\.(png|pdf|csv)$/);
      assert.equal(detail.taskDetails.created_by_name, 'Ben Berger');
      const notes = await t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.task_id, id), eq(notifications.type, 'task_assigned')));
      assert.deepEqual(
        notes.map((n) => n.user_id),
        [anna.id],
      );
      assert.equal(notes[0]!.link, `/tasks/${id}`);
      const log = await t.db.select().from(taskActivity).where(eq(taskActivity.task_id, id));
      assert.equal(log[0]!.action, 'created');

      // The download gives the bytes back under the original name.
      const pdf = detail.taskFiles[1];
      const dl = await get(`/protected-files/uploads/tasks/${pdf.datei_name}`, anna);
      assert.equal(dl.statusCode, 200);
      assert.equal(dl.headers['content-type'], 'application/pdf');
      assert.match(String(dl.headers['content-disposition']), /filename\*=UTF-8''Rechnung%20M%C3%A4rz\.pdf/);
      assert.deepEqual(dl.rawPayload, PDF);
    });

    it('refuses files by content, size and count, leaving nothing behind', async () => {
      const id = await createOk(anna, { userID: anna.id });
      const rowsBefore = (await t.db.select({ n: count() }).from(taskFiles))[0]!.n;
      const filesBefore = storedCount();
      const up = (files: { filename: string; content: Buffer; type?: string }[]) =>
        postMultipart(t.app, '/api/upload-task-files', anna.token, [
          ...fields({ taskId: id }),
          ...files.map((f) => ({ name: 'files', file: f })),
        ]);
      const exe = await up([{ filename: 'rechnung.pdf', content: EXE, type: 'application/pdf' }]);
      assert.equal(exe.statusCode, 415);
      assert.equal(exe.json().message, '„rechnung.pdf“ wurde nicht angenommen: Dieser Dateityp ist nicht erlaubt.');
      const fakeCsv = await up([{ filename: 'daten.csv', content: Buffer.from([1, 2, 3, 0, 5]) }]);
      assert.equal(fakeCsv.statusCode, 415);
      const mixed = await up([
        { filename: 'ok.png', content: PNG },
        { filename: 'boese.png', content: EXE },
      ]);
      assert.equal(mixed.statusCode, 415, 'one bad file refuses the whole request');
      const big = await up([{ filename: 'gross.pdf', content: Buffer.concat([PDF, Buffer.alloc(60 * 1024, 32)]) }]);
      assert.equal(big.statusCode, 413);
      assert.equal(big.json().message, 'Die Datei ist zu groß.');
      const many = await up([1, 2, 3, 4].map((i) => ({ filename: `b${i}.png`, content: PNG })));
      assert.equal(many.statusCode, 413);
      assert.equal(many.json().message, 'Zu viele Dateien.');
      const none = await up([]);
      assert.equal(none.statusCode, 400);
      assert.equal(none.json().message, 'Bitte mindestens eine Datei auswählen.');
      assert.equal((await t.db.select({ n: count() }).from(taskFiles))[0]!.n, rowsBefore);
      assert.equal(storedCount(), filesBefore);
      assert.deepEqual(fs.readdirSync(path.join(t.config.uploads.dir, 'tmp')), [], 'no temporary file left');
      const ok = await up([{ filename: 'ok.png', content: PNG }]);
      assert.equal(ok.statusCode, 200);
      assert.equal(ok.json().files.length, 1);
    });

    it('shows agents only their tasks; another agent’s task, files and audit are refused', async () => {
      const mine = await createOk(ben, { userID: ben.id, titel: 'Bens eigene Aufgabe' }, [
        { filename: 'geheim.png', content: PNG },
      ]);
      const board = (await get(`/api/get-tasks-from-agent/1/offen/${anna.id}`, anna)).json();
      assert.ok(!board.tasks.some((x: { id: number }) => x.id === mine));
      assert.equal((await get(`/api/get-tasks/${mine}`, anna)).statusCode, 403);
      assert.equal((await get(`/api/task-detail-agent/${mine}/${anna.id}`, anna)).statusCode, 403);
      assert.equal(
        (await get(`/api/task-detail-agent/${mine}/${ben.id}`, anna)).statusCode,
        403,
        'userId of someone else',
      );
      assert.equal((await get(`/api/task-get-notes/${mine}`, anna)).statusCode, 403);
      assert.equal((await get(`/api/task-audit/${mine}`, anna)).statusCode, 403);
      const file = (await get(`/api/task-detail-agent/${mine}/${ben.id}`, ben)).json().taskFiles[0].datei_name;
      assert.equal((await get(`/protected-files/uploads/tasks/${file}`, anna)).statusCode, 403);
      assert.equal((await get(`/protected-files/uploads/tasks/${file}`, customer)).statusCode, 403);
      assert.equal((await t.app.inject({ url: `/protected-files/uploads/tasks/${file}` })).statusCode, 401);
      assert.equal((await get(`/protected-files/uploads/tasks/..%2F..%2Fdb%2Fportal.lock`, admin)).statusCode, 404);
      assert.equal((await post('/api/task-add-note', anna, { taskID: mine, notiz: 'Hallo' })).statusCode, 403);
      assert.equal(
        (await get(`/protected-files/uploads/tasks/${file}`, admin)).statusCode,
        200,
        'admins see every task',
      );
      assert.equal((await get(`/api/get-tasks/999999`, admin)).statusCode, 404);
    });

    it('filters, searches, sorts and pages the board on the server', async () => {
      const base = Date.now() + 5 * 86400_000;
      const ids: number[] = [];
      for (let i = 0; i < 5; i++) {
        ids.push(
          await createOk(admin, {
            titel: `Sortiertest ${i}`,
            beschreibung: i === 2 ? 'Kassenlade klemmt beim Öffnen' : 'Standardbeschreibung',
            frist: new Date(base - i * 3600_000).toISOString(),
            typ: i % 2 === 0 ? 3 : 4,
            userID: i < 3 ? anna.id : ben.id,
            firma: i === 4 ? 'Café Sacher Demo' : 'Gasthaus Zum Goldenen Hirschen',
            kundennummer: i === 4 ? '10002' : '10001',
          }),
        );
      }
      const q = (query: string) => get(`/api/get-tasks-from-admin/1/offen?${query}`, admin).then((r) => r.json());
      const titles = (r: { tasks: { titel: string }[] }) =>
        r.tasks.map((x) => x.titel).filter((x) => x.startsWith('Sortiertest'));
      assert.deepEqual(titles(await q('q=Sortiertest')), [
        'Sortiertest 4',
        'Sortiertest 3',
        'Sortiertest 2',
        'Sortiertest 1',
        'Sortiertest 0',
      ]);
      assert.deepEqual(titles(await q('q=Sortiertest&sort=due_asc')), [
        'Sortiertest 4',
        'Sortiertest 3',
        'Sortiertest 2',
        'Sortiertest 1',
        'Sortiertest 0',
      ]);
      assert.deepEqual(titles(await q('q=Sortiertest&sort=due_desc')), [
        'Sortiertest 0',
        'Sortiertest 1',
        'Sortiertest 2',
        'Sortiertest 3',
        'Sortiertest 4',
      ]);
      assert.deepEqual(titles(await q('q=Sortiertest&sort=created_asc')), [
        'Sortiertest 0',
        'Sortiertest 1',
        'Sortiertest 2',
        'Sortiertest 3',
        'Sortiertest 4',
      ]);
      assert.deepEqual(titles(await q('q=kassenlade')), ['Sortiertest 2'], 'search in the description');
      assert.deepEqual(titles(await q('q=sacher')), ['Sortiertest 4'], 'search in the company');
      assert.deepEqual(titles(await q(`q=${ids[3]}`)), ['Sortiertest 3'], 'search by id');
      assert.ok(titles(await q('q=Berger')).includes('Sortiertest 3'), 'search by agent name');
      assert.deepEqual(titles(await q('q=Sortiertest&typ=4')), ['Sortiertest 3', 'Sortiertest 1']);
      assert.deepEqual(titles(await q(`q=Sortiertest&agentId=${ben.id}`)), ['Sortiertest 4', 'Sortiertest 3']);
      assert.deepEqual(titles(await q('q=Sortiertest&firma=sacher')), ['Sortiertest 4']);
      assert.equal((await q('q=100%25_')).total, 0, 'LIKE wildcards are taken literally');
      // Case and accents are folded on both sides ("Café" is the company).
      assert.deepEqual(titles(await q(`q=${encodeURIComponent('SORTIERTÉST 2')}`)), ['Sortiertest 2']);
      assert.deepEqual(
        titles(await q('q=Sortiertest&firma=cafe')),
        ['Sortiertest 4'],
        'company filter without the accent',
      );
      assert.deepEqual(titles(await q(`q=Sortiertest&firma=${encodeURIComponent('CAFÉ SACHER')}`)), ['Sortiertest 4']);

      // Keyset paging: two at a time, every task once, in order, with the total of the filter.
      for (const sort of ['id', 'created_asc', 'created_desc', 'due_asc', 'due_desc']) {
        const all = titles(await q(`q=Sortiertest&sort=${sort}`));
        const seen: string[] = [];
        let cursor: string | null = null;
        do {
          const page: { tasks: { titel: string }[]; total: number; nextCursor: string | null } = await q(
            `q=Sortiertest&sort=${sort}&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
          );
          assert.equal(page.total, 5);
          seen.push(...titles(page));
          cursor = page.nextCursor;
        } while (cursor);
        assert.deepEqual(seen, all, sort);
      }
      const bad = await get('/api/get-tasks-from-admin/1/offen?cursor=kaputt', admin);
      assert.equal(bad.statusCode, 400);
      assert.equal(
        (await get('/api/get-tasks-from-admin/1/offen?sort=zufall', admin)).json().message,
        'Unbekannte Sortierung',
      );
      assert.equal((await get('/api/get-tasks-from-admin/1/fertig', admin)).json().message, 'Unbekannter Status');
      assert.equal((await get('/api/get-tasks-from-admin/1/offen?limit=501', admin)).statusCode, 400);

      // The catch-up call: only higher ids, oldest first.
      const since = (await get(`/api/get-tasks-from-admin/1/offen/since/${ids[2]}/10`, admin)).json();
      assert.deepEqual(
        since.tasks.map((x: { id: number }) => x.id).filter((x: number) => ids.includes(x)),
        [ids[3], ids[4]],
      );

      // The board's JSON text comes from PostgreSQL: it must keep to the schema, key for key and value
      // for value the same rows the ORM path (the catch-up call) builds, null dates included.
      const board = await q('q=Sortiertest');
      const parsed = taskListResponseSchema.strict().parse(board);
      assert.equal(parsed.tasks.length, 5);
      const viaOrm = (await get(`/api/get-tasks-from-admin/1/offen/since/${ids[0]! - 1}/10`, admin)).json();
      for (const row of board.tasks as { id: number }[]) {
        const other = viaOrm.tasks.find((x: { id: number }) => x.id === row.id);
        assert.deepEqual(row, other);
      }
      const annaSince = (await get(`/api/get-tasks-from-agent/1/offen/${anna.id}/since/${ids[0]}/10`, anna)).json();
      assert.ok(annaSince.tasks.every((x: { user_id: number }) => x.user_id === anna.id || x.user_id === null));
    });

    it('pages a search whose text, agent name and task number match different tasks: each once, in order', async () => {
      // "Berger" is Ben's name and a street in some texts; one of Ben's own tasks has it in its text too
      // (matched twice, listed once); the number matches one more task by its id.
      const byText = await createOk(admin, {
        titel: 'Bergerstraße: Drucker',
        userID: anna.id,
        frist: new Date(Date.now() + 3 * 86400_000).toISOString(),
      });
      const both = await createOk(admin, {
        titel: 'Beim Berger',
        userID: ben.id,
        frist: new Date(Date.now() + 9 * 86400_000).toISOString(),
      });
      for (let i = 0; i < 4; i++)
        await createOk(admin, {
          titel: `Bens Aufgabe ${i}`,
          userID: ben.id,
          frist: new Date(Date.now() + i * 86400_000).toISOString(),
        });
      const byId = await createOk(admin, { titel: `Nummer ${Date.now()}`, userID: anna.id });
      // The same filter as one plain OR, the reference the board's per-alternative query must match.
      const expected = async (orderBy: string, anyOf: string) => {
        const r = await t.db.execute<{ id: number }>(
          sql.raw(`select id from tasks where country_id = 1 and status = 'offen' and (${anyOf}) order by ${orderBy}`),
        );
        return (r as unknown as { rows: { id: number }[] }).rows.map((x) => x.id);
      };
      const orders: Record<string, string> = {
        id: 'id desc',
        created_asc: 'erstellt_am asc, id asc',
        created_desc: 'erstellt_am desc, id desc',
        due_asc: 'frist asc, id asc',
        due_desc: 'frist desc, id desc',
      };
      for (const [sort, orderBy] of Object.entries(orders)) {
        const want = await expected(orderBy, `search_text like '%berger%' or user_id = ${ben.id}`);
        assert.ok(want.includes(byText) && want.includes(both) && want.length >= 7, sort);
        const seen: number[] = [];
        let cursor: string | null = null;
        do {
          const page: { tasks: { id: number }[]; total: number; nextCursor: string | null } = (
            await get(
              `/api/get-tasks-from-admin/1/offen?q=Berger&sort=${sort}&limit=3${cursor ? `&cursor=${cursor}` : ''}`,
              admin,
            )
          ).json();
          assert.equal(page.total, want.length, sort);
          seen.push(...page.tasks.map((x) => x.id));
          cursor = page.nextCursor;
        } while (cursor);
        assert.deepEqual(seen, want, sort);
      }
      // Text and id alternatives: the number is in no text, so it finds exactly its task.
      // Text and number alternatives: the task with that id, and any whose text holds the digits.
      const num = (await get(`/api/get-tasks-from-admin/1/offen?q=${byId}`, admin)).json();
      const wantNum = await expected('id desc', `search_text like '%${byId}%' or id = ${byId}`);
      assert.ok(wantNum.includes(byId));
      assert.deepEqual(
        num.tasks.map((x: { id: number }) => x.id),
        wantNum,
      );
      assert.equal(num.total, wantNum.length);
    });

    it('runs a task through notes, help, done, audit — with the 409s of each illegal move', async () => {
      const id = await createOk(ben, { userID: anna.id, titel: 'Lebenslauf einer Aufgabe' });
      // Notes
      const empty = await post('/api/task-add-note', anna, { taskID: id, notiz: '   ', agentID: anna.id });
      assert.equal(empty.statusCode, 400);
      assert.equal(empty.json().message, 'Die Notiz darf nicht leer sein');
      const note = await post('/api/task-add-note', anna, { taskID: id, notiz: 'Kunde angerufen', agentID: anna.id });
      assert.equal(note.statusCode, 200);
      assert.equal((await get(`/api/task-get-notes/${id}`, anna)).json()[0].agent_name, 'Anna Agentin');
      // Help: once per task; the helper then sees it.
      const help = await post('/api/request-assist', anna, { taskID: id, agentID: admin.id, comment: 'Bitte schauen' });
      assert.equal(help.statusCode, 200);
      const again = await post('/api/request-assist', anna, { taskID: id, agentID: ben.id, comment: 'Nochmal' });
      assert.equal(again.statusCode, 409);
      assert.equal(again.json().message, 'Für diese Aufgabe gibt es bereits eine Hilfeanfrage.');
      const row = (await get(`/api/get-tasks/${id}`, anna)).json();
      assert.equal(row.requested_agent_name, 'Adele Admin');
      const assist = await t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.task_id, id), eq(notifications.type, 'assist_request')));
      assert.deepEqual(
        assist.map((n) => n.user_id),
        [admin.id],
      );
      // Switch agent: the new one gets task_assigned, the actor nothing.
      assert.equal(
        (await post('/api/switch-task-agent', anna, { taskID: id, newAgentID: customer.id })).statusCode,
        400,
      );
      assert.equal((await post('/api/switch-task-agent', ben, { taskID: id, newAgentID: ben.id })).statusCode, 200);
      assert.equal((await get(`/api/get-tasks/${id}`, ben)).json().agent_name, 'Ben Berger');
      // Status moves.
      assert.equal((await post('/api/task-set-status', ben, { taskID: id, status: 'abgeschlossen' })).statusCode, 409);
      const auditEarly = await postMultipart(
        t.app,
        '/api/audit-task',
        ben.token,
        fields({ taskID: id, description: 'zu früh' }),
      );
      assert.equal(auditEarly.statusCode, 409);
      assert.equal((await post('/api/task-set-status', ben, { taskID: id, status: 'erledigt' })).statusCode, 200);
      const done = (await get(`/api/get-tasks/${id}`, ben)).json();
      assert.equal(done.status, 'erledigt');
      assert.ok(done.erledigt_am);
      const closedNote = await post('/api/task-add-note', ben, { taskID: id, notiz: 'noch was' });
      assert.equal(closedNote.statusCode, 409);
      assert.equal(
        closedNote.json().message,
        'Für erledigte oder abgeschlossene Aufgaben können keine Notizen hinzugefügt werden.',
      );
      const closedUpload = await postMultipart(t.app, '/api/upload-task-files', ben.token, [
        ...fields({ taskId: id }),
        { name: 'files', file: { filename: 'x.png', content: PNG } },
      ]);
      assert.equal(closedUpload.statusCode, 409);
      assert.equal(
        closedUpload.json().message,
        'Für erledigte oder abgeschlossene Aufgaben sind keine Uploads möglich.',
      );
      assert.equal(
        (await post('/api/task-set-status', ben, { taskID: id, status: 'offen' })).statusCode,
        200,
        'reopen',
      );
      assert.equal((await get(`/api/get-tasks/${id}`, ben)).json().erledigt_am, null);
      assert.equal((await post('/api/task-set-status', ben, { taskID: id, status: 'erledigt' })).statusCode, 200);
      // Audit
      const noDesc = await postMultipart(t.app, '/api/audit-task', ben.token, fields({ taskID: id, description: ' ' }));
      assert.equal(noDesc.statusCode, 400);
      assert.equal(noDesc.json().message, 'Beschreibung ist erforderlich');
      const badContacted = await postMultipart(
        t.app,
        '/api/audit-task',
        ben.token,
        fields({ taskID: id, description: 'x', contacted: 'vielleicht' }),
      );
      assert.equal(badContacted.statusCode, 400);
      const audit = await postMultipart(t.app, '/api/audit-task', ben.token, [
        ...fields({ taskID: id, description: 'Drucker getauscht', contacted: 'false', reason: 'Hardwaredefekt' }),
        { name: 'files', file: { filename: 'lieferschein.pdf', content: PDF } },
      ]);
      assert.equal(audit.statusCode, 200, audit.body);
      const closed = (await get(`/api/task-with-audit/${id}`, ben)).json();
      assert.equal(closed.task.status, 'abgeschlossen');
      assert.ok(closed.task.abgeschlossen_am);
      assert.equal(closed.task.has_audit, true);
      assert.equal(closed.audit.contacted, false);
      assert.equal(closed.audit.reason, 'Hardwaredefekt');
      assert.equal(closed.audit.files[0].original_name, 'lieferschein.pdf');
      const auditFile = await get(closed.audit.files[0].file_path, ben);
      assert.equal(auditFile.statusCode, 200);
      assert.deepEqual(auditFile.rawPayload, PDF);
      assert.equal((await get(closed.audit.files[0].file_path, carl)).statusCode, 403);
      assert.equal((await get(`/api/task-audit/${id}`, ben)).json().description, 'Drucker getauscht');
      // After the audit every action is refused.
      const second = await postMultipart(
        t.app,
        '/api/audit-task',
        ben.token,
        fields({ taskID: id, description: 'nochmal' }),
      );
      assert.equal(second.statusCode, 409);
      assert.equal((await post('/api/task-set-status', ben, { taskID: id, status: 'offen' })).statusCode, 409);
      assert.equal((await post('/api/switch-task-agent', ben, { taskID: id, newAgentID: anna.id })).statusCode, 409);
      const auditNotes = await t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.task_id, id), eq(notifications.type, 'audit_submitted')));
      assert.ok(!auditNotes.some((n) => n.user_id === ben.id), 'the actor is not notified');
      const log = await t.db
        .select({ action: taskActivity.action })
        .from(taskActivity)
        .where(eq(taskActivity.task_id, id));
      assert.deepEqual(
        log.map((l) => l.action),
        [
          'created',
          'note_added',
          'assist_requested',
          'agent_switched',
          'status_changed',
          'status_changed',
          'status_changed',
          'audit_submitted',
        ],
      );
      const board = (await get(`/api/get-tasks-from-agent/1/abgeschlossen/${ben.id}`, ben)).json();
      assert.ok(board.tasks.some((x: { id: number }) => x.id === id));
    });

    it('counts the total exactly up to the cap and says when it is capped', async () => {
      await t.db.execute(sql`
        insert into tasks (titel, beschreibung, frist, status, typ, country_id, user_id, created_by_userid)
        select 'Massenaufgabe ' || g, 'x', now(), 'erledigt', 1, 2, ${carl.id}, ${carl.id} from generate_series(1, 1005) g`);
      const page = (await get('/api/get-tasks-from-admin/2/erledigt?limit=10', admin)).json();
      assert.equal(page.tasks.length, 10);
      assert.equal(page.total, 1000);
      assert.equal(page.totalCapped, true);
      const few = (await get('/api/get-tasks-from-admin/2/erledigt?q=Massenaufgabe%2010', admin)).json();
      assert.equal(few.totalCapped, false);
      assert.equal(few.total, 17, '"Massenaufgabe 10" matches 10, 100–109 and 1000–1005');
    });

    it('shows mails about a task as its conversations', async () => {
      const id = await createOk(ben, { userID: anna.id, titel: 'Mit Mail' });
      const { queueTaskMail } = await import('../src/modules/tasks/conversations.js');
      await t.db.transaction((tx) =>
        queueTaskMail(tx, {
          to: 'wirt@example.at',
          subject: 'Ihre Anfrage #' + id,
          text: 'Wir kümmern uns darum.',
          taskId: id,
          agentName: 'Anna Agentin',
        }),
      );
      const detail = (await get(`/api/task-detail-agent/${id}/${anna.id}`, anna)).json();
      assert.equal(detail.conversations.length, 1);
      assert.equal(detail.conversations[0].subject, `Ihre Anfrage #${id}`);
      assert.equal(detail.conversations[0].agent_name, 'Anna Agentin');
      assert.equal(detail.conversations[0].recipient, 'wirt@example.at');
    });

    it('searches customers by number prefix or company, per country source, from 3 characters', async () => {
      const short = await get('/api/customers?search=10', anna);
      assert.equal(short.statusCode, 400);
      assert.equal(short.json().message, 'Bitte mindestens 3 Zeichen eingeben');
      // Each hit carries the record's id besides number and company (issue 21: the spec's customer search result).
      const hits = (search: string, who: typeof anna, path = '/api/customers') =>
        get(`${path}?search=${search}`, who).then((r) => {
          const rows = r.json() as { id: number; kundennummer: string; firma: string }[];
          for (const row of rows) assert.ok(Number.isInteger(row.id) && row.id > 0, 'a hit has its record id');
          return rows.map(({ kundennummer, firma }) => ({ kundennummer, firma }));
        });
      assert.deepEqual(await hits('1000', anna), [
        { kundennummer: '10001', firma: 'Gasthaus Zum Goldenen Hirschen' },
        { kundennummer: '10002', firma: 'Café Sacher Demo' },
      ]);
      assert.deepEqual(await hits('gasthaus', anna), [
        { kundennummer: '10001', firma: 'Gasthaus Zum Goldenen Hirschen' },
      ]);
      assert.deepEqual(await hits('gasthaus', carl, '/api/customersEG'), [
        { kundennummer: '20001', firma: 'Nile Gasthaus Kairo' },
      ]);
      assert.equal((await get('/api/customers?search=pizzeria', anna)).json().length, 20, 'at most 20 rows');
      assert.equal((await get('/api/customers?search=%25%25%25', anna)).json().length, 0);
      assert.equal((await t.app.inject({ url: '/api/customers?search=gasthaus' })).statusCode, 401);
      assert.equal((await get('/api/customers?search=gasthaus', customer)).statusCode, 403);
    });
  });
}
