import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { FLAGS } from '@portal/shared';
import { addUser, bearer, createTestApp, login, type TestApp } from './helpers.js';

/**
 * Who may call what, written down once per route. The test walks the server's own route table:
 * a route that is not listed here fails, so a new route cannot ship without a decision.
 */
type Access = 'public' | 'signed-in' | 'staff' | 'admin' | 'staff+tasks' | 'admin+tasks' | 'staff+customer-flag';

const EXPECTED: Record<string, Access> = {
  'GET /healthz': 'public',
  'GET /readyz': 'public',
  'POST /auth/login': 'public',
  'POST /auth/business-login': 'public',
  'GET /auth/verify-token': 'signed-in',
  'POST /auth/change-password': 'signed-in',
  'GET /auth/invitation': 'public',
  'POST /auth/set-password': 'public',
  'POST /api/logout': 'signed-in',
  'GET /api/countries': 'staff',
  'GET /api/roles': 'staff',
  'GET /api/agent-levels': 'staff',
  'POST /api/create-user': 'admin',
  'GET /api/user-settings': 'signed-in',
  'PUT /api/user-settings': 'signed-in',
  'GET /api/get-tasks-from-admin/:countryId/:status': 'admin+tasks',
  'GET /api/get-tasks-from-agent/:countryId/:status/:agentId': 'staff+tasks',
  'GET /api/get-tasks-from-admin/:countryId/:status/since/:lastTaskId/:limit': 'admin+tasks',
  'GET /api/get-tasks-from-agent/:countryId/:status/:agentId/since/:lastTaskId/:limit': 'staff+tasks',
  'GET /api/get-tasks/:taskId': 'staff+tasks',
  'GET /api/task-detail-agent/:taskId/:userId': 'staff+tasks',
  'GET /api/task-types': 'staff+tasks',
  'GET /api/agents': 'staff+tasks',
  'POST /api/create-task': 'staff+tasks',
  'POST /api/upload-task-files': 'staff+tasks',
  'GET /api/task-get-notes/:taskId': 'staff+tasks',
  'POST /api/task-add-note': 'staff+tasks',
  'POST /api/switch-task-agent': 'staff+tasks',
  'POST /api/claim-task': 'staff+tasks',
  'POST /api/request-assist': 'staff+tasks',
  'POST /api/task-set-status': 'staff+tasks',
  'POST /api/audit-task': 'staff+tasks',
  'GET /api/task-audit/:id': 'staff+tasks',
  'GET /api/task-with-audit/:id': 'staff+tasks',
  'GET /protected-files/uploads/tasks/:file': 'staff+tasks',
  'GET /protected-files/uploads/audits/:file': 'staff+tasks',
  'GET /api/customers': 'staff+customer-flag',
  'GET /api/customersEG': 'staff+customer-flag',
  'POST /api/create-notification': 'admin',
  'GET /api/get-notifications': 'signed-in',
  'GET /api/get-missed-notifications/:lastId': 'signed-in',
  'PUT /api/mark-notification-as-read/:id': 'signed-in',
  'GET /web/challenge': 'public',
  'POST /web/deprequest': 'public',
  'POST /web/menuechange': 'public',
  'POST /web/companyswitch': 'public',
  'POST /web/emergency-support': 'public',
  'POST /web/classic-support': 'public',
  'GET /web/rksv-products': 'public',
  'GET /web/site-info': 'public',
  'POST /web/create-rksv-payment': 'public',
  'POST /web/create-rksv-invoice': 'public',
  'GET /web/rksv-order-details': 'public',
  'POST /web/update-rksv-order-status': 'public',
  'GET /web/rksv-invoice/:token': 'public',
  'GET /web/rksv-proforma/:ref': 'public',
  'GET /web/rksv-checkout-cancelled': 'public',
  'POST /web/stripe-webhook': 'public',
  'GET /web/checkout/:id': 'public',
  'POST /web/checkout/:id/pay': 'public',
  'POST /web/checkout/:id/cancel': 'public',
};

type Subject = 'anonymous' | 'customer' | 'agent without flags' | 'agent with flags' | 'admin';
const SUBJECTS: Subject[] = ['anonymous', 'customer', 'agent without flags', 'agent with flags', 'admin'];

/** 401, 403, or 'ok' (anything else: the guard let the call through to validation and the handler). */
function expected(access: Access, who: Subject): 401 | 403 | 'ok' {
  if (access === 'public') return 'ok';
  if (who === 'anonymous') return 401;
  if (access === 'signed-in') return 'ok';
  if (who === 'customer') return 403;
  if (access === 'staff') return 'ok';
  if (access === 'admin') return who === 'admin' ? 'ok' : 403;
  // staff+customer-flag: any of tasks, rksv, digital_signage, cashbook (the customer register).
  if (access === 'staff+tasks' || access === 'staff+customer-flag') return who === 'agent without flags' ? 403 : 'ok';
  return who === 'admin' ? 'ok' : 403; // admin+tasks
}

describe('authorization matrix over every registered route', () => {
  let t: TestApp;
  const users = new Map<Subject, { id: number; email: string; password: string }>();
  before(async () => {
    t = await createTestApp('pglite', { LOGIN_RATE_LIMIT: '1000', PUBLIC_FORM_RATE_LIMIT: '10000' });
    users.set('customer', await addUser(t.db, { role: 'customer' }));
    users.set('agent without flags', await addUser(t.db, { role: 'agent', flags: [] }));
    users.set('agent with flags', await addUser(t.db, { role: 'agent', flags: FLAGS }));
    users.set('admin', await addUser(t.db, { role: 'admin', flags: FLAGS }));
  });
  after(() => t.close());

  it('lists every route, and every route answers each role as listed', async () => {
    const routes = t.app.routeTable.filter((r) => r.method !== 'HEAD' && !r.url.startsWith('/api/docs'));
    const keys = routes.map((r) => `${r.method} ${r.url}`);
    const unlisted = keys.filter((k) => !(k in EXPECTED));
    assert.deepEqual(unlisted, [], 'routes without a line in the authorization table');
    const gone = Object.keys(EXPECTED).filter((k) => !keys.includes(k));
    assert.deepEqual(gone, [], 'lines for routes that no longer exist');

    const failures: string[] = [];
    for (const who of SUBJECTS) {
      for (const r of routes) {
        const user = users.get(who);
        // A fresh session per call: logout and password changes must not spoil the next call.
        const token = user ? await login(t.app, user.email, user.password) : undefined;
        const url = r.url.replace(/:(agentId|userId)/g, String(user?.id ?? 1)).replace(/:status/g, 'offen').replace(/:[A-Za-z]+/g, '1');
        const res = await t.app.inject({
          method: r.method as 'GET',
          url,
          headers: token ? bearer(token) : {},
          ...(r.method === 'GET' ? {} : { payload: {} }),
        });
        const want = expected(EXPECTED[`${r.method} ${r.url}`]!, who);
        const got = res.statusCode;
        const ok = want === 'ok' ? got !== 401 && got !== 403 : got === want;
        if (!ok) failures.push(`${who}: ${r.method} ${url} answered ${got}, expected ${want}`);
        assert.ok(got < 500, `${who}: ${r.method} ${url} answered ${got}: ${res.body}`);
      }
    }
    assert.deepEqual(failures, []);
  });
});
