// `npm run bench`: every benchmark in turn, each printing its table (copy them into the README).
import { spawnSync } from 'node:child_process';

for (const script of ['tasks-board.ts', 'rksv-orders.ts', 'rksv-cards.ts', 'cashbook.ts', 'stats.ts', 'realtime.ts', 'load.ts', 'page-weight.ts', 'lighthouse.ts', 'staff-screens.ts']) {
  console.log(`\n=== ${script}`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', script], {
    stdio: 'inherit',
    cwd: new URL('.', import.meta.url).pathname,
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
