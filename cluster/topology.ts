/**
 * The production topology of deploy/ on this machine, for the cluster test and the throughput figures:
 * a PostgreSQL and a Redis of their own (Debian's initdb/pg_ctl and redis-server on free ports in
 * temporary folders, so stopping them disturbs no other suite), a local S3-compatible store, HAProxy with
 * the operator's deploy/haproxy.cfg (only its addresses changed), and portal processes from the built
 * apps/server/dist/main.js, restarted like systemd's Restart=always does.
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const MAIN_JS = path.join(ROOT, 'apps/server/dist/main.js');
const HAPROXY_CFG = path.join(ROOT, 'deploy/haproxy.cfg');

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

/** Keeps the last lines a child wrote (into `lines`, shared by a process's restarts), for the message when something fails. */
function tail(child: ChildProcess, keep = 200, lines: string[] = []): () => string {
  const take = (d: Buffer) => {
    lines.push(...d.toString().split('\n').filter(Boolean));
    if (lines.length > keep) lines.splice(0, lines.length - keep);
  };
  child.stdout?.on('data', take);
  child.stderr?.on('data', take);
  return () => lines.join('\n');
}

async function until(what: string, check: () => Promise<boolean> | boolean, timeoutMs: number, logs?: () => string) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return;
    await sleep(100);
  }
  throw new Error(`${what}: not within ${timeoutMs} ms${logs ? `\n${logs()}` : ''}`);
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) =>
    child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve()),
  );

/** Debian's PostgreSQL binaries (the newest installed major), or PG_BIN. */
function pgBin(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const base = '/usr/lib/postgresql';
  const majors = fs.existsSync(base) ? fs.readdirSync(base).sort((a, b) => Number(b) - Number(a)) : [];
  for (const m of majors) if (fs.existsSync(path.join(base, m, 'bin/pg_ctl'))) return path.join(base, m, 'bin');
  throw new Error('PostgreSQL-Programme nicht gefunden (apt-get install postgresql, oder PG_BIN setzen)');
}

/** initdb and the server refuse to run as root: as root they run as Debian's postgres user. */
function asPostgres(bin: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
}

export interface OwnPostgres {
  url: string;
  port: number;
  /** The postmaster's PID (for its CPU time and its backends'). */
  pid(): number;
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

/** A PostgreSQL cluster of the test's own: initdb into a temporary folder, pg_ctl on a free port. */
export async function startPostgres(): Promise<OwnPostgres> {
  const bin = pgBin();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-cluster-pg-'));
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres:postgres', dir]);
  const data = path.join(dir, 'data');
  const port = await freePort();
  const run = (tool: string, args: string[]) => {
    const [cmd, argv] = asPostgres(path.join(bin, tool), args);
    execFileSync(cmd, argv, { stdio: ['ignore', 'ignore', 'pipe'] });
  };
  run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200 -c fsync=off -c full_page_writes=off`;
  const ctl = (action: 'start' | 'stop', extra: string[] = []) =>
    run('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), '-o', options, '-w', '-t', '60', ...extra, action]);
  ctl('start');
  run('createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', 'portal']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/portal`,
    port,
    pid: () => Number(fs.readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]),
    // Fast: the backends are ended (clients see 57P01), like a restart by the operator or a failover.
    stop: async () => ctl('stop', ['-m', 'fast']),
    start: async () => ctl('start'),
    close: async () => {
      try {
        ctl('stop', ['-m', 'immediate']);
      } catch {
        /* already stopped */
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface OwnRedis {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

/** A redis-server of the test's own on a free port, without persistence. */
export async function startRedis(): Promise<OwnRedis> {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-cluster-redis-'));
  let child: ChildProcess | undefined;
  const start = async () => {
    const c = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    child = c;
    const logs = tail(c);
    await until('redis-server', () => canConnect(port), 10_000, logs);
  };
  const stop = async () => {
    if (!child) return;
    const c = child;
    child = undefined;
    c.kill('SIGTERM');
    await exited(c);
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    stop,
    start,
    close: async () => {
      await stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
  });
}

export interface Haproxy {
  url: string;
  close(): Promise<void>;
}

/**
 * HAProxy with deploy/haproxy.cfg as the operator installs it: only the listening address and the
 * processes' ports are replaced, so the checks, stickiness, timeouts and retries under test are the file's.
 */
export async function startHaproxy(backendPorts: number[], requestLog?: string): Promise<Haproxy> {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-cluster-haproxy-'));
  const original = fs.readFileSync(HAPROXY_CFG, 'utf8');
  const servers = backendPorts.map((p, i) => `  server p${i + 1} 127.0.0.1:${p} check cookie p${i + 1}`).join('\n');
  const cfg = original
    .replace(/^\s*bind :80$/m, `  bind 127.0.0.1:${port}`)
    .replace(/(^\s*server p\d .*\n?)+/m, `${servers}\n`)
    // Request lines would flood the test's output: kept only in a file asked for (a failed run's
    // termination states). The rest of the file is kept as it is.
    .replace(/^\s*log stdout.*$/m, (line) => (requestLog ? line : ''));
  if (!cfg.includes(`bind 127.0.0.1:${port}`) || !cfg.includes(servers))
    throw new Error('deploy/haproxy.cfg: bind or server lines not found');
  const file = path.join(dir, 'haproxy.cfg');
  fs.writeFileSync(file, cfg);
  const bin = fs.existsSync('/usr/sbin/haproxy') ? '/usr/sbin/haproxy' : 'haproxy';
  const child = spawn(bin, ['-f', file, '-db'], { stdio: ['ignore', 'pipe', 'pipe'] });
  if (requestLog) child.stdout?.pipe(fs.createWriteStream(requestLog));
  const logs = tail(child);
  await until('haproxy', () => canConnect(port), 10_000, logs);
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      child.kill('SIGTERM');
      await exited(child);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** CPU seconds a process has used (user + system), from /proc: for the CPU time per request. */
export function cpuSeconds(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of stat (index 11 and 12 after the name).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** CPU seconds of a process and all its children now alive (PostgreSQL's postmaster and its backends). */
export function treeCpuSeconds(rootPid: number): number {
  let total = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (Number(entry) === rootPid || ppid === rootPid) total += cpuSeconds(Number(entry));
    } catch {
      /* ended meanwhile */
    }
  }
  return total;
}

/** Resident memory of a process in MiB (VmRSS). */
export function rssMiB(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Math.round(Number(m[1]) / 1024) : 0;
  } catch {
    return 0;
  }
}

/**
 * One portal process (what portal@PORT.service runs): started again after it ends, as systemd's
 * Restart=always with RestartSec does, unless the test stopped it for good.
 */
export class PortalProcess {
  child: ChildProcess | undefined;
  private readonly lines: string[] = [];
  private logs: () => string = () => '';
  private keep = true;
  /** Every start after the first: by the supervisor after a crash, or by the test after a restart. */
  starts = 0;

  constructor(
    readonly name: string,
    readonly port: number,
    private readonly env: Record<string, string>,
    private readonly restartSecMs = 2000,
  ) {}

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  get pid() {
    return this.child?.pid ?? 0;
  }

  /** Starts the process; with `wait`, until its /readyz answers 200. */
  async start(wait = true): Promise<void> {
    this.keep = true;
    this.starts++;
    const child = spawn(process.execPath, [MAIN_JS], {
      env: { ...process.env, ...this.env, PORT: String(this.port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    this.logs = tail(child, 400, this.lines);
    child.once('exit', () => {
      if (this.child !== child || !this.keep) return;
      // systemd's Restart=always: a process that ended is started again after RestartSec.
      setTimeout(() => {
        if (this.child === child && this.keep) void this.start(false);
      }, this.restartSecMs);
    });
    if (wait) await this.ready(60_000);
  }

  async ready(timeoutMs: number): Promise<void> {
    await until(
      `${this.name} /readyz`,
      () => isReady(this.url),
      timeoutMs,
      () => this.output(),
    );
  }

  output(): string {
    return this.logs();
  }

  /** What `systemctl restart` does: SIGTERM, wait for the drain and the exit, start again, ready. */
  async restart(): Promise<void> {
    const child = this.child;
    this.keep = false;
    if (child) {
      child.kill('SIGTERM');
      await exited(child);
    }
    await this.start(true);
  }

  /** A crash: SIGKILL, nothing drained; the supervisor starts it again after RestartSec. */
  kill9(): void {
    this.child?.kill('SIGKILL');
  }

  async stop(): Promise<void> {
    this.keep = false;
    const child = this.child;
    if (!child) return;
    child.kill('SIGTERM');
    await exited(child);
  }
}

export async function isReady(base: string): Promise<boolean> {
  try {
    const r = await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(2000) });
    await r.arrayBuffer();
    return r.ok;
  } catch {
    return false;
  }
}

export const waitFor = until;
