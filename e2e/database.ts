/**
 * The end-to-end servers' databases on PostgreSQL (when TEST_DATABASE_URL is set, as in CI).
 *
 * Migrating and seeding the demo data costs a server about four seconds of CPU, and the embedded
 * database runs every query in WebAssembly: twenty browser suites paid that each. Instead the built
 * server migrates and seeds one template database once per build (named by a hash of the built
 * server, so changed code gets a new one), and every suite's server gets a copy of it (CREATE
 * DATABASE … TEMPLATE, a fraction of a second), dropped when the server stops. Suites that are about
 * the embedded database itself ask for it (`serverAndBrowser({ DATABASE_URL: '' })`); the server
 * suites run every area against both databases.
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const TEMPLATE_PREFIX = 'portal_e2e_tpl_';

/** A hash of the built server and its migrations: the template's name. */
function buildKey(root: string): string {
  const dist = path.join(root, 'apps/server/dist');
  const h = crypto.createHash('sha256').update(fs.readFileSync(path.join(dist, 'main.js')));
  for (const f of fs.readdirSync(path.join(dist, 'migrations'), { recursive: true }).map(String).sort())
    h.update(f).update(String(fs.statSync(path.join(dist, 'migrations', f)).size));
  return h.digest('hex').slice(0, 12);
}

const withDatabase = (base: string, name: string) => {
  const u = new URL(base);
  u.pathname = `/${name}`;
  return u.toString();
};

async function serverUntilReady(root: string, env: Record<string, string>): Promise<void> {
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: string[] = [];
  child.stdout!.on('data', (d: Buffer) => logs.push(d.toString()));
  child.stderr!.on('data', (d: Buffer) => logs.push(d.toString()));
  const deadline = Date.now() + 120_000;
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`template server exited:\n${logs.join('')}`);
      const ok = await fetch(`http://127.0.0.1:${env.PORT}/readyz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return;
      if (Date.now() > deadline) throw new Error(`template server did not start:\n${logs.join('')}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  } finally {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
  }
}

/**
 * A database of its own for one server, copied from the seeded template (built first if this build
 * has none; an advisory lock makes parallel suites wait for one builder). Returns its URL and drop().
 */
export async function copyOfSeededDatabase(
  root: string,
  base: string,
  port: number,
): Promise<{ url: string; drop(): Promise<void> }> {
  const template = TEMPLATE_PREFIX + buildKey(root);
  const name = `portal_e2e_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`select pg_advisory_lock(hashtext('portal_e2e_template'))`);
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [template]);
    if (!rowCount) {
      // Templates of earlier builds go (one left over by an interrupted run is harmless).
      const old = await admin.query(`select datname from pg_database where datname like '${TEMPLATE_PREFIX}%'`);
      for (const r of old.rows as { datname: string }[])
        await admin.query(`drop database if exists "${r.datname}" with (force)`);
      await admin.query(`create database "${template}"`);
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-template-'));
      try {
        await serverUntilReady(root, {
          PORT: String(port),
          HOST: '127.0.0.1',
          DATABASE_URL: withDatabase(base, template),
          DATA_DIR: dataDir,
          REDIS_URL: '',
          NODE_ENV: 'test',
          SEED_DEMO: 'true',
          PUBLIC_URL: `http://127.0.0.1:${port}`,
        });
      } catch (e) {
        await admin.query(`drop database if exists "${template}" with (force)`);
        throw e;
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    }
    await admin.query(`create database "${name}" template "${template}"`);
  } finally {
    await admin.query(`select pg_advisory_unlock(hashtext('portal_e2e_template'))`).catch(() => {});
    await admin.end();
  }
  return {
    url: withDatabase(base, name),
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      try {
        await c.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await c.end();
      }
    },
  };
}
