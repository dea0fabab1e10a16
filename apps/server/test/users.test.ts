import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { desc, eq } from 'drizzle-orm';
import { mailOutbox, users } from '../src/db/schema/index.js';
import { addUser, bearer, createTestApp, dbTargets, login, type TestApp } from './helpers.js';

const newAgent = (email: string) => ({
  name: 'Neue Agentin',
  email,
  tel: '+43 1 234567',
  country: 1,
  role: 2,
  agentLevel: 1,
  permissions: ['tasks', 'rmas'],
});

async function invitationToken(t: TestApp, email: string): Promise<string> {
  const latest = async () =>
    (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(desc(mailOutbox.id)).limit(1))[0];
  // Delivery follows the answer (unit of work): wait for it briefly.
  let mail = await latest();
  for (let i = 0; i < 100 && mail?.status === 'pending'; i++) {
    await new Promise((r) => setTimeout(r, 20));
    mail = await latest();
  }
  assert.ok(mail, 'an invitation mail is in the outbox');
  assert.equal(mail.status, 'logged', 'without SMTP_URL the mail is printed to the log');
  const m = /\/set-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text);
  assert.ok(m, 'the mail carries the link');
  assert.ok(mail.text.startsWith('Hallo Neue Agentin'));
  assert.ok(mail.text.includes('http://portal.test/set-password?token='));
  return m[1]!;
}

for (const target of dbTargets()) {
  describe(`users and invitations (${target})`, () => {
    let t: TestApp;
    let adminToken: string;
    let agentToken: string;
    before(async () => {
      t = await createTestApp(target);
      const admin = await addUser(t.db, { role: 'admin' });
      const agent = await addUser(t.db, { role: 'agent', flags: ['tasks'] });
      adminToken = await login(t.app, admin.email, admin.password);
      agentToken = await login(t.app, agent.email, agent.password);
    });
    after(() => t.close());

    it('lists countries, roles and agent levels for staff', async () => {
      const countries = await t.app.inject({ method: 'GET', url: '/api/countries', headers: bearer(agentToken) });
      assert.deepEqual(countries.json(), [
        { id: 1, country_name: 'Österreich' },
        { id: 2, country_name: 'Ägypten' },
      ]);
      const roles = await t.app.inject({ method: 'GET', url: '/api/roles', headers: bearer(adminToken) });
      assert.deepEqual(
        roles.json().map((r: { role_name: string }) => r.role_name),
        ['admin', 'agent', 'customer'],
      );
      const levels = await t.app.inject({ method: 'GET', url: '/api/agent-levels', headers: bearer(adminToken) });
      assert.equal(levels.json().length, 3);
    });

    it('lets only an admin create a user', async () => {
      const anon = await t.app.inject({ method: 'POST', url: '/api/create-user', payload: newAgent('x1@test.at') });
      assert.equal(anon.statusCode, 401);
      const agent = await t.app.inject({
        method: 'POST',
        url: '/api/create-user',
        headers: bearer(agentToken),
        payload: newAgent('x1@test.at'),
      });
      assert.equal(agent.statusCode, 403);
      assert.equal(agent.json().message, 'Keine Berechtigung für diese Aktion.');
      const none = await t.db.select().from(users).where(eq(users.email, 'x1@test.at'));
      assert.equal(none.length, 0);
    });

    it('validates the create-user body with German messages and stores nothing on refusal', async () => {
      const missing = await t.app.inject({
        method: 'POST',
        url: '/api/create-user',
        headers: bearer(adminToken),
        payload: { ...newAgent('x2@test.at'), name: '  ' },
      });
      assert.equal(missing.statusCode, 400);
      assert.equal(missing.json().message, 'Name ist erforderlich');
      const badFlag = await t.app.inject({
        method: 'POST',
        url: '/api/create-user',
        headers: bearer(adminToken),
        payload: { ...newAgent('x2@test.at'), permissions: ['root'] },
      });
      assert.equal(badFlag.statusCode, 400);
      const badCountry = await t.app.inject({
        method: 'POST',
        url: '/api/create-user',
        headers: bearer(adminToken),
        payload: { ...newAgent('x2@test.at'), country: 99 },
      });
      assert.equal(badCountry.statusCode, 400);
      assert.equal(badCountry.json().message, 'Unbekanntes Land');
      assert.equal((await t.db.select().from(users).where(eq(users.email, 'x2@test.at'))).length, 0);
    });

    it('creates the user without a password, mails an invitation that sets one exactly once', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/create-user',
        headers: bearer(adminToken),
        payload: newAgent('Neu@Test.at'),
      });
      assert.equal(res.statusCode, 200);
      assert.match(res.json().message, /angelegt/);
      const [row] = await t.db.select().from(users).where(eq(users.email, 'neu@test.at'));
      assert.ok(row);
      assert.equal(row.password_hash, null);
      assert.equal(row.tasks, true);
      assert.equal(row.rmas, true);
      assert.equal(row.cashbook, false);

      // Not able to sign in before choosing a password.
      const early = await t.app.inject({
        method: 'POST',
        url: '/auth/login',
        payload: { email: 'neu@test.at', password: 'irgendwas1234' },
      });
      assert.equal(early.statusCode, 401);

      const token = await invitationToken(t, 'neu@test.at');
      const info = await t.app.inject({ method: 'GET', url: `/auth/invitation?token=${token}` });
      assert.deepEqual(info.json(), { email: 'neu@test.at', name: 'Neue Agentin' });

      const short = await t.app.inject({
        method: 'POST',
        url: '/auth/set-password',
        payload: { token, password: 'kurz' },
      });
      assert.equal(short.statusCode, 400);
      const set = await t.app.inject({
        method: 'POST',
        url: '/auth/set-password',
        payload: { token, password: 'Mein-Passwort-1' },
      });
      assert.equal(set.statusCode, 200);
      const again = await t.app.inject({
        method: 'POST',
        url: '/auth/set-password',
        payload: { token, password: 'Anderes-Passwort-2' },
      });
      assert.equal(again.statusCode, 400);
      assert.match(again.json().message, /ungültig, abgelaufen oder wurde bereits verwendet/);
      assert.equal((await t.app.inject({ method: 'GET', url: `/auth/invitation?token=${token}` })).statusCode, 400);

      const signIn = await t.app.inject({
        method: 'POST',
        url: '/auth/login',
        payload: { email: 'neu@test.at', password: 'Mein-Passwort-1' },
      });
      assert.equal(signIn.statusCode, 200);
      assert.equal(signIn.json().role, 'agent');
    });

    it('answers 409 for a duplicate email', async () => {
      const first = await t.app.inject({
        method: 'POST',
        url: '/api/create-user',
        headers: bearer(adminToken),
        payload: newAgent('doppelt@test.at'),
      });
      assert.equal(first.statusCode, 200);
      const second = await t.app.inject({
        method: 'POST',
        url: '/api/create-user',
        headers: bearer(adminToken),
        payload: newAgent('DOPPELT@test.at'),
      });
      assert.equal(second.statusCode, 409);
      assert.equal(second.json().message, 'Ein Benutzer mit dieser E-Mail-Adresse existiert bereits.');
    });

    it('refuses an invitation that has expired', async () => {
      await t.app.inject({
        method: 'POST',
        url: '/api/create-user',
        headers: bearer(adminToken),
        payload: newAgent('spaet@test.at'),
      });
      const token = await invitationToken(t, 'spaet@test.at');
      const { userTokens } = await import('../src/db/schema/index.js');
      await t.db.update(userTokens).set({ expires_at: new Date(Date.now() - 1000) });
      const res = await t.app.inject({
        method: 'POST',
        url: '/auth/set-password',
        payload: { token, password: 'Mein-Passwort-1' },
      });
      assert.equal(res.statusCode, 400);
    });

    it('keeps settings per user and sets the language code from them', async () => {
      const initial = await t.app.inject({ method: 'GET', url: '/api/user-settings', headers: bearer(agentToken) });
      assert.deepEqual(initial.json(), {
        push_notifications: true,
        email_updates: false,
        language: 'de',
        theme: 'system',
      });
      const bad = await t.app.inject({
        method: 'PUT',
        url: '/api/user-settings',
        headers: bearer(agentToken),
        payload: { push_notifications: true, email_updates: true, language: 'xx', theme: 'dark' },
      });
      assert.equal(bad.statusCode, 400);
      assert.equal(bad.json().message, 'Ungültige Sprache');
      const saved = { push_notifications: false, email_updates: true, language: 'en', theme: 'dark' };
      const put = await t.app.inject({
        method: 'PUT',
        url: '/api/user-settings',
        headers: bearer(agentToken),
        payload: saved,
      });
      assert.equal(put.statusCode, 200);
      assert.deepEqual(
        (await t.app.inject({ method: 'GET', url: '/api/user-settings', headers: bearer(agentToken) })).json(),
        saved,
      );
      const me = await t.app.inject({ method: 'GET', url: '/auth/verify-token', headers: bearer(agentToken) });
      assert.equal(me.json().lang_code, 'en_US');
      // Another user's settings are untouched.
      assert.equal(
        (await t.app.inject({ method: 'GET', url: '/api/user-settings', headers: bearer(adminToken) })).json().theme,
        'system',
      );
    });

    it('signs in in the chosen language, else in the browser language the portal has, else the account language', async () => {
      // An Egyptian agent whose account was created in English (the default for country 2).
      const agent = await addUser(t.db, { role: 'agent', country: 2 });
      await t.db.update(users).set({ lang_code: 'en_US' }).where(eq(users.id, agent.id));
      const signIn = (acceptLanguage?: string) =>
        t.app.inject({
          method: 'POST',
          url: '/auth/login',
          headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {},
          payload: { email: agent.email, password: agent.password },
        });
      const arabic = await signIn('ar-EG,ar;q=0.9,en;q=0.8');
      assert.equal(arabic.json().lang_code, 'ar_EG', 'no choice yet: the Arabic browser wins');
      const token = arabic.json().accessToken as string;
      const check = (acceptLanguage: string) =>
        t.app.inject({
          method: 'GET',
          url: '/auth/verify-token',
          headers: { ...bearer(token), 'accept-language': acceptLanguage },
        });
      assert.equal((await check('ar-EG,ar;q=0.9')).json().lang_code, 'ar_EG');
      // q-values order the browser's languages; one the portal lacks is passed over.
      assert.equal((await check('pl-PL,pl;q=0.9,fr;q=0.5,de;q=0.7')).json().lang_code, 'de_DE');
      assert.equal((await signIn('pl-PL')).json().lang_code, 'en_US', 'no language the portal has: the account’s');
      assert.equal((await signIn()).json().lang_code, 'en_US');
      // The settings page shows the language the user works in before anything is saved.
      const settings = await t.app.inject({
        method: 'GET',
        url: '/api/user-settings',
        headers: { ...bearer(token), 'accept-language': 'ar' },
      });
      assert.equal(settings.json().language, 'ar');

      // A choice (sidebar or settings page) is saved and wins over the browser from then on.
      const put = await t.app.inject({
        method: 'PUT',
        url: '/api/user-settings',
        headers: bearer(token),
        payload: { ...(settings.json() as Record<string, unknown>), language: 'de' },
      });
      assert.equal(put.statusCode, 200);
      assert.equal((await check('ar-EG,ar;q=0.9')).json().lang_code, 'de_DE');
      assert.equal((await signIn('ar-EG,ar;q=0.9')).json().lang_code, 'de_DE');
      const [row] = await t.db.select({ lang_code: users.lang_code }).from(users).where(eq(users.id, agent.id));
      assert.equal(row!.lang_code, 'de_DE');
    });
  });
}
