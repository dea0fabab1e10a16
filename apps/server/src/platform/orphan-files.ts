import fs from 'node:fs';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Config } from '../config.js';
import type { DbOrTx } from '../db/client.js';
import type { Storage } from './storage/index.js';

/** A file this old without its row was left by a crash: no upload takes an hour from staging to commit. */
export const ORPHAN_AGE_MS = 60 * 60 * 1000;
/** Names looked up per query. */
const BATCH = 500;

/** A storage folder whose files each belong to a row, and the column naming them. */
export interface StoredFiles {
  folder: string;
  column: PgColumn;
}

/** The areas' folders, registered when the app is built (app.ts); in the order registered. */
const FOLDERS = new Map<string, StoredFiles>();

/** An area names the storage folder it writes and the column naming each file (a folder registered again is replaced). */
export function registerStoredFiles(...entries: StoredFiles[]): void {
  for (const e of entries) FOLDERS.set(e.folder, e);
}

/** Staged `.part` files of this process's local staging folder (never in the shared storage). */
async function oldStagedFiles(dir: string, before: number): Promise<string[]> {
  let names: string[];
  try {
    names = await fs.promises.readdir(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const old: string[] = [];
  for (const name of names) {
    const stat = await fs.promises.lstat(path.join(dir, name)).catch(() => null);
    if (stat?.isFile() && stat.mtimeMs < before) old.push(name);
  }
  return old;
}

/**
 * Files are stored before the transaction that records them, so a crash in between leaves a file
 * without a row, and a crash while a request streams leaves a staged `.part` file. This removes,
 * older than `ORPHAN_AGE_MS`: everything in the local staging folder, and every file in a registered
 * folder of the storage (disk or S3, through the storage interface) that no row names. Younger files may belong
 * to a request still running and are left alone; invoice PDFs are written after their commit and are
 * not touched. Returns what was removed: `tmp/<name>` for staged files, storage keys for the others.
 */
export async function cleanOrphanFiles(
  ctx: { db: DbOrTx; config: { uploads: Pick<Config['uploads'], 'dir'> }; storage: Storage },
  now = Date.now(),
): Promise<string[]> {
  const before = now - ORPHAN_AGE_MS;
  const removed: string[] = [];
  const stagingDir = path.join(ctx.config.uploads.dir, 'tmp');
  for (const name of await oldStagedFiles(stagingDir, before)) {
    await fs.promises.rm(path.join(stagingDir, name), { force: true });
    removed.push(`tmp/${name}`);
  }
  for (const { folder, column } of FOLDERS.values()) {
    const candidates: { key: string; name: string }[] = [];
    for await (const o of ctx.storage.list(`${folder}/`)) {
      if (o.lastModified.getTime() < before) candidates.push({ key: o.key, name: o.key.slice(folder.length + 1) });
    }
    for (let i = 0; i < candidates.length; i += BATCH) {
      const batch = candidates.slice(i, i + BATCH);
      const names = batch.map((c) => c.name);
      const known = new Set(
        (await ctx.db.select({ name: column }).from(column.table).where(inArray(column, names))).map((r) => r.name),
      );
      for (const c of batch) {
        if (known.has(c.name)) continue;
        await ctx.storage.delete(c.key);
        removed.push(c.key);
      }
    }
  }
  return removed;
}
