import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { pino } from 'pino';
import {
  afterCommit,
  createRelease,
  inUnitOfWork,
  registerUnitOfWork,
  releasesSettled,
  type Effects,
  type NotificationRow,
} from '../src/platform/unit-of-work.js';

const row = (id: number): NotificationRow => ({
  id,
  user_id: 1,
  title: 'T',
  message: 'M',
  type: 'reminder',
  link: null,
  priority: 'medium',
  task_id: null,
  status: 'unread',
  created_at: new Date(),
});

/** Every effect kind queued once, as a service deep in a request would. */
function queueAll(n: number) {
  afterCommit.notify([row(n)]);
  afterCommit.mail(n);
  afterCommit.taskChanged({ task: { id: n, status: 'offen', agent_id: null, country_id: 1 }, recipients: [1] });
  afterCommit.playlistChanged([n, n]);
  afterCommit.job('work', { n });
}

async function appWithRoutes() {
  const released: Effects[] = [];
  const app = Fastify({ logger: false });
  registerUnitOfWork(app, async (e) => void released.push(e));
  app.get('/ok', async () => {
    await new Promise((r) => setTimeout(r, 1));
    queueAll(1);
    return { ok: true };
  });
  app.get('/throws', async () => {
    queueAll(2);
    throw new Error('boom');
  });
  app.get('/refused', async (_req, reply) => {
    queueAll(3);
    return reply.code(409).send({ message: 'Konflikt' });
  });
  await app.ready();
  return { app, released };
}

const settle = () => new Promise((r) => setTimeout(r, 20));

describe('unit of work: side effects leave after commit, one way', () => {
  it('releases what a successful request queued, once, with every kind of effect', async () => {
    const { app, released } = await appWithRoutes();
    assert.equal((await app.inject('/ok')).statusCode, 200);
    await settle();
    assert.equal(released.length, 1);
    assert.deepEqual(
      released[0]!.notifications.map((r) => r.id),
      [1],
    );
    assert.deepEqual(released[0]!.mailIds, [1]);
    assert.deepEqual(
      released[0]!.taskChanges.map((c) => c.task.id),
      [1],
    );
    assert.deepEqual(released[0]!.playlistChanges, [1, 1]);
    assert.deepEqual(released[0]!.jobs, [{ name: 'work', payload: { n: 1 } }]);
    await app.close();
  });

  it('releases nothing when the request fails (500 or a refusal): nothing was committed', async () => {
    const { app, released } = await appWithRoutes();
    assert.equal((await app.inject('/throws')).statusCode, 500);
    assert.equal((await app.inject('/refused')).statusCode, 409);
    await settle();
    assert.deepEqual(released, []);
    await app.close();
  });

  it('a stop waits for the releases still under way after their answers (releasesSettled)', async () => {
    let done = false;
    const app = Fastify({ logger: false });
    registerUnitOfWork(app, async () => {
      await new Promise((r) => setTimeout(r, 300));
      done = true;
    });
    app.get('/ok', async () => {
      queueAll(4);
      return { ok: true };
    });
    assert.equal((await app.inject({ url: '/ok' })).statusCode, 200);
    assert.equal(done, false, 'the answer does not wait for the release');
    await releasesSettled();
    assert.equal(done, true, 'the stop does');
    await app.close();
  });

  it('releases a committed request whose client left before the answer (the work is done either way)', async (t) => {
    const released: Effects[] = [];
    const app = Fastify({ logger: false });
    registerUnitOfWork(app, async (e) => void released.push(e));
    let handlerDone!: () => void;
    const handled = new Promise<void>((r) => (handlerDone = r));
    app.post('/slow', async () => {
      await new Promise((r) => setTimeout(r, 200));
      queueAll(6);
      setImmediate(handlerDone);
      return { ok: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    t.after(() => app.close());
    const { port } = app.server.address() as AddressInfo;
    const req = request({
      port,
      host: '127.0.0.1',
      method: 'POST',
      path: '/slow',
      headers: { 'content-type': 'application/json' },
    });
    const gone = new Promise<string>((resolve) => req.on('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? '')));
    req.end('{}');
    setTimeout(() => req.destroy(), 50);
    assert.equal(await gone, 'ECONNRESET');
    await handled;
    await releasesSettled();
    assert.equal(released.length, 1);
    assert.deepEqual(released[0]!.jobs, [{ name: 'work', payload: { n: 6 } }]);
  });

  it('keeps concurrent requests apart', async () => {
    const { app, released } = await appWithRoutes();
    await Promise.all([app.inject('/ok'), app.inject('/ok'), app.inject('/throws')]);
    await settle();
    assert.equal(released.length, 2);
    for (const e of released) assert.equal(e.mailIds.length, 1);
    await app.close();
  });

  it('a job body is a unit of its own: released when it resolves, dropped when it throws', async () => {
    const released: Effects[] = [];
    const release = async (e: Effects) => void released.push(e);
    assert.equal(await inUnitOfWork(release, async () => (queueAll(4), 'done')), 'done');
    await assert.rejects(inUnitOfWork(release, async () => (queueAll(5), Promise.reject(new Error('x')))));
    assert.deepEqual(
      released.map((e) => e.mailIds),
      [[4]],
    );
  });

  it('outside a unit of work nothing is queued (the outbox keeps the mail for the retry job)', () => {
    assert.equal(afterCommit.active(), false);
    queueAll(6); // no throw, nothing to release
  });

  it('the release path: sockets, then background work, then the mails (which may attach what it wrote)', async () => {
    const order: string[] = [];
    const release = createRelease({
      realtime: {
        push: async () => void order.push('notifications'),
        pushTaskChanges: async () => void order.push('task_changed'),
        pushPlaylistChanges: async (ids) => void order.push(`playlist_changed ${ids.join(',')}`),
      },
      mailer: { flush: async (ids) => void order.push(`mails ${ids?.join(',')}`) },
      jobs: new Map([
        ['work', async () => void order.push('work')],
        ['broken', async () => Promise.reject(new Error('disk full'))],
      ]),
      log: pino({ level: 'silent' }),
    });
    await release({
      notifications: [row(7)],
      mailIds: [7, 8],
      taskChanges: [{ task: { id: 7, status: 'offen', agent_id: null, country_id: 1 }, recipients: [1] }],
      playlistChanges: [3, 4, 3],
      jobs: [
        { name: 'broken', payload: null },
        { name: 'work', payload: null },
        { name: 'unknown', payload: null },
      ],
    });
    assert.deepEqual(
      order,
      ['notifications', 'task_changed', 'playlist_changed 3,4', 'work', 'mails 7,8'],
      'a failing job does not stop the mails',
    );
  });
});
