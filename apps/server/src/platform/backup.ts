import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { count, sql } from 'drizzle-orm';
import tar from 'tar-stream';
import { openDatabase, takeLock } from '../db/client.js';
import type { PgTable } from 'drizzle-orm/pg-core';
import { assertKey, createStorage, type StorageLocation } from './storage/index.js';

/**
 * Backup and restore of the embedded database (PGlite) with the stored files, for `npm run cli --
 * backup` / `restore`. On PostgreSQL the operator uses pg_dump and the storage's own copies instead.
 *
 * One .tar.gz, readable with any tar: `portal-backup.json` (what it is), `database.tar` (PGlite's
 * dumpDataDir of DATA_DIR/db) and `files/<key>` for every file of a `file:` storage (the staging
 * folder `tmp/` left out). Files in an S3 store are not copied: the bucket keeps its own versions.
 * Both commands hold the data folder's lock, so the server cannot run meanwhile.
 */
const MANIFEST = 'portal-backup.json';
const DATABASE = 'database.tar';
const FILES = 'files/';
const FORMAT = 'portal-backup';

interface Manifest {
  format: typeof FORMAT;
  version: 1;
  createdAt: string;
  database: 'pglite';
  tasks: number;
  files: number;
}

export class BackupError extends Error {}

export interface BackupTarget {
  dataDir: string;
  storage: StorageLocation;
  /** The table whose rows the manifest counts and a restore reads once (the CLI names the tasks; platform knows no area). */
  counted: PgTable;
}

const hasDatabase = (dataDir: string) => fs.existsSync(path.join(dataDir, 'db', 'PG_VERSION'));

/** Keys of the files in a `file:` storage folder, staging (`tmp/`) and anything we never wrote left out. */
async function storedKeys(dir: string, prefix = ''): Promise<string[]> {
  let entries: fs.Dirent[];
  try {
    entries = await fs.promises.readdir(path.join(dir, prefix), { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const keys: string[] = [];
  for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const key = prefix + e.name;
    if (e.isDirectory() && key !== 'tmp') keys.push(...(await storedKeys(dir, `${key}/`)));
    else if (e.isFile() && isKey(key)) keys.push(key);
  }
  return keys;
}

function isKey(key: string): boolean {
  try {
    assertKey(key);
    return true;
  } catch {
    return false;
  }
}

/** Writes the archive to `out` (through `out.part`, renamed when complete); answers what it holds. */
export async function backupEmbedded(t: BackupTarget, out: string): Promise<Manifest & { bytes: number; filesSkipped: boolean }> {
  if (!hasDatabase(t.dataDir)) throw new BackupError(`Keine eingebettete Datenbank in ${path.join(t.dataDir, 'db')}.`);
  // Opened (and locked) without migrating: the backup is of the data as it is.
  const database = await openDatabase({ pgliteDir: t.dataDir, holder: 'Sicherung' });
  const part = `${out}.part`;
  try {
    const [row] = await database.db.select({ n: count() }).from(t.counted);
    await database.db.execute(sql`checkpoint`);
    const dump = await database.dumpDataDir!();
    const keys = t.storage.kind === 'file' ? await storedKeys(t.storage.dir) : [];
    const manifest: Manifest = {
      format: FORMAT,
      version: 1,
      createdAt: new Date().toISOString(),
      database: 'pglite',
      tasks: row?.n ?? 0,
      files: keys.length,
    };
    const pack = tar.pack();
    // The archive holds password hashes and customer data: readable by the operator only.
    // Level 1: the server is stopped while this runs; time matters more than the last 15 % of size.
    const written = pipeline(pack, zlib.createGzip({ level: 1 }), fs.createWriteStream(part, { mode: 0o600 }));
    const entry = (name: string, size: number, body: Readable, mtime = new Date()) =>
      new Promise<void>((resolve, reject) => {
        const sink = pack.entry({ name, size, mtime, mode: 0o600 }, (err) => (err ? reject(err) : resolve()));
        body.on('error', reject).pipe(sink);
      });
    const json = Buffer.from(JSON.stringify(manifest, null, 2));
    await entry(MANIFEST, json.length, Readable.from([json]));
    await entry(DATABASE, dump.size, Readable.fromWeb(dump.stream() as import('node:stream/web').ReadableStream));
    if (t.storage.kind === 'file') {
      for (const key of keys) {
        const file = path.join(t.storage.dir, ...key.split('/'));
        const st = await fs.promises.stat(file);
        await entry(FILES + key, st.size, fs.createReadStream(file), st.mtime);
      }
    }
    pack.finalize();
    await written;
    await fs.promises.rename(part, out);
    return { ...manifest, bytes: (await fs.promises.stat(out)).size, filesSkipped: t.storage.kind !== 'file' };
  } catch (err) {
    await fs.promises.rm(part, { force: true });
    throw err;
  } finally {
    await database.close();
  }
}

/**
 * Restores an archive of backupEmbedded into DATA_DIR and the configured storage. Refuses a data
 * folder that holds a database or stored files unless `force`; then it replaces them, but only after
 * the archive has been read whole and its database opened, so a broken archive leaves everything as it was.
 */
export async function restoreEmbedded(t: BackupTarget, input: string, force: boolean): Promise<Manifest> {
  if (!fs.existsSync(input)) throw new BackupError(`Datei ${input} nicht gefunden.`);
  const release = takeLock(t.dataDir, 'Wiederherstellung', (m) => console.warn(m));
  const staging = path.join(t.dataDir, `restore-${process.pid}`);
  try {
    const existingKeys = t.storage.kind === 'file' ? await storedKeys(t.storage.dir) : [];
    if (!force && (hasDatabase(t.dataDir) || existingKeys.length)) {
      throw new BackupError(
        `${t.dataDir} enthält bereits ${hasDatabase(t.dataDir) ? 'eine Datenbank' : 'gespeicherte Dateien'}. ` +
          'Mit --force wird sie durch die Sicherung ersetzt.',
      );
    }
    await fs.promises.rm(staging, { recursive: true, force: true });
    const { manifest, database, keys } = await unpack(input, path.join(staging, 'files'));

    // Load the database into the staging folder and read it once: a broken dump fails here.
    const restored = await openDatabase({ pgliteDir: staging, holder: 'Wiederherstellung', loadDataDir: database });
    try {
      await restored.db.select({ n: count() }).from(t.counted);
    } finally {
      await restored.close();
    }

    await fs.promises.rm(path.join(t.dataDir, 'db'), { recursive: true, force: true });
    await fs.promises.rename(path.join(staging, 'db'), path.join(t.dataDir, 'db'));
    const storage = createStorage(t.storage);
    try {
      if (t.storage.kind === 'file') {
        for (const key of existingKeys) await storage.delete(key);
      }
      for (const key of keys) await storage.putFile(key, path.join(staging, 'files', ...key.split('/')));
    } finally {
      storage.close();
    }
    return manifest;
  } finally {
    await fs.promises.rm(staging, { recursive: true, force: true });
    release();
  }
}

/** Reads the archive: the manifest, the database tar (in memory, as PGlite loads it) and the files, written below `filesDir`. */
async function unpack(input: string, filesDir: string): Promise<{ manifest: Manifest; database: Blob; keys: string[] }> {
  const extract = tar.extract();
  const reading = pipeline(fs.createReadStream(input), zlib.createGunzip(), extract);
  // Its error also ends the loop below, which reports it; no unhandled rejection meanwhile.
  reading.catch(() => undefined);
  let manifest: Manifest | undefined;
  let database: Blob | undefined;
  const keys: string[] = [];
  try {
    for await (const entry of extract) {
      const name = entry.header.name;
      if (entry.header.type !== 'file') {
        entry.resume();
      } else if (name === MANIFEST || name === DATABASE) {
        const chunks: Buffer[] = [];
        for await (const c of entry) chunks.push(c as Buffer);
        if (name === DATABASE) database = new Blob(chunks);
        else manifest = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Manifest;
      } else if (name.startsWith(FILES) && isKey(name.slice(FILES.length))) {
        const key = name.slice(FILES.length);
        const file = path.join(filesDir, ...key.split('/'));
        await fs.promises.mkdir(path.dirname(file), { recursive: true });
        await pipeline(entry, fs.createWriteStream(file, { mode: 0o600 }));
        keys.push(key);
      } else {
        throw new BackupError(`Unerwarteter Eintrag ${name} in der Sicherung.`);
      }
    }
    await reading;
  } catch (err) {
    if (err instanceof BackupError) throw err;
    throw new BackupError(`${input} ist keine lesbare Sicherung: ${(err as Error).message}`);
  }
  if (manifest?.format !== FORMAT || !database) throw new BackupError(`${input} ist keine Sicherung des Portals.`);
  return { manifest, database, keys };
}
