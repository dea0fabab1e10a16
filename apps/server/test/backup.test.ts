// Backup and restore of the embedded database with its stored files, through the operator command line.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { operatorMessage, runCommand } from '../src/cli-commands.js';
import { openDatabase } from '../src/db/client.js';
import { runMigrations } from '../src/db/migrate.js';
import { ensureReferenceData } from '../src/db/reference-data.js';
import { taskFiles, tasks } from '../src/db/schema/index.js';
import { createStorage } from '../src/platform/storage/index.js';
import { PDF } from './tasks-fixtures.js';

/** A command of the operator command line, run in this process (cli.test.ts starts the real process). */
async function cli(dataDir: string, args: string[], env: Record<string, string> = {}) {
  try {
    const out = await runCommand(args, {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      STORAGE_URL: '',
      ...env,
    });
    return { code: 0, out };
  } catch (e) {
    const message = operatorMessage(e);
    if (message === null) throw e;
    return { code: 1, out: message };
  }
}

const FILE_KEY = 'tasks/1700000000000-backup-test.pdf';

/** Opens the data folder's embedded database, hands it to fn, closes it. */
async function withDb<T>(
  dataDir: string,
  fn: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>,
): Promise<T> {
  const database = await openDatabase({ pgliteDir: dataDir, holder: 'test' });
  try {
    return await fn(database.db);
  } finally {
    await database.close();
  }
}

describe('backup and restore of the embedded database', () => {
  let root: string;
  let source: string;
  let target: string;
  let archive: string;
  before(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-backup-'));
    source = path.join(root, 'source');
    target = path.join(root, 'target');
    archive = path.join(root, 'portal.tar.gz');
    const database = await openDatabase({ pgliteDir: source, holder: 'test' });
    try {
      await runMigrations(database);
      await ensureReferenceData(database.db);
      const [task] = await database.db
        .insert(tasks)
        .values({
          titel: 'Bondrucker druckt nicht',
          beschreibung: 'Seit heute früh',
          frist: new Date('2026-12-01T10:00:00Z'),
          typ: 1,
          country_id: 1,
        })
        .returning({ id: tasks.id });
      await database.db
        .insert(taskFiles)
        .values({
          task_id: task!.id,
          datei_name: path.basename(FILE_KEY),
          original_name: 'Rechnung.pdf',
          mime: 'application/pdf',
          size: PDF.length,
        });
    } finally {
      await database.close();
    }
    const storage = createStorage({ kind: 'file', dir: path.join(source, 'uploads') });
    await storage.put(FILE_KEY, PDF);
    storage.close();
    // An upload being checked is not part of the data.
    fs.mkdirSync(path.join(source, 'uploads', 'tmp'), { recursive: true });
    fs.writeFileSync(path.join(source, 'uploads', 'tmp', 'staged-upload'), 'half');
  });
  after(() => fs.rmSync(root, { recursive: true, force: true }));

  it('writes one archive and restores the task and its file into an empty data folder', async () => {
    const backup = await cli(source, ['backup', '--out', archive]);
    assert.equal(backup.code, 0, backup.out);
    assert.match(backup.out, /Sicherung geschrieben: .*portal\.tar\.gz \(\d+\.\d MB; 1 Aufgaben, 1 Dateien\)/);
    assert.equal(fs.statSync(archive).mode & 0o777, 0o600, 'only the operator may read it');
    assert.ok(!fs.existsSync(`${archive}.part`));

    const restore = await cli(target, ['restore', '--in', archive]);
    assert.equal(restore.code, 0, restore.out);
    assert.match(restore.out, /eingespielt: 1 Aufgaben, 1 Dateien/);
    const [row] = await withDb(target, (db) =>
      db
        .select({ titel: tasks.titel, file: taskFiles.original_name })
        .from(tasks)
        .innerJoin(taskFiles, eq(taskFiles.task_id, tasks.id)),
    );
    assert.deepEqual(row, { titel: 'Bondrucker druckt nicht', file: 'Rechnung.pdf' });
    assert.deepEqual(fs.readFileSync(path.join(target, 'uploads', ...FILE_KEY.split('/'))), PDF);
    assert.ok(!fs.existsSync(path.join(target, 'uploads', 'tmp', 'staged-upload')));
    assert.deepEqual(fs.readdirSync(target).sort(), ['db', 'uploads'], 'no staging folder or lock left behind');
  });

  it('refuses a data folder that holds data unless --force, and then replaces it', async () => {
    await withDb(target, (db) => db.delete(tasks));
    fs.writeFileSync(path.join(target, 'uploads', 'tasks', 'later.pdf'), PDF);

    const refused = await cli(target, ['restore', '--in', archive]);
    assert.equal(refused.code, 1);
    assert.match(refused.out, /enthält bereits eine Datenbank\. Mit --force wird sie durch die Sicherung ersetzt\./);

    const forced = await cli(target, ['restore', '--in', archive, '--force']);
    assert.equal(forced.code, 0, forced.out);
    const titles = await withDb(target, (db) => db.select({ titel: tasks.titel }).from(tasks));
    assert.deepEqual(titles, [{ titel: 'Bondrucker druckt nicht' }]);
    assert.deepEqual(fs.readdirSync(path.join(target, 'uploads', 'tasks')), [path.basename(FILE_KEY)]);
  });

  it('leaves the data as it was when the archive is not a backup, and sends PostgreSQL to pg_dump', async () => {
    const bogus = path.join(root, 'bogus.tar.gz');
    fs.writeFileSync(bogus, 'kein Archiv');
    const bad = await cli(target, ['restore', '--in', bogus, '--force']);
    assert.equal(bad.code, 1);
    assert.match(bad.out, /bogus\.tar\.gz ist keine lesbare Sicherung/);
    // The archive is read whole before anything is replaced.
    assert.ok(fs.existsSync(path.join(target, 'db', 'PG_VERSION')));
    assert.deepEqual(fs.readFileSync(path.join(target, 'uploads', ...FILE_KEY.split('/'))), PDF);
    assert.deepEqual(fs.readdirSync(target).sort(), ['db', 'uploads']);

    const pg = await cli(target, ['backup', '--out', archive], { DATABASE_URL: 'postgres://x@127.0.0.1:1/none' });
    assert.equal(pg.code, 1);
    assert.match(pg.out, /pg_dump -Fc und pg_restore/);
  });
});
