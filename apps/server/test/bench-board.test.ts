// The board benchmark (bench/tasks-board.ts) at a small size, so `npm run bench` cannot rot between
// full runs: the embedded database filled, every board call answered 200 and measured beside bare Fastify.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';

const run = promisify(execFile);
const BENCH = fileURLToPath(new URL('../../../bench/', import.meta.url));

describe('board benchmark, small size', () => {
  it('prints median and 99th percentile of every call on the embedded database beside bare Fastify', async () => {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'tasks-board.ts'], {
      cwd: BENCH,
      env: { ...process.env, BENCH_TARGETS: '', BENCH_PGLITE_SIZES: '500', BENCH_REQUESTS: '20' },
      timeout: 120_000,
    });
    assert.match(stdout, /\[pglite 500\] filled 500 customers and 500 tasks/);
    assert.match(stdout, /### Embedded database \(PGlite\): one request at a time, 20 requests per call/);
    const rows = stdout.split('\n').filter((l) => /^\| (board|customer search)/.test(l));
    assert.equal(rows.length, 7, stdout);
    for (const row of rows) {
      // call | median / p99 | bare Fastify median / p99
      const cells = row.split('|').slice(2, -1).map((c) => c.trim());
      assert.equal(cells.length, 2, row);
      for (const cell of cells) {
        const [p50, p99] = cell.split(' / ').map(Number);
        assert.ok(p50! > 0 && p99! >= p50!, row);
      }
    }
  });
});
