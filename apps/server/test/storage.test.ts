import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { loadConfig, ConfigError } from '../src/config.js';
import { createStorage, parseStorageUrl, type Storage } from '../src/platform/storage/index.js';
import { startS3Server } from './s3-server.js';

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.from(c as Buffer));
  return Buffer.concat(chunks);
}

async function listAll(storage: Storage, prefix: string) {
  const out = [];
  for await (const o of storage.list(prefix)) out.push(o);
  return out.sort((a, b) => a.key.localeCompare(b.key));
}

/** 12 MiB produced chunk by chunk: more than two S3 multipart parts, never one buffer. */
function bigBody(): { stream: Readable; sha: string; size: number } {
  const chunk = Buffer.alloc(1024 * 1024);
  const hash = createHash('sha256');
  const chunks: Buffer[] = [];
  for (let i = 0; i < 12; i++) {
    const c = Buffer.from(chunk.fill(i + 1));
    hash.update(c);
    chunks.push(c);
  }
  let i = 0;
  const stream = new Readable({
    read() {
      this.push(i < chunks.length ? chunks[i++] : null);
    },
  });
  return { stream, sha: hash.digest('hex'), size: 12 * 1024 * 1024 };
}

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe('STORAGE_URL', () => {
  it('file: is DATA_DIR/uploads by default, or the folder named', () => {
    assert.deepEqual(parseStorageUrl('file:', '/data/uploads'), { kind: 'file', dir: '/data/uploads' });
    assert.deepEqual(parseStorageUrl('file:/srv/files', '/data/uploads'), { kind: 'file', dir: '/srv/files' });
    assert.deepEqual(parseStorageUrl('file:///srv/files', '/data/uploads'), { kind: 'file', dir: '/srv/files' });
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/portal-x' });
    assert.deepEqual(config.storage, { kind: 'file', dir: '/tmp/portal-x/uploads' });
  });

  it('s3:// names bucket, folder, endpoint and region; path style for other endpoints', () => {
    assert.deepEqual(parseStorageUrl('s3://portal-files/prod?endpoint=https%3A%2F%2Fs3.example.at&region=eu-central-1', '/x'), {
      kind: 's3',
      bucket: 'portal-files',
      prefix: 'prod/',
      endpoint: 'https://s3.example.at',
      region: 'eu-central-1',
      forcePathStyle: true,
    });
    const aws = parseStorageUrl('s3://portal-files?region=eu-west-1', '/x');
    assert.equal(aws.kind === 's3' && aws.forcePathStyle, false);
    assert.equal(aws.kind === 's3' && aws.endpoint, undefined);
    const forced = parseStorageUrl('s3://portal-files?endpoint=http://127.0.0.1:9000&forcePathStyle=false', '/x');
    assert.equal(forced.kind === 's3' && forced.forcePathStyle, false);
  });

  it('refuses anything else with a German line naming the variable', () => {
    for (const [url, text] of [
      ['ftp://host/x', 'muss mit file: oder s3:// beginnen'],
      ['s3://', 'Bucket'],
      ['s3://portal-files?endpoint=ftp://x', 'endpoint muss mit http:// oder https:// beginnen'],
      ['s3://portal-files/a b', 'ungültigen Ordner'],
    ] as const) {
      assert.throws(
        () => loadConfig({ NODE_ENV: 'test', STORAGE_URL: url }),
        (e: unknown) => e instanceof ConfigError && e.message.includes('STORAGE_URL') && e.message.includes(text),
        url,
      );
    }
  });
});

const backends: { name: string; open(): Promise<{ storage: Storage; close(): Promise<void> }> }[] = [
  {
    name: 'file',
    async open() {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-storage-'));
      const storage = createStorage(parseStorageUrl('file:', dir));
      return { storage, close: async () => fs.rmSync(dir, { recursive: true, force: true }) };
    },
  },
  {
    name: 's3',
    async open() {
      const s3 = await startS3Server();
      // Below a folder of the bucket, so the prefix handling is part of every test.
      const storage = createStorage(parseStorageUrl(s3.url('portal'), '/unused'));
      return {
        storage,
        close: async () => {
          storage.close();
          await s3.close();
        },
      };
    },
  },
];

for (const backend of backends) {
  describe(`storage (${backend.name})`, () => {
    let storage: Storage;
    let close: () => Promise<void>;
    before(async () => ({ storage, close } = await backend.open()));
    after(() => close());

    it('streams a body in and out unchanged', async () => {
      const { stream, sha: expected, size } = bigBody();
      await storage.put('tasks/big.pdf', stream, { contentType: 'application/pdf' });
      const body = await storage.get('tasks/big.pdf');
      assert.ok(body);
      const back = await readAll(body);
      assert.equal(back.length, size);
      assert.equal(sha(back), expected);
      const stat = await storage.stat('tasks/big.pdf');
      assert.equal(stat?.size, size);
      assert.ok(stat && Math.abs(stat.lastModified.getTime() - Date.now()) < 120_000);
    });

    it('a buffer too; a second put replaces the file', async () => {
      await storage.put('invoices/2026-000001.pdf', Buffer.from('first'));
      await storage.put('invoices/2026-000001.pdf', Buffer.from('second'));
      assert.equal((await readAll((await storage.get('invoices/2026-000001.pdf'))!)).toString(), 'second');
      assert.equal(await storage.exists('invoices/2026-000001.pdf'), true);
    });

    it('moves a staged local file in: stored whole, the local file gone', async () => {
      const staged = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'portal-staged-')), 'x.part');
      fs.writeFileSync(staged, 'staged bytes');
      await storage.putFile('tasks/staged.png', staged, { contentType: 'image/png' });
      assert.equal(fs.existsSync(staged), false);
      assert.equal((await readAll((await storage.get('tasks/staged.png'))!)).toString(), 'staged bytes');
    });

    it('a missing file is null, never an error; delete is idempotent', async () => {
      assert.equal(await storage.get('tasks/none.png'), null);
      assert.equal(await storage.stat('tasks/none.png'), null);
      assert.equal(await storage.exists('tasks/none.png'), false);
      await storage.put('audits/gone.png', Buffer.from('x'));
      await storage.delete('audits/gone.png');
      await storage.delete('audits/gone.png');
      assert.equal(await storage.exists('audits/gone.png'), false);
    });

    it('lists the files of one folder with size and last change', async () => {
      await storage.put('media/a.png', Buffer.from('aa'));
      await storage.put('media/b.png', Buffer.from('bbb'));
      await storage.put('media/sub/c.png', Buffer.from('c'));
      await storage.put('mediaother/d.png', Buffer.from('d'));
      const listed = await listAll(storage, 'media/');
      assert.deepEqual(
        listed.map((o) => [o.key, o.size]),
        [
          ['media/a.png', 2],
          ['media/b.png', 3],
        ],
      );
      assert.ok(listed.every((o) => o.lastModified instanceof Date && !Number.isNaN(o.lastModified.getTime())));
      assert.deepEqual(await listAll(storage, 'nothing/'), []);
    });

    it('refuses keys that could leave the storage or were never ours', async () => {
      for (const key of ['../x.png', '/etc/passwd', 'tasks/../../x', 'tasks//x.png', 'tasks/.hidden', '', 'tasks/x y.png']) {
        await assert.rejects(storage.get(key), /invalid storage key/, key);
        await assert.rejects(storage.put(key, Buffer.from('x')), /invalid storage key/, key);
      }
      await assert.rejects(listAll(storage, 'tasks'), /invalid storage prefix/);
    });
  });
}
