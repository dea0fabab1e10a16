/**
 * The screens an agent lives in, signed in, from the production build served by the real server with the
 * demo data, in Debian's Chromium (issue 30):
 *
 * - the gzipped JavaScript every staff screen of the sidebar has loaded when its figures are usable (goal:
 *   at most 300 KB each) and, apart, what its chart adds (the chart library, which fills in after),
 * - Lighthouse's desktop performance score of the task board, the RKSV orders, the cashbook transactions
 *   and the signage devices (goal: at least 90 each),
 * - the time from a filter change on those four lists to its new rows shown, and how long a loading
 *   indicator was visible meanwhile (goal: no spinner longer than 300 ms).
 *
 * Signed in through the API (POST /auth/login) as the demo admin (every flag): the answer is put into
 * localStorage as the app keeps it (apps/web/src/lib/auth-storage.ts) before the screen loads.
 *   node --import tsx bench/staff-screens.ts   (run `npm run build` first)
 *   STAFF_RUNS=3 (runs per Lighthouse and filter figure, median), STAFF_PARTS=weight,lighthouse,filters
 *   STAFF_SCREENS=tasks,rksvorders limits Lighthouse and the weights to those screens ('' is the home screen).
 *   STAFF_FILES=1 also lists each screen's scripts by size (to find what a screen gained).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { chromium, type Browser, type Page } from 'playwright-core';
import { FLAGS } from '@portal/shared';
import { NAV_ENTRIES, mayOpen } from '../apps/web/src/app/agent/nav.js';
import { DEMO, launchBrowser, newPage, startServer, type RunningServer } from '../e2e/helpers.js';

const RUNS = Number(process.env.STAFF_RUNS ?? 3);
const PARTS = new Set((process.env.STAFF_PARTS ?? 'weight,lighthouse,filters').split(','));
const DIST = path.resolve(import.meta.dirname, '../apps/web/dist');
const BASE = '/agent-dashboard';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** The four lists of the issue. */
export const LIVED_IN = ['tasks', 'rksvorders', 'cashbook/transactions', 'ds/devices'] as const;

/** The demo admin's session as the app stores it (`toStoredUser`: expiresIn as an absolute time in ms). */
export async function storedSession(server: RunningServer, who = DEMO.admin): Promise<string> {
  const res = await fetch(`${server.url}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(who),
  });
  if (!res.ok) throw new Error(`sign-in: ${res.status} ${await res.text()}`);
  const user = (await res.json()) as { expiresIn: number };
  return JSON.stringify({ ...user, expiresIn: Date.now() + user.expiresIn * 1000 });
}

/** A loading indicator on the screen: a spinner, a skeleton, a list marked busy. */
const BUSY = 'main .mantine-Loader-root, main .mantine-Skeleton-root, main [aria-busy="true"]';
/** A chart's placeholder until the chart library is in (components/chart.tsx): its box, not the figures. */
const CHART_PENDING = '[data-chart-pending]';

/**
 * Usable: its heading shown, no loading indicator, no call of the API unanswered. What the screen loads
 * after that (code prefetched while the browser is idle) does not hold the person back and is not counted.
 * A chart still waiting for its library is not a loading indicator of the screen: the figures and tables
 * around it are shown and usable (the chart's box keeps its size, so nothing moves when it fills in).
 */
async function usable(page: Page, path: string): Promise<void> {
  const pending = new Set<unknown>();
  const api = (r: { url: () => string }) => /^\/(api|auth|web)\//.test(new URL(r.url()).pathname);
  page.on('request', (r) => api(r) && pending.add(r));
  page.on('requestfinished', (r) => pending.delete(r));
  page.on('requestfailed', (r) => pending.delete(r));
  await page.goto(path);
  await page.locator('main h1').first().waitFor();
  for (;;) {
    await page.waitForFunction(
      ({ busy, chart }) => {
        const shown = Array.from(document.querySelectorAll<HTMLElement>(busy)).filter(
          (e) => e.offsetParent !== null && !e.closest(chart),
        );
        return shown.length === 0;
      },
      { busy: BUSY, chart: CHART_PENDING },
    );
    if (pending.size === 0) return;
    await page.waitForEvent('requestfinished', { predicate: () => pending.size === 0 }).catch(() => undefined);
  }
}

async function signedInPage(browser: Browser, server: RunningServer, session: string) {
  const opened = await newPage(browser, server.url);
  // tsx names the functions it compiles (`__name(fn, "x")`); those handed to the page need it there too.
  await opened.page.addInitScript({ content: 'globalThis.__name = (f) => f;' });
  await opened.page.addInitScript((v) => {
    if (!localStorage.getItem('userData')) localStorage.setItem('userData', v);
  }, session);
  return opened;
}

export interface StaffWeight {
  screen: string;
  jsKb: number;
  cssKb: number;
  files: number;
  /** What the screen's chart loads after its figures are usable (the chart library), 0 without a chart. */
  chartKb: number;
}

const CHART_CHUNK = /^\/assets\/chart-impl-[^/]*\.js$/;
/** The chart library's chunk and what it imports (read from the built file). */
function chartFiles(chunk: string): Set<string> {
  const code = fs.readFileSync(path.join(DIST, chunk), 'utf8');
  const deps = [...code.matchAll(/from\s*"\.\/([^"]+\.js)"/g)].map((m) => `/assets/${m[1]}`);
  return new Set([chunk, ...deps]);
}

const gz = new Map<string, number>();
/** The gzipped size of a built file (as `vite build` reports it: level 9). */
function gzipKb(urlPath: string): number {
  let size = gz.get(urlPath);
  if (size === undefined) {
    size = gzipSync(fs.readFileSync(path.join(DIST, decodeURIComponent(urlPath))), { level: 9 }).length;
    gz.set(urlPath, size);
  }
  return size / 1024;
}

/** Every staff screen of the sidebar (as the admin sees it), each in a fresh context (an empty cache). */
export async function measureStaffWeights(server: RunningServer, browser: Browser, session: string) {
  const admin = { role: 'admin' as const, ...Object.fromEntries(FLAGS.map((f) => [f, true])) };
  const only = process.env.STAFF_SCREENS?.split(',');
  const screens = [{ path: '', label: '(home: task board)' }, ...NAV_ENTRIES.filter((e) => mayOpen(admin, e))].filter(
    (e) => !only || only.includes(e.path),
  );
  const out: StaffWeight[] = [];
  for (const e of screens) {
    const { context, page } = await signedInPage(browser, server, session);
    const loaded = new Map<string, string>();
    page.on('request', (req) => {
      const type = req.resourceType();
      const url = new URL(req.url());
      if ((type === 'script' || type === 'stylesheet') && url.origin === server.url && !loaded.has(url.pathname))
        loaded.set(url.pathname, type);
    });
    await usable(page, `${BASE}/${e.path}`);
    // What was asked for until then, whether or not it has arrived; the chart's library and what only it
    // imports (asked for after it) are the chart's, counted apart once the chart is drawn.
    const untilUsable = [...loaded];
    let chartKb = 0;
    let files = untilUsable;
    if ((await page.locator(CHART_PENDING).count()) > 0 || untilUsable.some(([p]) => CHART_CHUNK.test(p))) {
      await page.waitForFunction((chart) => document.querySelector(chart) === null, CHART_PENDING);
      const all = [...loaded];
      const at = all.findIndex(([p]) => CHART_CHUNK.test(p));
      const own = at < 0 ? new Set<string>() : chartFiles(all[at]![0]);
      const chart = all.slice(Math.max(at, 0)).filter(([p]) => own.has(p));
      chartKb = Math.round(chart.reduce((s, [p]) => s + gzipKb(p), 0) * 10) / 10;
      const chartSet = new Set(chart.map(([p]) => p));
      files = untilUsable.filter(([p]) => !chartSet.has(p));
    }
    if (process.env.STAFF_FILES)
      for (const [p] of files.filter(([, t]) => t === 'script').sort((a, b) => gzipKb(b[0]) - gzipKb(a[0])))
        console.log(`${e.path || '/'}\t${gzipKb(p).toFixed(1)} KB\t${p}`);
    const kb = (t: string) =>
      Math.round(files.filter(([, x]) => x === t).reduce((s, [p]) => s + gzipKb(p), 0) * 10) / 10;
    out.push({
      screen: `${BASE}/${e.path}`.replace(/\/$/, ''),
      jsKb: kb('script'),
      cssKb: kb('stylesheet'),
      files: files.length,
      chartKb,
    });
    await context.close();
  }
  return out;
}

export interface StaffLighthouse {
  screen: string;
  score: number;
  scores: number[];
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

/**
 * Lighthouse's desktop profile on the four lists, signed in: the session is put into the origin's
 * localStorage through the same Chromium, the HTTP cache emptied, and Lighthouse told not to reset the
 * storage (which would sign the page out).
 */
export async function measureStaffLighthouse(server: RunningServer, session: string): Promise<StaffLighthouse[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: '/usr/bin/chromium',
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const out: StaffLighthouse[] = [];
  try {
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    const prepare = async () => {
      const page = await browser.contexts()[0]!.newPage();
      await page.goto(`${server.url}/favicon.svg`);
      await page.evaluate((v) => localStorage.setItem('userData', v), session);
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.clearBrowserCache');
      await page.close();
    };
    const only = process.env.STAFF_SCREENS?.split(',');
    for (const screen of LIVED_IN.filter((x) => !only || only.includes(x))) {
      const runs: Omit<StaffLighthouse, 'scores'>[] = [];
      for (let i = 0; i < RUNS; i++) {
        // A run can fail on a busy two-core machine: up to two more tries.
        for (let attempt = 1; ; attempt++) {
          try {
            await prepare();
            const result = await lighthouse(
              `${server.url}${BASE}/${screen}`,
              {
                port: chrome.port,
                onlyCategories: ['performance'],
                logLevel: 'error',
                output: 'json',
                disableStorageReset: true,
              },
              desktopConfig,
            );
            const lhr = result?.lhr;
            if (!lhr) throw new Error('no result');
            if (lhr.runtimeError) throw new Error(lhr.runtimeError.message);
            if (!lhr.finalDisplayedUrl.includes(`${BASE}/${screen}`))
              throw new Error(`ended on ${lhr.finalDisplayedUrl}`);
            const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
            if (process.env.STAFF_FILES) {
              const shifts =
                (
                  lhr.audits['layout-shifts']?.details as
                    { items?: { score: number; node?: { snippet?: string; selector?: string } }[] } | undefined
                )?.items ?? [];
              if (process.env.STAFF_FILES === '2')
                console.log(JSON.stringify(lhr.audits['layout-shifts']?.details, null, 1).slice(0, 6000));
              for (const x of shifts.slice(0, 5))
                console.log(
                  `${screen}\tshift ${x.score.toFixed(3)}\t${x.node?.selector}\t${x.node?.snippet?.slice(0, 160)}`,
                );
            }
            runs.push({
              screen: `${BASE}/${screen}`,
              score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
              fcpMs: Math.round(audit('first-contentful-paint')),
              lcpMs: Math.round(audit('largest-contentful-paint')),
              tbtMs: Math.round(audit('total-blocking-time')),
              cls: Math.round(audit('cumulative-layout-shift') * 1000) / 1000,
            });
            break;
          } catch (e) {
            if (attempt === 3) throw new Error(`lighthouse ${screen}: ${(e as Error).message}`);
            console.error(`lighthouse ${screen}: ${(e as Error).message}; trying again`);
          }
        }
      }
      const m = (k: 'score' | 'fcpMs' | 'lcpMs' | 'tbtMs' | 'cls') => median(runs.map((r) => r[k]));
      out.push({
        screen: `${BASE}/${screen}`,
        score: m('score'),
        scores: runs.map((r) => r.score),
        fcpMs: m('fcpMs'),
        lcpMs: m('lcpMs'),
        tbtMs: m('tbtMs'),
        cls: m('cls'),
      });
    }
    await browser.close();
  } finally {
    chrome.kill();
  }
  return out;
}

interface FilterCase {
  screen: (typeof LIVED_IN)[number];
  change: string;
  /** The list whose rows the change replaces. */
  list: string;
  /** The list's call (its path starts so). */
  call: string;
  act: (page: Page) => Promise<void>;
}

/** Picks an option of a Mantine Select by its label. */
const choose = (label: string, option: string) => async (page: Page) => {
  await page.getByLabel(label, { exact: true }).first().click();
  await page.getByRole('option', { name: option, exact: true }).click();
};

const FILTER_CASES: FilterCase[] = [
  {
    screen: 'tasks',
    change: 'tab "Erledigt"',
    list: '[data-testid="task-list"], [data-testid="tasks-empty"]',
    call: '/api/get-tasks-from-admin/',
    act: (page) => page.getByTestId('task-tab-erledigt').click(),
  },
  {
    screen: 'rksvorders',
    change: 'Versandart "Abholung"',
    list: '[data-testid="rksv-orders"] tbody',
    call: '/api/rksv-orders',
    act: choose('Versandart', 'Abholung'),
  },
  {
    screen: 'cashbook/transactions',
    change: 'Typ "Ausgabe"',
    list: '[data-testid="cashbook-transactions"] tbody',
    call: '/api/cashbook/transactions',
    act: choose('Typ', 'Ausgabe'),
  },
  {
    screen: 'ds/devices',
    change: 'Status "Aktiv"',
    list: '[data-testid="devices-table"] tbody',
    call: '/api/okds-devices',
    act: choose('Status', 'Aktiv'),
  },
];

export interface FilterFigure {
  screen: string;
  change: string;
  rowsMs: number;
  spinnerMs: number;
  runs: number[];
  /** The list's call as the browser saw it (request sent to answer read), median. */
  callMs: number;
}

/** A bare Fastify route (bench/hello.ts, a process of its own) fetched by the same browser: the reference. */
export async function bareRouteMs(browser: Browser): Promise<number> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'hello.ts'], {
    cwd: import.meta.dirname,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  try {
    const [line] = (await once(child.stdout!, 'data')) as [Buffer];
    const { url } = JSON.parse(line.toString()) as { url: string };
    const page = await browser.newPage();
    const times = await page.evaluate(async (u) => {
      const out: number[] = [];
      for (let i = 0; i < 40; i++) {
        const t = performance.now();
        await (await fetch(u, { mode: 'no-cors', cache: 'no-store' })).arrayBuffer();
        out.push(performance.now() - t);
      }
      return out.slice(10);
    }, url);
    await page.close();
    return Math.round(median(times) * 10) / 10;
  } finally {
    child.kill();
  }
}

/**
 * From the click that changes a filter to the new rows on the screen (the list's text differs and
 * nothing is loading), read in the page at each frame; beside it, how long a loading indicator was
 * visible meanwhile. Each run in a fresh context on a screen already usable.
 */
export async function measureFilterChanges(server: RunningServer, browser: Browser, session: string) {
  const out: FilterFigure[] = [];
  for (const c of FILTER_CASES) {
    const rows: number[] = [];
    const spinners: number[] = [];
    const calls: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const { context, page } = await signedInPage(browser, server, session);
      await usable(page, `${BASE}/${c.screen}`);
      let callMs = NaN;
      page.on('requestfinished', (r) => {
        if (!new URL(r.url()).pathname.startsWith(c.call)) return;
        const t = r.timing();
        callMs = t.responseEnd - t.requestStart;
      });
      await page.evaluate(
        ({ list, busy }) => {
          const text = () =>
            Array.from(document.querySelectorAll(list))
              .map((e) => e.textContent)
              .join('|');
          const before = text();
          const w = window as unknown as { __filter: { start?: number; done?: number; spinner: number } };
          w.__filter = { spinner: 0 };
          // The change starts with the click (capture: before the app reacts to it).
          document.addEventListener('click', () => (w.__filter.start ??= performance.now()), { capture: true });
          let last = performance.now();
          const frame = () => {
            const now = performance.now();
            const loading = Array.from(document.querySelectorAll<HTMLElement>(busy)).some(
              (e) => e.offsetParent !== null,
            );
            if (w.__filter.start !== undefined && loading) w.__filter.spinner += now - last;
            last = now;
            if (w.__filter.start !== undefined && !loading && text() !== before && text() !== '') {
              w.__filter.done = now;
              return;
            }
            requestAnimationFrame(frame);
          };
          requestAnimationFrame(frame);
        },
        { list: c.list, busy: BUSY },
      );
      // The click that opens a select starts the clock too: the time counts from the option's click.
      await c.act(page);
      const figure = await page.waitForFunction(() => {
        const f = (window as unknown as { __filter: { start?: number; done?: number; spinner: number } }).__filter;
        return f.done !== undefined && f;
      });
      const f = (await figure.jsonValue()) as { start: number; done: number; spinner: number };
      rows.push(Math.round(f.done - f.start));
      spinners.push(Math.round(f.spinner));
      calls.push(Math.round(callMs));
      await context.close();
    }
    out.push({
      screen: `${BASE}/${c.screen}`,
      change: c.change,
      rowsMs: median(rows),
      spinnerMs: median(spinners),
      runs: rows,
      callMs: median(calls),
    });
  }
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const server = await startServer({
    NODE_ENV: 'production',
    SELLER_NAME: 'Bench GmbH',
    SELLER_ADDRESS: 'Ring 1, 1010 Wien',
    SELLER_UID: 'ATU12345678',
    PAYMENT_PROVIDER: 'local',
    SEED_DEMO: 'true',
  });
  const browser = await launchBrowser();
  try {
    const session = await storedSession(server);
    if (PARTS.has('weight')) {
      const rows = await measureStaffWeights(server, browser, session);
      console.log(
        '\n### Staff screens: gzipped JavaScript loaded until the figures are usable, signed in (goal: at most 300 KB)\n',
      );
      console.log('| screen | JavaScript KB | CSS KB | files | the chart\'s own JavaScript KB, after |');
      console.log('|---|---|---|---|---|');
      for (const r of rows)
        console.log(`| ${r.screen} | ${r.jsKb} | ${r.cssKb} | ${r.files} | ${r.chartKb ? r.chartKb : '–'} |`);
    }
    if (PARTS.has('lighthouse')) {
      const rows = await measureStaffLighthouse(server, session);
      console.log(
        `\n### Lighthouse performance, desktop preset, signed in, median of ${RUNS} runs (goal: at least 90)\n`,
      );
      console.log(
        '| screen | score (runs) | first contentful paint ms | largest contentful paint ms | total blocking time ms | layout shift |',
      );
      console.log('|---|---|---|---|---|---|');
      for (const r of rows)
        console.log(
          `| ${r.screen} | ${r.score} (${r.scores.join(', ')}) | ${r.fcpMs} | ${r.lcpMs} | ${r.tbtMs} | ${r.cls} |`,
        );
    }
    if (PARTS.has('filters')) {
      const rows = await measureFilterChanges(server, browser, session);
      const bare = await bareRouteMs(browser);
      console.log(
        `\n### Filter change to new rows, desktop, median of ${RUNS} runs (goal: no spinner longer than 300 ms)\n`,
      );
      console.log(
        '| list | change | to new rows ms (runs) | loading indicator shown ms | the list call ms | bare Fastify route ms |',
      );
      console.log('|---|---|---|---|---|---|');
      for (const r of rows)
        console.log(
          `| ${r.screen} | ${r.change} | ${r.rowsMs} (${r.runs.join(', ')}) | ${r.spinnerMs} | ${r.callMs} | ${bare} |`,
        );
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}
