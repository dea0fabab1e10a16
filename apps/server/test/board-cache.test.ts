// The board cache (modules/tasks/board-cache.ts) answers exactly what the board query answers: every
// write to a country's tasks, whoever makes it (the API, a plain SQL statement as another process or
// a script would), and every change of a shown name reaches the next page at once.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import zlib from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { tasks, taskTypes, users } from '../src/db/schema/index.js';
import { boardCacheFor, boardVersion } from '../src/modules/tasks/board-cache.js';
import { addUser, bearer, createTestApp, dbTargets, login, type TestApp } from './helpers.js';

type Row = { id: number; titel: string; agent_name: string | null; tasktype: string };

for (const target of dbTargets()) {
  describe(`board cache (${target})`, () => {
    let t: TestApp;
    let token: string;
    let agentId: number;
    const board = async (path = '/api/get-tasks-from-admin/1/offen') => {
      const res = await t.app.inject({ method: 'GET', url: path, headers: bearer(token) });
      assert.equal(res.statusCode, 200, res.body);
      return res.json() as { tasks: Row[]; total: number };
    };
    const insertTask = async (titel: string, country = 1) => {
      const [row] = await t.db
        .insert(tasks)
        .values({
          titel,
          beschreibung: 'b',
          frist: new Date(Date.now() + 86_400_000),
          status: 'offen',
          typ: 1,
          country_id: country,
          user_id: agentId,
          created_by_userid: agentId,
        })
        .returning({ id: tasks.id });
      return row!.id;
    };

    before(async () => {
      t = await createTestApp(target);
      const admin = await addUser(t.db, { role: 'admin', flags: ['tasks'] });
      agentId = (await addUser(t.db, { role: 'agent', flags: ['tasks'], name: 'Anna Agentin' })).id;
      token = await login(t.app, admin.email, admin.password);
    });
    after(() => t.close());

    it('keeps pages and answers every write at once', async () => {
      const first = await insertTask('Erste Aufgabe');
      assert.deepEqual(
        (await board()).tasks.map((r) => r.id),
        [first],
      );
      assert.ok(boardCacheFor({ db: t.db, config: t.config })!.size >= 1, 'the page is kept');
      // Kept page, no write: the same answer.
      assert.deepEqual(
        (await board()).tasks.map((r) => r.id),
        [first],
      );

      const second = await insertTask('Zweite Aufgabe');
      assert.deepEqual(
        (await board()).tasks.map((r) => r.id),
        [second, first],
        'a new task',
      );

      await t.db.update(tasks).set({ titel: 'Geänderter Titel' }).where(eq(tasks.id, first));
      assert.equal((await board()).tasks.find((r) => r.id === first)!.titel, 'Geänderter Titel', 'a changed task');

      await t.db.update(tasks).set({ status: 'erledigt' }).where(eq(tasks.id, second));
      assert.deepEqual(
        (await board()).tasks.map((r) => r.id),
        [first],
        'a task that left the board',
      );

      await t.db.update(users).set({ name: 'Anna Neu' }).where(eq(users.id, agentId));
      assert.equal((await board()).tasks[0]!.agent_name, 'Anna Neu', 'a renamed agent');

      await t.db.update(taskTypes).set({ tasktype: 'Umbenannt' }).where(eq(taskTypes.id, 1));
      assert.equal((await board()).tasks[0]!.tasktype, 'Umbenannt', 'a renamed task type');

      await t.db.delete(tasks).where(eq(tasks.id, first));
      assert.deepEqual((await board()).tasks, [], 'a deleted task');
    });

    it('keeps one page per filter, sort and cursor, and another country does not disturb it', async () => {
      const ids = [await insertTask('Drucker A'), await insertTask('Kassa B'), await insertTask('Drucker C')];
      const search = await board('/api/get-tasks-from-admin/1/offen?q=drucker');
      assert.deepEqual(
        search.tasks.map((r) => r.id),
        [ids[2], ids[0]],
      );
      const oldest = await board('/api/get-tasks-from-admin/1/offen?sort=created_asc&limit=1');
      assert.equal(oldest.tasks[0]!.id, ids[0]);
      const version = await boardVersion(t.db, 1);
      await insertTask('Drucker in Ägypten', 2);
      assert.equal(await boardVersion(t.db, 1), version, "Egypt's tasks leave Austria's version alone");
      assert.deepEqual(
        (await board('/api/get-tasks-from-admin/1/offen?q=drucker')).tasks.map((r) => r.id),
        [ids[2], ids[0]],
      );
      // One statement writing tasks of both countries raises both.
      await t.db.execute(sql`update tasks set titel = titel || '!' where titel like 'Drucker%'`);
      assert.ok((await board('/api/get-tasks-from-admin/1/offen?q=drucker')).tasks.every((r) => r.titel.endsWith('!')));
      assert.ok((await board('/api/get-tasks-from-admin/2/offen?q=drucker')).tasks.every((r) => r.titel.endsWith('!')));
    });

    it('sends a kept page compressed once per encoding, the same as the plain one', async () => {
      await insertTask('Komprimiert');
      const path = '/api/get-tasks-from-admin/1/offen';
      const plain = await t.app.inject({ method: 'GET', url: path, headers: bearer(token) });
      for (const [accept, encoding, decode] of [
        ['gzip, deflate, br', 'br', zlib.brotliDecompressSync],
        ['gzip;q=1, br;q=0', 'gzip', zlib.gunzipSync],
        ['br;q=0.5, gzip', 'gzip', zlib.gunzipSync],
      ] as const) {
        for (let i = 0; i < 2; i++) {
          const res = await t.app.inject({
            method: 'GET',
            url: path,
            headers: { ...bearer(token), 'accept-encoding': accept },
          });
          assert.equal(res.statusCode, 200);
          assert.equal(res.headers['content-encoding'], encoding, accept);
          assert.match(String(res.headers.vary), /accept-encoding/i);
          assert.deepEqual(JSON.parse(decode(res.rawPayload).toString('utf8')), plain.json(), accept);
        }
      }
      const identity = await t.app.inject({
        method: 'GET',
        url: path,
        headers: { ...bearer(token), 'accept-encoding': 'identity' },
      });
      assert.equal(identity.headers['content-encoding'], undefined);
      assert.deepEqual(identity.json(), plain.json());
    });

    it('answers the same with the cache turned off', async () => {
      const off = await createTestApp(target, { BOARD_CACHE_ENTRIES: '0' });
      try {
        assert.equal(boardCacheFor({ db: off.db, config: off.config }), null);
        const admin = await addUser(off.db, { role: 'admin', flags: ['tasks'] });
        const tok = await login(off.app, admin.email, admin.password);
        const res = await off.app.inject({
          method: 'GET',
          url: '/api/get-tasks-from-admin/1/offen',
          headers: bearer(tok),
        });
        assert.equal(res.statusCode, 200);
        assert.deepEqual(res.json().tasks, []);
      } finally {
        await off.close();
      }
    });
  });
}
