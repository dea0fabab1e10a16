import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../src/db/client.js';
import { auditLog, customers, users } from '../src/db/schema/index.js';
import { verifyPassword } from '../src/platform/passwords.js';
import { operatorMessage, runCommand } from '../src/cli-commands.js';

const run = promisify(execFile);
const CLI = fileURLToPath(new URL('../src/cli.ts', import.meta.url));

/** A command run in this process (what cli.ts does, without a process per call). */
async function cli(dataDir: string, ...args: string[]) {
  try {
    return { code: 0, out: await runCommand(args, { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }) };
  } catch (e) {
    const message = operatorMessage(e);
    if (message === null) throw e;
    return { code: 1, out: message };
  }
}

/** The command line itself, as an operator starts it: its own process, its exit code and output. */
async function cliProcess(dataDir: string, ...args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', CLI, ...args], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    });
    return { code: 0, out: stdout + stderr };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, out: err.stdout + err.stderr };
  }
}

describe('operator command line on the embedded database', () => {
  let dir: string;
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-cli-'));
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('adds users, links a customer, sets a password, and explains bad input', async () => {
    const admin = await cli(
      dir,
      'user:add',
      '--email',
      'Ops@Test.at',
      '--password',
      'Sehr-geheim-1',
      '--role',
      'admin',
    );
    assert.equal(admin.code, 0, admin.out);
    assert.match(admin.out, /ops@test\.at \(admin\) angelegt/);
    const cust = await cli(
      dir,
      'user:add',
      '--email',
      'k@test.at',
      '--password',
      'Sehr-geheim-1',
      '--role',
      'customer',
      '--kundennummer',
      '4711',
    );
    assert.equal(cust.code, 0, cust.out);
    const agent = await cli(
      dir,
      'user:add',
      '--email',
      'a@test.at',
      '--password',
      'Sehr-geheim-1',
      '--role',
      'agent',
      '--flags',
      'tasks,rksv',
      '--country',
      '2',
      '--name',
      'Agent A',
    );
    assert.equal(agent.code, 0, agent.out);
    const dup = await cli(dir, 'user:add', '--email', 'a@test.at', '--password', 'Sehr-geheim-1', '--role', 'agent');
    assert.equal(dup.code, 1);
    assert.match(dup.out, /existiert bereits/);
    const badFlag = await cli(
      dir,
      'user:add',
      '--email',
      'b@test.at',
      '--password',
      'Sehr-geheim-1',
      '--role',
      'agent',
      '--flags',
      'tasks,fly',
    );
    assert.equal(badFlag.code, 1);
    assert.match(badFlag.out, /Unbekannte Flags: fly/);
    const noRole = await cli(dir, 'user:add', '--email', 'b@test.at', '--password', 'Sehr-geheim-1');
    assert.equal(noRole.code, 1);
    assert.match(noRole.out, /--role fehlt/);
    const short = await cli(dir, 'user:add', '--email', 'b@test.at', '--password', 'kurz', '--role', 'agent');
    assert.match(short.out, /mindestens 12 Zeichen/);
    // The web's rules apply here too: no common password, and a new password is a different one.
    const common = await cli(dir, 'user:add', '--email', 'b@test.at', '--password', 'Qwerty123456', '--role', 'agent');
    assert.equal(common.code, 1);
    assert.match(common.out, /Dieses Passwort ist zu verbreitet/);
    const same = await cli(dir, 'user:set-password', '--email', 'ops@test.at', '--password', 'Sehr-geheim-1');
    assert.equal(same.code, 1);
    assert.match(same.out, /muss sich vom aktuellen unterscheiden/);
    const setPw = await cli(dir, 'user:set-password', '--email', 'ops@test.at', '--password', 'Ganz-neu-2026');
    assert.equal(setPw.code, 0, setPw.out);
    const unknown = await cli(dir, 'user:set-password', '--email', 'nobody@test.at', '--password', 'Ganz-neu-2026');
    assert.equal(unknown.code, 1);

    const database = await openDatabase({ pgliteDir: dir, holder: 'test' });
    try {
      const [ops] = await database.db.select().from(users).where(eq(users.email, 'ops@test.at'));
      assert.ok(ops && (await verifyPassword(ops.password_hash, 'Ganz-neu-2026')));
      assert.equal(ops.cashbook, true, 'an admin without --flags gets every flag');
      const [a] = await database.db.select().from(users).where(eq(users.email, 'a@test.at'));
      assert.equal(a!.country_id, 2);
      assert.equal(a!.tasks && a!.rksv && !a!.cashbook, true);
      const [k] = await database.db.select().from(users).where(eq(users.email, 'k@test.at'));
      const [c] = await database.db.select().from(customers).where(eq(customers.kundennummer, '4711'));
      assert.equal(k!.customer_id, c!.id);
      // Each command that changed a user is in the audit trail, as the CLI, with no password in it.
      const trail = await database.db
        .select({
          action: auditLog.action,
          role: auditLog.actor_role,
          subject: auditLog.subject_id,
          changes: auditLog.changes,
        })
        .from(auditLog)
        .orderBy(auditLog.seq);
      assert.deepEqual(
        trail.map((r) => [r.action, r.role]),
        [...Array(trail.length - 1).fill(['cli:user:add', 'cli']), ['cli:user:set-password', 'cli']],
      );
      assert.equal(trail.at(-1)!.subject, ops!.id);
      assert.ok(!JSON.stringify(trail).includes('Ganz-neu-2026') && !JSON.stringify(trail).includes('Sehr-geheim-1'));
    } finally {
      await database.close();
    }
  });

  it('refuses while another live process holds the embedded database', async () => {
    const database = await openDatabase({ pgliteDir: dir, holder: 'Server' });
    try {
      // Another process (the lock names this one as the server): the command line's own process.
      const res = await cliProcess(dir, 'user:set-password', '--email', 'ops@test.at', '--password', 'Ganz-neu-2027');
      assert.equal(res.code, 1);
      assert.match(res.out, /wird bereits verwendet \(Server, PID \d+\)/);
      assert.match(res.out, /Beenden Sie zuerst den Server oder verwenden Sie PostgreSQL/);
    } finally {
      await database.close();
    }
    assert.ok(!fs.existsSync(path.join(dir, 'portal.lock')), 'the lock is released on close');
  });
});
