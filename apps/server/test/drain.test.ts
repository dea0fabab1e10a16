import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthRoutes } from '../src/modules/health/routes.js';
import { closeListener, createDrain, drainAndStop } from '../src/platform/drain.js';
import type { AppContext } from '../src/platform/context.js';
import { createTestApp, type TestApp } from './helpers.js';

/**
 * Leaving a load balancer's pool (issue 35): after SIGTERM `/readyz` answers 503 while the listener
 * still serves, so the balancer takes the process out before it stops; only then does the listener
 * close, answering what is in flight, and the rest after it.
 */
describe('drain on SIGTERM', () => {
  let t: TestApp;
  let app: FastifyInstance;
  let base: string;
  const drain = createDrain();

  before(async () => {
    t = await createTestApp('pglite');
    app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(healthRoutes, { db: t.db, config: t.config, drain } as unknown as AppContext);
    // A request that is still running when the listener closes.
    app.get('/slow', async () => {
      await new Promise((r) => setTimeout(r, 400));
      return { done: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  });
  after(() => t.close());

  it('says 503 on /readyz first, serves on, then closes after the requests in flight', async () => {
    assert.equal((await fetch(`${base}/readyz`)).status, 200);
    const order: string[] = [];
    let slow: Promise<Response> | undefined;
    const stopped = drainAndStop(
      drain,
      300,
      {
        stopScheduler: async () => void order.push('scheduler'),
        closeSockets: async () => void order.push('sockets'),
        closeServer: async () => {
          order.push('listener');
          await closeListener(() => app.close(), app.server);
          order.push('listener closed');
        },
        closeRest: async () => void order.push('database'),
      },
      async (ms) => {
        // The drain window: the balancer sees 503 on /readyz, everything else is still answered.
        const ready = await fetch(`${base}/readyz`);
        assert.equal(ready.status, 503);
        assert.deepEqual(await ready.json(), { status: 'unavailable', database: 'ok' });
        assert.equal((await fetch(`${base}/healthz`)).status, 200, 'alive while draining');
        order.push('drained');
        slow = fetch(`${base}/slow`);
        await new Promise((r) => setTimeout(r, ms));
      },
    );
    const t0 = Date.now();
    await stopped;
    // Kept-alive connections do not hold the close until their timeout (72 s).
    assert.ok(Date.now() - t0 < 5000, `stopped after ${Date.now() - t0} ms`);
    assert.deepEqual(order, ['drained', 'scheduler', 'sockets', 'listener', 'listener closed', 'database']);
    // The request that was running when the listener closed got its answer.
    const answer = await slow!;
    assert.equal(answer.status, 200);
    assert.deepEqual(await answer.json(), { done: true });
    await assert.rejects(fetch(`${base}/healthz`), 'the listener is closed');
  });

  it('closes each connection it answers while draining, so the balancer keeps none idle to it', async () => {
    const own = createDrain();
    const full = await createTestApp('pglite', {}, { drain: own });
    try {
      const before = await full.app.inject({ url: '/healthz' });
      assert.notEqual(before.headers.connection, 'close', 'keep-alive while serving');
      own.start();
      const during = await full.app.inject({ url: '/healthz' });
      assert.equal(during.statusCode, 200, 'still answered');
      assert.equal(during.headers.connection, 'close');
      assert.equal((await full.app.inject({ url: '/readyz' })).statusCode, 503);
    } finally {
      await full.close();
    }
  });
});
