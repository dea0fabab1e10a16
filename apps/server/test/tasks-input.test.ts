import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createTaskSchema, parseBoardCursor, requestAssistSchema, taskListQuerySchema } from '@portal/shared';
import { MSG } from '../src/modules/tasks/common.js';
import { MSG_TASK_NOT_FOUND } from '../src/modules/tasks/access.js';
import { addUser, bearer, codeOf, createTestApp, dbTargets, german, login, type TestApp } from './helpers.js';
import { fields, postMultipart, seedCustomers } from './tasks-fixtures.js';

type User = Awaited<ReturnType<typeof addUser>> & { token: string };

/** A cursor as the server writes it (base64url of JSON), from the raw JSON text so 1e309 stays 1e309. */
const cursor = (json: string) => Buffer.from(json).toString('base64url');

/** Cursors no page of the server could have written: each used to reach the query and answer 500. */
const BAD_CURSORS: [string, string, string][] = [
  ['id 1.5', '{"v":null,"id":1.5}', 'id'],
  ['id 1e20', '{"v":null,"id":1e20}', 'id'],
  ['id 1e309', '{"v":null,"id":1e309}', 'id'],
  ['id -1', '{"v":null,"id":-1}', 'id'],
  ['id as text', '{"v":null,"id":"5"}', 'id'],
  ['year −271821', '{"v":"-271821-04-20T00:00:00.000Z","id":5}', 'due_asc'],
  ['year +275760', '{"v":"+275760-09-13T00:00:00.000Z","id":5}', 'due_desc'],
  ['year 0', '{"v":"0000-01-01T00:00:00.000Z","id":5}', 'created_asc'],
  ['30 February', '{"v":"2024-02-30T00:00:00.000Z","id":5}', 'created_desc'],
  ['a date in words', '{"v":"Tue Mar 05 2024","id":5}', 'due_asc'],
  ['not JSON', 'kaputt', 'id'],
  ['an array', '[1,2]', 'id'],
];

/** The validation strings of a language, every area file merged (as the web app loads them). */
function localeValidation(lang: string): Record<string, unknown> {
  const dir = new URL(`../../web/src/locales/${lang}/`, import.meta.url);
  const out: Record<string, unknown> = {};
  for (const f of fs.readdirSync(dir).filter((n) => n.endsWith('.json')))
    Object.assign(out, JSON.parse(fs.readFileSync(new URL(f, dir), 'utf8')).validation ?? {});
  return out;
}

describe('task input rules (shared schemas)', () => {
  it('a board cursor is accepted only as the server writes it', () => {
    assert.deepEqual(parseBoardCursor(cursor('{"v":null,"id":42}')), { v: null, id: 42 });
    assert.deepEqual(parseBoardCursor(cursor('{"v":"2024-03-05T10:15:00.000Z","id":7}')), {
      v: '2024-03-05T10:15:00.000Z',
      id: 7,
    });
    for (const [what, json] of BAD_CURSORS) assert.equal(parseBoardCursor(cursor(json)), null, what);
    assert.equal(parseBoardCursor('!!!'), null);
    const r = taskListQuerySchema.safeParse({ cursor: cursor('{"v":null,"id":1e20}') });
    assert.equal(r.success, false);
    assert.equal(german(r.error!.issues[0]!.message), 'Ungültiger Cursor');
  });

  it('ids beyond the integer column are refused like any other wrong id', () => {
    for (const agentId of ['3000000000', '1e20', '1.5', '0']) {
      const r = taskListQuerySchema.safeParse({ agentId });
      assert.equal(r.success, false, agentId);
      assert.equal(german(r.error!.issues[0]!.message), 'Ungültiger Agent');
    }
    assert.equal(taskListQuerySchema.safeParse({ agentId: '2147483647' }).success, true);
  });

  it('an empty field gets one message, the one for an empty field', () => {
    // Before: an empty customer number also got "darf nur Zahlen enthalten" and an empty due date
    // "Ungültiges Datum", and the form shows the last message of a field.
    const r = createTaskSchema.safeParse({
      titel: '',
      beschreibung: ' ',
      frist: '',
      typ: '',
      userID: '',
      kundennummer: '',
    });
    assert.equal(r.success, false);
    const byField = new Map<string, string[]>();
    for (const i of r.error!.issues)
      byField.set(String(i.path[0]), [...(byField.get(String(i.path[0])) ?? []), german(i.message)!]);
    assert.deepEqual(byField.get('kundennummer'), ['Bitte einen Kunden über die Suche auswählen']);
    assert.deepEqual(byField.get('frist'), ['Frist ist erforderlich']);
    assert.deepEqual(byField.get('titel'), ['Titel ist erforderlich']);
    assert.deepEqual(byField.get('beschreibung'), ['Beschreibung ist erforderlich']);
    // A filled but wrong value still gets its own message.
    const wrong = createTaskSchema.safeParse({
      titel: 'x',
      beschreibung: 'y',
      frist: 'morgen',
      typ: 1,
      userID: 1,
      kundennummer: '12a',
    });
    const messages = wrong.error!.issues.map((i) => german(i.message)!);
    assert.deepEqual(messages.sort(), ['Kundennummer darf nur Zahlen enthalten', 'Ungültiges Datum']);
    const help = requestAssistSchema.safeParse({ taskID: 1, agentID: 2, comment: '' });
    assert.deepEqual(
      help.error!.issues.map((i) => german(i.message)),
      ['Bitte einen Kommentar eingeben'],
    );
  });

  it('every message of the task calls is German and translated in every interface language', () => {
    const messages = [...Object.values(MSG).map((m) => m.de), MSG_TASK_NOT_FOUND.de, 'Ungültiger Cursor'];
    for (const m of messages) assert.doesNotMatch(m, /\b(already|exists|not found|invalid)\b/i, `${m} is German`);
    // The locales hold catalogue messages under their code (validation.<area>.<key>).
    const at = (v: Record<string, unknown>, m: string) =>
      (codeOf(m) ?? '').split('.').reduce<unknown>((cur, k) => (cur as Record<string, unknown> | undefined)?.[k], v);
    const de = localeValidation('de');
    for (const lang of ['en', 'fr', 'ar']) {
      const other = localeValidation(lang);
      for (const m of messages) {
        assert.equal(at(de, m), m, `de has ${m}`);
        const translated = at(other, m);
        assert.ok(typeof translated === 'string' && translated !== m, `${lang} translates ${m}`);
      }
    }
  });
});

for (const target of dbTargets()) {
  describe(`task input at the API (${target})`, () => {
    let t: TestApp;
    let admin: User, anna: User, ben: User;
    const get = (url: string, u: User) => t.app.inject({ method: 'GET', url, headers: bearer(u.token) });

    before(async () => {
      t = await createTestApp(target);
      const mk = async (input: Parameters<typeof addUser>[1]) => {
        const u = await addUser(t.db, input);
        return { ...u, token: await login(t.app, u.email, u.password) };
      };
      admin = await mk({ role: 'admin', flags: ['tasks'], name: 'Adele Admin' });
      anna = await mk({ role: 'agent', flags: ['tasks'], name: 'Anna Agentin' });
      ben = await mk({ role: 'agent', flags: ['tasks'], name: 'Ben Berger' });
      await seedCustomers(t.db);
    });
    after(() => t.close());

    const create = (over: Record<string, string | number>) =>
      postMultipart(t.app, '/api/create-task', anna.token, [
        ...fields({
          titel: 'Kassenlade klemmt',
          beschreibung: 'Die Lade geht nicht mehr auf.',
          frist: new Date(Date.now() + 86400_000).toISOString(),
          typ: 1,
          userID: anna.id,
          kundennummer: '10001',
          firma: 'Gasthaus Zum Goldenen Hirschen',
          ...over,
        }),
      ]);

    it('refuses board cursors the server never wrote with 400, on both board calls and every sort', async () => {
      for (const [what, json, sort] of BAD_CURSORS) {
        const c = cursor(json);
        for (const url of [
          `/api/get-tasks-from-admin/1/offen?sort=${sort}&cursor=${c}`,
          `/api/get-tasks-from-agent/1/offen/${anna.id}?sort=${sort}&cursor=${c}`,
        ]) {
          const res = await get(url, url.includes('admin') ? admin : anna);
          assert.equal(res.statusCode, 400, `${what}: ${url} → ${res.body}`);
          assert.equal(res.json().message, 'Ungültiger Cursor', what);
          assert.ok(!res.body.includes('stack'), 'no stack trace');
        }
      }
      for (const agentId of ['3000000000', '1e20']) {
        const res = await get(`/api/get-tasks-from-admin/1/offen?agentId=${agentId}`, admin);
        assert.equal(res.statusCode, 400, res.body);
        assert.equal(res.json().message, 'Ungültiger Agent');
      }
      const typ = await get('/api/get-tasks-from-admin/1/offen?typ=99999999999', admin);
      assert.equal(typ.statusCode, 400, typ.body);
    });

    it('pages with the cursors it writes, on every sort', async () => {
      for (let i = 0; i < 3; i++) assert.equal((await create({ titel: `Cursortest ${i}` })).statusCode, 200);
      for (const sort of ['id', 'created_asc', 'created_desc', 'due_asc', 'due_desc']) {
        const first = await get(`/api/get-tasks-from-admin/1/offen?q=Cursortest&sort=${sort}&limit=2`, admin);
        assert.equal(first.statusCode, 200, first.body);
        const next = first.json().nextCursor as string;
        assert.ok(next, sort);
        const second = await get(
          `/api/get-tasks-from-admin/1/offen?q=Cursortest&sort=${sort}&limit=2&cursor=${next}`,
          admin,
        );
        assert.equal(second.statusCode, 200, `${sort}: ${second.body}`);
        assert.equal(second.json().tasks.length, 1, sort);
      }
    });

    it('names the empty field: customer number and due date', async () => {
      const noCustomer = await create({ kundennummer: '' });
      assert.equal(noCustomer.statusCode, 400);
      assert.equal(noCustomer.json().message, 'Bitte einen Kunden über die Suche auswählen');
      const noDue = await create({ frist: '' });
      assert.equal(noDue.statusCode, 400);
      assert.equal(noDue.json().message, 'Frist ist erforderlich');
    });

    it('answers a second help request with 409 and a German message', async () => {
      const created = await create({});
      const id = created.json().aufgabeID as number;
      const ask = (agentID: number) =>
        t.app.inject({
          method: 'POST',
          url: '/api/request-assist',
          headers: bearer(anna.token),
          payload: { taskID: id, agentID, comment: 'Bitte mitschauen' },
        });
      assert.equal((await ask(ben.id)).statusCode, 200);
      const again = await ask(admin.id);
      assert.equal(again.statusCode, 409);
      assert.equal(again.json().message, 'Für diese Aufgabe gibt es bereits eine Hilfeanfrage.');
    });
  });
}
