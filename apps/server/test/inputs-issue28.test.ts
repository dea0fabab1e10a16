import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { count } from 'drizzle-orm';
import {
  BUSINESS_RECORDS_MSG,
  CASHBOOK_MSG,
  COMMON_MSG,
  RATINGS_MSG,
  TASKS_MSG,
  TEXT_LIMITS,
  cashbookAddMonths,
  cashbookMonthOf,
} from '@portal/shared';
import { taskNotes, tasks } from '../src/db/schema/index.js';
import { addUser, bearer, createTestApp, dbTargets, login, type TestApp } from './helpers.js';
import { EXE, PNG, fields, postMultipart, seedCustomers } from './tasks-fixtures.js';
import { cashbookApi, cashbookUser } from './cashbook-fixtures.js';

/** Issue 28: a refused file named (12), a closing month as `YYYY-MM` (17), text limits naming the field (19). */
for (const target of dbTargets()) {
  describe(`inputs of issue 28 (${target})`, () => {
    let t: TestApp;
    let agent: { id: number; token: string };

    before(async () => {
      t = await createTestApp(target);
      const u = await addUser(t.db, { role: 'agent', flags: ['tasks'], name: 'Anna Agentin' });
      agent = { id: u.id, token: await login(t.app, u.email, u.password) };
      await seedCustomers(t.db);
    });
    after(() => t.close());

    const taskFields = () =>
      fields({
        titel: 'Drucker druckt nicht',
        beschreibung: 'Der Bondrucker in der Küche druckt nicht.',
        frist: new Date(Date.now() + 86400_000).toISOString(),
        typ: 1,
        userID: agent.id,
        kundennummer: '10001',
      });

    it('create-task: a file refused by its content is named in the 415 (message and params), nothing stored', async () => {
      const before = (await t.db.select({ n: count() }).from(tasks))[0]!.n;
      const res = await postMultipart(t.app, '/api/create-task', agent.token, [
        ...taskFields(),
        { name: 'files', file: { filename: 'foto.png', content: PNG } },
        { name: 'files', file: { filename: 'kassenbericht.pdf', content: EXE, type: 'application/pdf' } },
      ]);
      assert.equal(res.statusCode, 415, res.body);
      assert.deepEqual(res.json(), {
        message: '„kassenbericht.pdf“ wurde nicht angenommen: Dieser Dateityp ist nicht erlaubt.',
        code: 'common.fileTypeNotAllowedNamed',
        params: { name: 'kassenbericht.pdf' },
      });
      assert.equal((await t.db.select({ n: count() }).from(tasks))[0]!.n, before);
    });

    it('monthly closing: month as YYYY-MM and as YYYY-MM-01, the same month either way', async () => {
      const api = cashbookApi(t.app);
      const u = await cashbookUser(t.app, t.db, { name: 'Kassa Karl', country: 2 });
      const month = (back: number) => cashbookAddMonths(cashbookMonthOf(new Date()), -back);
      const url = '/api/cashbook/monthly-closings';
      // With no entries the month that can be closed is the previous one (issue 30: only that one is offered).
      const first = await api.post(u, url, { month: month(1), physical_balance: 0 });
      assert.equal(first.statusCode, 201, first.body);
      assert.equal(first.json().month, `${month(1)}-01`);
      const again = await api.post(u, url, { month: `${month(1)}-01`, physical_balance: 0 });
      assert.equal(again.statusCode, 409);
      assert.equal(again.json().message, CASHBOOK_MSG.monthAlreadyClosed.de);
      for (const bad of ['2026-13', '2026-1', '2026-05-02', '0000-01', '3000-01', '2026-05-01x', '']) {
        const res = await api.post(u, url, { month: bad, physical_balance: 0 });
        assert.equal(res.statusCode, 400, `${bad}: ${res.body}`);
        assert.ok(
          [CASHBOOK_MSG.monthInvalid.de, CASHBOOK_MSG.monthRequired.de].includes(res.json().message),
          `${bad}: ${res.body}`,
        );
      }
    });

    it('text limits: one character over answers 400 naming the field, the limit itself is taken', async () => {
      const x = (n: number) => 'x'.repeat(n);
      const admin = await addUser(t.db, { role: 'admin', flags: ['tasks'], name: 'Adele Admin' });
      const adminToken = await login(t.app, admin.email, admin.password);
      const json = (url: string, payload: object, token = agent.token) =>
        t.app.inject({ method: 'POST', url, payload, headers: bearer(token) });
      const refused = (
        res: { statusCode: number; body: string; json: () => { message: string } },
        message: string,
        what: string,
      ) => {
        assert.equal(res.statusCode, 400, `${what}: ${res.body.slice(0, 200)}`);
        assert.equal(res.json().message, message, what);
      };
      const tasksBefore = (await t.db.select({ n: count() }).from(tasks))[0]!.n;
      const create = (over: Record<string, string>) =>
        postMultipart(t.app, '/api/create-task', agent.token, [
          ...taskFields().filter((p) => !(p.name in over)),
          ...fields(over),
        ]);
      refused(await create({ titel: x(TEXT_LIMITS.taskTitle + 1) }), COMMON_MSG.titleMax.de, 'task title');
      assert.equal(COMMON_MSG.titleMax.de, 'Der Titel darf höchstens 200 Zeichen lang sein.');
      refused(
        await create({ beschreibung: x(TEXT_LIMITS.description + 1) }),
        COMMON_MSG.descriptionMax.de,
        'task description',
      );
      assert.equal(COMMON_MSG.descriptionMax.de, 'Die Beschreibung darf höchstens 10.000 Zeichen lang sein.');
      assert.equal((await t.db.select({ n: count() }).from(tasks))[0]!.n, tasksBefore, 'nothing stored');
      const ok = await create({ titel: x(TEXT_LIMITS.taskTitle), beschreibung: x(TEXT_LIMITS.description) });
      assert.equal(ok.statusCode, 200, ok.body);
      const taskID = ok.json().aufgabeID as number;

      const notesBefore = (await t.db.select({ n: count() }).from(taskNotes))[0]!.n;
      refused(
        await json('/api/task-add-note', { taskID, notiz: x(TEXT_LIMITS.taskNote + 1) }),
        TASKS_MSG.noteMax.de,
        'note',
      );
      assert.equal((await t.db.select({ n: count() }).from(taskNotes))[0]!.n, notesBefore);
      assert.equal((await json('/api/task-add-note', { taskID, notiz: x(TEXT_LIMITS.taskNote) })).statusCode, 200);
      refused(
        await json('/api/request-assist', { taskID, agentID: admin.id, comment: x(TEXT_LIMITS.taskComment + 1) }),
        TASKS_MSG.commentMax.de,
        'help request comment',
      );
      const audit = (over: Record<string, string>) =>
        postMultipart(
          t.app,
          '/api/audit-task',
          adminToken,
          fields({ taskID, description: 'Kunde angerufen', ...over }),
        );
      refused(
        await audit({ description: x(TEXT_LIMITS.description + 1) }),
        COMMON_MSG.descriptionMax.de,
        'audit description',
      );
      refused(await audit({ reason: x(TEXT_LIMITS.taskComment + 1) }), TASKS_MSG.reasonMax.de, 'audit reason');

      const rating = {
        customerNumber: '10001',
        taskId: taskID,
        verificationCode: '123456',
        timeRating: 5,
        satisfactionRating: 5,
        friendlinessRating: 5,
      };
      refused(
        await json('/web/submit-rating', { ...rating, comment: x(TEXT_LIMITS.ratingComment + 1) }),
        RATINGS_MSG.commentTooLong.de,
        'rating comment',
      );

      const newsAdmin = await addUser(t.db, { role: 'admin', flags: [], name: 'Nina News' });
      const newsToken = await login(t.app, newsAdmin.email, newsAdmin.password);
      const news = { title: 'Neu', text: 'Text', published_from: '2026-05-01T10:00:00Z' };
      refused(
        await json('/api/news', { ...news, title: x(TEXT_LIMITS.newsTitle + 1) }, newsToken),
        COMMON_MSG.titleMax.de,
        'news title',
      );
      refused(
        await json('/api/news', { ...news, text: x(TEXT_LIMITS.newsText + 1) }, newsToken),
        BUSINESS_RECORDS_MSG.newsTextMax.de,
        'news text',
      );
      refused(
        await json(
          '/api/news',
          { ...news, translations: { en: { title: 'New', text: x(TEXT_LIMITS.newsText + 1) } } },
          newsToken,
        ),
        BUSINESS_RECORDS_MSG.newsTextMax.de,
        'news translation text',
      );
    });
  });
}
