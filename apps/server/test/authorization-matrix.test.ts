import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { FLAGS, type Flag, type Role } from '@portal/shared';
import { admin, customerOnly, publicAccess, signedIn, staff } from '../src/platform/access.js';
import type { Access } from '../src/platform/auth.js';
import { addUser, bearer, createTestApp, login, type TestApp } from './helpers.js';

/**
 * Who may call what follows from the access preset each route declares (platform/access.ts): the
 * status every role and flag must get is computed from it, here, independently of the guard. The test
 * walks the server's own route table; a route without a declared access fails, a public route must
 * also be written down below, and where ownership makes the answer differ it is written down too.
 */

/** Opening a route to anyone is a decision made twice: in the route and here. */
const PUBLIC_ROUTES = [
  'GET /healthz',
  'GET /readyz',
  // Digital signage screens (issue 18): registration is open (a known screen needs its key, issue 28);
  // the rest of /ds/api declares the device preset (keyHolder) and answers only to a device key.
  'POST /ds/api/register',
  'POST /auth/login',
  'POST /auth/business-login',
  'GET /auth/invitation',
  'POST /auth/set-password',
  'GET /web/challenge',
  'POST /web/deprequest',
  'POST /web/menuechange',
  'POST /web/companyswitch',
  'POST /web/emergency-support',
  'POST /web/classic-support',
  'GET /web/rksv-products',
  'GET /web/site-info',
  'POST /web/create-rksv-payment',
  'POST /web/create-rksv-invoice',
  'GET /web/rksv-order-details',
  'POST /web/update-rksv-order-status',
  'GET /web/rksv-invoice/:token',
  'GET /web/rksv-proforma/:ref',
  'GET /web/rksv-checkout-cancelled',
  'POST /web/stripe-webhook',
  'GET /web/checkout/:id',
  'POST /web/checkout/:id/pay',
  'POST /web/checkout/:id/cancel',
  'GET /api/rksv-invoice-file/:invoiceRef',
  // The customer rating (issue 17), rate-limited per IP like the public forms.
  'POST /web/verify-customer-rating',
  'POST /web/verify-code-rating',
  'POST /web/submit-rating',
];

/**
 * Routes that name a user in their path: only that user, or an admin, may ask. They are probed a
 * second time with another user's id; every route with such a parameter must be listed.
 */
const OWN_USER_ONLY = [
  'GET /api/get-tasks-from-agent/:countryId/:status/:boardAgentId',
  'GET /api/get-tasks-from-agent/:countryId/:status/:boardAgentId/since/:lastTaskId/:limit',
  'GET /api/task-detail-agent/:taskId/:userId',
  'GET /api/get-tasks-overview-agent/:countryId/:agentId',
  'GET /api/get-task-stats-agent/:agentId',
  'GET /api/get-task-ratings-stats-agent/:countryId/:agentId',
];
const USER_PARAM = /:(agentId|boardAgentId|userId)\b/;

/** The kinds of key a `keyHolder` preset may name (the signage screens' `Authorization: Device <key>`). */
const KEY_KINDS = ['device'];

/** The twelve flags of the user record (spec): a new one needs a look at the presets and this test. */
const TWELVE_FLAGS = [
  'tasks',
  'acceptances',
  'rmas',
  'reorder_goods',
  'field_service_orders',
  'rksv',
  'rksv_orders',
  'osms_control',
  'osms_overview',
  'stock',
  'digital_signage',
  'cashbook',
] as const;

interface Subject {
  name: string;
  role: Role | null;
  flags: readonly Flag[];
  /** Probed only on routes whose access names a flag (elsewhere it is one more agent). */
  flagProbe?: true;
}
const SUBJECTS: Subject[] = [
  { name: 'anonymous', role: null, flags: [] },
  { name: 'customer', role: 'customer', flags: [] },
  { name: 'customer with every flag', role: 'customer', flags: FLAGS },
  { name: 'agent without flags', role: 'agent', flags: [] },
  { name: 'agent with every flag', role: 'agent', flags: FLAGS },
  { name: 'admin without flags', role: 'admin', flags: [] },
  { name: 'admin with every flag', role: 'admin', flags: FLAGS },
  ...FLAGS.map((f): Subject => ({ name: `agent with only ${f}`, role: 'agent', flags: [f], flagProbe: true })),
];

type SessionAccess = Exclude<Access, 'public' | { key: string }>;
const isSessionAccess = (access: Access): access is SessionAccess => access !== 'public' && !('key' in access);

/** Any one of these flags lets the caller in. */
const anyFlagOf = (access: SessionAccess): readonly Flag[] =>
  access.flag === undefined ? [] : typeof access.flag === 'string' ? [access.flag] : access.flag;
/** Every flag the access names, in either form (the routes a one-flag agent is probed on). */
const flagsOf = (access: Access): readonly Flag[] =>
  isSessionAccess(access) ? [...anyFlagOf(access), ...(access.allFlags ?? [])] : [];

/** 401, 403, or 'ok' (anything else: the guard let the call through to validation and the handler). */
function expected(access: Access, who: Subject): 401 | 403 | 'ok' {
  if (access === 'public') return 'ok';
  // A key holder's route answers only to its key: every session, and none, gets 401.
  if (!isSessionAccess(access)) return 401;
  if (!who.role) return 401;
  if (access.roles && !access.roles.includes(who.role)) return 403;
  const any = anyFlagOf(access);
  if (any.length && !any.some((f) => who.flags.includes(f))) return 403;
  if (access.allFlags && !access.allFlags.every((f) => who.flags.includes(f))) return 403;
  return 'ok';
}

/**
 * A declared access is one of the presets: the same roles as one of them, flags only through
 * staffWith/adminWith/staffWithAll, a key only through keyHolder.
 */
function isPreset(access: Access): boolean {
  if (access === publicAccess) return true;
  if (!isSessionAccess(access)) return typeof access.check === 'function' && KEY_KINDS.includes(access.key);
  const roles = JSON.stringify(access.roles ?? null);
  const presets = [signedIn, customerOnly, staff, admin].map((p) => JSON.stringify('roles' in p ? p.roles : null));
  if (access.flag === undefined && access.allFlags === undefined) return presets.includes(roles);
  return roles === JSON.stringify(staff.roles) || roles === JSON.stringify(admin.roles);
}

describe('authorization matrix over every registered route', () => {
  let t: TestApp;
  const users = new Map<string, { id: number; email: string; password: string }>();
  before(async () => {
    t = await createTestApp('pglite', { LOGIN_RATE_LIMIT: '10000', PUBLIC_FORM_RATE_LIMIT: '10000' });
    for (const who of SUBJECTS)
      if (who.role) users.set(who.name, await addUser(t.db, { role: who.role, flags: [...who.flags] }));
  });
  after(() => t.close());

  const routes = () => t.app.routeTable.filter((r) => r.method !== 'HEAD' && !r.url.startsWith('/api/docs'));
  const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;

  it('knows the twelve flags', () => {
    assert.deepEqual([...FLAGS], [...TWELVE_FLAGS]);
  });

  it('every route declares one of the access presets; public and own-user routes are written down', () => {
    const all = routes();
    assert.ok(all.length > 50, `routes found: ${all.length}`);
    assert.deepEqual(all.filter((r) => r.access === undefined).map(key), [], 'routes without a declared access');
    assert.deepEqual(all.filter((r) => r.access && !isPreset(r.access)).map(key), [], 'access not from the presets');
    const declaredPublic = all.filter((r) => r.access === publicAccess).map(key);
    assert.deepEqual(declaredPublic.filter((k) => !PUBLIC_ROUTES.includes(k)), [], 'public routes not listed here');
    assert.deepEqual(PUBLIC_ROUTES.filter((k) => !declaredPublic.includes(k)), [], 'listed public routes that are not');
    const withUser = all.filter((r) => USER_PARAM.test(r.url)).map(key);
    assert.deepEqual(withUser.filter((k) => !OWN_USER_ONLY.includes(k)), [], 'routes naming a user, not listed');
    assert.deepEqual(OWN_USER_ONLY.filter((k) => !withUser.includes(k)), [], 'listed own-user routes that do not exist');
  });

  it('every route answers each role and flag as its preset says', async () => {
    const failures: string[] = [];
    const someoneElse = users.get('admin with every flag')!.id;
    // One session per subject while it lasts: a call that ended it (logout, password change) is
    // noticed by the cheap session check and a new sign-in follows. Signing in for every call would
    // spend most of the test hashing passwords.
    const sessions = new Map<string, string>();
    const sessionOf = async (user: { email: string; password: string }) => {
      const known = sessions.get(user.email);
      if (known) {
        const check = await t.app.inject({ method: 'GET', url: '/auth/verify-token', headers: bearer(known) });
        if (check.statusCode === 200) return known;
      }
      const fresh = await login(t.app, user.email, user.password);
      sessions.set(user.email, fresh);
      return fresh;
    };
    const probe = async (who: Subject, r: { method: string; url: string }, userId: number, want: 401 | 403 | 'ok') => {
      const user = users.get(who.name);
      const token = user ? await sessionOf(user) : undefined;
      const url = r.url
        .replace(new RegExp(USER_PARAM, 'g'), String(userId))
        .replace(/:status/g, 'offen')
        .replace(/:[A-Za-z]+/g, '1');
      const res = await t.app.inject({
        method: r.method as 'GET',
        url,
        headers: token ? bearer(token) : {},
        ...(r.method === 'GET' ? {} : { payload: {} }),
      });
      const got = res.statusCode;
      const ok = want === 'ok' ? got !== 401 && got !== 403 : got === want;
      if (!ok) failures.push(`${who.name}: ${r.method} ${url} answered ${got}, expected ${want}`);
      assert.ok(got < 500, `${who.name}: ${r.method} ${url} answered ${got}: ${res.body}`);
    };
    for (const who of SUBJECTS) {
      const own = users.get(who.name)?.id ?? 1;
      for (const r of routes()) {
        const access = r.access!;
        if (who.flagProbe && flagsOf(access).length === 0) continue;
        const want = expected(access, who);
        await probe(who, r, own, want);
        // Another user's id in the path: refused unless the caller is an admin.
        if (OWN_USER_ONLY.includes(key(r)) && who.role && who.name !== 'admin with every flag')
          await probe(who, r, someoneElse, want === 'ok' && who.role !== 'admin' ? 403 : want);
      }
    }
    assert.deepEqual(failures, []);
  });
});
