import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { count } from 'drizzle-orm';
import { CASHBOOK_MSG, cashbookAddMonths, cashbookMonthOf } from '@portal/shared';
import { tasks } from '../src/db/schema/index.js';
import { addUser, createTestApp, dbTargets, login, type TestApp } from './helpers.js';
import { EXE, PNG, fields, postMultipart, seedCustomers } from './tasks-fixtures.js';
import { cashbookApi, cashbookUser } from './cashbook-fixtures.js';

/** Issue 28: a refused file named (12), a closing month as `YYYY-MM` (17). */
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
      const first = await api.post(u, url, { month: month(2), physical_balance: 0 });
      assert.equal(first.statusCode, 201, first.body);
      assert.equal(first.json().month, `${month(2)}-01`);
      const again = await api.post(u, url, { month: `${month(2)}-01`, physical_balance: 0 });
      assert.equal(again.statusCode, 409);
      assert.equal(again.json().message, CASHBOOK_MSG.monthAlreadyClosed);
      const next = await api.post(u, url, { month: month(1), physical_balance: 0 });
      assert.equal(next.statusCode, 201, next.body);
      assert.equal(next.json().month, `${month(1)}-01`);
      for (const bad of ['2026-13', '2026-1', '2026-05-02', '0000-01', '3000-01', '2026-05-01x', '']) {
        const res = await api.post(u, url, { month: bad, physical_balance: 0 });
        assert.equal(res.statusCode, 400, `${bad}: ${res.body}`);
        assert.ok(
          [CASHBOOK_MSG.monthInvalid, CASHBOOK_MSG.monthRequired].includes(res.json().message),
          `${bad}: ${res.body}`,
        );
      }
    });
  });
}
