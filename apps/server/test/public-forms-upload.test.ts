import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { PUBLIC_FORM_MSG } from '@portal/shared';
import { tasks } from '../src/db/schema/index.js';
import { solveAltcha } from './altcha-solve.js';
import { createTestApp, dbTargets, type TestApp } from './helpers.js';
import { EXE, PNG, multipart, type Part } from './tasks-fixtures.js';
import { SUPPORT_REQUEST as SUPPORT } from './request-fixtures.js';

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
        assert.equal(res.json().message, PUBLIC_FORM_MSG.robot.de, label);
        assert.ok(ms < 3000, `${label}: answered in ${ms.toFixed(0)} ms`);
      }
      assert.deepEqual(written, [], 'no file was opened for writing');
      assert.deepEqual(onDisk(), []);
      assert.equal(await taskCount(), before);
    });

    it('over a real socket: the refusal arrives while the robot is still uploading, nothing is kept', async () => {
      await t.app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = t.app.server.address() as AddressInfo;
      const boundary = '----robot';
      const head = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nRobot\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
      );
      const chunk = Buffer.alloc(1024 * 1024, 7);
      const total = 100; // MB the robot would send
      let sentMb = 0;
      const answer = await new Promise<{ status: number; body: string; sentMb: number }>((resolve, reject) => {
        const req = http.request({
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/web/classic-support',
          headers: {
            'content-type': `multipart/form-data; boundary=${boundary}`,
            'content-length': String(head.length + total * chunk.length + boundary.length + 8),
          },
        });
        let responded = false;
        req.on('response', (res) => {
          responded = true;
          const at = sentMb;
          let body = '';
          res.on('data', (c: Buffer) => (body += c.toString()));
          res.on('end', () => {
            resolve({ status: res.statusCode ?? 0, body, sentMb: at });
            req.destroy();
          });
        });
        req.on('error', (e) => (sentMb >= total ? undefined : reject(e)));
        req.write(head);
        const pump = () => {
          if (responded || req.destroyed || sentMb >= total) return;
          sentMb++;
          if (req.write(chunk)) setImmediate(pump);
          else req.once('drain', pump);
        };
        pump();
      });
      assert.equal(answer.status, 400, answer.body);
      assert.equal(JSON.parse(answer.body).message, PUBLIC_FORM_MSG.robot.de);
      assert.ok(answer.sentMb < total, `answered after ${answer.sentMb} of ${total} MB`);
      assert.deepEqual(written, []);
      assert.deepEqual(onDisk(), []);
    });

    it('with the proof first, the files are read and stored as before', async () => {
      const res = await send([{ name: 'altcha', value: await solveAltcha(t.app) }, ...fieldParts(SUPPORT), file(PNG)]);
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(written.length, 1);
      assert.equal(onDisk().length, 1, 'the stored file');
    });
  });
}
