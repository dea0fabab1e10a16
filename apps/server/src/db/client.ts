import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
/** Both drivers (PGlite and node-postgres) give a PgDatabase; the app only sees this type. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** The handle inside db.transaction(): use it, never the outer db, for every query of the transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Runs fn while holding a cluster-wide lock: a session advisory lock on PostgreSQL
   * (held on a connection of its own), nothing to do on the single-process embedded database.
   */
  withLock<T>(key: number, fn: () => Promise<T>): Promise<T>;
  /** Like withLock, but skips (answers false) when another process holds the lock: for scheduled work. */
  tryLock(key: number, fn: () => Promise<unknown>): Promise<boolean>;
  /** Embedded database only: a tar of its data folder (PGlite's dumpDataDir), for the backup command. */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** postgres://… — a PostgreSQL server through a pool. */
  databaseUrl?: string;
  /** Connections of that pool. */
  poolSize?: number;
  /** How long to wait for a connection of that pool (a server that accepts and never answers). */
  connectTimeoutMs?: number;
  /** Longest statement; 0 or omitted: no limit (migrations). */
  statementTimeoutMs?: number;
  /** Skip the `select 1` at open: the first query finds out whether the server answers. */
  lazy?: boolean;
  /** Folder for the embedded database; omitted: in memory (tests). */
  pgliteDir?: string;
  /** Who holds the embedded database, written into the lock file. */
  holder?: string;
  /** Where a stale lock that is taken over is reported. */
  warn?: (message: string) => void;
  /**
   * A tar made by dumpDataDir, loaded into the empty folder pgliteDir/db (the restore command), or into a
   * database in memory (the tests start from one migrated database instead of migrating each).
   */
  loadDataDir?: Blob;
}

export class DatabaseLockedError extends Error {}

/**
 * What the metrics read of an open database: its connections now, and each statement's time as it
 * ends. Kept beside the Db handle (the app only sees `Db`), found with dbProbe(db).
 */
export interface DbProbe {
  /** Connections in use and statements waiting for one (PGlite: one connection, the rest queue). */
  connections(): { inUse: number; idle: number; waiting: number };
  /** Calls listener with each statement's duration in seconds; answers the unsubscribe. */
  onQuery(listener: (seconds: number) => void): () => void;
}

const probes = new WeakMap<object, DbProbe>();
export const dbProbe = (db: Db): DbProbe | undefined => probes.get(db);

/** Listeners of statement durations; timing costs nothing while nobody listens. */
function queryTimer() {
  const listeners = new Set<(seconds: number) => void>();
  return {
    listeners,
    start(): (() => void) | undefined {
      if (listeners.size === 0) return undefined;
      const t0 = performance.now();
      return () => {
        const seconds = (performance.now() - t0) / 1000;
        for (const l of listeners) l(seconds);
      };
    },
    onQuery(listener: (seconds: number) => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

/** Calls done() when a statement ends, whether it answers through a callback (pg-pool) or a promise. */
function whenSettled(args: unknown[], call: (args: unknown[]) => unknown, done: (() => void) | undefined): unknown {
  if (!done) return call(args);
  const last = args[args.length - 1];
  if (typeof last === 'function') {
    const cb = last as (...a: unknown[]) => unknown;
    return call([...args.slice(0, -1), (...a: unknown[]) => (done(), cb(...a))]);
  }
  const result = call(args);
  if (result && typeof (result as Promise<unknown>).then === 'function') (result as Promise<unknown>).then(done, done);
  else done();
  return result;
}

const LOCK_NAME = 'portal.lock';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * When a process started, in clock ticks since boot (Linux: field 22 of /proc/PID/stat), so a PID that
 * the system has since given to another process is told apart from the one that wrote the lock.
 * undefined where /proc is not available.
 */
export function processStartTicks(pid: number): string | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count from the last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

interface LockOwner {
  pid?: number;
  startTicks?: string;
  holder?: string;
  since?: string;
}

/** The lock's owner is running: same PID and, where recorded and readable, the same start time. */
function ownerRunning(owner: LockOwner): boolean {
  if (!owner.pid || !isAlive(owner.pid)) return false;
  if (!owner.startTicks) return true;
  const now = processStartTicks(owner.pid);
  return now === undefined || now === owner.startTicks;
}

/**
 * PGlite is one process's database and takes no lock on its folder; two processes on the
 * same folder corrupt it. The lock file names its owner by PID and start time; a lock whose owner
 * is gone (or whose PID now belongs to another process) is taken over.
 */
export function takeLock(dir: string, holder: string, warn: (message: string) => void): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, LOCK_NAME);
  const me: LockOwner = { pid: process.pid, startTicks: processStartTicks(process.pid), holder };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, JSON.stringify({ ...me, since: new Date().toISOString() }), { flag: 'wx' });
      return () => {
        try {
          const owner = JSON.parse(fs.readFileSync(file, 'utf8')) as LockOwner;
          if (owner.pid === process.pid) fs.unlinkSync(file);
        } catch {
          /* already gone */
        }
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      let owner: LockOwner = {};
      try {
        owner = JSON.parse(fs.readFileSync(file, 'utf8')) as LockOwner;
      } catch {
        /* unreadable lock: treat as stale */
      }
      if (owner.pid !== process.pid && ownerRunning(owner)) {
        throw new DatabaseLockedError(
          `Die eingebettete Datenbank in ${dir} wird bereits verwendet (${owner.holder ?? 'Prozess'}, PID ${owner.pid}). ` +
            'Beenden Sie zuerst den Server oder verwenden Sie PostgreSQL über DATABASE_URL.',
        );
      }
      warn(
        `Veraltete Sperrdatei ${file} übernommen (${owner.holder ?? 'unbekannt'}, PID ${owner.pid ?? '?'}` +
          `${owner.since ? `, seit ${owner.since}` : ''}): der Prozess läuft nicht mehr.`,
      );
      fs.rmSync(file, { force: true });
    }
  }
  throw new DatabaseLockedError(`Sperrdatei ${file} konnte nicht angelegt werden.`);
}

const CUSTOM_PLAN_MARK = '/* custom plan */';
/**
 * Put first in a statement whose best plan depends on its values (a text search: a rare word reads
 * the trigram index, a common one the board in order): it stays unnamed, so PostgreSQL plans it for
 * its values each time instead of switching to one generic plan after five runs.
 */
export const customPlan: SQL = sql.raw(`${CUSTOM_PLAN_MARK} `);

/**
 * This process's name on its PostgreSQL connections (`application_name`, at most 63 bytes): another
 * process can tell from pg_stat_activity whether this one still lives (a crashed process's connections
 * end with it), as the idempotency keys do for a first request whose process is gone.
 */
export const PROCESS_NAME = `portal ${os.hostname().slice(0, 30)} ${process.pid} ${randomBytes(4).toString('hex')}`;

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const { Pool } = (await import('pg')).default;
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const statementMs = opts.statementTimeoutMs || undefined;
    const pool = new Pool({
      connectionString: opts.databaseUrl,
      application_name: PROCESS_NAME,
      max: opts.poolSize ?? 20,
      connectionTimeoutMillis: opts.connectTimeoutMs ?? 5000,
      // The server cancels a long statement; the client gives up a little later when the server
      // itself has stopped answering (then no cancel can arrive).
      statement_timeout: statementMs,
      query_timeout: statementMs && statementMs + 1000,
    });
    // Planning the board's five-table joins costs more than running them (about 1 ms against 0.3 ms).
    // Every parameterised query therefore becomes a named prepared statement, named after its text,
    // so each connection plans a query shape once. (Not for PgBouncer in transaction mode.)
    // An idle connection that the server ends (restart, failover) must not crash the process.
    pool.on('error', (err) =>
      console.error(JSON.stringify({ level: 50, msg: 'idle database connection failed', err: err.message })),
    );
    const timer = queryTimer();
    pool.on('connect', (client) => {
      // The pool listens only on idle connections. A checked-out one that the server ends between two
      // statements (a held advisory lock, a request between queries) would emit an unheard 'error' and
      // end the process; its holder learns of it from its next statement, and the pool drops it on release.
      client.on('error', () => undefined);
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      (client as unknown as { query: (...args: unknown[]) => unknown }).query = (
        config: unknown,
        ...rest: unknown[]
      ) => {
        if (
          config &&
          typeof config === 'object' &&
          'text' in config &&
          !(config as { name?: string }).name &&
          !(config as { text: string }).text.startsWith(CUSTOM_PLAN_MARK)
        ) {
          const c = config as { text: string; name?: string };
          config = { ...c, name: `q_${createHash('sha1').update(c.text).digest('base64url')}` };
        }
        return whenSettled([config, ...rest], (args) => query(...args), timer.start());
      };
    });
    const db = drizzle(pool, { schema, casing: 'snake_case' }) as unknown as Db;
    probes.set(db, {
      connections: () => ({
        inUse: pool.totalCount - pool.idleCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
      }),
      onQuery: timer.onQuery,
    });
    if (!opts.lazy) await db.execute(sql`select 1`);
    return {
      db,
      kind: 'postgres',
      async withLock(key, fn) {
        const conn = await pool.connect();
        try {
          await conn.query('select pg_advisory_lock($1)', [key]);
          return await fn();
        } finally {
          await conn.query('select pg_advisory_unlock($1)', [key]).catch(() => undefined);
          conn.release();
        }
      },
      async tryLock(key, fn) {
        const conn = await pool.connect();
        try {
          const { rows } = await conn.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [key]);
          if (!rows[0]?.ok) return false;
          try {
            await fn();
          } finally {
            await conn.query('select pg_advisory_unlock($1)', [key]).catch(() => undefined);
          }
          return true;
        } finally {
          conn.release();
        }
      },
      close: () => pool.end(),
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const extensions = { pg_trgm };
  const { drizzle } = await import('drizzle-orm/pglite');
  let release = () => {};
  let client;
  if (opts.pgliteDir) {
    release = takeLock(opts.pgliteDir, opts.holder ?? 'server', opts.warn ?? ((m) => console.warn(m)));
    try {
      client = await PGlite.create({
        dataDir: path.join(opts.pgliteDir, 'db'),
        extensions,
        loadDataDir: opts.loadDataDir,
      });
    } catch (e) {
      release();
      throw e;
    }
  } else {
    client = await PGlite.create({ extensions, loadDataDir: opts.loadDataDir });
  }
  // One connection: statements and transactions queue for it. Counted (and timed, queueing included)
  // for the metrics by wrapping the two calls drizzle makes, query and transaction.
  const timer = queryTimer();
  let busy = 0;
  type Queryable = { query: (...args: unknown[]) => Promise<unknown> };
  const timed = (target: Queryable) => {
    const query = target.query.bind(target);
    target.query = (...args) => whenSettled(args, (a) => query(...a), timer.start()) as Promise<unknown>;
  };
  const counted = <T>(p: Promise<T>) => {
    busy++;
    return p.finally(() => busy--);
  };
  const pglite = client as unknown as Queryable & {
    transaction: (fn: (tx: Queryable) => Promise<unknown>) => Promise<unknown>;
  };
  const query = pglite.query.bind(pglite);
  pglite.query = (...args) => counted(whenSettled(args, (a) => query(...a), timer.start()) as Promise<unknown>);
  const transaction = pglite.transaction.bind(pglite);
  pglite.transaction = (fn) =>
    counted(
      transaction((tx) => {
        timed(tx);
        return fn(tx);
      }),
    );
  const db = drizzle(client, { schema, casing: 'snake_case' }) as unknown as Db;
  probes.set(db, {
    connections: () => ({ inUse: Math.min(busy, 1), idle: busy ? 0 : 1, waiting: Math.max(0, busy - 1) }),
    onQuery: timer.onQuery,
  });
  return {
    db,
    kind: 'pglite',
    withLock: (_key, fn) => fn(),
    tryLock: async (_key, fn) => {
      await fn();
      return true;
    },
    dumpDataDir: () => client.dumpDataDir('none'),
    close: async () => {
      await client.close();
      release();
    },
  };
}
