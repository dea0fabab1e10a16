import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../src/db/client.js';
import { taskFiles } from '../src/db/schema/index.js';
import { cleanOrphanFiles } from '../src/platform/orphan-files.js';
import { createStorage } from '../src/platform/storage/index.js';
import { addUser, createTestApp, dbTargets, login, type TestApp } from './helpers.js';
import { PNG, fields, multipart, postMultipart, seedCustomers } from './tasks-fixtures.js';

const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));
const TWO_HOURS_AGO = new Date(Date.now() - 2 * 3600_000);

function backdate(file: string, when = TWO_HOURS_AGO) {
  fs.utimesSync(file, when, when);
}
/** Customer 10001 of the fixtures and of the demo data. */
const CUSTOMER = { kundennummer: '10001', firma: 'Gasthaus Zum Goldenen Hirschen' };
const list = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir).sort() : []);

for (const target of dbTargets()) {
  describe(`orphan upload files (${target})`, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp(target);
      await seedCustomers(t.db);
    });
    after(() => t.close());

    it('removes stale staging files and files without a row older than an hour, nothing else', async () => {
      const u = await addUser(t.db, { role: 'admin', flags: ['tasks'] });
      const token = await login(t.app, u.email, u.password);
      const res = await postMultipart(t.app, '/api/create-task', token, [
        ...fields({ ...CUSTOMER, titel: 'Mit Datei', beschreibung: 'x', frist: new Date(Date.now() + 86400_000).toISOString(), typ: 1, userID: u.id, createdByUserID: u.id }),
        { name: 'files', file: { filename: 'bon.png', content: PNG } },
      ]);
      assert.equal(res.statusCode, 200, res.body);
      const dir = t.config.uploads.dir;
      const tasksDir = path.join(dir, 'tasks');
      const tmpDir = path.join(dir, 'tmp');
      fs.mkdirSync(tmpDir, { recursive: true });
      const [referenced] = list(tasksDir);
      assert.ok(referenced);
      backdate(path.join(tasksDir, referenced));
      const write = (rel: string, old: boolean) => {
        fs.writeFileSync(path.join(dir, rel), PNG);
        if (old) backdate(path.join(dir, rel));
      };
      write('tmp/0123456789abcdef0123456789abcdef.part', true);
      write('tmp/fedcba9876543210fedcba9876543210.part', false);
      write('tasks/zz1-aaaaaaaaaaaaaaaaaaaaaaaa.png', true);
      write('tasks/zz2-bbbbbbbbbbbbbbbbbbbbbbbb.png', false);
      fs.mkdirSync(path.join(dir, 'invoices'), { recursive: true });
      write('invoices/2026-000001.pdf', true);

      const removed = await cleanOrphanFiles(t);
      assert.deepEqual(removed.sort(), [path.join('tasks', 'zz1-aaaaaaaaaaaaaaaaaaaaaaaa.png'), path.join('tmp', '0123456789abcdef0123456789abcdef.part')]);
      assert.deepEqual(list(tasksDir), [referenced, 'zz2-bbbbbbbbbbbbbbbbbbbbbbbb.png'].sort());
      assert.deepEqual(list(tmpDir), ['fedcba9876543210fedcba9876543210.part']);
      assert.deepEqual(list(path.join(dir, 'invoices')), ['2026-000001.pdf']);
      // The referenced file is still served.
      const detail = await t.app.inject({ url: `/api/task-detail-agent/${res.json().aufgabeID}/${u.id}`, headers: { authorization: `Bearer ${token}` } });
      assert.equal(detail.json().taskFiles[0].datei_name, referenced);
    });
  });
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

describe('a server killed with SIGKILL during uploads (embedded database)', () => {
  let dataDir: string;
  before(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-crash-'));
  });
  after(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('leaves no file without its row older than an hour once the cleaner ran', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const logs: string[] = [];
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'test', SEED_DEMO: 'true', LOG_LEVEL: 'warn', LOGIN_RATE_LIMIT: '1000' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (d: Buffer) => logs.push(d.toString()));
    child.stderr.on('data', (d: Buffer) => logs.push(d.toString()));
    const exited = new Promise((r) => child.once('exit', r));
    try {
      let ready = false;
      for (let i = 0; i < 240 && !ready; i++) {
        if (child.exitCode !== null) throw new Error(`server exited: ${logs.join('')}`);
        ready = await fetch(`${url}/readyz`).then((r) => r.ok, () => false);
        if (!ready) await new Promise((r) => setTimeout(r, 250));
      }
      assert.ok(ready, `server did not start: ${logs.join('')}`);
      const signIn = await fetch(`${url}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@demo.at', password: 'Admin!demo2026' }) });
      assert.equal(signIn.status, 200);
      const { accessToken, id } = (await signIn.json()) as { accessToken: string; id: number };
      // Bursts of task creations with files, until the process is killed in the middle of one.
      const one = async (i: number) => {
        const mp = multipart([
          ...fields({ ...CUSTOMER, titel: `Absturz ${i}`, beschreibung: 'x', frist: new Date(Date.now() + 86400_000).toISOString(), typ: 1, userID: id, createdByUserID: id }),
          { name: 'files', file: { filename: `bon-${i}.png`, content: Buffer.concat([PNG, Buffer.alloc(200_000)]) } },
          { name: 'files', file: { filename: `beleg-${i}.png`, content: PNG } },
        ]);
        await fetch(`${url}/api/create-task`, { method: 'POST', headers: { ...mp.headers, authorization: `Bearer ${accessToken}` }, body: mp.payload }).catch(() => undefined);
      };
      let n = 0;
      const burst = (async () => {
        while (child.exitCode === null && child.signalCode === null) await Promise.all(Array.from({ length: 8 }, () => one(n++)));
      })();
      // Killed while uploads are being staged (and others are between disk and commit).
      const staging = path.join(dataDir, 'uploads', 'tmp');
      const started = Date.now();
      while (Date.now() - started < 1000 || (list(staging).length < 2 && Date.now() - started < 20_000)) await new Promise((r) => setTimeout(r, 5));
      child.kill('SIGKILL');
      await exited;
      await burst;
      assert.ok(n > 8, 'requests were running when the process was killed');
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    }

    // An hour later: the next start (here the cleaner alone) finds what the crash left behind.
    const uploads = path.join(dataDir, 'uploads');
    for (const sub of ['tmp', 'tasks']) for (const f of list(path.join(uploads, sub))) backdate(path.join(uploads, sub, f));
    const database = await openDatabase({ pgliteDir: dataDir, holder: 'test', warn: () => {} });
    try {
      const removed = await cleanOrphanFiles({ db: database.db, config: { uploads: { dir: uploads } }, storage: createStorage({ kind: 'file', dir: uploads }) });
      assert.ok(removed.length > 0, 'the crash left files behind');
      const rows = new Set((await database.db.select({ name: taskFiles.datei_name }).from(taskFiles)).map((r) => r.name));
      assert.ok(rows.size > 0, 'some tasks were committed with their files');
      assert.deepEqual(list(path.join(uploads, 'tmp')), [], 'no staging file is left');
      assert.deepEqual(list(path.join(uploads, 'tasks')).filter((f) => !rows.has(f)), [], 'no file without its row is left');
      assert.equal(list(path.join(uploads, 'tasks')).length, rows.size, 'every committed file is still there');
    } finally {
      await database.close();
    }
  });
});
