import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import { SYNC_MSG, type SyncRun } from '@portal/shared';
import { isInternalAddress } from '../src/modules/sync/download.js';
import { addUser, bearer, createTestApp, dbTargets, login, type TestApp } from './helpers.js';

/**
 * Customer sync from an http(s) address (issue 28, items 13–15): the two clocks (connection and
 * headers, then the body), redirects only within the source's origin, no internal addresses without
 * SYNC_ALLOW_PRIVATE_SOURCES, a size limit after unpacking, and failures that name the source's
 * address, never a path on the server. The source is a local server whose answer each test chooses.
 */

const HEADER = 'kundennummer;firma;kontaktperson;email;telefon;adresse;plz;ort;uid\n';
const row = (n: number) => `${80000 + n};Firma ${n};;;;;1010;Wien;\n`;

type Mode = 'slowBody' | 'stalledBody' | 'slowHeaders' | 'redirectOther' | 'redirectSame' | 'bomb' | 'object' | 'plain';

interface Source {
  port: number;
  mode: Mode;
  hits: string[];
  close(): Promise<void>;
}

async function startSource(otherOrigin = ''): Promise<Source> {
  const state = { mode: 'plain' as Mode, hits: [] as string[] };
  const server = http.createServer((req, res) => {
    state.hits.push(req.url ?? '');
    res.on('error', () => undefined);
    const csvHead = () => res.writeHead(200, { 'content-type': 'text/csv' });
    switch (state.mode) {
      case 'plain':
        csvHead();
        res.end(HEADER + row(1) + row(2));
        return;
      case 'slowBody': {
        // Headers at once, then a row every 250 ms: 2 s in all, past the connect clock (800 ms).
        csvHead();
        res.write(HEADER);
        let n = 0;
        const timer = setInterval(() => {
          n++;
          if (n <= 8) res.write(row(n));
          else {
            clearInterval(timer);
            res.end();
          }
        }, 250);
        res.on('close', () => clearInterval(timer));
        return;
      }
      case 'stalledBody':
        // Headers and one row, then nothing: the body clock (5 s) runs out.
        csvHead();
        res.write(HEADER + row(1));
        return;
      case 'slowHeaders': {
        const timer = setTimeout(() => {
          csvHead();
          res.end(HEADER + row(1));
        }, 4000);
        res.on('close', () => clearTimeout(timer));
        return;
      }
      case 'redirectOther':
        res.writeHead(302, { location: `${otherOrigin}/kunden` });
        res.end();
        return;
      case 'redirectSame':
        if (req.url?.startsWith('/neu')) {
          csvHead();
          res.end(HEADER + row(1) + row(2) + row(3));
        } else {
          res.writeHead(301, { location: '/neu/kunden' });
          res.end();
        }
        return;
      case 'bomb': {
        // 60 KB of gzip that unpack to 8 MB of rows (the limit is 1 MB).
        res.writeHead(200, { 'content-type': 'text/csv', 'content-encoding': 'gzip' });
        res.end(zlib.gzipSync(HEADER + row(1).repeat((8 * 1024 * 1024) / row(1).length)));
        return;
      }
      case 'object':
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"kundennummer": "80001", "firma": "Kein Array"}');
        return;
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return Object.assign(state, {
    port,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  }) as Source;
}

describe('internal addresses', () => {
  it('loopback, private, link-local and unspecified addresses (IPv4, IPv6, IPv4 in IPv6) are internal; public ones not', () => {
    for (const a of [
      '127.0.0.1',
      '127.1.2.3',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '[::1]',
      '::',
      'fe80::1',
      'fe80::1%eth0',
      'fc00::1',
      'fd12:3456::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:10.0.0.1',
      'localhost',
    ])
      assert.equal(isInternalAddress(a), true, a);
    for (const a of ['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700::1111', '::ffff:8.8.8.8', '2a00:1450::1'])
      assert.equal(isInternalAddress(a), false, a);
  });
});

for (const target of dbTargets()) {
  describe(`customer sync from an address (${target})`, () => {
    let src: Source;
    let other: Source;
    let open: TestApp;
    let closed: TestApp;
    let tokenOpen: string;
    let tokenClosed: string;
    let label: string;

    before(async () => {
      other = await startSource();
      other.mode = 'plain';
      src = await startSource(`http://127.0.0.1:${other.port}`);
      label = `http://127.0.0.1:${src.port}/kunden`;
      // The token in the query is the source's secret: it never shows in a message.
      open = await createTestApp(target, {
        CUSTOMER_SOURCE_AT: `${label}?token=geheim`,
        SYNC_ALLOW_PRIVATE_SOURCES: 'true',
        SYNC_CONNECT_TIMEOUT_MS: '800',
        DOWNLOAD_TIMEOUT_MS: '5000',
        SYNC_MAX_SOURCE_MB: '1',
      });
      // Without the flag: a loopback address, and a host name that resolves to one.
      closed = await createTestApp(target, {
        CUSTOMER_SOURCE_AT: label,
        CUSTOMER_SOURCE_EG: `http://localhost:${src.port}/kunden`,
      });
      for (const [t, set] of [
        [open, (v: string) => (tokenOpen = v)],
        [closed, (v: string) => (tokenClosed = v)],
      ] as const) {
        const a = await addUser(t.db, { role: 'admin', flags: ['tasks'] });
        set(await login(t.app, a.email, a.password));
      }
    });
    after(async () => {
      await open?.close();
      await closed?.close();
      await src?.close();
      await other?.close();
    });

    async function sync(t: TestApp, token: string, country: 'at' | 'eg' = 'at'): Promise<SyncRun> {
      const res = await t.app.inject({ method: 'POST', url: `/sync/start-sync-${country}`, headers: bearer(token) });
      assert.equal(res.statusCode, 202, res.body);
      const runId = (res.json() as { runId: number }).runId;
      for (let i = 0; i < 1200; i++) {
        const r = await t.app.inject({ method: 'GET', url: `/sync/runs/${runId}`, headers: bearer(token) });
        const run = r.json() as SyncRun;
        if (run.status !== 'running') return run;
        await new Promise((r) => setTimeout(r, 25));
      }
      throw new Error(`run ${runId} did not end`);
    }

    const downloads = (t: TestApp) => {
      const dir = path.join(t.config.dataDir, 'sync');
      return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
    };

    /** A failed run's message names the source by its address only: no query, no path on the server. */
    function failedWith(run: SyncRun, message: string) {
      assert.equal(run.status, 'failed', run.message ?? '');
      assert.equal(run.message, `${message} (${label})`);
      assert.ok(!run.message.includes(open.config.dataDir) && !run.message.includes('.download'), run.message);
      assert.ok(!run.message.includes('geheim'));
    }

    it('a body that takes longer than the connect clock but less than the download clock is read whole', async () => {
      src.mode = 'slowBody';
      const run = await sync(open, tokenOpen);
      assert.equal(run.status, 'succeeded', run.message ?? '');
      assert.equal(run.total, 8);
    });

    it('a body slower than DOWNLOAD_TIMEOUT_MS fails the run with its German cause, and no file is left', async () => {
      src.mode = 'stalledBody';
      const started = Date.now();
      const run = await sync(open, tokenOpen);
      failedWith(run, SYNC_MSG.sourceDownloadTimeout.de);
      assert.ok(Date.now() - started >= 4500, 'not before the download clock ran out');
      assert.deepEqual(downloads(open), []);
    });

    it('headers slower than the connect clock fail the run', async () => {
      src.mode = 'slowHeaders';
      failedWith(await sync(open, tokenOpen), SYNC_MSG.sourceConnectTimeout.de);
    });

    it('a redirect to another origin fails the run naming the source; one within the origin is followed', async () => {
      src.mode = 'redirectOther';
      other.hits = [];
      failedWith(await sync(open, tokenOpen), SYNC_MSG.sourceRedirect.de);
      assert.deepEqual(other.hits, [], 'the other origin was never asked');

      src.mode = 'redirectSame';
      const run = await sync(open, tokenOpen);
      assert.equal(run.status, 'succeeded', run.message ?? '');
      assert.equal(run.total, 3);
    });

    it('a gzip body that unpacks past SYNC_MAX_SOURCE_MB fails the run and its file is removed', async () => {
      src.mode = 'bomb';
      failedWith(await sync(open, tokenOpen), SYNC_MSG.sourceTooLarge.de);
      assert.deepEqual(downloads(open), []);
    });

    it("a bad file names the source's address, never the download's path on the server", async () => {
      src.mode = 'object';
      failedWith(await sync(open, tokenOpen), SYNC_MSG.sourceBadFormat.de);
    });

    it('without SYNC_ALLOW_PRIVATE_SOURCES a loopback address, or a name resolving to one, is refused unasked', async () => {
      src.mode = 'plain';
      src.hits = [];
      const byAddress = await sync(closed, tokenClosed, 'at');
      assert.equal(byAddress.status, 'failed');
      assert.equal(byAddress.message, `${SYNC_MSG.sourcePrivateAddress.de} (${label})`);
      const byName = await sync(closed, tokenClosed, 'eg');
      assert.equal(byName.status, 'failed');
      assert.equal(byName.message, `${SYNC_MSG.sourcePrivateAddress.de} (http://localhost:${src.port}/kunden)`);
      assert.deepEqual(src.hits, [], 'the source was never asked');
      // The same source with the flag is read.
      const run = await sync(open, tokenOpen);
      assert.equal(run.status, 'succeeded', run.message ?? '');
    });
  });
}
