import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { DEMO, screenshot, serverAndBrowser, signIn } from './helpers.js';

/**
 * Service levels on the board (issue 31): an agent's card counts down to the task's deadline, turns red
 * once it passed (the browser's clock moved on with Playwright's clock, no waiting), and the task is
 * paused and resumed from its modal; in German and Arabic.
 */
describe("service levels on the agent's board", () => {
  const app = serverAndBrowser();

  /** An emergency (60 minutes on the clock that never stops) created by the Austrian agent for themselves. */
  async function emergencyForAgent(titel: string): Promise<number> {
    const login = await fetch(`${app.server.url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DEMO.agentAT),
    });
    assert.equal(login.status, 200);
    const { id, accessToken } = (await login.json()) as { id: number; accessToken: string };
    const form = new FormData();
    for (const [k, v] of Object.entries({
      titel,
      beschreibung: 'Die Kassa bucht nicht mehr.',
      frist: new Date(Date.now() + 86400_000).toISOString(),
      typ: '2',
      userID: String(id),
      kundennummer: '10001',
    }))
      form.append(k, v);
    const res = await fetch(`${app.server.url}/api/create-task`, {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}` },
      body: form,
    });
    assert.equal(res.status, 200, await res.clone().text());
    return ((await res.json()) as { aufgabeID: number }).aufgabeID;
  }

  const badgeOf = (page: Page, taskId: number) => page.getByTestId(`task-card-${taskId}`).getByTestId('sla-badge');
  const boardLoaded = (page: Page) => page.getByTestId('task-total').and(page.locator('[data-total]')).waitFor();

  it('the countdown shows, turns red when the deadline passes, and the task is paused and resumed from its modal', async () => {
    const id = await emergencyForAgent('Notfall: Kassa bucht nicht');
    const { context, page } = await app.open();
    await page.clock.install({ time: new Date() });
    await signIn(page, DEMO.agentAT);
    await page.waitForURL('**/agent-dashboard');
    await boardLoaded(page);
    const badge = badgeOf(page, id);
    await badge.waitFor();
    // Under an hour left: a warning, counted in minutes.
    assert.equal(await badge.getAttribute('data-state'), 'warning');
    assert.match((await badge.textContent()) ?? '', /^noch (59|60) Min$|^noch 1 Std 0 Min$/);
    await screenshot(page, 'sla-board-de');

    // Two hours later on the browser's clock: the minute tick counts on, red, without asking the server.
    await page.clock.fastForward('02:00:00');
    await page.waitForFunction(
      (taskId) =>
        document.querySelector(`[data-testid="task-card-${taskId}"] [data-testid="sla-badge"]`)?.getAttribute('data-state') ===
        'breached',
      id,
    );
    assert.match((await badge.textContent()) ?? '', /überschritten$/);

    // Paused from the modal with its reason, then resumed.
    await page.getByTestId(`task-card-${id}`).click();
    const modal = page.getByTestId('task-modal');
    const sla = modal.getByTestId('task-sla');
    await sla.waitFor();
    await sla.getByTestId('task-sla-reason').click();
    await page.getByRole('option', { name: 'Wartet auf Lieferung' }).click();
    await sla.getByTestId('task-sla-pause').click();
    await page.getByText('Aufgabe wurde pausiert.').waitFor();
    await sla.getByTestId('sla-badge').and(page.locator('[data-state="paused"]')).waitFor();
    assert.equal(await sla.getByTestId('sla-badge').textContent(), 'pausiert');
    await screenshot(page, 'sla-modal-paused-de');
    await sla.getByTestId('task-sla-resume').click();
    await page.getByText('Aufgabe wurde fortgesetzt.').waitFor();
    await sla.getByTestId('task-sla-pause').waitFor();
    await page.getByTestId('action-close').click();
    await badge.and(page.locator(':not([data-state="paused"])')).waitFor();
    await context.close();
  });

  it('in Arabic the countdown reads right to left', async () => {
    const id = await emergencyForAgent('Notfall: Drucker');
    const { context, page } = await app.open({ locale: 'ar' });
    await page.goto('/login');
    await page.locator('input[type=email]').fill(DEMO.agentAT.email);
    await page.locator('input[type=password]').fill(DEMO.agentAT.password);
    await page.locator('form button[type=submit]').click();
    await page.waitForURL('**/agent-dashboard');
    await page.locator('html[dir="rtl"]').waitFor();
    await boardLoaded(page);
    const badge = badgeOf(page, id);
    await badge.waitFor();
    assert.match((await badge.textContent()) ?? '', /^متبقٍ/);
    await screenshot(page, 'sla-board-ar');
    await context.close();
  });
});
