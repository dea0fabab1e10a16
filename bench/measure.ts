/**
 * What the API benchmarks share: a statement on the maintenance connection (scratch databases), a
 * call timed one request at a time (one user) and a child process that serves and prints one JSON line.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import readline from 'node:readline';
import pg from 'pg';

/** The PostgreSQL server the benchmarks use: BENCH_DATABASE_URL, else the tests', else the local one. */
export const BENCH_BASE_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** One statement on a connection of its own to the base database (create, drop). */
export async function admin(q: string): Promise<void> {
  const c = new pg.Client({ connectionString: BENCH_BASE_URL });
  await c.connect();
  try {
    await c.query(q);
  } finally {
    await c.end();
  }
}

/** The URL of database `name` on the benchmarks' server. */
export function databaseUrl(name: string): string {
  const u = new URL(BENCH_BASE_URL);
  u.pathname = `/${name}`;
  return u.toString();
}

/** One request after the other (after five unmeasured): median and 99th percentile in ms. */
export async function sequential(url: string, requests: number, token?: string): Promise<{ p50: number; p99: number }> {
  const headers = token ? { authorization: `Bearer ${token}` } : undefined;
  const times: number[] = [];
  for (let i = -5; i < requests; i++) {
    const t0 = performance.now();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${url}: ${res.status}`);
    if (i >= 0) times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => Math.round(times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)]! * 10) / 10;
  return { p50: at(0.5), p99: at(0.99) };
}

/** A child process running `script` under tsx; answers it with the first line it prints, parsed. */
export async function child<T>(script: string, env: Record<string, string>): Promise<{ proc: ChildProcess; lines: readline.Interface; info: T }> {
  const proc = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = readline.createInterface({ input: proc.stdout! });
  const [line] = (await once(lines, 'line')) as [string];
  return { proc, lines, info: JSON.parse(line) as T };
}
