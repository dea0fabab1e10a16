import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { TEXT_LIMITS } from '@portal/shared';
import { DEMO, goInApp, newPage, screenshot, serverAndBrowser, settled, signIn } from './helpers.js';
import { closeTask, ratingMail, supportRequest } from './rating-flow.js';

/*
 * Issue 30: user text wraps everywhere. One word as long as each field takes (2,000 characters where
 * the field allows it) in a company name, a task title and description, a note, a notification, a
 * rating comment and an insolvency administrator: no screen that shows it scrolls sideways, at 1366 px
 * and on a 375 px phone, in German and Arabic. The same run goes through every staff list of the
 * sidebar on the phone (the phone run of issue 30): none scrolls sideways either.
 */

/** One "word" of n characters without a break opportunity (a pasted token, a URL, a key). */
const word = (n: number, seed: string) => (seed + 'x'.repeat(n)).slice(0, n);

const LONG = {
  company: word(200, 'Gasthaus'),
  title: word(TEXT_LIMITS.taskTitle, 'Titel'),
  description: word(2000, 'Beschreibung'),
  note: word(2000, 'Notiz'),
  comment: word(2000, 'Kommentar'),
  administrator: word(200, 'Verwalterin'),
};

/** The lists whose filters fold on a phone (CollapsibleFilters). */
const FILTERED_LISTS = ['cashbook/transactions', 'rksvorders', 'ds/devices', 'insolvency'];

type Viewport = { width: number; height: number };
const WIDE: Viewport = { width: 1366, height: 850 };
const PHONE: Viewport = { width: 375, height: 800 };

async function api<T>(base: string, path: string, token: string, body?: unknown): Promise<T> {
  const res = await fetch(new URL(path, base), {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      ...(body instanceof FormData || body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
  });
  assert.ok(res.ok, `${path}: ${res.status} ${await res.clone().text()}`);
  return (await res.json()) as T;
}
const login = (base: string, who: { email: string; password: string }) =>
  fetch(new URL('/auth/login', base), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(who),
  }).then((r) => r.json() as Promise<{ accessToken: string; id: number }>);

/** How far the page scrolls sideways (0 when it does not). */
const sideways = (page: Page) =>
  page.evaluate(() => Math.max(0, document.documentElement.scrollWidth - document.documentElement.clientWidth));

/** Waits until the screen has settled: its heading is there and no request is running. */
async function settle(page: Page) {
  await page.locator('h1').first().waitFor();
  await settled(page)();
}

describe('long words never widen a page', () => {
  const app = serverAndBrowser();
  let taskId = 0;

  it('feeds long words to every screen that shows user text and finds no sideways scroll at 1366 and 375 px', async () => {
    const base = app.server.url;
    const admin = await login(base, DEMO.admin);
    const max = await login(base, DEMO.agentAT);

    // A task with a long title, description and company, assigned to the admin (a notification with the title).
    const form = new FormData();
    for (const [k, v] of Object.entries({
      titel: LONG.title,
      beschreibung: LONG.description,
      frist: '2031-01-15T10:00:00Z',
      typ: '1',
      userID: String(admin.id),
      kundennummer: '4711',
      firma: LONG.company,
    }))
      form.append(k, v);
    ({ aufgabeID: taskId } = await api<{ aufgabeID: number }>(base, '/api/create-task', max.accessToken, form));
    await api(base, '/api/task-add-note', admin.accessToken, { taskID: taskId, notiz: LONG.note });

    // A customer's rating with a long comment (statistics), through the public flow.
    const rated = await supportRequest(base, LONG.company);
    await closeTask(base, rated);
    const mail = await ratingMail(app.server.dataDir, rated);
    const rating = await fetch(new URL('/web/submit-rating', base), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        customerNumber: '10001',
        taskId: rated,
        verificationCode: mail.code,
        timeRating: 5,
        satisfactionRating: 5,
        friendlinessRating: 5,
        comment: LONG.comment,
      }),
    });
    assert.equal(rating.status, 201, await rating.text());

    // An insolvency case with a long administrator name.
    const [customer] = await api<{ id: number }[]>(
      base,
      '/api/insolvency-search-customers?query=100',
      admin.accessToken,
    );
    assert.ok(customer, 'a demo customer for the insolvency case');
    await api(base, '/api/create-insolvency', admin.accessToken, {
      customer_id: customer.id,
      administrator_name: LONG.administrator,
      start_date: '2026-01-02',
    });

    const problems: string[] = [];
    // German at both widths through every screen of the sidebar; Arabic on the phone through the screens
    // that show the long words (the full Arabic run costs minutes of CI for the same CSS).
    const rounds = [
      { lang: 'de', viewport: WIDE, only: null },
      { lang: 'de', viewport: PHONE, only: null },
      { lang: 'ar', viewport: PHONE, only: ['tasksstatistics', 'insolvency', ...FILTERED_LISTS] },
    ] as const;
    for (const { lang, viewport, only } of rounds) {
      {
        const { context, page } = await newPage(app.browser, base);
        settled(page);
        await page.setViewportSize(viewport);
        await signIn(page, DEMO.admin);
        await page.waitForURL('**/agent-dashboard');
        if (viewport === PHONE) await page.getByTestId('sidebar-toggle').click();
        await page.getByTestId('language-select').selectOption(lang);
        await page.waitForFunction((l) => document.documentElement.lang === l, lang);
        const where = (what: string) => `${what} (${lang}, ${viewport.width} px)`;
        const check = async (what: string) => {
          const by = await sideways(page);
          if (by > 1) problems.push(`${where(what)} scrolls ${by} px sideways`);
        };

        // The board with the task, the task's detail with its note, the notification panel.
        await page.goto('/agent-dashboard/tasks?q=' + encodeURIComponent(LONG.title.slice(0, 20)));
        await settle(page);
        await page.getByTestId(`task-card-${taskId}`).waitFor();
        await check('task board');
        await page.goto(`/agent-dashboard/tasks/${taskId}`);
        await page.getByTestId('task-modal').waitFor();
        await check('task detail');
        await page.getByTestId('task-modal').getByRole('tab').nth(1).click();
        await settled(page)();
        await check('task detail, second tab');
        await page.keyboard.press('Escape');
        await page.getByTestId('notification-bell').click();
        await page.getByTestId('notification-list').waitFor();
        await check('notification panel');
        await page.keyboard.press('Escape');

        // Every screen of the sidebar (the statistics with the comment, insolvency with the case, each list).
        const paths = await page.$$eval('[data-testid^="nav-"]', (els) =>
          els.map((e) => e.getAttribute('data-testid')!.slice(4)),
        );
        // Inside the running app, as the sidebar's links go (a new load of each screen costs CI minutes and
        // tells nothing more about its width).
        for (const path of only ? paths.filter((p) => (only as readonly string[]).includes(p)) : paths) {
          const wait = settled(page);
          await goInApp(page, `/agent-dashboard/${path}`);
          await page.waitForURL((u) => u.pathname === `/agent-dashboard/${path}`);
          await page.locator('h1').first().waitFor();
          await wait();
          await check(path);
          // A list's filters fold behind "Filter (n)" on a phone (the board has its own beside its search).
          if (
            viewport === PHONE &&
            FILTERED_LISTS.includes(path) &&
            !(await page.getByTestId('filters-toggle').isVisible())
          )
            problems.push(`${where(path)}: filters not folded behind "Filter"`);
        }
        if (viewport === PHONE) await screenshot(page, `wide-text-last-screen-${lang}-phone`);
        if (lang === 'de' && viewport === WIDE) {
          // A text field stops typing at the server's limit; a longer paste is kept whole, with the
          // red counter and the field's message, and not sent.
          await page.goto('/agent-dashboard/create-task');
          const title = page.getByTestId('task-titel');
          assert.equal(await title.getAttribute('maxlength'), String(TEXT_LIMITS.taskTitle));
          await title.focus();
          await page.evaluate((text) => {
            const data = new DataTransfer();
            data.setData('text/plain', text);
            document.activeElement!.dispatchEvent(
              new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
            );
          }, LONG.comment);
          assert.equal((await title.inputValue()).length, LONG.comment.length, 'the paste is kept whole');
          await page
            .getByTestId('text-counter')
            .getByText(`${LONG.comment.length} / ${TEXT_LIMITS.taskTitle}`)
            .waitFor();
          await page.getByText('Der Titel darf höchstens 200 Zeichen lang sein.').first().waitFor();
          await check('create task with a pasted 2,000-character title');
        }
        await page.goto('/agent-dashboard/tasksstatistics');
        await settle(page);
        await page.getByText(LONG.comment.slice(0, 30)).first().waitFor();
        // The long comment is clamped, the rest one click away.
        if (lang === 'de') await page.getByRole('button', { name: 'Mehr anzeigen' }).first().waitFor();
        await screenshot(page, `wide-text-statistics-${lang}-${viewport.width}`);
        await context.close();
      }
    }
    assert.deepEqual(problems, []);
  });
});
