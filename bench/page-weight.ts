/**
 * What a person's browser loads: gzipped JavaScript and CSS of `/`, `/rksv`, `/login` and the task
 * board, from the production build served by the real server, in Debian's Chromium.
 *   node --import tsx bench/page-weight.ts   (run `npm run build` first)
 *   PAGE_WEIGHT_FILES=1 ... also lists each page's files by size (to find what a page gained).
 */
import { gzipSync } from 'node:zlib';
import { DEMO, launchBrowser, newPage, signIn, startServer } from '../e2e/helpers.js';

export interface PageWeight {
  page: string;
  jsKb: number;
  cssKb: number;
  requests: number;
}

export async function measurePageWeights(): Promise<PageWeight[]> {
  const server = await startServer({ NODE_ENV: 'production', SELLER_NAME: 'Bench GmbH', SELLER_ADDRESS: 'Ring 1, 1010 Wien', SELLER_UID: 'ATU12345678', PAYMENT_PROVIDER: 'local', SEED_DEMO: 'true' });
  const browser = await launchBrowser();
  const out: PageWeight[] = [];
  try {
    for (const [name, path, who] of [
      ['/ (landing)', '/', null],
      ['/rksv', '/rksv', null],
      ['/login', '/login', null],
      ['task board', '/agent-dashboard/tasks', DEMO.admin],
    ] as const) {
      let stored: string | null = null;
      if (who) {
        // Sign in once, then measure in a fresh context that starts with the session (an empty cache).
        const first = await newPage(browser, server.url, { mobile: true });
        await signIn(first.page, who);
        await first.page.waitForURL('**/agent-dashboard');
        stored = await first.page.evaluate(() => localStorage.getItem('userData'));
        await first.context.close();
      }
      const { context, page } = await newPage(browser, server.url, { mobile: true });
      if (stored) await page.addInitScript((v) => localStorage.setItem('userData', v), stored);
      const bodies = new Map<string, { type: string; size: number }>();
      page.on('response', (res) => {
        const type = res.request().resourceType();
        if (type !== 'script' && type !== 'stylesheet') return;
        void res
          .body()
          .then((b) => bodies.set(res.url(), { type, size: gzipSync(b, { level: 9 }).length }))
          .catch(() => undefined);
      });
      await page.goto(path, { waitUntil: 'networkidle' });
      if (who) await page.locator('[data-testid^="task-card-"]').first().waitFor();
      await page.waitForTimeout(300);
      const list = [...bodies.values()];
      if (process.env.PAGE_WEIGHT_FILES)
        for (const [url, b] of [...bodies].sort((x, y) => y[1].size - x[1].size))
          console.log(`${name}\t${(b.size / 1024).toFixed(1)} KB\t${new URL(url).pathname}`);
      const kb = (t: string) => Math.round((list.filter((b) => b.type === t).reduce((s, b) => s + b.size, 0) / 1024) * 10) / 10;
      out.push({ page: name, jsKb: kb('script'), cssKb: kb('stylesheet'), requests: list.length });
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await measurePageWeights();
  console.log('\n### Page weight (gzipped, as loaded by Chromium; goal for public pages: under 150 KB of JavaScript)\n');
  console.log('| page | JavaScript KB | CSS KB | files |');
  console.log('|---|---|---|---|');
  for (const r of rows) console.log(`| ${r.page} | ${r.jsKb} | ${r.cssKb} | ${r.requests} |`);
}
