import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ConfigError, loadConfig } from '../src/config.js';
import { createTestApp, dbTargets, type TestApp } from './helpers.js';

const SELLER = {
  SELLER_NAME: 'Kassa & Co GmbH',
  SELLER_ADDRESS: 'Währinger Straße 5, 1090 Wien, Österreich',
  SELLER_UID: 'ATU99887766',
  SELLER_EMAIL: 'office@kassa-co.at',
  SELLER_PHONE: '+43 1 555 12 34',
  SELLER_REGISTER: 'FN 998877x',
  SELLER_COURT: 'Handelsgericht Wien',
  SELLER_AUTHORITY: 'Magistratisches Bezirksamt für den 9. Bezirk',
  SUPPORT_HOTLINE: '+43 1 555 12 99',
};

/** GET /web/site-info: imprint data and the emergency hotline, from the configuration. */
for (const target of dbTargets()) {
  describe(`site info (${target})`, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp(target, SELLER);
    });
    after(async () => t.close());

    it('answers the configured seller and hotline to anyone, cacheable', async () => {
      const res = await t.app.inject({ url: '/web/site-info' });
      assert.equal(res.statusCode, 200);
      assert.equal(res.headers['cache-control'], 'public, max-age=300');
      assert.deepEqual(res.json(), {
        seller: {
          name: 'Kassa & Co GmbH',
          address: 'Währinger Straße 5, 1090 Wien, Österreich',
          uid: 'ATU99887766',
          email: 'office@kassa-co.at',
          phone: '+43 1 555 12 34',
          register: 'FN 998877x',
          court: 'Handelsgericht Wien',
          authority: 'Magistratisches Bezirksamt für den 9. Bezirk',
        },
        hotline: '+43 1 555 12 99',
      });
    });
  });
}

describe('site info configuration', () => {
  it('has a default for every variable outside production', () => {
    const c = loadConfig({ NODE_ENV: 'test' });
    assert.ok(c.seller.email.includes('@'));
    assert.match(c.supportHotline, /^\+43/);
    assert.ok(c.seller.register && c.seller.court && c.seller.authority && c.seller.phone);
  });

  it('refuses a hotline or e-mail that is none, in German, naming the variable', () => {
    assert.throws(
      () => loadConfig({ NODE_ENV: 'test', SUPPORT_HOTLINE: 'ruf an' }),
      (e: Error) => e instanceof ConfigError && /SUPPORT_HOTLINE: erwartet eine Telefonnummer/.test(e.message),
    );
    assert.throws(
      () => loadConfig({ NODE_ENV: 'test', SELLER_EMAIL: 'office' }),
      (e: Error) => e instanceof ConfigError && /SELLER_EMAIL: erwartet eine E-Mail-Adresse/.test(e.message),
    );
  });
});
