import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { PUBLIC_FORM_MSG } from '@portal/shared';
import { tasks } from '../src/db/schema/index.js';
import { solveAltcha } from './altcha-solve.js';
import { createTestApp, dbTargets, type TestApp } from './helpers.js';
import { EXE, PNG, multipart, type Part } from './tasks-fixtures.js';

const SUPPORT: Record<string, string> = {
  kundennummer: '10001',
  lokalname: 'Gasthaus Zum Goldenen Hirschen',
  name: 'Maria Huber',
  plz: '1190',
  telefonnummer: '0664 1234567',
  email: 'wirt@example.at',
  description: 'Die Kasse startet nicht mehr.',
  agb: 'true',
};
const BIG = Buffer.concat([PNG, Buffer.alloc(20 * 1024 * 1024, 7)]);

for (const target of dbTargets()) {
  describe(`public forms: the proof of work before any file (${target})`, () => {
    let t: TestApp;
    // Every file the server opens for writing under the uploads folder, counted where it is opened.
    const written: string[] = [];
    const original = fs.createWriteStream;

    before(async () => {
      t = await createTestApp(target, { PUBLIC_FORM_RATE_LIMIT: '1000', UPLOAD_MAX_FILE_MB: '50' });
      fs.createWriteStream = ((file: fs.PathLike, opts?: unknown) => {
        if (String(file).startsWith(t.config.uploads.dir)) written.push(String(file));
        return original(file, opts as Parameters<typeof original>[1]);
      }) as typeof fs.createWriteStream;
    });
    after(async () => {
      fs.createWriteStream = original;
      await t.close();
    });

    const send = (parts: Part[], url = '/web/classic-support') => {
      const mp = multipart(parts);
      return t.app.inject({ method: 'POST', url, payload: mp.payload, headers: mp.headers });
    };
    const fieldParts = (f: Record<string, string>) => Object.entries(f).map(([name, value]) => ({ name, value }));
    const file = (content: Buffer, filename = 'kasse.png'): Part => ({
      name: 'files',
      file: { filename, content, type: 'image/png' },
    });
    const onDisk = () => {
      const tmp = path.join(t.config.uploads.dir, 'tmp');
      const stored = path.join(t.config.uploads.dir, 'tasks');
      return [tmp, stored].flatMap((d) => (fs.existsSync(d) ? fs.readdirSync(d) : []));
    };
    const taskCount = async () => (await t.db.select({ n: count() }).from(tasks))[0]!.n;

    it('without a proof, with a bad one, or with a filled honeypot: refused before a byte of a file is written', async () => {
      const before = await taskCount();
      const cases: [string, Part[]][] = [
        ['no proof', [...fieldParts(SUPPORT), file(BIG), file(BIG)]],
        ['bad proof', [{ name: 'altcha', value: 'bm9wZQ==' }, ...fieldParts(SUPPORT), file(BIG)]],
        ['honeypot', [{ name: 'altcha', value: await solveAltcha(t.app) }, { name: 'website', value: 'x' }, file(BIG)]],
        // The proof after the files comes too late: the files would have been read first.
        [
          'proof after the file',
          [...fieldParts(SUPPORT), file(BIG), { name: 'altcha', value: await solveAltcha(t.app) }],
        ],
        // Neither the type nor the size of a robot's file is looked at.
        ['no proof, a program', [...fieldParts(SUPPORT), file(EXE, 'evil.exe')]],
      ];
      for (const [label, parts] of cases) {
        const started = performance.now();
        const res = await send(parts);
        const ms = performance.now() - started;
        assert.equal(res.statusCode, 400, `${label}: ${res.body}`);
        assert.equal(res.json().message, PUBLIC_FORM_MSG.robot, label);
        assert.ok(ms < 3000, `${label}: answered in ${ms.toFixed(0)} ms`);
      }
      assert.deepEqual(written, [], 'no file was opened for writing');
      assert.deepEqual(onDisk(), []);
      assert.equal(await taskCount(), before);
    });

    it('with the proof first, the files are read and stored as before', async () => {
      const res = await send([{ name: 'altcha', value: await solveAltcha(t.app) }, ...fieldParts(SUPPORT), file(PNG)]);
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(written.length, 1);
      assert.equal(onDisk().length, 1, 'the stored file');
    });
  });
}
