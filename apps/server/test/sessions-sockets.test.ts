import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { eq, sql } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { sessions, userTokens } from '../src/db/schema/index.js';
import { notify } from '../src/modules/notifications/service.js';
import { newToken, tokenHash } from '../src/platform/tokens.js';
import { addUser, bearer, createTestApp, dbTargets, login, type TestApp } from './helpers.js';

function open(url: string, userId: number, token: string): Socket {
  return connect(url, {
    path: '/socket.io/',
    transports: ['websocket'],
    reconnection: false,
    auth: { token },
    query: { userId: String(userId), token },
    forceNew: true,
  });
}
const connected = (s: Socket) =>
  new Promise<void>((resolve, reject) => {
    s.once('connect', () => resolve());
    s.once('connect_error', reject);
  });
const disconnected = (s: Socket, ms = 4000) =>
  new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`still connected after ${ms} ms`)), ms);
    s.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });

for (const target of dbTargets()) {
  describe(`sockets of ended sessions (${target})`, () => {
    let t: TestApp;
    let url: string;
    const sockets: Socket[] = [];
    const track = (s: Socket) => (sockets.push(s), s);
    before(async () => {
      t = await createTestApp(target, { LOGIN_RATE_LIMIT: '100' });
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      await t.realtime.attach(t.app.server);
      url = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    });
    after(async () => {
      for (const s of sockets) s.disconnect();
      await t.close();
    });

    /** A notification for the user, delivered as a request would after commit. */
    const sendTo = async (userId: number, title: string) =>
      t.realtime.push(await notify(t.db, { recipients: [userId], actorId: null, type: 'reminder', title, message: 'vertraulich' }));

    it('disconnects the other sessions’ sockets on a password change; the changing session keeps its own', async () => {
      const u = await addUser(t.db, { flags: ['tasks'] });
      const keep = await login(t.app, u.email, u.password);
      const other = await login(t.app, u.email, u.password);
      const sKeep = track(open(url, u.id, keep));
      const sOther = track(open(url, u.id, other));
      await Promise.all([connected(sKeep), connected(sOther)]);
      const gone = disconnected(sOther);
      const heard: string[] = [];
      sOther.on('notification', (n: { title: string }) => heard.push(n.title));
      const res = await t.app.inject({
        method: 'POST',
        url: '/auth/change-password',
        headers: bearer(keep),
        payload: { oldPassword: u.password, newPassword: 'Kassen-Tresor-2026' },
      });
      assert.equal(res.statusCode, 200);
      assert.equal(await gone, 'io server disconnect');
      const arrived = new Promise<string>((resolve) => sKeep.once('notification', (n: { title: string }) => resolve(n.title)));
      await sendTo(u.id, 'Nach dem Wechsel');
      assert.equal(await arrived, 'Nach dem Wechsel');
      assert.ok(sKeep.connected);
      assert.deepEqual(heard, []);
    });

    it('disconnects every socket of the user when an invitation sets the password', async () => {
      const u = await addUser(t.db, { flags: ['tasks'] });
      const s = track(open(url, u.id, await login(t.app, u.email, u.password)));
      await connected(s);
      const token = newToken();
      await t.db
        .insert(userTokens)
        .values({ user_id: u.id, purpose: 'invite', token_hash: tokenHash(token), expires_at: new Date(Date.now() + 3_600_000) });
      const gone = disconnected(s);
      const res = await t.app.inject({ method: 'POST', url: '/auth/set-password', payload: { token, password: 'Kassen-Tresor-2026' } });
      assert.equal(res.statusCode, 200);
      assert.equal(await gone, 'io server disconnect');
    });

    it('disconnects a socket when its session expires', async () => {
      const u = await addUser(t.db, { flags: ['tasks'] });
      const token = await login(t.app, u.email, u.password);
      await t.db
        .update(sessions)
        .set({ expires_at: sql`now() + interval '1500 milliseconds'` })
        .where(eq(sessions.token_hash, tokenHash(token)));
      const s = track(open(url, u.id, token));
      await connected(s);
      assert.equal(await disconnected(s), 'io server disconnect');
    });

    it('never emits to a socket whose session ended elsewhere (command line, another process), and the sweep closes it', async () => {
      const u = await addUser(t.db, { flags: ['tasks'] });
      const token = await login(t.app, u.email, u.password);
      const s = track(open(url, u.id, token));
      await connected(s);
      const heard: string[] = [];
      s.on('notification', (n: { title: string }) => heard.push(`${n.title}`));
      // Ended in the database only, as `user:set-password` on the command line does.
      await t.db.update(sessions).set({ revoked_at: new Date() }).where(eq(sessions.token_hash, tokenHash(token)));
      await sendTo(u.id, 'Geheim');
      // An expired one is left out just the same.
      const token2 = await login(t.app, u.email, u.password);
      const s2 = track(open(url, u.id, token2));
      await connected(s2);
      s2.on('notification', (n: { title: string }) => heard.push(`${n.title} (abgelaufen)`));
      // Expired, though its timer (set at the handshake) has not run yet.
      await t.db.update(sessions).set({ expires_at: sql`now() - interval '1 second'` }).where(eq(sessions.token_hash, tokenHash(token2)));
      await sendTo(u.id, 'Auch geheim');
      await new Promise((r) => setTimeout(r, 300));
      assert.deepEqual(heard, []);
      const gone = Promise.all([disconnected(s), disconnected(s2)]);
      await t.realtime.sweep();
      assert.deepEqual(await gone, ['io server disconnect', 'io server disconnect']);
    });
  });
}
