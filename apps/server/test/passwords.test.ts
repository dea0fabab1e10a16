import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { AUTH_MSG } from '@portal/shared';
import { userTokens } from '../src/db/schema/index.js';
import { newToken, tokenHash } from '../src/platform/tokens.js';
import { addUser, bearer, createTestApp, dbTargets, login, type TestApp } from './helpers.js';

for (const target of dbTargets()) {
  describe(`password rules (${target})`, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp(target, { LOGIN_RATE_LIMIT: '50' });
    });
    after(() => t.close());

    const change = async (token: string, oldPassword: string, newPassword: string) =>
      t.app.inject({
        method: 'POST',
        url: '/auth/change-password',
        headers: bearer(token),
        payload: { oldPassword, newPassword },
      });

    it('refuses fewer than 12 characters, a common password in any case, and the current password', async () => {
      const u = await addUser(t.db);
      const token = await login(t.app, u.email, u.password);
      const ten = await change(token, u.password, 'aaaaaaaaaa');
      assert.equal(ten.statusCode, 400);
      assert.equal(ten.json().message, 'Das Passwort muss mindestens 12 Zeichen lang sein');
      const common = await change(token, u.password, 'Qwerty123456');
      assert.equal(common.statusCode, 400);
      assert.equal(common.json().message, AUTH_MSG.passwordCommon.de);
      const same = await change(token, u.password, u.password);
      assert.equal(same.statusCode, 400);
      assert.equal(same.json().message, AUTH_MSG.passwordUnchanged.de);
      // Nothing of it changed the password.
      assert.ok(await login(t.app, u.email, u.password));
      assert.equal((await change(token, u.password, 'Kassen-Tresor-2026')).statusCode, 200);
    });

    it('applies the same rules to the password chosen through an invitation', async () => {
      const u = await addUser(t.db);
      const token = newToken();
      await t.db
        .insert(userTokens)
        .values({
          user_id: u.id,
          purpose: 'invite',
          token_hash: tokenHash(token),
          expires_at: new Date(Date.now() + 3_600_000),
        });
      const set = (password: string) =>
        t.app.inject({ method: 'POST', url: '/auth/set-password', payload: { token, password } });
      assert.equal((await set('aaaaaaaaaa')).json().message, 'Das Passwort muss mindestens 12 Zeichen lang sein');
      const common = await set('1q2w3e4r5t6y');
      assert.equal(common.statusCode, 400);
      assert.equal(common.json().message, AUTH_MSG.passwordCommon.de);
      // A refused attempt does not use up the link.
      assert.equal((await set('Kassen-Tresor-2026')).statusCode, 200);
    });

    it('keeps the demo accounts’ passwords valid', async () => {
      const u = await addUser(t.db, { password: 'Agent!demo2026' });
      const token = await login(t.app, u.email, u.password);
      assert.equal((await change(token, u.password, 'Admin!demo2026')).statusCode, 200);
    });
  });

  describe(`sign-in limit does not lock out the owner (${target})`, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp(target, { LOGIN_RATE_LIMIT: '3' });
    });
    after(() => t.close());

    const attempt = (email: string, password: string, remoteAddress: string) =>
      t.app.inject({ method: 'POST', url: '/auth/login', remoteAddress, payload: { email, password } });

    it('lets a correct password through from an address that has not failed, and nothing else', async () => {
      const u = await addUser(t.db);
      // An attacker at one address exhausts the per-email limit.
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) codes.push((await attempt(u.email, 'falsch-falsch-1', '10.1.1.1')).statusCode);
      assert.deepEqual(codes, [401, 401, 401, 429, 429]);
      // The attacker's address stays refused, even with the right password.
      assert.equal((await attempt(u.email, u.password, '10.1.1.1')).statusCode, 429);
      // A second address's wrong guess over the limit learns nothing (429, not 401) and marks that address.
      assert.equal((await attempt(u.email, 'noch-falscher-2', '10.2.2.2')).statusCode, 429);
      assert.equal((await attempt(u.email, u.password, '10.2.2.2')).statusCode, 429);
      // The owner, from an address without failures, signs in.
      const owner = await attempt(u.email, u.password, '10.3.3.3');
      assert.equal(owner.statusCode, 200);
      assert.ok(owner.json().accessToken);
    });
  });
}
