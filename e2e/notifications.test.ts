import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { DEMO, screenshot, serverAndBrowser, signIn } from './helpers.js';

/** A call of the API as a signed-in user (the notifications under test are written by the server). */
async function call<T>(base: string, path: string, token: string | null, body?: unknown): Promise<T> {
  const res = await fetch(new URL(path, base), {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body instanceof FormData || body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

type Session = { accessToken: string; id: number };
const signInApi = (base: string, who: { email: string; password: string }) =>
  call<Session>(base, '/auth/login', null, who);

/** Signs in by the form's fields, whatever the language of the page. */
async function signInAnyLanguage(page: Page, who: { email: string; password: string }) {
  await page.goto('/login');
  await page.locator('input[type=email]').fill(who.email);
  await page.locator('input[type=password]').fill(who.password);
  await page.locator('form button[type=submit]').click();
  await page.waitForURL('**/agent-dashboard');
}

const count = async (page: Page) => Number(await page.getByTestId('notification-count').getAttribute('data-count'));

describe('live notifications between two agents', () => {
  const app = serverAndBrowser();

  it('B sees the task A creates for them at once: bell count, board, and the modal from the notification', async () => {
    const b = await app.open();
    await signIn(b.page, DEMO.admin);
    await b.page.waitForURL('**/agent-dashboard');
    await b.page.locator('[data-testid^="task-card-"]').first().waitFor();
    await b.page.waitForFunction(() => document.querySelector('[data-testid="notification-count"]') !== null);
    const before = await count(b.page);
    const cardsBefore = await b.page.locator('[data-testid^="task-card-"]').count();

    const a = await app.open();
    await signIn(a.page, DEMO.agentAT);
    await a.page.waitForURL('**/agent-dashboard');
    await a.page.goto('/agent-dashboard/create-task');
    const title = `Live-Test ${Date.now() % 100000}`;
    await a.page.getByTestId('task-titel').fill(title);
    await a.page.getByTestId('task-beschreibung').fill('Bitte sofort ansehen.');
    await a.page.getByTestId('task-frist').fill('15.01.2031 10:00');
    await a.page.getByTestId('task-typ').click();
    await a.page.getByRole('option', { name: 'Support' }).first().click();
    await a.page.getByTestId('task-agent').click();
    await a.page.getByRole('option', { name: 'Anna Admin' }).click();
    await a.page.getByTestId('customer-search').fill('Gasthaus Zum');
    await a.page.getByRole('option', { name: /Gasthaus Zum Goldenen Hirschen/ }).click();
    const sentAt = Date.now();
    await a.page.getByTestId('create-task-submit').click();
    await a.page.waitForURL((u) => u.pathname === '/agent-dashboard');

    // No reload on B's side: the count rises and the card appears through the socket.
    await b.page.waitForFunction(
      (n) => Number(document.querySelector('[data-testid="notification-count"]')?.getAttribute('data-count')) > n,
      before,
      { timeout: 5000 },
    );
    const card = b.page.locator('[data-testid^="task-card-"]', { hasText: title });
    await card.waitFor({ timeout: 5000 });
    const arrivedMs = Date.now() - sentAt;
    assert.ok(arrivedMs < 5000, `arrived after ${arrivedMs} ms`);
    assert.equal(await b.page.locator('[data-testid^="task-card-"]').count(), cardsBefore + 1);
    await b.page.getByTestId('notification-bell').click();
    await b.page.getByTestId('notification-list').waitFor();
    await screenshot(b.page, 'notification-list');
    await b.page.getByTestId('notification-list').getByText(title).first().click();
    const modal = b.page.getByTestId('task-modal');
    await modal.waitFor();
    await modal.getByText(title).first().waitFor();
    assert.match(b.page.url(), /\/agent-dashboard\/tasks\/\d+/);
    // The clicked notification is read on the server, and the badge counts what the server has unread.
    // Compared with the server, not with the count before the click: the overdue job may tell B of demo
    // tasks at any moment (one whose due time passed since the demo was seeded).
    const anna = await signInApi(app.server.url, DEMO.admin);
    const stored = () =>
      call<{ message: string; status: string }[]>(app.server.url, '/api/get-notifications', anna.accessToken);
    const until = Date.now() + 5000;
    let all = await stored();
    const unread = () => all.filter((n) => n.status !== 'read').length;
    while ((await count(b.page)) !== unread() && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 200));
      all = await stored();
    }
    assert.equal(all.find((n) => n.message.includes(title))?.status, 'read', 'the clicked notification is read');
    assert.equal(await count(b.page), unread(), 'the badge counts what the server has unread');
    await screenshot(b.page, 'notification-opened-task');
    await a.context.close();
    await b.context.close();
  });

  it('a bell that could not start (the server answered 503 at sign-in) starts on its own and goes live', async () => {
    const base = app.server.url;
    const anna = await signInApi(base, DEMO.admin);
    const max = await signInApi(base, DEMO.agentAT);
    const b = await app.open();
    // The list call fails once, as during a database restart; nothing else does.
    let refused = 0;
    await b.page.route('**/api/get-notifications', async (route) => {
      if (refused++ === 0) return route.fulfill({ status: 503, body: '{"message":"Dienst nicht verfügbar"}' });
      return route.continue();
    });
    await signIn(b.page, DEMO.agentAT);
    await b.page.waitForURL('**/agent-dashboard');
    await b.page.locator('[data-testid^="task-card-"]').first().waitFor();
    // The 10-second check tries again: the bell loads, then its socket opens.
    for (const until = Date.now() + 25_000; refused < 2; await new Promise((r) => setTimeout(r, 200)))
      assert.ok(Date.now() < until, 'the list was not asked for again');
    const before = await count(b.page);
    // Live: sent until it arrives (the socket opens once the screen has settled after the list).
    const title = `Nach dem Ausfall ${Date.now() % 100000}`;
    const deadline = Date.now() + 20_000;
    for (;;) {
      await call(base, '/api/create-notification', anna.accessToken, {
        user_id: max.id,
        title,
        message: 'Bitte ansehen.',
        type: 'info',
      });
      const arrived = await b.page
        .waitForFunction(
          (n) => Number(document.querySelector('[data-testid="notification-count"]')?.getAttribute('data-count')) > n,
          before,
          { timeout: 3000 },
        )
        .then(() => true)
        .catch(() => false);
      if (arrived) break;
      assert.ok(Date.now() < deadline, 'no live notification reached the bell');
    }
    await b.context.close();
  });

  it('a notification written in German reaches an English and an Arabic reader in their language', async () => {
    const base = app.server.url;
    const max = await signInApi(base, DEMO.agentAT);
    const anna = await signInApi(base, DEMO.admin);
    const omar = await signInApi(base, DEMO.agentEG);
    // Max assigns Anna a task; Anna asks Omar for help with one of Egypt's tasks. The rows keep
    // the German text (title, message); each reader sees the kind and values in their language.
    const titel = `Kasse prüfen ${Date.now() % 100000}`;
    const form = new FormData();
    for (const [k, v] of Object.entries({
      titel,
      beschreibung: 'Bitte ansehen.',
      frist: '2031-01-15T10:00:00Z',
      typ: '1',
      userID: String(anna.id),
      kundennummer: '4711',
    }))
      form.append(k, v);
    const { aufgabeID } = await call<{ aufgabeID: number }>(base, '/api/create-task', max.accessToken, form);
    const { tasks: egypt } = await call<{ tasks: { id: number }[] }>(
      base,
      '/api/get-tasks-from-admin/2/offen',
      anna.accessToken,
    );
    let helped: number | undefined;
    for (const task of egypt) {
      try {
        await call(base, '/api/request-assist', anna.accessToken, {
          taskID: task.id,
          agentID: omar.id,
          comment: 'Bitte um Rückruf beim Kunden',
        });
        helped = task.id;
        break;
      } catch {
        // this task has a help request already; the next one
      }
    }
    assert.ok(helped, 'an open task in Egypt to ask for help with');
    const stored = await call<{ title: string; params: unknown }[]>(base, '/api/get-notifications', anna.accessToken);
    const mine = stored.find((n) => (n.params as { id?: number } | null)?.id === aufgabeID)!;
    assert.equal(mine.title, 'Neue Aufgabe zugewiesen');

    // Anna in an American browser: English.
    const en = await app.open({ locale: 'en-US' });
    await signInAnyLanguage(en.page, DEMO.admin);
    await en.page.getByTestId('notification-bell').click();
    const enItem = en.page
      .getByTestId('notification-list')
      .locator('[data-testid^="notification-"]', { hasText: titel })
      .first();
    await enItem.waitFor();
    assert.equal(await enItem.getByTestId('notification-title').textContent(), 'New task assigned');
    assert.equal(
      await enItem.getByTestId('notification-message').textContent(),
      `\u2068Max Mustermann\u2069 assigned task #${aufgabeID} “\u2068${titel}\u2069” to you.`,
    );
    await screenshot(en.page, 'notification-list-en');
    await en.context.close();

    // Omar in an Arabic browser: Arabic, right to left, the German comment isolated.
    const ar = await app.open({ locale: 'ar' });
    await signInAnyLanguage(ar.page, DEMO.agentEG);
    assert.equal(await ar.page.evaluate(() => document.documentElement.dir), 'rtl');
    await ar.page.getByTestId('notification-bell').click();
    const arItem = ar.page
      .getByTestId('notification-list')
      .locator('[data-testid^="notification-"]', { hasText: 'Bitte um Rückruf' })
      .first();
    await arItem.waitFor();
    assert.equal(await arItem.getByTestId('notification-title').textContent(), 'طلب مساعدة');
    assert.equal(
      await arItem.getByTestId('notification-message').textContent(),
      `يطلب \u2068Anna Admin\u2069 مساعدتك في المهمة #${helped}: \u2068Bitte um Rückruf beim Kunden\u2069`,
    );
    await screenshot(ar.page, 'notification-list-ar');
    await ar.context.close();
  });
});
