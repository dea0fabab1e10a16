import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { addUser, bearer, createTestApp, login, type TestApp } from './helpers.js';
import { seedCustomers } from './tasks-fixtures.js';

/**
 * Issue 30: a search field never produces a load error from its own input. Every list and picker search
 * takes a text of any length and searches its first 200 characters (SEARCH_TEXT_MAX), as the web's
 * search fields stop there; nothing answers 400 for a long search.
 */
describe('a long search text is cut, never refused', () => {
  let t: TestApp;
  let token: string;
  before(async () => {
    t = await createTestApp('pglite');
    const u = await addUser(t.db, {
      role: 'admin',
      flags: ['tasks', 'rksv', 'rksv_orders', 'digital_signage', 'cashbook'],
    });
    token = await login(t.app, u.email, u.password);
    await seedCustomers(t.db);
  });
  after(() => t.close());

  const long = encodeURIComponent('Pizzeria '.repeat(100));
  for (const url of [
    `/api/get-tasks-from-admin/1/offen?q=${long}`,
    `/api/rksv-orders?q=${long}`,
    `/api/okds-devices?q=${long}`,
    `/api/okds-search-customers?query=${long}`,
    `/api/cashbook/transactions?q=${long}`,
    `/api/insolvency-search-customers?query=${long}`,
    `/api/customers?search=${long}`,
  ])
    it(`GET ${url.split('?')[0]} with 900 characters answers 200`, async () => {
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
      assert.equal(res.statusCode, 200, res.body);
    });
});
