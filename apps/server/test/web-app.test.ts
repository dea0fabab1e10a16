import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { registerWebApp, spaFallbackOrNotFound } from '../src/platform/web-app.js';

/** The built app's index.html gets the preload hints of its path and of the visitor's language. */
describe('serving the web app', () => {
  let dir: string;
  let app: FastifyInstance;
  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-web-'));
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(
      path.join(dir, 'index.html'),
      '<!doctype html><html><head><title>x</title></head><body></body></html>',
    );
    fs.writeFileSync(path.join(dir, 'assets', 'landing-1.js'), 'export {}');
    fs.mkdirSync(path.join(dir, 'prerendered', 'de'), { recursive: true });
    fs.writeFileSync(
      path.join(dir, 'prerendered', 'pages.json'),
      JSON.stringify({ '/': 'index.html', '/rksv': 'rksv.html' }),
    );
    fs.writeFileSync(
      path.join(dir, 'prerendered', 'de', 'index.html'),
      '<!doctype html><html lang="de"><head><title>x</title></head><body><div id="root" data-prerendered="de"><h1>Wie können wir helfen?</h1></div></body></html>',
    );
    fs.writeFileSync(
      path.join(dir, 'prerendered', 'de', 'rksv.html'),
      '<!doctype html><html lang="de"><head><title>x</title></head><body><div id="root" data-prerendered="de" data-path="/rksv"><h1>Vorbestellung RKSV 2025</h1></div></body></html>',
    );
    fs.writeFileSync(
      path.join(dir, 'preload.json'),
      JSON.stringify({
        routes: {
          '/': { files: ['/assets/landing-1.js'], areas: [] },
          '/rksv': {
            files: ['/assets/shop-page-1.js'],
            css: ['/assets/forms-1.css'],
            areas: ['shop'],
            fetches: ['/web/rksv-products'],
          },
        },
        locales: {
          de: { common: '/assets/common-de.js', shop: '/assets/shop-de.js' },
          fr: { common: '/assets/common-fr.js', shop: '/assets/shop-fr.js' },
        },
      }),
    );
    app = Fastify();
    spaFallbackOrNotFound(app, await registerWebApp(app, dir));
  });
  after(async () => {
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const html = { accept: 'text/html' };
  const links = (body: string) =>
    [...body.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);

  it('preloads the landing chunk and the German strings at / when not prerendered, never cached', async () => {
    // Arabic has no prerendered page here, and no strings of its own in this plan: German ones.
    const res = await app.inject({ url: '/', headers: { ...html, 'accept-language': 'ar' } });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['cache-control'], 'no-cache');
    assert.match(String(res.headers['content-type']), /text\/html/);
    assert.deepEqual(links(res.body), ['/assets/landing-1.js', '/assets/common-de.js']);
  });

  it('follows ?lang, the i18next cookie and Accept-Language, in that order', async () => {
    const fr = { ...html, 'accept-language': 'fr-FR,fr;q=0.9' };
    assert.deepEqual(links((await app.inject({ url: '/rksv', headers: fr })).body), [
      '/assets/shop-page-1.js',
      '/assets/common-fr.js',
      '/assets/shop-fr.js',
    ]);
    const order = (await app.inject({ url: '/rksv', headers: fr })).body;
    // In the credentials mode of the app's fetch (credentials: 'include'), or Chromium does not use it.
    assert.match(order, /<link rel="preload" as="fetch" crossorigin="use-credentials" href="\/web\/rksv-products">/);
    assert.match(order, /<link rel="preload" as="style" crossorigin href="\/assets\/forms-1.css">/);
    // (German pages are prerendered in this fixture and carry no hints, so French shows the order.)
    const cookie = { ...html, 'accept-language': 'de', cookie: 'x=1; i18next=fr' };
    assert.ok(links((await app.inject({ url: '/rksv', headers: cookie })).body).includes('/assets/shop-fr.js'));
    const query = { ...html, 'accept-language': 'de', cookie: 'i18next=de' };
    assert.ok(links((await app.inject({ url: '/rksv/?lang=fr', headers: query })).body).includes('/assets/shop-fr.js'));
    // A language without strings of its own falls back to German.
    const ar = { ...html, 'accept-language': 'ar' };
    assert.ok(links((await app.inject({ url: '/', headers: ar })).body).includes('/assets/common-de.js'));
  });

  it('sends the landing and order pages prerendered in the guessed language, the plain page otherwise', async () => {
    const de = await app.inject({ url: '/', headers: { ...html, 'accept-language': 'de-AT' } });
    assert.match(de.body, /data-prerendered="de"><h1>Wie können wir helfen\?<\/h1>/);
    assert.deepEqual(links(de.body), [], 'a prerendered page starts its own scripts');
    assert.match(String(de.headers.vary), /Accept-Language/);
    const fr = await app.inject({ url: '/', headers: { ...html, 'accept-language': 'fr' } });
    assert.doesNotMatch(fr.body, /data-prerendered/);
    const order = await app.inject({ url: '/rksv/', headers: { ...html, 'accept-language': 'de' } });
    assert.match(order.body, /data-path="\/rksv"><h1>Vorbestellung RKSV 2025<\/h1>/);
    // Sent as built: it starts its own scripts after the first paint (apps/web/public/boot.js).
    assert.deepEqual(links(order.body), []);
    assert.doesNotMatch(order.body, /rel="preload"/);
    const orderFr = await app.inject({ url: '/rksv', headers: { ...html, 'accept-language': 'fr' } });
    assert.doesNotMatch(orderFr.body, /data-prerendered/);
    const other = await app.inject({ url: '/login', headers: { ...html, 'accept-language': 'de' } });
    assert.doesNotMatch(other.body, /data-prerendered/);
  });

  it('serves other app paths without hints, assets with a year of caching, the API as 404 JSON', async () => {
    const other = await app.inject({ url: '/agent-dashboard/tasks', headers: html });
    assert.equal(other.statusCode, 200);
    assert.deepEqual(links(other.body), []);
    const asset = await app.inject({ url: '/assets/landing-1.js' });
    assert.equal(asset.statusCode, 200);
    assert.match(String(asset.headers['cache-control']), /immutable/);
    const api = await app.inject({ url: '/api/nothing', headers: html });
    assert.equal(api.statusCode, 404);
    assert.equal(api.json().message, 'Nicht gefunden.');
  });
});
