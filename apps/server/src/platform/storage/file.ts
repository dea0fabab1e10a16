import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Storage, StoredObject } from './index.js';
import { assertKey, assertPrefix } from './location.js';

const missing = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';

/** Files on the local disk below `dir`: one machine, or a folder every server mounts. */
export function createFileStorage(dir: string): Storage {
  const abs = (key: string) => {
    assertKey(key);
    return path.join(dir, ...key.split('/'));
  };
  const stat = async (key: string): Promise<StoredObject | null> => {
    try {
      const s = await fs.promises.stat(abs(key));
      return s.isFile() ? { key, size: s.size, lastModified: s.mtime } : null;
    } catch (err) {
      if (missing(err)) return null;
      throw err;
    }
  };
  // The disk keeps no content type: downloads take it from the row or the stored name.
  const put = async (key: string, body: Readable | Buffer, _opts?: { contentType?: string }): Promise<void> => {
    const dest = abs(key);
    await fs.promises.mkdir(path.dirname(dest), { recursive: true });
    // Written aside in the same folder, then renamed: a reader never sees half a file. A crash
    // leaves the `.part` file, which the orphan cleaner removes like any file no row names.
    const part = `${dest}.${randomBytes(6).toString('hex')}.part`;
    try {
      await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, fs.createWriteStream(part, { flags: 'wx' }));
      await fs.promises.rename(part, dest);
    } catch (err) {
      await fs.promises.rm(part, { force: true });
      throw err;
    }
  };
  return {
    location: `file:${dir}`,
    put,
    async putFile(key, localPath, opts) {
      const dest = abs(key);
      await fs.promises.mkdir(path.dirname(dest), { recursive: true });
      try {
        await fs.promises.rename(localPath, dest);
      } catch (err) {
        // Staging on another disk than the storage folder: copied, then the staged file removed.
        if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
        await put(key, fs.createReadStream(localPath), opts);
        await fs.promises.rm(localPath, { force: true });
      }
    },
    async get(key) {
      const file = abs(key);
      // Opened before answering, so a missing file is a null here and not an error mid-stream.
      const handle = await fs.promises.open(file, 'r').catch((err: unknown) => {
        if (missing(err)) return null;
        throw err;
      });
      return handle ? handle.createReadStream() : null;
    },
    stat,
    async exists(key) {
      return (await stat(key)) !== null;
    },
    async delete(key) {
      await fs.promises.rm(abs(key), { force: true });
    },
    async *list(prefix) {
      assertPrefix(prefix);
      let names: string[];
      try {
        names = await fs.promises.readdir(path.join(dir, ...prefix.slice(0, -1).split('/')));
      } catch (err) {
        if (missing(err)) return;
        throw err;
      }
      for (const name of names) {
        // lstat: a symbolic link planted in the folder is not one of our files.
        const s = await fs.promises.lstat(path.join(dir, ...prefix.slice(0, -1).split('/'), name)).catch(() => null);
        if (s?.isFile()) yield { key: prefix + name, size: s.size, lastModified: s.mtime };
      }
    },
    close() {},
  };
}
