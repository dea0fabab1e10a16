import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type Database } from '../src/db/client.js';
import { runMigrations } from '../src/db/migrate.js';
import { jobSchedule } from '../src/db/schema/index.js';
import { LOCKS, runIfDue, type ScheduledJob } from '../src/platform/jobs/index.js';

const run = promisify(execFile);

describe('scheduled jobs (pglite)', () => {
  let database: Database;
  before(async () => {
    database = await openDatabase({});
    await runMigrations(database);
  });
  after(() => database.close());

  it('runs a job once per slot, again when the next slot is due, and records a failure', async () => {
    let runs = 0;
    let fail = false;
    const job: ScheduledJob = {
      name: 'counter',
      lock: 'overdue',
      everyMs: 60_000,
      run: async () => {
        runs++;
        if (fail) throw new Error('kaputt');
      },
    };
    const t0 = new Date('2026-01-01T10:00:00Z');
    assert.equal(await runIfDue(database, job, t0), true);
    assert.equal(await runIfDue(database, job, new Date(t0.getTime() + 59_000)), false, 'slot not due yet');
    assert.equal(runs, 1);
    fail = true;
    await assert.rejects(runIfDue(database, job, new Date(t0.getTime() + 60_000)), /kaputt/);
    const [row] = await database.db.select().from(jobSchedule).where(eq(jobSchedule.name, 'counter'));
    assert.equal(row!.last_error, 'kaputt');
    assert.equal(row!.next_run_at.getTime(), t0.getTime() + 120_000, 'a failed run waits for its next slot');
    fail = false;
    assert.equal(await runIfDue(database, job, new Date(t0.getTime() + 120_000)), true);
    assert.equal(runs, 3);
  });

  it('has one registry of distinct lock keys', () => {
    const keys = Object.values(LOCKS);
    assert.equal(new Set(keys).size, keys.length);
  });
});

describe('scheduled jobs on PostgreSQL across processes', { skip: !process.env.TEST_DATABASE_URL }, () => {
  const base = process.env.TEST_DATABASE_URL!;
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  let url: string;
  let database: Database;
  const admin = async (q: string) => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    await c.query(q);
    await c.end();
  };
  before(async () => {
    await admin(`create database ${name}`);
    const u = new URL(base);
    u.pathname = `/${name}`;
    url = u.toString();
    database = await openDatabase({ databaseUrl: url });
    await runMigrations(database);
    await database.db.execute(sql`create table job_probe (pid integer not null)`);
  });
  after(async () => {
    await database?.close();
    await admin(`drop database if exists ${name} with (force)`);
  });

  it('two server processes started together: the due job runs in exactly one of them', async () => {
    const script = path.join(import.meta.dirname, 'fixtures', 'job-process.ts');
    const tick = () => run(process.execPath, ['--import', 'tsx', script, url], { cwd: process.cwd() });
    const first = await Promise.all([tick(), tick()]);
    assert.deepEqual(first.map((r) => r.stdout).sort(), ['ran', 'skipped']);
    // Both again at once: the slot is a minute away, nobody runs it.
    const second = await Promise.all([tick(), tick()]);
    assert.deepEqual(second.map((r) => r.stdout), ['skipped', 'skipped']);
    const probes = (await database.db.execute(sql`select count(*)::int as n from job_probe`)) as unknown as {
      rows: { n: number }[];
    };
    assert.equal(probes.rows[0]!.n, 1);
  });
});
