import { spawn, type ChildProcess } from 'node:child_process';
import { after, before } from 'node:test';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AxeBuilder } from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { copyOfSeededDatabase } from './database.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const SCREENSHOT_DIR = path.join(ROOT, 'test-results', 'screenshots');

/** Debian's Chromium (or CHROME_PATH); a test never downloads a browser. */
export function chromePath(): string {
  const p = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  if (!fs.existsSync(p))
    throw new Error(`Chromium nicht gefunden unter ${p}: apt-get install -y chromium oder CHROME_PATH setzen.`);
  return p;
}

/** Chromium's flags in every test (a persistent profile, e2e/signage-offline.test.ts, starts with them too). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-quic',
  '--no-first-run',
  '--disable-component-update',
  '--disable-sync',
];

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromePath(), headless: true, args: CHROMIUM_ARGS });
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export interface RunningServer {
  url: string;
  dataDir: string;
  /** The PostgreSQL database it runs on (a second server may share it); null on the embedded one. */
  databaseUrl: string | null;
  logs: string[];
  stop(): Promise<void>;
}

/**
 * The real server as built (`npm run build`: server bundle and web app) with the demo seed, in a fresh
 * data folder: on a copy of a seeded PostgreSQL database when TEST_DATABASE_URL is set (database.ts),
 * else, or when `env` sets DATABASE_URL to '', on the embedded database; on `env.DATABASE_URL` when it
 * names one (a second process on the first one's database).
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-'));
  const logs: string[] = [];
  const base = process.env.TEST_DATABASE_URL;
  const database = base && env.DATABASE_URL === undefined ? await copyOfSeededDatabase(ROOT, base, port) : null;
  const child: ChildProcess = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: database?.url ?? '',
      REDIS_URL: '',
      NODE_ENV: 'test',
      SEED_DEMO: 'true',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOGIN_RATE_LIMIT: '1000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => logs.push(d.toString()));
  child.stderr!.on('data', (d: Buffer) => logs.push(d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) {
      await database?.drop();
      throw new Error(`server exited:\n${logs.join('')}`);
    }
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${logs.join('')}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    dataDir,
    logs,
    databaseUrl: database?.url ?? (env.DATABASE_URL || null),
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      await database?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The built app on a server of its own and a browser, for the describe block that calls this: both
 * start before its tests and close after them. `open()` gives a fresh context and page on the app.
 */
export function serverAndBrowser(env: Record<string, string> = {}) {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  before(async () => {
    server = await startServer(env);
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });
  const started = <T>(x: T | undefined): T => {
    if (x === undefined) throw new Error('serverAndBrowser: used before its before() hook ran');
    return x;
  };
  return {
    get server(): RunningServer {
      return started(server);
    },
    get browser(): Browser {
      return started(browser);
    },
    open: (opts?: { locale?: string; mobile?: boolean }) => newPage(started(browser), started(server).url, opts),
  };
}

export const DEMO = {
  admin: { email: 'admin@demo.at', password: 'Admin!demo2026' },
  agentAT: { email: 'agent.at@demo.at', password: 'Agent!demo2026' },
  agentEG: { email: 'agent.eg@demo.at', password: 'Agent!demo2026' },
  customer: { email: 'kunde@demo.at', password: 'Kunde!demo2026' },
};

const missingKeys = new WeakMap<Page, string[]>();

export async function newPage(
  browser: Browser,
  baseURL: string,
  opts: { locale?: string; mobile?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL,
    locale: opts.locale ?? 'de-AT',
    // No half-faded toast or modal under the contrast check: the app honours reduced motion.
    reducedMotion: 'reduce',
    viewport: opts.mobile ? { width: 390, height: 844 } : { width: 1280, height: 860 },
  });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  page.on('pageerror', (e) => console.error('pageerror:', e.message));
  // A string key with no text (e.g. its area's strings not loaded) is collected and fails screenshot().
  const missing: string[] = [];
  missingKeys.set(page, missing);
  // A Content-Security-Policy refusal would break a screen silently: make it loud.
  page.on('console', (m) => {
    if (m.type() === 'error' && m.text().includes('Content Security Policy')) console.error('CSP:', m.text());
    if (m.type() === 'warning' && m.text().startsWith('i18n: missing key')) missing.push(m.text());
  });
  return { context, page };
}

export async function signIn(page: Page, who: { email: string; password: string }, path = '/login'): Promise<void> {
  await page.goto(path);
  await page.getByLabel('E-Mail').fill(who.email);
  await page.getByLabel(/^Passwort/).fill(who.password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
}

/**
 * Every screen the suite photographs is also checked with axe: a serious or critical violation
 * fails the test, naming the rule and the elements.
 */
export async function checkAccessibility(page: Page, name: string): Promise<void> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  if (bad.length) {
    const lines = bad.map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help} — ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    );
    throw new Error(
      `accessibility of "${name}" (${await page.evaluate(() => document.documentElement.lang)}):\n${lines.join('\n')}`,
    );
  }
}

/**
 * Waits until the page's requests have settled: none in flight and none started for `quiet` ms (what
 * Playwright's `networkidle` does with 500 ms, here without the notification socket's own requests,
 * and usable after an in-app navigation, where no load event comes).
 */
function settledPage(page: Page) {
  let inFlight = 0;
  let last = Date.now();
  const counts = (url: string) => !url.includes('/socket.io/');
  page.on('request', (r) => {
    if (!counts(r.url())) return;
    inFlight += 1;
    last = Date.now();
  });
  const done = (r: { url(): string }) => {
    if (!counts(r.url())) return;
    inFlight = Math.max(0, inFlight - 1);
    last = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return async (quiet = 300) => {
    while (inFlight > 0 || Date.now() - last < quiet) await new Promise((r) => setTimeout(r, 50));
  };
}
const settlers = new WeakMap<Page, (quiet?: number) => Promise<void>>();
export const settled = (page: Page) => {
  let s = settlers.get(page);
  if (!s) settlers.set(page, (s = settledPage(page)));
  return s;
};

/**
 * Goes to `path` inside the running app, as a link does (the router hears the address change; no new
 * load of the page), so a walk through many screens costs each screen's own work only.
 */
export async function goInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/**
 * Mantine's component classes (`m_` and 8 hex digits) on the page that no loaded stylesheet styles:
 * a component whose CSS part is missing (the app loads Mantine's CSS in parts, src/styles/).
 */
export async function unstyledMantineClasses(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const used = new Map<string, string>();
    for (const el of Array.from(document.querySelectorAll('[class*="m_"]'))) {
      const classes = Array.from(el.classList);
      for (const c of classes)
        if (/^m_[0-9a-f]{8}$/.test(c) && !used.has(c))
          used.set(c, classes.find((k) => k.startsWith('mantine-')) ?? el.tagName.toLowerCase());
    }
    // Rules nested in @layer and @media blocks too (a loop: tsx would wrap a named helper function).
    let selectors = '';
    const lists: CSSRuleList[] = Array.from(document.styleSheets).map((sheet) => sheet.cssRules);
    while (lists.length) {
      for (const r of Array.from(lists.pop()!)) {
        if (r instanceof CSSStyleRule) selectors += r.selectorText + '\n';
        if ('cssRules' in r && (r as CSSGroupingRule).cssRules) lists.push((r as CSSGroupingRule).cssRules);
      }
    }
    return [...used].filter(([c]) => !selectors.includes(`.${c}`)).map(([c, who]) => `${c} (${who})`);
  });
}

export async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  // A transition still running (a button leaving its loading state, a slider sliding back) shows
  // half-faded colours: the picture and the contrast check wait for the finite ones to end.
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
      undefined,
      { timeout: 3000 },
    )
    .catch(() => {});
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
  const missing = [...new Set(missingKeys.get(page) ?? [])];
  if (missing.length) throw new Error(`"${name}" shows strings without text:\n${missing.join('\n')}`);
  const unstyled = await unstyledMantineClasses(page);
  if (unstyled.length) throw new Error(`"${name}" shows components without their CSS:\n${unstyled.join('\n')}`);
  await checkAccessibility(page, name);
}

/** The set-password token of the invitation mail to `email` (mails land in DATA_DIR/mail without SMTP). */
export async function invitationToken(dir: string, email: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.eml')) : [];
    for (const f of files) {
      const text = fs.readFileSync(path.join(dir, f), 'utf8').replace(/=\r?\n/g, '');
      if (!text.includes(email)) continue;
      const token = /set-password\?token=(?:3D)?([A-Za-z0-9_-]+)/.exec(text)?.[1];
      if (token) return token;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no invitation mail to ${email} in ${dir}`);
}

/**
 * Waits until an async condition in the page holds (Cache Storage, IndexedDB): `page.waitForFunction`
 * takes its predicate as synchronous, so a promise it returns counts as true at once (playwright#29132).
 * Each try is one `page.evaluate`, which awaits the promise.
 */
export async function waitForAsync<A>(
  page: Page,
  condition: (arg: A) => Promise<boolean>,
  arg: A,
  { timeout = 10_000, every = 100 }: { timeout?: number; every?: number } = {},
): Promise<void> {
  const until = Date.now() + timeout;
  for (;;) {
    if (await page.evaluate(condition as (arg: unknown) => Promise<boolean>, arg as unknown)) return;
    if (Date.now() > until) throw new Error(`waitForAsync: the condition did not hold within ${timeout} ms`);
    await new Promise((r) => setTimeout(r, every));
  }
}
