import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import type { Page, Response } from 'playwright-core';
import { FLAGS, ROLE_IDS, type Flag } from '@portal/shared';
import { NAV_ENTRIES, type NavEntry } from '../apps/web/src/app/agent/nav.js';
import { DEMO, goInApp, invitationToken, serverAndBrowser, settled, signIn } from './helpers.js';

/**
 * The sidebar (apps/web/src/app/agent/nav.ts, which also drives the route guards) against the server
 * (issue 28): for every sidebar entry, an agent with exactly the entry's flags opens its screen and no
 * call the screen makes answers 401 or 403; an agent missing any one of them sees no entry and is
 * sent back from the URL. Admin-only entries: an admin opens them, an agent with every flag does not.
 * An admin with every flag opens every entry without a refused call, too (admins call admin variants).
 */

/**
 * Reference lists every staff member reads (the names of countries, roles and agent levels that forms
 * and filters offer; `staff` preset in modules/users/routes.ts): no area's data, so no entry's flags
 * gate them. The create-agent form reads all three, the task forms the countries. The service calendars
 * and policies (issue 31) likewise: every staff member reads them (the time left on a task), admins
 * alone change them, so the admins' Servicezeiten screen reads them too.
 */
const STAFF_REFERENCE = new Set([
  '/api/countries',
  '/api/roles',
  '/api/agent-levels',
  '/api/service-calendars',
  '/api/sla-policies',
]);

const key = (flags: readonly Flag[]) => [...flags].sort().join('+') || 'none';

/** Each flag set the test signs in with: every entry's own, and each of them less one flag. */
function flagSets(): Flag[][] {
  const sets = new Map<string, Flag[]>([['none', []]]);
  for (const e of NAV_ENTRIES) {
    const flags = e.flags ?? [];
    sets.set(key(flags), [...flags]);
    for (const f of flags) {
      const less = flags.filter((x) => x !== f);
      sets.set(key(less), less);
    }
  }
  sets.set(key(FLAGS), [...FLAGS]);
  return [...sets.values()];
}

interface Refusal {
  status: number;
  url: string;
}

/**
 * Every /api/ answer the page gets from now on: the 401 and 403 among them, and the GET calls made
 * (path with query) with the screen that made them (the page's path when the request left: a late call
 * of the screen before is not the next screen's); `take(screen)` hands them over, the GETs of that
 * screen only when it is named, and starts anew.
 */
function recordCalls(page: Page) {
  let refusals: Refusal[] = [];
  let gets: { screen: string; url: string }[] = [];
  const madeOn = new WeakMap<object, string>();
  page.on('request', (r) => madeOn.set(r, new URL(page.url()).pathname));
  page.on('response', (r: Response) => {
    const u = new URL(r.url());
    if (!u.pathname.startsWith('/api/')) return;
    const method = r.request().method();
    if (method === 'GET') gets.push({ screen: madeOn.get(r.request()) ?? '', url: `${u.pathname}${u.search}` });
    if (r.status() === 401 || r.status() === 403)
      refusals.push({ status: r.status(), url: `${method} ${u.pathname}${u.search}` });
  });
  return {
    take: (screen?: string) => {
      const out = {
        refusals,
        gets: [...new Set(gets.filter((g) => screen === undefined || g.screen === screen).map((g) => g.url))],
      };
      refusals = [];
      gets = [];
      return out;
    },
  };
}

async function sidebarPaths(page: Page): Promise<string[]> {
  await page.getByTestId('sidebar').waitFor();
  return page.$$eval('[data-testid^="nav-"]', (els) => els.map((e) => e.getAttribute('data-testid')!.slice(4)));
}

/**
 * Opens the entry's screen and waits until its calls have settled. `inApp`: as the sidebar link does,
 * inside the running app (the router hears the address change); otherwise a visit of the address, where
 * the guard decides once the session is known and, when `expectHome`, sends the caller home.
 */
async function openEntry(
  page: Page,
  e: NavEntry,
  how: { expectHome?: boolean; inApp?: boolean } = {},
): Promise<string> {
  const wait = settled(page);
  const target = `/agent-dashboard/${e.path}`;
  if (how.inApp) await goInApp(page, target);
  else await page.goto(target);
  await wait();
  if (how.expectHome)
    await page.waitForURL((u) => u.pathname === '/agent-dashboard', { timeout: 5000 }).catch(() => undefined);
  return new URL(page.url()).pathname;
}

describe('every sidebar entry against the access of the calls its screen makes', () => {
  const app = serverAndBrowser();
  const password = 'Nav-Zugang-2026!';
  const sets = flagSets();
  const emailOf = (flags: readonly Flag[]) => `nav-${sets.findIndex((s) => key(s) === key(flags))}@demo.at`;

  /** One agent per flag set, created as an admin does it (invitation mail, first password by its link). */
  before(async () => {
    const base = app.server.url;
    const login = await fetch(`${base}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DEMO.admin),
    });
    assert.equal(login.status, 200);
    const { accessToken } = (await login.json()) as { accessToken: string };
    for (const flags of sets) {
      const email = emailOf(flags);
      const res = await fetch(`${base}/api/create-user`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
        body: JSON.stringify({
          name: `Nav ${key(flags)}`,
          email,
          tel: '+43 1 234',
          country: 1,
          role: ROLE_IDS.agent,
          agentLevel: 1,
          permissions: flags,
        }),
      });
      assert.equal(res.status, 200, await res.text());
      const token = await invitationToken(path.join(app.server.dataDir, 'mail'), email);
      const set = await fetch(`${base}/auth/set-password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token, password }),
      });
      assert.equal(set.status, 200, await set.text());
    }
  });

  /** Signs in as the agent with these flags on a fresh page that records its calls. */
  async function agentWith(flags: readonly Flag[]) {
    const { context, page } = await app.open();
    const rec = recordCalls(page);
    settled(page);
    await signIn(page, { email: emailOf(flags), password });
    await page.waitForURL('**/agent-dashboard');
    // The home screen's own calls settle before any entry is opened (else they count as the entry's).
    await settled(page)();
    return { context, page, rec };
  }

  const tokens = new Map<string, string>();
  /** A session of the agent with these flags, for calling the server directly. */
  async function tokenOf(who: { email: string; password: string }): Promise<string> {
    const kept = tokens.get(who.email);
    if (kept) return kept;
    const res = await fetch(`${app.server.url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(who),
    });
    const body = await res.text();
    assert.equal(res.status, 200, body);
    const { accessToken } = JSON.parse(body) as { accessToken: string };
    tokens.set(who.email, accessToken);
    return accessToken;
  }
  const statusOf = async (url: string, token: string) =>
    (await fetch(`${app.server.url}${url}`, { headers: { authorization: `Bearer ${token}` } })).status;

  /**
   * The calls every staff page makes whatever its screen (the shell: session, notifications, settings),
   * learnt from a flagless agent's home, profile and settings pages: what remains of a screen's calls
   * is its area's, and those an agent without the entry's flags must be refused.
   */
  let shellCalls = new Set<string>();
  const areaCalls = (gets: string[]) =>
    gets.filter((g) => {
      const p = new URL(g, 'http://x').pathname;
      return !shellCalls.has(p) && !STAFF_REFERENCE.has(p);
    });

  it("an agent with exactly an entry's flags sees it and opens its screen without a refused call; one flag less: no entry, no screen, and the server refuses the screen's calls", async () => {
    const problems: string[] = [];
    const bare = await agentWith([]);
    for (const p of ['/agent-dashboard', '/agent-dashboard/profile', '/agent-dashboard/settings']) {
      await bare.page.goto(p);
      await settled(bare.page)();
    }
    shellCalls = new Set(bare.rec.take().gets.map((g) => new URL(g, 'http://x').pathname));
    await bare.context.close();

    const byFlags = new Map<string, NavEntry[]>();
    for (const e of NAV_ENTRIES.filter((x) => !x.adminOnly)) {
      byFlags.set(key(e.flags ?? []), [...(byFlags.get(key(e.flags ?? [])) ?? []), e]);
    }
    for (const entries of byFlags.values()) {
      const flags = entries[0]!.flags ?? [];
      const { context, page, rec } = await agentWith(flags);
      const shown = await sidebarPaths(page);
      rec.take();
      const calls = new Map<string, string[]>();
      for (const e of entries) {
        if (!shown.includes(e.path)) problems.push(`${e.path}: not in the sidebar of an agent with ${key(flags)}`);
        const at = await openEntry(page, e, { inApp: true });
        if (at !== `/agent-dashboard/${e.path}`)
          problems.push(`${e.path}: an agent with ${key(flags)} was sent to ${at}`);
        const seen = rec.take(`/agent-dashboard/${e.path}`);
        for (const r of seen.refusals) problems.push(`${e.path} (${key(flags)}): ${r.url} answered ${r.status}`);
        calls.set(e.path, areaCalls(seen.gets));
      }
      await context.close();

      for (const f of flags) {
        const less = flags.filter((x) => x !== f);
        const other = await agentWith(less);
        const token = await tokenOf({ email: emailOf(less), password });
        const visible = await sidebarPaths(other.page);
        for (const [i, e] of entries.entries()) {
          if (visible.includes(e.path)) problems.push(`${e.path}: in the sidebar of an agent without ${f}`);
          // The first by its address (a bookmark, a typed URL: the guard decides on a fresh load), the
          // others inside the running app (a link followed).
          const at = await openEntry(other.page, e, { expectHome: true, inApp: i > 0 });
          if (at !== '/agent-dashboard') problems.push(`${e.path}: an agent without ${f} stayed on ${at}`);
          else if (
            !(await other.page
              .getByTestId('shell-notice')
              .getByText('Kein Zugriff auf diesen Bereich.')
              .waitFor({ timeout: 3000 })
              .then(() => true)
              .catch(() => false))
          )
            problems.push(`${e.path}: an agent without ${f} was sent home without "Kein Zugriff auf diesen Bereich."`);
          for (const url of calls.get(e.path) ?? []) {
            const status = await statusOf(url, token);
            if (status !== 403) problems.push(`${e.path}: GET ${url} answers ${status} to an agent without ${f}`);
          }
        }
        await other.context.close();
      }
    }
    assert.deepEqual(problems, []);
  });

  it('admin-only entries: an admin opens them without a refused call; an agent with every flag neither sees nor opens them, and the server refuses their calls', async () => {
    const problems: string[] = [];
    const adminOnly = NAV_ENTRIES.filter((e) => e.adminOnly);
    assert.ok(adminOnly.length > 0);
    const { context, page } = await app.open();
    const rec = recordCalls(page);
    settled(page);
    await signIn(page, DEMO.admin);
    await page.waitForURL('**/agent-dashboard');
    await settled(page)();
    const shown = await sidebarPaths(page);
    rec.take();
    const calls = new Map<string, string[]>();
    for (const e of adminOnly) {
      if (!shown.includes(e.path)) problems.push(`${e.path}: not in the admin's sidebar`);
      const at = await openEntry(page, e);
      if (at !== `/agent-dashboard/${e.path}`) problems.push(`${e.path}: the admin was sent to ${at}`);
      const seen = rec.take(`/agent-dashboard/${e.path}`);
      for (const r of seen.refusals) problems.push(`${e.path} (admin): ${r.url} answered ${r.status}`);
      calls.set(e.path, areaCalls(seen.gets));
    }
    await context.close();

    const agent = await agentWith(FLAGS);
    const token = await tokenOf({ email: emailOf(FLAGS), password });
    const visible = await sidebarPaths(agent.page);
    for (const e of adminOnly) {
      if (visible.includes(e.path)) problems.push(`${e.path}: in an agent's sidebar`);
      const at = await openEntry(agent.page, e, { expectHome: true });
      if (at !== '/agent-dashboard') problems.push(`${e.path}: an agent stayed on ${at}`);
      for (const url of calls.get(e.path) ?? []) {
        const status = await statusOf(url, token);
        if (status !== 403) problems.push(`${e.path}: GET ${url} answers ${status} to an agent`);
      }
    }
    await agent.context.close();
    assert.deepEqual(problems, []);
  });

  it('an admin with every flag opens every entry without a refused call', async () => {
    const problems: string[] = [];
    const { context, page } = await app.open();
    const rec = recordCalls(page);
    settled(page);
    await signIn(page, DEMO.admin);
    await page.waitForURL('**/agent-dashboard');
    await settled(page)();
    rec.take();
    for (const e of NAV_ENTRIES) {
      const at = await openEntry(page, e, { inApp: true });
      if (at !== `/agent-dashboard/${e.path}`) problems.push(`${e.path}: the admin was sent to ${at}`);
      for (const r of rec.take().refusals) problems.push(`${e.path} (admin): ${r.url} answered ${r.status}`);
    }
    await context.close();
    assert.deepEqual(problems, []);
  });
});
