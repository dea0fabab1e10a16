import type { Drain } from '../src/platform/drain.js';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import pg from 'pg';
import { FLAGS, ROLE_IDS, type Flag, type Role, MESSAGES } from '@portal/shared';
import { buildApp } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import { openDatabase, type Database, type Db } from '../src/db/client.js';
import { runMigrations } from '../src/db/migrate.js';
import { ensureReferenceData } from '../src/db/reference-data.js';
import { users } from '../src/db/schema/index.js';
import { createMailer } from '../src/platform/mail.js';
import { RealtimeHub } from '../src/platform/realtime.js';
import { hashPassword } from '../src/platform/passwords.js';
import { createStorage, type Storage } from '../src/platform/storage/index.js';

const require = createRequire(import.meta.url);

export type DbTarget = 'pglite' | 'postgres';

/** Every API test file runs on the embedded database, and also on PostgreSQL when TEST_DATABASE_URL is set. */
export function dbTargets(): DbTarget[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

export interface TestApp {
  app: FastifyInstance;
  realtime: RealtimeHub;
  db: Db;
  config: Config;
  database: Database;
  /** The app's file storage (STORAGE_URL of the env given, by default the data folder's uploads). */
  storage: Storage;
  close(): Promise<void>;
}

/** A database of its own for one test file on the PostgreSQL server, dropped afterwards. */
export async function freshPostgres(): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL!;
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/**
 * The embedded database after every migration, as PGlite's tar of its data folder, kept in the system's
 * temporary folder under a name made of the migrations' and PGlite's own content: each test file (a
 * process of its own) loads it in about 0.4 s instead of creating and migrating a database (about 2 s).
 * Written under a temporary name and renamed, so test files starting together never read half a file.
 */
async function migratedPglite(): Promise<Blob> {
  const migrations = fileURLToPath(new URL('../src/db/migrations', import.meta.url));
  const hash = createHash('sha256');
  for (const f of (fs.readdirSync(migrations, { recursive: true }) as string[]).sort()) {
    const full = path.join(migrations, f);
    if (fs.statSync(full).isFile()) hash.update(f).update(fs.readFileSync(full));
  }
  // PGlite's version too (its package.json, found above its entry: the package exports no such path).
  let dir = path.dirname(require.resolve('@electric-sql/pglite'));
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  hash.update(fs.readFileSync(path.join(dir, 'package.json')));
  const file = path.join(os.tmpdir(), `portal-pglite-migrated-${hash.digest('hex').slice(0, 16)}.tar`);
  if (fs.existsSync(file)) return new Blob([fs.readFileSync(file)]);
  const fresh = await openDatabase({});
  try {
    await runMigrations(fresh);
    const tar = await fresh.dumpDataDir!();
    const partial = `${file}.${process.pid}`;
    fs.writeFileSync(partial, Buffer.from(await tar.arrayBuffer()));
    fs.renameSync(partial, file);
    return tar;
  } finally {
    await fresh.close();
  }
}

export async function createTestApp(
  target: DbTarget,
  env: Record<string, string> = {},
  /**
   * `clock`: the services' "now" (platform/service.ts `now(ctx)`), for tests where time matters;
   * `drain`: the SIGTERM state main.ts passes (platform/drain.ts).
   */
  opts: { clock?: () => Date; drain?: Drain } = {},
): Promise<TestApp> {
  // A data folder of its own: uploads land there and are removed with it.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://portal.test',
    DATA_DIR: dataDir,
    ...env,
  });
  let drop = async () => {};
  let database: Database;
  if (target === 'postgres') {
    const fresh = await freshPostgres();
    drop = fresh.drop;
    database = await openDatabase({ databaseUrl: fresh.url });
  } else {
    database = await openDatabase({ loadDataDir: await migratedPglite() });
  }
  // Nothing left to do on a database loaded migrated (drizzle reads its journal); the PostgreSQL copy migrates.
  await runMigrations(database);
  await ensureReferenceData(database.db);
  const storage = createStorage(config.storage);
  const mailer = createMailer(database.db, pino({ level: 'silent' }), { from: config.mailFrom, storage });
  const realtime = new RealtimeHub(database.db, pino({ level: 'silent' }));
  const app = await buildApp(
    { config, db: database.db, mailer, realtime, storage, clock: opts.clock, drain: opts.drain },
    { logger: false, serveWebApp: false },
  );
  await app.ready();
  return {
    app,
    realtime,
    db: database.db,
    config,
    database,
    storage,
    close: async () => {
      await realtime.close();
      await app.close();
      await realtime.closeRedis();
      await mailer.close();
      storage.close();
      await database.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface TestUserInput {
  email?: string;
  password?: string;
  role?: Role;
  flags?: readonly Flag[];
  country?: number;
  name?: string;
}

let counter = 0;
export async function addUser(db: Db, input: TestUserInput = {}) {
  const email = input.email ?? `user${++counter}-${randomBytes(3).toString('hex')}@test.at`;
  const password = input.password ?? 'Passwort!123';
  const role = input.role ?? 'agent';
  const [row] = await db
    .insert(users)
    .values({
      email,
      name: input.name ?? email.split('@')[0]!,
      password_hash: await hashPassword(password),
      role_id: ROLE_IDS[role],
      country_id: input.country ?? 1,
      agent_level_id: role === 'customer' ? null : 1,
      ...Object.fromEntries(FLAGS.map((f) => [f, (input.flags ?? []).includes(f)])),
    })
    .returning({ id: users.id });
  return { id: row!.id, email, password, role };
}

export async function login(app: FastifyInstance, email: string, password: string): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/auth/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json().accessToken as string;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * Test-only: the code the catalogue gives a German text (the app never looks one up this way; a test
 * states the German answer and checks its code with it), and the German text of a schema issue's code.
 */
export function codeOf(german: string): string | undefined {
  for (const [code, text] of MESSAGES) if (text === german) return code;
  return undefined;
}
export const german = (message: string | undefined): string | undefined =>
  message === undefined ? undefined : (MESSAGES.get(message) ?? message);
