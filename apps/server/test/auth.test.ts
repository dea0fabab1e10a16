import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { eq, sql } from 'drizzle-orm';
import { FLAGS } from '@portal/shared';
import { sessions } from '../src/db/schema/index.js';
import { addUser, bearer, codeOf, createTestApp, dbTargets, login, type TestApp } from './helpers.js';

for (const target of dbTargets()) {
  describe(`sign-in and sessions (${target})`, () => {
    let t: TestApp;
    let admin: Awaited<ReturnType<typeof addUser>>;
    let customer: Awaited<ReturnType<typeof addUser>>;
    before(async () => {
      t = await createTestApp(target, { LOGIN_RATE_LIMIT: '50' });
      admin = await addUser(t.db, { role: 'admin', flags: ['tasks', 'rksv'], email: 'chefin@test.at', name: 'Chefin' });
      customer = await addUser(t.db, { role: 'customer' });
    });
    after(() => t.close());

    it('answers the user fields of the spec for good credentials, trimming and ignoring case', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/auth/login',
        payload: { email: '  CHEFIN@test.at ', password: admin.password },
      });
      assert.equal(res.statusCode, 200);
      const u = res.json();
      assert.equal(u.email, 'chefin@test.at');
      assert.equal(u.role, 'admin');
      assert.equal(u.name, 'Chefin');
      assert.equal(u.country_id, 1);
      assert.equal(u.country_name, 'Österreich');
      assert.equal(u.lang_code, 'de_DE');
      assert.equal(u.agent_level_name, '1st Level');
      assert.match(u.accessToken, /^[A-Za-z0-9_-]{40,}$/);
      assert.ok(u.expiresIn > 8 * 3600 - 10 && u.expiresIn <= 8 * 3600);
      for (const f of FLAGS) assert.equal(typeof u[f], 'boolean', f);
      assert.equal(u.tasks, true);
      assert.equal(u.cashbook, false);
    });

    it('keeps only a hash of the token', async () => {
      const token = await login(t.app, admin.email, admin.password);
      const rows = await t.db.select().from(sessions);
      assert.ok(rows.length > 0);
      assert.ok(rows.every((r) => r.token_hash !== token && r.token_hash.length === 64));
    });

    it('answers 401 with the German message for a wrong password and 404 for an unknown email', async () => {
      const wrong = await t.app.inject({
        method: 'POST',
        url: '/auth/login',
        payload: { email: admin.email, password: 'falsch-falsch' },
      });
      assert.equal(wrong.statusCode, 401);
      assert.deepEqual(wrong.json(), { message: 'Ungültige Anmeldedaten.', code: 'auth.badCredentials' });
      const unknown = await t.app.inject({
        method: 'POST',
        url: '/auth/login',
        payload: { email: 'niemand@test.at', password: 'x' },
      });
      assert.equal(unknown.statusCode, 404);
      assert.deepEqual(unknown.json(), { message: 'Benutzer nicht gefunden.', code: 'auth.userNotFound' });
    });

    it('answers 400 with the schema message for missing or malformed input, never 500', async () => {
      const cases: [unknown, string, string][] = [
        [{ email: '', password: 'x' }, 'email', 'E-Mail ist erforderlich'],
        [{ email: 'kein-mail', password: 'x' }, 'email', 'Ungültige E-Mail-Adresse'],
        [{ email: 'a@b.at', password: '   ' }, 'password', 'Passwort ist erforderlich'],
        [{ password: 'x' }, 'email', 'E-Mail ist erforderlich'],
      ];
      for (const [payload, field, message] of cases) {
        const res = await t.app.inject({ method: 'POST', url: '/auth/login', payload: payload as object });
        assert.equal(res.statusCode, 400, JSON.stringify(payload));
        const code = codeOf(message);
        // The first failing field's message, and every failing field by name (the form shows each at its field).
        assert.deepEqual(res.json(), { message, code, errors: [{ field, message, code }] });
      }
      const broken = await t.app.inject({
        method: 'POST',
        url: '/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: '{"email":',
      });
      assert.equal(broken.statusCode, 400);
      assert.ok(!broken.body.includes('at '), 'no stack trace');
    });

    it('verify-token answers the user for a valid token and 401 otherwise', async () => {
      const token = await login(t.app, admin.email, admin.password);
      const ok = await t.app.inject({ method: 'GET', url: '/auth/verify-token', headers: bearer(token) });
      assert.equal(ok.statusCode, 200);
      assert.equal(ok.json().email, admin.email);
      assert.equal(ok.json().accessToken, token);
      const none = await t.app.inject({ method: 'GET', url: '/auth/verify-token' });
      assert.equal(none.statusCode, 401);
      assert.equal(none.json().message, 'Nicht angemeldet oder Sitzung abgelaufen.');
      const bad = await t.app.inject({ method: 'GET', url: '/auth/verify-token', headers: bearer('nonsense') });
      assert.equal(bad.statusCode, 401);
    });

    it('refuses an expired session', async () => {
      const token = await login(t.app, admin.email, admin.password);
      await t.db
        .update(sessions)
        .set({ expires_at: sql`now() - interval '1 second'` })
        .where(eq(sessions.user_id, admin.id));
      const res = await t.app.inject({ method: 'GET', url: '/api/countries', headers: bearer(token) });
      assert.equal(res.statusCode, 401);
    });

    it('ends the session on logout, after which every call answers 401', async () => {
      const token = await login(t.app, admin.email, admin.password);
      assert.equal((await t.app.inject({ method: 'GET', url: '/api/roles', headers: bearer(token) })).statusCode, 200);
      const out = await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) });
      assert.equal(out.statusCode, 200);
      assert.equal((await t.app.inject({ method: 'GET', url: '/api/roles', headers: bearer(token) })).statusCode, 401);
      assert.equal(
        (await t.app.inject({ method: 'GET', url: '/auth/verify-token', headers: bearer(token) })).statusCode,
        401,
      );
    });

    it('business-login admits customers only', async () => {
      const staff = await t.app.inject({
        method: 'POST',
        url: '/auth/business-login',
        payload: { email: admin.email, password: admin.password },
      });
      assert.equal(staff.statusCode, 403);
      assert.match(staff.json().message, /nur für Geschäftskunden/);
      const cust = await t.app.inject({
        method: 'POST',
        url: '/auth/business-login',
        payload: { email: customer.email, password: customer.password },
      });
      assert.equal(cust.statusCode, 200);
      assert.equal(cust.json().role, 'customer');
      // A wrong password on the business login is still 401, not a hint about the role.
      const wrong = await t.app.inject({
        method: 'POST',
        url: '/auth/business-login',
        payload: { email: admin.email, password: 'nein-nein' },
      });
      assert.equal(wrong.statusCode, 401);
    });

    it('changes the password, refuses a wrong old one and ends the other sessions', async () => {
      const u = await addUser(t.db, { role: 'agent' });
      const first = await login(t.app, u.email, u.password);
      const second = await login(t.app, u.email, u.password);
      const wrongOld = await t.app.inject({
        method: 'POST',
        url: '/auth/change-password',
        headers: bearer(first),
        payload: { oldPassword: 'nicht-richtig', newPassword: 'Neues-Passwort-1' },
      });
      assert.equal(wrongOld.statusCode, 400);
      assert.equal(wrongOld.json().message, 'Das aktuelle Passwort ist falsch.');
      const tooShort = await t.app.inject({
        method: 'POST',
        url: '/auth/change-password',
        headers: bearer(first),
        payload: { oldPassword: u.password, newPassword: 'kurz' },
      });
      assert.equal(tooShort.statusCode, 400);
      assert.equal(tooShort.json().message, 'Das Passwort muss mindestens 12 Zeichen lang sein');
      const ok = await t.app.inject({
        method: 'POST',
        url: '/auth/change-password',
        headers: bearer(first),
        payload: { oldPassword: u.password, newPassword: 'Neues-Passwort-1' },
      });
      assert.equal(ok.statusCode, 200);
      assert.equal(ok.json().message, 'Passwort erfolgreich geändert');
      assert.equal(
        (await t.app.inject({ method: 'GET', url: '/auth/verify-token', headers: bearer(first) })).statusCode,
        200,
      );
      assert.equal(
        (await t.app.inject({ method: 'GET', url: '/auth/verify-token', headers: bearer(second) })).statusCode,
        401,
      );
      await assert.rejects(login(t.app, u.email, u.password));
      assert.ok(await login(t.app, u.email, 'Neues-Passwort-1'));
    });
  });

  describe(`sign-in rate limit (${target})`, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp(target, { LOGIN_RATE_LIMIT: '3' });
    });
    after(() => t.close());

    it('answers 429 with a German message after too many attempts for one email', async () => {
      const u = await addUser(t.db);
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/auth/login',
          payload: { email: u.email, password: 'falsch-falsch' },
        });
        codes.push(res.statusCode);
        if (res.statusCode === 429) assert.match(res.json().message, /Zu viele Anmeldeversuche/);
      }
      assert.deepEqual(codes, [401, 401, 401, 429]);
      // Even the right password is refused while the limit holds.
      const right = await t.app.inject({
        method: 'POST',
        url: '/auth/login',
        payload: { email: u.email, password: u.password },
      });
      assert.equal(right.statusCode, 429);
      // Another email from the same address still gets through (the per-address limit is higher).
      const other = await addUser(t.db);
      const res = await t.app.inject({
        method: 'POST',
        url: '/auth/login',
        payload: { email: other.email, password: other.password },
      });
      assert.equal(res.statusCode, 200);
    });

    it('limits one address trying many emails', async () => {
      const codes = new Set<number>();
      for (let i = 0; i < 16; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/auth/login',
          remoteAddress: '10.9.8.7',
          payload: { email: `probe${i}@test.at`, password: 'x' },
        });
        codes.add(res.statusCode);
      }
      assert.ok(codes.has(404));
      assert.ok(codes.has(429));
    });
  });
}
