import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { COMMON_MSG, INSOLVENCY_MSG } from '@portal/shared';
import { addUser, bearer, createTestApp, login, type TestApp } from './helpers.js';
import { fields, postMultipart, seedCustomers } from './tasks-fixtures.js';

/**
 * A refused input names every failing field (`errors: [{field, message, code}]`), so a form can show
 * each message at its field; `message` stays the first one, as the spec's clients read it.
 */
describe('a refused input names every failing field', () => {
  let t: TestApp;
  let token: string;
  before(async () => {
    t = await createTestApp('pglite');
    const u = await addUser(t.db, { role: 'admin', flags: ['tasks'] });
    token = await login(t.app, u.email, u.password);
    await seedCustomers(t.db);
  });
  after(() => t.close());

  it('a JSON body: each field with its message and code, the first as the message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/create-insolvency',
      headers: bearer(token),
      payload: { customer_id: 'x', administrator_name: '', start_date: '0000-01-01' },
    });
    assert.equal(res.statusCode, 400, res.body);
    const body = res.json() as {
      message: string;
      code: string;
      errors: { field: string; message: string; code: string }[];
    };
    assert.deepEqual(
      body.errors.map((e) => [e.field, e.message, e.code]),
      [
        ['customer_id', INSOLVENCY_MSG.customerRequired.de, INSOLVENCY_MSG.customerRequired.code],
        ['administrator_name', INSOLVENCY_MSG.administratorRequired.de, INSOLVENCY_MSG.administratorRequired.code],
        ['start_date', COMMON_MSG.invalidDate.de, COMMON_MSG.invalidDate.code],
      ],
    );
    assert.equal(body.message, INSOLVENCY_MSG.customerRequired.de);
    assert.equal(body.code, INSOLVENCY_MSG.customerRequired.code);
  });

  it('multipart text fields (create-task) answer the same way', async () => {
    const task = await postMultipart(
      t.app,
      '/api/create-task',
      token,
      fields({ titel: 'x'.repeat(201), beschreibung: '' }),
    );
    assert.equal(task.statusCode, 400, task.body);
    const taskErrors = (task.json() as { errors: { field: string; message: string }[] }).errors;
    assert.deepEqual(
      taskErrors.find((e) => e.field === 'titel')?.message,
      COMMON_MSG.titleMax.de,
      `titel named: ${JSON.stringify(taskErrors)}`,
    );
    assert.ok(taskErrors.length > 1, 'more than the first field');
  });
});
