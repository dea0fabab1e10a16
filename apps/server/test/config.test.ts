import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { listenUrl, loadConfig } from '../src/config.js';
import { products } from '../src/db/schema/index.js';
import { solveAltcha } from './altcha-solve.js';
import { createTestApp, dbTargets, type TestApp } from './helpers.js';
import { RKSV_ORDER } from './request-fixtures.js';

const seller = { SELLER_NAME: 'Kassen GmbH', SELLER_ADDRESS: 'Ring 1, 1010 Wien', SELLER_UID: 'ATU99999999' };

describe('PUBLIC_URL', () => {
  it('defaults to the address the server listens on and prints', () => {
    assert.equal(loadConfig({}).publicUrl, 'http://127.0.0.1:3000');
    assert.equal(loadConfig({ PORT: '4150' }).publicUrl, 'http://127.0.0.1:4150');
    assert.equal(loadConfig({ HOST: 'localhost', PORT: '8080' }).publicUrl, 'http://localhost:8080');
    assert.equal(loadConfig({ HOST: '::1' }).publicUrl, 'http://[::1]:3000');
    // Every interface: the browser on this machine reaches it as localhost.
    assert.equal(loadConfig({ HOST: '0.0.0.0', PORT: '4151' }).publicUrl, 'http://localhost:4151');
    assert.equal(loadConfig({ HOST: '::' }).publicUrl, 'http://localhost:3000');
    assert.equal(loadConfig({ HOST: '192.168.1.20' }).publicUrl, 'http://192.168.1.20:3000');
    assert.equal(loadConfig({}).publicUrlSet, false);
    // An empty variable counts as not set.
    assert.equal(loadConfig({ PUBLIC_URL: '', PORT: '4152' }).publicUrl, 'http://127.0.0.1:4152');
  });

  it('is taken as given when set, without its trailing slash', () => {
    const c = loadConfig({ PUBLIC_URL: 'https://portal.example.at/', PORT: '4150' });
    assert.equal(c.publicUrl, 'https://portal.example.at');
    assert.equal(c.publicUrlSet, true);
    assert.throws(() => loadConfig({ PUBLIC_URL: 'portal.example.at' }), /PUBLIC_URL/);
  });

  it('has the same default in production (the server warns at start that it is not set)', () => {
    const c = loadConfig({
      NODE_ENV: 'production',
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      ...seller,
      HOST: '0.0.0.0',
    });
    assert.equal(c.publicUrl, 'http://localhost:3000');
    assert.equal(c.publicUrlSet, false);
  });

  it('writes an address as a browser does', () => {
    assert.equal(listenUrl('127.0.0.1', 3000), 'http://127.0.0.1:3000');
    assert.equal(listenUrl('[::1]', 3000), 'http://[::1]:3000');
    assert.equal(listenUrl('fe80::1', 80), 'http://[fe80::1]:80');
  });
});

for (const target of dbTargets()) {
  describe(`PUBLIC_URL not set: the test checkout stays on the server's origin (${target})`, () => {
    let t: TestApp;
    before(async () => {
      // createTestApp sets PUBLIC_URL; an empty value is "not set".
      t = await createTestApp(target, { PUBLIC_URL: '', HOST: '127.0.0.1', PORT: '4157' });
    });
    after(() => t.close());

    it('opens the checkout and returns from it on http://127.0.0.1:4157', async () => {
      const [product] = await t.db.select({ id: products.id }).from(products).where(eq(products.kind, 'main'));
      const res = await t.app.inject({
        method: 'POST',
        url: '/web/create-rksv-payment',
        payload: { ...RKSV_ORDER, productId: product!.id, altcha: await solveAltcha(t.app) },
      });
      assert.equal(res.statusCode, 200, res.body);
      const sessionUrl = res.json().data.sessionUrl as string;
      assert.match(sessionUrl, /^http:\/\/127\.0\.0\.1:4157\/web\/checkout\/cs_local_/);
      const paid = await t.app.inject({
        method: 'POST',
        url: `${new URL(sessionUrl).pathname}/pay`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'method=card',
      });
      assert.equal(paid.statusCode, 303);
      assert.match(
        String(paid.headers.location),
        /^http:\/\/127\.0\.0\.1:4157\/rksv\/result\?session_id=.+&status=success$/,
      );
    });
  });
}
