import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { addUser, bearer, createTestApp, dbTargets, login, type TestApp } from './helpers.js';

type User = Awaited<ReturnType<typeof addUser>> & { token: string };

/** The board's view (cards or list) kept per user on the server: every device and reload gets it. */
for (const target of dbTargets()) {
  describe(`task board view per user (${target})`, () => {
    let t: TestApp;
    let anna: User, ben: User, noFlag: User, customer: User;
    const get = (u: User) => t.app.inject({ method: 'GET', url: '/api/task-board-view', headers: bearer(u.token) });
    const put = (u: User, payload: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/task-board-view',
        headers: bearer(u.token),
        payload: payload as object,
      });

    before(async () => {
      t = await createTestApp(target);
      const mk = async (input: Parameters<typeof addUser>[1]) => {
        const u = await addUser(t.db, input);
        return { ...u, token: await login(t.app, u.email, u.password) };
      };
      anna = await mk({ role: 'agent', flags: ['tasks'] });
      ben = await mk({ role: 'admin', flags: ['tasks'] });
      noFlag = await mk({ role: 'agent' });
      customer = await mk({ role: 'customer' });
    });
    after(() => t.close());

    it('is cards until chosen, then the choice, per user and in a new session too', async () => {
      assert.deepEqual((await get(anna)).json(), { view: 'cards' });
      const saved = await put(anna, { view: 'list' });
      assert.equal(saved.statusCode, 200);
      assert.deepEqual(saved.json(), { view: 'list' });
      assert.deepEqual((await get(anna)).json(), { view: 'list' });
      // Another device: a new sign-in reads the same choice.
      const again = { ...anna, token: await login(t.app, anna.email, anna.password) };
      assert.deepEqual((await get(again)).json(), { view: 'list' });
      // Nobody else's view changes.
      assert.deepEqual((await get(ben)).json(), { view: 'cards' });
      assert.deepEqual((await put(anna, { view: 'cards' })).json(), { view: 'cards' });
      assert.deepEqual((await get(anna)).json(), { view: 'cards' });
    });

    it('refuses an unknown view at its field and keeps the choice', async () => {
      await put(ben, { view: 'list' });
      const bad = await put(ben, { view: 'kanban' });
      assert.equal(bad.statusCode, 400);
      assert.equal(bad.json().message, 'Unbekannte Ansicht');
      assert.deepEqual(
        bad.json().errors.map((e: { field: string; code: string }) => [e.field, e.code]),
        [['view', 'tasks.unknownBoardView']],
      );
      assert.equal((await put(ben, {})).statusCode, 400);
      assert.deepEqual((await get(ben)).json(), { view: 'list' });
    });

    it('switches sent in parallel all succeed and leave one of them', async () => {
      const views = ['list', 'cards', 'list', 'cards', 'list', 'cards', 'list', 'list'];
      const answers = await Promise.all(views.map((view) => put(anna, { view })));
      assert.deepEqual(
        answers.map((a) => a.statusCode),
        views.map(() => 200),
      );
      assert.ok(['list', 'cards'].includes((await get(anna)).json().view));
    });

    it('is for staff with the tasks flag only', async () => {
      assert.equal((await get(noFlag)).statusCode, 403);
      assert.equal((await put(noFlag, { view: 'list' })).statusCode, 403);
      assert.equal((await get(customer)).statusCode, 403);
      assert.equal((await t.app.inject({ method: 'GET', url: '/api/task-board-view' })).statusCode, 401);
    });
  });
}
