import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { loadConfig } from '../src/config.js';
import { createTestApp, dbTargets, type TestApp } from './helpers.js';

describe('configuration', () => {
  it('refuses invalid values with a message naming the variable', () => {
    assert.throws(() => loadConfig({ PORT: 'abc' }), /PORT/);
    assert.throws(() => loadConfig({ DATABASE_URL: 'mysql://x' }), /DATABASE_URL: muss mit postgres/);
    assert.throws(() => loadConfig({ SEED_DEMO: 'vielleicht' }), /SEED_DEMO/);
    assert.throws(() => loadConfig({ NODE_ENV: 'staging' }), /NODE_ENV/);
  });
  it('has defaults for a newcomer and no demo data in production', () => {
    const c = loadConfig({});
    assert.equal(c.port, 3000);
    assert.ok(c.dataDir.endsWith('/data'));
    assert.equal(c.seedDemo, true);
    assert.equal(c.publicUrl, 'http://127.0.0.1:3000');
    assert.equal(loadConfig({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'local', SELLER_NAME: 'Kassen GmbH', SELLER_ADDRESS: 'Ring 1, 1010 Wien', SELLER_UID: 'ATU99999999' }).seedDemo, false);
    assert.equal(loadConfig({ SEED_DEMO: 'false' }).seedDemo, false);
  });
});

for (const target of dbTargets()) {
  describe(`platform routes (${target})`, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp(target);
    });
    after(() => t.close());

    it('answers health and readiness', async () => {
      assert.deepEqual((await t.app.inject({ url: '/healthz' })).json(), { status: 'ok' });
      assert.deepEqual((await t.app.inject({ url: '/readyz' })).json(), { status: 'ok', database: 'ok' });
    });

    it('answers unknown API paths with a German 404 and carries a request id', async () => {
      const res = await t.app.inject({ url: '/api/gibt-es-nicht' });
      assert.equal(res.statusCode, 404);
      assert.deepEqual(res.json(), { message: 'Nicht gefunden.', code: 'common.notFound' });
      const nf = await t.app.inject({ url: '/nirgends.json' });
      assert.equal(nf.statusCode, 404);
      assert.deepEqual(nf.json(), { message: 'Nicht gefunden.', code: 'common.notFound' });
      assert.ok(nf.headers['x-request-id']);
    });

    it('serves the OpenAPI document generated from the zod schemas', async () => {
      const res = await t.app.inject({ url: '/api/docs/json' });
      assert.equal(res.statusCode, 200);
      const doc = res.json();
      assert.ok(doc.paths['/auth/login'].post.requestBody);
      assert.ok(doc.paths['/api/create-user'].post);
    });

    it('puts every call under /api except /auth/, /protected-files/, /sync/, /web/ and the screens\' /ds/api/', () => {
      const allowed = ['/api/', '/auth/', '/protected-files/', '/sync/', '/web/', '/ds/api/'];
      const paths = t.app.routeTable
        .map((r) => r.url)
        .filter((p) => p !== '/healthz' && p !== '/readyz' && !p.startsWith('/api/docs'));
      assert.ok(paths.length > 5);
      assert.ok(paths.includes('/api/logout') && paths.includes('/auth/login'));
      for (const p of paths)
        assert.ok(
          allowed.some((a) => p.startsWith(a)),
          `${p} breaks the prefix rule`,
        );
    });
  });
}

describe('errors never leak a stack trace', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp('pglite');
  });
  after(() => t.close());
  it('answers 500 with a generic German message', async () => {
    // A route added only here, after the app is built, to provoke an unexpected failure.
    const { default: Fastify } = await import('fastify');
    const app = Fastify({ logger: false });
    const { registerErrorHandling } = await import('../src/platform/errors.js');
    registerErrorHandling(app);
    app.get('/boom', async () => {
      throw new Error('relation "users" does not exist at /secret/path.ts:12');
    });
    const res = await app.inject({ url: '/boom' });
    assert.equal(res.statusCode, 500);
    assert.deepEqual(res.json(), {
      message: 'Ein interner Fehler ist aufgetreten. Bitte versuchen Sie es später erneut.',
      code: 'common.internal',
    });
    await app.close();
  });
});

describe('security headers', () => {
  for (const [label, env, hsts] of [
    ['plain HTTP', {}, false],
    ['behind TLS', { PUBLIC_URL: 'https://portal.example.at' }, true],
  ] as const) {
    it(`sets CSP, frame and content-type headers (${label})`, async () => {
      const t = await createTestApp('pglite', env);
      try {
        const res = await t.app.inject({ url: '/healthz' });
        const csp = String(res.headers['content-security-policy']);
        assert.match(csp, /default-src 'self'/);
        assert.match(csp, /script-src 'self'(;|$)/, 'no inline or foreign scripts');
        assert.match(csp, /frame-ancestors 'none'/);
        assert.equal(res.headers['x-content-type-options'], 'nosniff');
        assert.equal(res.headers['x-frame-options'], 'SAMEORIGIN');
        assert.equal('strict-transport-security' in res.headers, hsts);
        const big = await t.app.inject({ method: 'POST', url: '/auth/login', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ email: 'a@b.at', password: 'x'.repeat(2 * 1024 * 1024) }) });
        assert.equal(big.statusCode, 413, 'bodies over 1 MB are refused');
        assert.equal(big.json().message, 'Die Anfrage ist zu groß.');
      } finally {
        await t.close();
      }
    });
  }
});
