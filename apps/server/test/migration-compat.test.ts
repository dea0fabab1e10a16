import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MIGRATIONS_DIR } from '../src/db/migrate.js';
import { checkMigrationCompat, loadMigrationCompatInput, type SnapshotLike } from '../src/db/migration-compat.js';

/*
 * Expand, then contract: a migration of the coming release must not drop, rename or retype what the
 * previous release reads, nor add a NOT NULL column its inserts leave out (ARCHITECTURE.md).
 */

const released: SnapshotLike = {
  tables: { 'public.tasks': { name: 'tasks', schema: '', columns: { id: { name: 'id' }, title: { name: 'title' } } } },
};

/** The kinds and columns the check reports for the given unreleased migrations. */
function check(...sqls: string[]) {
  const migrations = sqls.map((sql, i) => ({ tag: `00${42 + i}_x`, sql }));
  return checkMigrationCompat({ released, migrations }).map((v) => `${v.kind} ${v.table}.${v.column ?? ''}`);
}

describe('migration compatibility with the previous release', () => {
  it('refuses dropping, renaming or retyping a released column, with what to do', () => {
    const [v] = checkMigrationCompat({
      released,
      migrations: [{ tag: '0042_x', sql: 'ALTER TABLE "tasks" DROP COLUMN "title";' }],
    });
    assert.equal(
      v?.message,
      '0042_x: Spalte "tasks"."title" wird gelöscht, die Vorversion liest sie noch. Erst die Vorversion ohne die Spalte ausliefern (expand), löschen in einer späteren Version (contract).',
    );
    assert.deepEqual(check('ALTER TABLE "tasks" RENAME COLUMN "title" TO "name";'), ['rename-column "tasks".title']);
    assert.deepEqual(check('ALTER TABLE "tasks" ALTER COLUMN "title" SET DATA TYPE varchar(200);'), [
      'change-type "tasks".title',
    ]);
    assert.deepEqual(check('alter table tasks alter title type varchar(200) using title::varchar'), [
      'change-type "tasks".title',
    ]);
  });

  it('refuses dropping or renaming a released table', () => {
    assert.deepEqual(check('DROP TABLE "tasks" CASCADE;'), ['drop-table "tasks".']);
    assert.deepEqual(check('ALTER TABLE "tasks" RENAME TO "jobs";'), ['rename-table "tasks".']);
  });

  it('refuses a NOT NULL column without DEFAULT on a released table, passes one with DEFAULT', () => {
    assert.deepEqual(check('ALTER TABLE "tasks" ADD COLUMN "prio" integer NOT NULL;'), ['add-not-null "tasks".prio']);
    assert.deepEqual(check('ALTER TABLE "tasks" ADD COLUMN "prio" integer DEFAULT 0 NOT NULL;'), []);
    assert.deepEqual(check('ALTER TABLE "tasks" ADD COLUMN "prio" integer;'), []);
    assert.deepEqual(check('ALTER TABLE "tasks" ADD COLUMN "n" integer GENERATED ALWAYS AS IDENTITY NOT NULL;'), []);
    assert.deepEqual(check('ALTER TABLE "tasks" ADD CONSTRAINT "c" CHECK ("title" IS NOT NULL);'), []);
  });

  it('passes new tables and columns, and dropping what an unreleased migration created', () => {
    const create = 'CREATE TABLE "notes" ("id" integer PRIMARY KEY NOT NULL, "body" text NOT NULL);';
    assert.deepEqual(check(create, 'ALTER TABLE "notes" ADD COLUMN "x" text NOT NULL;'), []);
    assert.deepEqual(check(create, 'DROP TABLE "notes";', 'ALTER TABLE "notes" RENAME TO "memos";'), []);
    assert.deepEqual(
      check(
        'ALTER TABLE "tasks" ADD COLUMN "prio" integer;',
        'ALTER TABLE "tasks" RENAME COLUMN "prio" TO "priority";--> statement-breakpoint\nALTER TABLE "tasks" DROP COLUMN "priority";',
      ),
      [],
    );
    // Constraints and indexes are no columns.
    assert.deepEqual(check('ALTER TABLE "tasks" DROP CONSTRAINT "title"; DROP INDEX "tasks_title_idx";'), []);
  });

  it('reads quoted, unquoted, schema-qualified and IF EXISTS forms, in any case', () => {
    for (const sql of [
      'ALTER TABLE "public"."tasks" DROP COLUMN "title";',
      'alter table tasks drop column title',
      'ALTER TABLE IF EXISTS ONLY public.tasks DROP COLUMN IF EXISTS "title" CASCADE;',
      'ALTER TABLE Tasks DROP Title',
      'ALTER TABLE "tasks" ADD COLUMN "x" text, DROP COLUMN "title";',
    ])
      assert.deepEqual(check(sql), ['drop-column "tasks".title'], sql);
    assert.deepEqual(check('drop table if exists public.tasks, "other"'), ['drop-table "tasks".']);
    // A quoted name keeps its case: "Tasks" is another table.
    assert.deepEqual(check('DROP TABLE "Tasks"; ALTER TABLE "tasks" DROP COLUMN "Title"'), []);
    // A DO block runs at migration time.
    assert.deepEqual(check('DO $$ BEGIN ALTER TABLE "tasks" DROP COLUMN "title"; END $$;'), [
      'drop-column "tasks".title',
    ]);
  });

  it('ignores comments, string literals and function bodies (they do not run at migration time)', () => {
    assert.deepEqual(
      check(
        '-- ALTER TABLE "tasks" DROP COLUMN "title";\n/* DROP TABLE tasks; */',
        `INSERT INTO "tasks" ("title") VALUES ('; DROP TABLE tasks;');`,
        'CREATE FUNCTION f() RETURNS void LANGUAGE sql AS $body$ DROP TABLE tasks; $body$;',
      ),
      [],
    );
  });

  it('the real migrations after the released one leave the previous release alone', () => {
    const input = loadMigrationCompatInput(MIGRATIONS_DIR);
    assert.deepEqual(
      checkMigrationCompat(input).map((v) => v.message),
      [],
    );
    const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
      entries: { tag: string }[];
    };
    assert.ok(journal.entries.some((e) => e.tag === input.releasedTag));
    assert.ok(Object.keys(input.released.tables).length > 0);
  });

  it('fails clearly when releases.json names a migration the journal does not know', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'releases-')), 'releases.json');
    fs.writeFileSync(file, JSON.stringify({ lastReleasedMigration: '9999_missing' }));
    assert.throws(
      () => loadMigrationCompatInput(MIGRATIONS_DIR, file),
      /"9999_missing" steht nicht in .*_journal\.json/,
    );
    fs.rmSync(path.dirname(file), { recursive: true });
  });
});
