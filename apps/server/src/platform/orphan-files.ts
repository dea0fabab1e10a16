import fs from 'node:fs';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { auditFiles, taskFiles } from '../db/schema/index.js';

/** A file this old without its row was left by a crash: no upload takes an hour from disk to commit. */
export const ORPHAN_AGE_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Names looked up per query. */
const BATCH = 500;

/** The folders under the uploads folder whose files each belong to a row, and the column naming them. */
const AREAS = [
  { folder: 'tasks', column: taskFiles.datei_name },
  { folder: 'audits', column: auditFiles.datei_name },
] as const;

async function oldFiles(dir: string, before: number): Promise<string[]> {
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
 * Files are written before the transaction that records them, so a crash in between leaves a file
 * without a row, and a crash while a request streams leaves a staged `.part` file. This removes,
 * older than `ORPHAN_AGE_MS`: everything in the staging folder, and every task or audit file that no
 * row names. Younger files may belong to a request still running and are left alone; invoice PDFs
 * are written after their commit and are not touched. Returns the removed paths, relative to `dir`.
 */
export async function cleanOrphanFiles(db: Db, uploadsDir: string, now = Date.now()): Promise<string[]> {
  const before = now - ORPHAN_AGE_MS;
  const removed: string[] = [];
  const remove = async (rel: string) => {
    await fs.promises.rm(path.join(uploadsDir, rel), { force: true });
    removed.push(rel);
  };
  for (const name of await oldFiles(path.join(uploadsDir, 'tmp'), before)) await remove(path.join('tmp', name));
  for (const { folder, column } of AREAS) {
    const candidates = await oldFiles(path.join(uploadsDir, folder), before);
    for (let i = 0; i < candidates.length; i += BATCH) {
      const batch = candidates.slice(i, i + BATCH);
      const known = new Set(
        (await db.select({ name: column }).from(column.table).where(inArray(column, batch))).map((r) => r.name),
      );
      for (const name of batch) if (!known.has(name)) await remove(path.join(folder, name));
    }
  }
  return removed;
}

/** Runs the cleaner now and then once a day; returns what stops the daily run. */
export function startOrphanFileCleaner(db: Db, uploadsDir: string, log: FastifyBaseLogger): () => void {
  const run = () =>
    cleanOrphanFiles(db, uploadsDir).then(
      (removed) => {
        if (removed.length) log.info({ count: removed.length, files: removed.slice(0, 20) }, 'orphan upload files removed');
      },
      (err: unknown) => log.error({ err }, 'orphan upload file cleaning failed'),
    );
  void run();
  const timer = setInterval(() => void run(), DAY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
