/**
 * Lighthouse performance score of `/` and `/rksv` from the production build served by the real server,
 * in Debian's Chromium with Lighthouse's default mobile preset (simulated slow 4G, 4× CPU slowdown).
 * Three runs per page; the median is reported.
 *   node --import tsx bench/lighthouse.ts   (run `npm run build` first)
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startServer } from '../e2e/helpers.js';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];

export interface LighthouseFigure {
  page: string;
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function measureLighthouse(): Promise<LighthouseFigure[]> {
  const server = await startServer({ NODE_ENV: 'production', SELLER_NAME: 'Bench GmbH', SELLER_ADDRESS: 'Ring 1, 1010 Wien', SELLER_UID: 'ATU12345678', PAYMENT_PROVIDER: 'local', SEED_DEMO: 'true' });
  const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
  const out: LighthouseFigure[] = [];
  try {
    for (const page of ['/', '/rksv']) {
      const runs: LighthouseFigure[] = [];
      for (let i = 0; i < RUNS; i++) {
        // A run can fail on a busy two-core machine (a protocol timeout, no navigation start in the
        // trace): up to two more tries, then give up.
        const once = async () => {
          const result = await lighthouse(server.url + page, {
            port: chrome.port,
            onlyCategories: ['performance'],
            logLevel: 'error',
            output: 'json',
          });
          if (!result) throw new Error('no result');
          if (result.lhr.runtimeError) throw new Error(result.lhr.runtimeError.message);
          return result.lhr;
        };
        let lhr: Awaited<ReturnType<typeof once>> | null = null;
        for (let attempt = 1; !lhr; attempt++) {
          try {
            lhr = await once();
          } catch (e) {
            if (attempt === 3) throw new Error(`lighthouse ${page}: ${(e as Error).message}`);
            console.error(`lighthouse ${page}: ${(e as Error).message}; trying again`);
          }
        }
        const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
        runs.push({
          page,
          score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          fcpMs: Math.round(audit('first-contentful-paint')),
          lcpMs: Math.round(audit('largest-contentful-paint')),
          tbtMs: Math.round(audit('total-blocking-time')),
          cls: Math.round(audit('cumulative-layout-shift') * 1000) / 1000,
        });
      }
      out.push({
        page,
        score: median(runs.map((r) => r.score)),
        fcpMs: median(runs.map((r) => r.fcpMs)),
        lcpMs: median(runs.map((r) => r.lcpMs)),
        tbtMs: median(runs.map((r) => r.tbtMs)),
        cls: median(runs.map((r) => r.cls)),
      });
    }
  } finally {
    chrome.kill();
    await server.stop();
  }
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await measureLighthouse();
  console.log(`\n### Lighthouse performance, mobile preset, median of ${RUNS} runs (goal: at least 95)\n`);
  console.log(
    '| page | score | first contentful paint ms | largest contentful paint ms | total blocking time ms | layout shift |',
  );
  console.log('|---|---|---|---|---|---|');
  for (const r of rows) console.log(`| ${r.page} | ${r.score} | ${r.fcpMs} | ${r.lcpMs} | ${r.tbtMs} | ${r.cls} |`);
}
