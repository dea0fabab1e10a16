// The board benchmark (bench/tasks-board.ts) at a small size, so `npm run bench` cannot rot between
// full runs: both databases filled, every call answered 200 and measured beside bare Fastify.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';

const run = promisify(execFile);
const BENCH = fileURLToPath(new URL('../../../bench/', import.meta.url));
const postgres = Boolean(process.env.TEST_DATABASE_URL);

/** The table rows of one section: each call's median and 99th percentile, then bare Fastify's. */
function tableRows(stdout: string, heading: RegExp): string[][] {
  const from = stdout.search(heading);
  assert.ok(from >= 0, `${heading} missing:\n${stdout}`);
  const rest = stdout.slice(from + 4);
  const section = rest.slice(0, rest.includes('###') ? rest.indexOf('###') : undefined);
  const rows = section.split('\n').filter((l) => /^\| (board|customer search)/.test(l));
  return rows.map((r) =>
    r
      .split('|')
      .slice(2, -1)
      .map((c) => c.trim()),
  );
}

describe('board benchmark, small size', () => {
  it('prints median and 99th percentile of every call on both databases beside bare Fastify', async () => {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'tasks-board.ts'], {
      cwd: BENCH,
      env: {
        ...process.env,
        BENCH_POSTGRES: postgres ? '1' : '0',
        BENCH_ROWS: '1500',
        BENCH_CUSTOMERS: '1000',
        BENCH_SECONDS: '0',
        BENCH_PGLITE_SIZES: '500',
        BENCH_REQUESTS: '15',
      },
      timeout: 150_000,
    });
    assert.match(stdout, /\[pglite 500\] filled 500 customers and 500 tasks/);
    const embedded = tableRows(stdout, /### Embedded database \(PGlite\): one request at a time, 15 requests per call/);
    assert.equal(embedded.length, 7, stdout);
    for (const cells of embedded) {
      assert.equal(cells.length, 2, cells.join('|'));
      for (const cell of cells) {
        const [p50, p99] = cell.split(' / ').map(Number);
        assert.ok(p50! > 0 && p99! >= p50!, cells.join('|'));
      }
    }
    if (!postgres) return;
    assert.match(stdout, /\[postgres\] filled 1000 customers and 1500 tasks/);
    const pg = tableRows(
      stdout,
      /### PostgreSQL, 1,500 tasks and 1,000 customers: one request at a time, 15 requests per call/,
    );
    assert.ok(pg.length >= 20, stdout);
    for (const [p50, p99, bare] of pg) {
      assert.ok(Number(p50) > 0 && Number(p99) >= Number(p50), `${p50} ${p99}`);
      assert.match(bare!, /^[\d.]+ \/ [\d.]+$/);
    }
  });
});
