import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { DEMO, screenshot, serverAndBrowser, signIn } from './helpers.js';

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
    assert.equal(await count(b.page), before, 'the clicked notification is read');
    await screenshot(b.page, 'notification-opened-task');
    await a.context.close();
    await b.context.close();
  });
});
