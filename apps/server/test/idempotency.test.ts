import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { idempotencyKeys, rksvOrders, tasks } from '../src/db/schema/index.js';
import pg from 'pg';
import { PROCESS_NAME } from '../src/db/client.js';
import type { HttpError } from '../src/platform/errors.js';
import { IDEMPOTENCY_HEADER, MSG_BAD_KEY, MSG_IN_PROGRESS, storeAnswer } from '../src/platform/idempotency.js';
import { solveAltcha } from './altcha-solve.js';
import { createAltcha } from '../src/modules/public-forms/altcha.js';
import { addUser, bearer, createTestApp, dbTargets, login, type TestApp } from './helpers.js';
import { PNG, fields, multipart, seedCustomers } from './tasks-fixtures.js';
import { DEP_REQUEST as DEP, RKSV_ORDER as ORDER, SUPPORT_REQUEST as SUPPORT } from './request-fixtures.js';

for (const target of dbTargets()) {
  describe(`Idempotency-Key on the create calls (${target})`, () => {
    let t: TestApp;
    let agent: { id: number; token: string };
    let productId: number;
    const taskCount = async () => (await t.db.select({ n: count() }).from(tasks))[0]!.n;
    const orderCount = async () => (await t.db.select({ n: count() }).from(rksvOrders))[0]!.n;
    const key = () => randomUUID();

    before(async () => {
      t = await createTestApp(target, { PUBLIC_FORM_RATE_LIMIT: '1000' });
      const u = await addUser(t.db, { role: 'agent', flags: ['tasks'], name: 'Anna Agentin' });
      agent = { id: u.id, token: await login(t.app, u.email, u.password) };
      await seedCustomers(t.db);
      const products = (await t.app.inject({ url: '/web/rksv-products' })).json() as { id: number; kind: string }[];
      productId = products.find((p) => p.kind === 'main')!.id;
    });
    after(() => t.close());

    it('a public form retried with the same key answers the first result without a second task', async () => {
      const k = key();
      const payload = { ...DEP, altcha: await solveAltcha(t.app), website: '' };
      const before = await taskCount();
      const first = await t.app.inject({
        method: 'POST',
        url: '/web/deprequest',
        payload,
        headers: { [IDEMPOTENCY_HEADER]: k },
      });
      assert.equal(first.statusCode, 200, first.body);
      // The retry carries the same, now spent, proof of work: the stored answer comes before that check.
      const again = await t.app.inject({
        method: 'POST',
        url: '/web/deprequest',
        payload,
        headers: { [IDEMPOTENCY_HEADER]: k },
      });
      assert.equal(again.statusCode, 200);
      assert.equal(again.body, first.body);
      assert.equal(again.headers['idempotent-replayed'], 'true');
      assert.equal(await taskCount(), before + 1, 'one task');

      // Without the key, or with another, the spent proof is refused: nothing replays by accident.
      const other = await t.app.inject({
        method: 'POST',
        url: '/web/deprequest',
        payload,
        headers: { [IDEMPOTENCY_HEADER]: key() },
      });
      assert.equal(other.statusCode, 400);
      // Another caller's key is not this caller's: the same key from elsewhere does the work (and fails here).
      const elsewhere = await t.app.inject({
        method: 'POST',
        url: '/web/deprequest',
        payload,
        headers: { [IDEMPOTENCY_HEADER]: k },
        remoteAddress: '10.9.8.7',
      });
      assert.equal(elsewhere.statusCode, 400);
      assert.equal(await taskCount(), before + 1);
    });

    it('a multipart form with files: the retry stores neither a task nor files again', async () => {
      const k = key();
      const mp = multipart([
        ...fields({ altcha: await solveAltcha(t.app), website: '', ...SUPPORT }),
        { name: 'files', file: { filename: 'kasse.png', content: PNG, type: 'image/png' } },
      ]);
      const send = () =>
        t.app.inject({
          method: 'POST',
          url: '/web/classic-support',
          payload: mp.payload,
          headers: { ...mp.headers, [IDEMPOTENCY_HEADER]: k },
        });
      const before = await taskCount();
      const first = await send();
      assert.equal(first.statusCode, 200, first.body);
      const again = await send();
      assert.equal(again.statusCode, 200);
      assert.deepEqual(again.json(), first.json());
      assert.equal(await taskCount(), before + 1);
    });

    it('the order calls: a retried order answers the same checkout and stores one order', async () => {
      for (const url of ['/web/create-rksv-payment', '/web/create-rksv-invoice']) {
        const k = key();
        const payload = { ...ORDER, productId, altcha: await solveAltcha(t.app) };
        const before = await orderCount();
        const first = await t.app.inject({ method: 'POST', url, payload, headers: { [IDEMPOTENCY_HEADER]: k } });
        assert.equal(first.statusCode, 200, first.body);
        const again = await t.app.inject({ method: 'POST', url, payload, headers: { [IDEMPOTENCY_HEADER]: k } });
        assert.equal(again.statusCode, 200);
        assert.deepEqual(again.json(), first.json());
        assert.equal(await orderCount(), before + 1, url);
      }
    });

    it('create-task: the same key of the same user creates one task; another user’s key is their own', async () => {
      const k = key();
      const mp = multipart(
        fields({
          titel: 'Drucker druckt nicht',
          beschreibung: 'Der Bondrucker in der Küche druckt seit heute früh nicht mehr.',
          frist: new Date(Date.now() + 86400_000).toISOString(),
          typ: 1,
          userID: agent.id,
          kundennummer: '10001',
          firma: 'Gasthaus Zum Goldenen Hirschen',
          createdByUserID: agent.id,
        }),
      );
      const send = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/create-task',
          payload: mp.payload,
          headers: { ...mp.headers, ...bearer(agent.token), [IDEMPOTENCY_HEADER]: k },
        });
      const before = await taskCount();
      const first = await send();
      assert.equal(first.statusCode, 200, first.body);
      const again = await send();
      assert.equal(again.statusCode, 200);
      assert.equal(again.json().aufgabeID, first.json().aufgabeID);
      assert.equal(await taskCount(), before + 1);
      // Without a session the key answers nothing: the sign-in check comes first.
      const anonymous = await t.app.inject({
        method: 'POST',
        url: '/api/create-task',
        payload: mp.payload,
        headers: { ...mp.headers, [IDEMPOTENCY_HEADER]: k },
      });
      assert.equal(anonymous.statusCode, 401);
    });

    it('two requests with one key at the same time: one does the work, the other waits its turn (409) or replays', async () => {
      const k = key();
      const payload = { ...ORDER, productId, altcha: await solveAltcha(t.app) };
      const before = await orderCount();
      const answers = await Promise.all(
        Array.from({ length: 4 }, () =>
          t.app.inject({
            method: 'POST',
            url: '/web/create-rksv-payment',
            payload,
            headers: { [IDEMPOTENCY_HEADER]: k },
          }),
        ),
      );
      const ok = answers.filter((a) => a.statusCode === 200);
      const busy = answers.filter((a) => a.statusCode === 409);
      assert.equal(ok.length + busy.length, 4, answers.map((a) => `${a.statusCode} ${a.body}`).join('\n'));
      assert.ok(ok.length >= 1);
      for (const a of ok) assert.equal(a.body, ok[0]!.body);
      for (const a of busy) assert.equal(a.json().message, MSG_IN_PROGRESS.de);
      assert.equal(await orderCount(), before + 1, 'one order');
    });

    it('a key still in progress answers 409; one abandoned by a stopped process or older than 24 hours is taken over', async () => {
      const scope = 'POST /web/deprequest|ip:127.0.0.1';
      const busyKey = key();
      await t.db.insert(idempotencyKeys).values({ scope, key: busyKey });
      const busy = await t.app.inject({
        method: 'POST',
        url: '/web/deprequest',
        payload: { ...DEP, altcha: await solveAltcha(t.app) },
        headers: { [IDEMPOTENCY_HEADER]: busyKey },
      });
      assert.equal(busy.statusCode, 409);
      assert.equal(busy.json().message, MSG_IN_PROGRESS.de);

      const stale = key();
      await t.db.insert(idempotencyKeys).values({ scope, key: stale, created_at: new Date(Date.now() - 10 * 60_000) });
      const old = key();
      await t.db.insert(idempotencyKeys).values({
        scope,
        key: old,
        status: 200,
        content_type: 'application/json; charset=utf-8',
        body: '{"message":"alt","reference":1}',
        created_at: new Date(Date.now() - 25 * 3600_000),
      });
      for (const k of [stale, old]) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/web/deprequest',
          payload: { ...DEP, altcha: await solveAltcha(t.app) },
          headers: { [IDEMPOTENCY_HEADER]: k },
        });
        assert.equal(res.statusCode, 200, res.body);
        assert.notEqual(res.json().reference, 1);
        assert.equal(res.headers['idempotent-replayed'], undefined);
      }
    });

    it('a key whose process died half way is taken over at once; one whose process lives is in progress', async () => {
      const scope = 'POST /web/deprequest|ip:127.0.0.1';
      const send = (k: string) =>
        solveAltcha(t.app).then((altcha) =>
          t.app.inject({
            method: 'POST',
            url: '/web/deprequest',
            payload: { ...DEP, altcha },
            headers: { [IDEMPOTENCY_HEADER]: k },
          }),
        );
      // A process killed with its request half done: no connection of its name is left.
      const dead = key();
      await t.db.insert(idempotencyKeys).values({ scope, key: dead, holder: 'portal gone 4711 0000#a1' });
      const before = await taskCount();
      const takenOver = await send(dead);
      assert.equal(takenOver.statusCode, 200, takenOver.body);
      assert.equal(await taskCount(), before + 1, 'the retry did the work, once');
      assert.equal((await send(dead)).headers['idempotent-replayed'], 'true');

      // A process alive (this one, or on PostgreSQL another with a connection open): in progress.
      const mine = key();
      await t.db.insert(idempotencyKeys).values({ scope, key: mine, holder: `${PROCESS_NAME}#b2` });
      assert.equal((await send(mine)).statusCode, 409);
      // One that answers while the retry waits (IDEMPOTENCY_WAIT_MS): the retry replays its answer.
      const later = key();
      await t.db.insert(idempotencyKeys).values({ scope, key: later, holder: `${PROCESS_NAME}#d4` });
      const waiting = send(later);
      await new Promise((r) => setTimeout(r, 800));
      await t.db
        .update(idempotencyKeys)
        .set({ status: 200, content_type: 'application/json; charset=utf-8', body: '{"message":"ok","reference":42}' })
        .where(eq(idempotencyKeys.key, later));
      const replayed = await waiting;
      assert.equal(replayed.statusCode, 200);
      assert.equal(replayed.headers['idempotent-replayed'], 'true');
      assert.equal(replayed.json().reference, 42);
      if (target === 'postgres') {
        const other = new pg.Client({
          connectionString: process.env.TEST_DATABASE_URL,
          application_name: 'portal other 1 beef',
        });
        await other.connect();
        const theirs = key();
        await t.db.insert(idempotencyKeys).values({ scope, key: theirs, holder: 'portal other 1 beef#c3' });
        const busy = await send(theirs);
        assert.equal(busy.statusCode, 409);
        assert.equal(busy.json().message, MSG_IN_PROGRESS.de);
        await other.end();
        // Its connection gone, the process is gone: the next retry does the work.
        let retried = await send(theirs);
        for (let i = 0; i < 20 && retried.statusCode === 409; i++) {
          await new Promise((r) => setTimeout(r, 50));
          retried = await send(theirs);
        }
        assert.equal(retried.statusCode, 200, retried.body);
      }
    });

    it('a retry after its process died carries the proof of work its first try spent; another key may not', async () => {
      const scope = 'POST /web/deprequest|ip:127.0.0.1';
      const altcha = await solveAltcha(t.app);
      const k = key();
      // The first try: its proof checked and spent, then its process killed before the work.
      const verifier = createAltcha(t.db, t.config.publicForms.altchaHmacKey);
      assert.equal(await verifier.verify(altcha, `${scope} ${k}`), true);
      await t.db.insert(idempotencyKeys).values({ scope, key: k, holder: 'portal gone 4712 0000#e5' });
      const send = (idem: string) =>
        t.app.inject({
          method: 'POST',
          url: '/web/deprequest',
          payload: { ...DEP, altcha },
          headers: { [IDEMPOTENCY_HEADER]: idem },
        });
      const before = await taskCount();
      const retry = await send(k);
      assert.equal(retry.statusCode, 200, retry.body);
      assert.equal(await taskCount(), before + 1);
      const other = await send(key());
      assert.equal(other.statusCode, 400, 'the same solution under another key is spent');
      assert.equal(await verifier.verify(altcha), false);
    });

    it('the answer commits with the work: a holder whose key was taken over stores nothing and rolls back', async () => {
      const taskRow = () => ({ titel: 'Fenced', beschreibung: 'x', frist: new Date(), typ: 1, country_id: 1 });
      const scope = 'POST /api/test|user:1';
      const k = key();
      await t.db.insert(idempotencyKeys).values({ scope, key: k, holder: 'p#new' });
      const answer = { status: 201, contentType: 'application/json; charset=utf-8', body: '{"id":1}' };
      const before = await taskCount();
      await assert.rejects(
        t.db.transaction(async (tx) => {
          await tx.insert(tasks).values(taskRow());
          await storeAnswer(tx, { scope, key: k, holder: 'p#old' }, answer);
        }),
        (e: HttpError) => e.statusCode === 409,
      );
      assert.equal(await taskCount(), before, 'the fenced work rolled back');
      await t.db.transaction(async (tx) => {
        await tx.insert(tasks).values(taskRow());
        await storeAnswer(tx, { scope, key: k, holder: 'p#new' }, answer);
      });
      assert.equal(await taskCount(), before + 1);
      const [row] = await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, k));
      assert.equal(row?.status, 201);
      assert.equal(row?.body, '{"id":1}');
    });

    it('a malformed key is refused; a refused proof of work is an answer and is kept', async () => {
      const bad = await t.app.inject({
        method: 'POST',
        url: '/web/deprequest',
        payload: DEP,
        headers: { [IDEMPOTENCY_HEADER]: 'a b' },
      });
      assert.equal(bad.statusCode, 400);
      assert.equal(bad.json().message, MSG_BAD_KEY.de);

      // A refused proof of work is an answer like any other: the same key answers it again.
      const k = key();
      const robot = await t.app.inject({
        method: 'POST',
        url: '/web/deprequest',
        payload: DEP,
        headers: { [IDEMPOTENCY_HEADER]: k },
      });
      assert.equal(robot.statusCode, 400);
      const [row] = await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, k));
      assert.equal(row?.status, 400);
    });
  });
}
