import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { runMigrations } from '../src/db/migrate.js';
import { ensureReferenceData } from '../src/db/reference-data.js';
import { taskFiles, tasks } from '../src/db/schema/index.js';
import { createLogger, logFormatFor } from '../src/platform/logging.js';
import { DEMO_ACCOUNTS } from '../src/seed/demo.js';
import { demoAccountRows, demoAccountsTable } from '../src/seed/demo-accounts-table.js';
import { createMailer } from '../src/platform/mail.js';
import { RealtimeHub } from '../src/platform/realtime.js';
import { createStorage, type Storage } from '../src/platform/storage/index.js';
import { addUser, bearer, login } from './helpers.js';

const CSV_FILE = '1700000000000-0123456789abcdef01234567.csv';
const PDF_FILE = '1700000000000-89abcdef0123456701234567.pdf';

interface LogLine {
  level: number;
  msg: string;
  err?: { message?: string; code?: string };
}

/** Reads the answer's first bytes, then closes the connection as a browser does when a download is cancelled. */
function abortAfterFirstBytes(
  port: number,
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; encoding: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: url, headers }, (res) => {
      res.once('data', () => {
        req.destroy();
        resolve({ status: res.statusCode ?? 0, encoding: res.headers['content-encoding'] });
      });
      res.on('error', () => {});
    });
    req.on('error', (e) => {
      if ((e as NodeJS.ErrnoException).code !== 'ECONNRESET') reject(e);
    });
  });
}

describe('logging of the running server', () => {
  const lines: LogLine[] = [];
  let dataDir: string;
  let database: Database;
  let storage: Storage;
  let app: FastifyInstance;
  let realtime: RealtimeHub;
  let port: number;
  let token: string;

  before(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-logging-'));
    const config = loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'http://portal.test', DATA_DIR: dataDir });
    database = await openDatabase({});
    await runMigrations(database);
    await ensureReferenceData(database.db);
    storage = createStorage(config.storage);
    const mailer = createMailer(database.db, pino({ level: 'silent' }), { from: config.mailFrom, storage });
    realtime = new RealtimeHub(database.db, pino({ level: 'silent' }));
    const log = createLogger('debug', { write: (l: string) => lines.push(JSON.parse(l) as LogLine) });
    app = await buildApp(
      { config, db: database.db, mailer, realtime, storage },
      { loggerInstance: log, serveWebApp: false },
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;

    const admin = await addUser(database.db, { role: 'admin', flags: ['tasks'] });
    token = await login(app, admin.email, admin.password);
    const [task] = await database.db
      .insert(tasks)
      .values({
        titel: 'Bondrucker',
        beschreibung: 'Handbuch',
        frist: new Date('2026-12-01T10:00:00Z'),
        typ: 1,
        country_id: 1,
      })
      .returning({ id: tasks.id });
    // Far larger than the socket's buffers, so the answer is still streaming when the client goes: a CSV
    // (compressible: it leaves through @fastify/compress) and a PDF (sent as stored).
    const csv = Buffer.from(
      ['kundennummer;firma', ...Array.from({ length: 300_000 }, (_, i) => `${10000 + i};Gasthaus ${i * 7919}`)].join(
        '\n',
      ),
    );
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(16 * 1024 * 1024, 0x20)]);
    for (const [name, body, mime] of [
      [CSV_FILE, csv, 'text/csv'],
      [PDF_FILE, pdf, 'application/pdf'],
    ] as const) {
      await storage.put(`tasks/${name}`, body);
      await database.db.insert(taskFiles).values({
        task_id: task!.id,
        datei_name: name,
        original_name: `Liste.${name.slice(-3)}`,
        mime,
        size: body.length,
      });
    }
  });

  after(async () => {
    await realtime.close();
    await app.close();
    storage.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  for (const [what, file, encoding, compressed] of [
    ['a compressed CSV', CSV_FILE, 'gzip, br', true],
    ['a CSV without compression', CSV_FILE, 'identity', false],
    ['a PDF', PDF_FILE, 'gzip, br', false],
  ] as const) {
    it(`logs ${what} the client stops downloading at info at most, never as a warning or error`, async () => {
      const from = lines.length;
      const headers = { ...bearer(token), 'accept-encoding': encoding };
      const res = await abortAfterFirstBytes(port, `/protected-files/uploads/tasks/${file}`, headers);
      assert.equal(res.status, 200);
      assert.equal(res.encoding, compressed ? 'br' : undefined);
      // The server notices the closed socket on its next write: wait for the request's last line.
      const deadline = Date.now() + 10_000;
      while (!lines.slice(from).some((l) => /request completed|closed prematurely/.test(l.msg))) {
        if (Date.now() > deadline) assert.fail(`no end of the request logged: ${JSON.stringify(lines.slice(from))}`);
        await new Promise((r) => setTimeout(r, 20));
      }
      // Anything the stream's teardown logs comes within a few ticks of it.
      await new Promise((r) => setTimeout(r, 200));
      const loud = lines.slice(from).filter((l) => l.level >= 40);
      assert.deepEqual(loud, [], 'nothing above info for a cancelled download');
    });
  }
});

describe('log format', () => {
  it('is pretty only for a terminal outside production', () => {
    assert.equal(logFormatFor('development', { write: () => true, isTTY: true }), 'pretty');
    assert.equal(logFormatFor('test', { write: () => true, isTTY: true }), 'pretty');
    assert.equal(logFormatFor('production', { write: () => true, isTTY: true }), 'json');
    assert.equal(logFormatFor('development', { write: () => true }), 'json');
  });

  it('writes one readable line per entry, a request as method and path, secrets removed', () => {
    const out: string[] = [];
    const log = createLogger('info', { write: (l: string) => out.push(l) }, 'pretty');
    const req = log.child({ reqId: 'd42f723e-9049-4cb9-853a-6159463447d3' });
    req.info({ req: { method: 'GET', url: '/set-password?token=geheim123', host: 'h' } }, 'incoming request');
    req.info({ res: { statusCode: 200 }, responseTime: 3.4 }, 'request completed');
    log.warn({ signal: 'SIGTERM' }, 'shutting down');
    assert.equal(out.length, 3);
    assert.match(
      out[0]!,
      /^\[\d\d:\d\d:\d\d\] INFO: incoming request: GET \/set-password\?token=\[entfernt\] \[d42f723e\]\n$/,
    );
    assert.match(out[1]!, /INFO: request completed: 200 in 3 ms \[d42f723e\]\n$/);
    assert.match(out[2]!, /WARN: shutting down \{"signal":"SIGTERM"\}\n$/);
    assert.ok(!out.join('').includes('geheim123'));
    // Not a terminal: no colour codes.
    assert.ok(!out.join('').includes('\u001b['));
  });

  it('stays JSON by default, secrets removed', () => {
    const out: string[] = [];
    createLogger('info', { write: (l: string) => out.push(l) }).info('Link: https://x.at/r?token=geheim123');
    assert.equal(JSON.parse(out[0]!).msg, 'Link: https://x.at/r?token=[entfernt]');
  });
});

describe('demo accounts at start', () => {
  it('print as a table: role, e-mail, password, country and rights', () => {
    const lines = demoAccountsTable(DEMO_ACCOUNTS).split('\n');
    assert.equal(lines.length, 2 + DEMO_ACCOUNTS.length);
    assert.match(lines[0]!, /^ {2}Rolle +E-Mail +Passwort +Land +Rechte$/);
    assert.match(lines[1]!, /^ {2}─+ {2}─+/);
    assert.match(lines[2]!, /^ {2}admin +admin@demo\.at +Admin!demo2026 +AT +alle$/);
    assert.match(
      lines.find((l) => l.includes('agent.eg@demo.at'))!,
      /agent +agent\.eg@demo\.at +Agent!demo2026 +EG +tasks, digital_signage$/,
    );
    assert.match(lines.at(-1)!, /customer +kunde@demo\.at +Kunde!demo2026 +AT +Kunde 10001$/);
    // The columns line up: every e-mail starts where the heading does.
    const at = lines[0]!.indexOf('E-Mail');
    for (const l of lines.slice(2)) assert.match(l.slice(at), /^\S+@demo\.at /);
  });

  it('are one JSON entry for a log collector', () => {
    const rows = demoAccountRows(DEMO_ACCOUNTS);
    assert.deepEqual(rows[3], {
      rolle: 'customer',
      email: 'kunde@demo.at',
      passwort: 'Kunde!demo2026',
      land: 'AT',
      rechte: 'Kunde 10001',
    });
  });
});
