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
import { createLogger } from '../src/platform/logging.js';
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
      await database.db
        .insert(taskFiles)
        .values({
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
