import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { DEMO, screenshot, serverAndBrowser, signIn } from './helpers.js';

/** The rows of the list whose whole line is inside the window. */
async function rowsInView(page: Page): Promise<number> {
  return page.evaluate(() => {
    const h = window.innerHeight;
    return Array.from(document.querySelectorAll('[data-testid^="task-row-"]')).filter((tr) => {
      const r = tr.getBoundingClientRect();
      return r.height > 0 && r.top >= 0 && r.bottom <= h;
    }).length;
  });
}

/** The task id of the focused row's button ('' when the focus is elsewhere). */
const focusedTask = (page: Page) =>
  page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.taskId ?? '');

/** The page is not wider than its window (nothing pushes it sideways). */
const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

describe('the board as a list', () => {
  const app = serverAndBrowser();

  it('switches to the list, shows at least 15 tasks at 1366×850, moves with j/k, opens with Enter, / searches, keeps the choice', async () => {
    const { context, page } = await app.open();
    await page.setViewportSize({ width: 1366, height: 850 });
    await signIn(page, DEMO.admin);
    await page.waitForURL('**/agent-dashboard');
    await page.locator('[data-testid^="task-card-"]').first().waitFor();
    // The choice is saved on the server before the list shows it again after a reload.
    await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/task-board-view') && r.request().method() === 'PUT'),
      page.getByTestId('board-view').locator('label', { hasText: 'Liste' }).click(),
    ]);
    await page.getByTestId('task-table').waitFor();
    assert.equal(await page.locator('[data-testid^="task-card-"]').count(), 0, 'no cards beside the list');
    const inView = await rowsInView(page);
    assert.ok(inView >= 15, `${inView} tasks in view at 1366×850`);
    // The overdue colour is there in the list too.
    assert.ok((await page.locator('[data-testid^="task-row-"][data-overdue]').count()) > 0, 'overdue rows are marked');

    // j j k: the second row is selected and focused; Enter opens it in the task modal.
    const ids = await page
      .locator('[data-testid^="task-row-"]')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-testid')!.replace('task-row-', '')));
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('j');
    assert.equal(await focusedTask(page), ids[0]);
    await page.keyboard.press('j');
    await page.keyboard.press('j');
    await page.keyboard.press('k');
    assert.equal(await focusedTask(page), ids[1]);
    assert.equal(await page.getByTestId(`task-row-${ids[1]}`).getAttribute('data-selected'), 'true');
    await screenshot(page, 'board-list-de');
    await page.keyboard.press('Enter');
    const modal = page.getByTestId('task-modal');
    await modal.waitFor();
    assert.equal(await modal.getAttribute('data-task-id'), ids[1]);
    // j inside the open task moves nothing on the board.
    await page.keyboard.press('j');
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'detached' });
    // Back on the board the focus returns to the row that was opened; j goes on from there.
    await page.waitForFunction((id) => (document.activeElement as HTMLElement | null)?.dataset.taskId === id, ids[1]);
    await page.keyboard.press('j');
    assert.equal(await focusedTask(page), ids[2]);

    // / goes to the search; typed there, j and / are letters of the search, not board keys.
    await page.keyboard.press('/');
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'task-board-search');
    await page.keyboard.type('j/');
    assert.equal(await page.getByTestId('task-search').inputValue(), 'j/');
    await page.getByTestId('task-search').fill('');

    // A reload (and the server's copy) keeps the list.
    await page.reload();
    await page.getByTestId('task-table').waitFor();
    assert.equal(await page.locator('[data-testid^="task-card-"]').count(), 0);
    await context.close();

    // Another browser (another device): the server's choice.
    const other = await app.open();
    await other.page.setViewportSize({ width: 1366, height: 850 });
    await signIn(other.page, DEMO.admin);
    await other.page.waitForURL('**/agent-dashboard');
    await other.page.getByTestId('task-table').waitFor();
    // Back to cards for the other tests of the suite.
    await Promise.all([
      other.page.waitForResponse((r) => r.url().endsWith('/api/task-board-view') && r.request().method() === 'PUT'),
      other.page.getByTestId('board-view').locator('label', { hasText: 'Karten' }).click(),
    ]);
    await other.page.locator('[data-testid^="task-card-"]').first().waitFor();
    await other.context.close();
  });

  it('j on the last loaded row loads the next page and moves on to its first row', async () => {
    const { context, page } = await app.open();
    await page.setViewportSize({ width: 1366, height: 850 });
    // Pages of five instead of a hundred, so the demo's tasks fill several (the server pages them as ever).
    const boardPage = (u: URL) => /^\/api\/get-tasks-from-(admin|agent)\//.test(u.pathname) && !u.pathname.includes('/since/');
    await page.route(boardPage, (route) => {
      const url = new URL(route.request().url());
      url.searchParams.set('limit', '5');
      return route.continue({ url: url.toString() });
    });
    await signIn(page, DEMO.admin);
    await page.waitForURL('**/agent-dashboard');
    await page.locator('[data-testid^="task-card-"]').first().waitFor();
    await page.getByTestId('board-view').locator('label', { hasText: 'Liste' }).click();
    await page.getByTestId('task-table').waitFor();
    const rows = page.locator('[data-testid^="task-row-"]');
    assert.equal(await rows.count(), 5, 'one page of five');
    const first = await rows.evaluateAll((r) => r.map((x) => x.getAttribute('data-testid')!.replace('task-row-', '')));
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    for (let i = 0; i < 5; i++) await page.keyboard.press('j');
    assert.equal(await focusedTask(page), first[4], 'on the last row of the first page');
    await page.keyboard.press('j');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid^="task-row-"]').length === 10);
    const all = await rows.evaluateAll((r) => r.map((x) => x.getAttribute('data-testid')!.replace('task-row-', '')));
    await page.waitForFunction((id) => (document.activeElement as HTMLElement | null)?.dataset.taskId === id, all[5]);
    assert.ok(!first.includes(all[5]!), 'the next page brought another task');
    await page.keyboard.press('k');
    assert.equal(await focusedTask(page), first[4]);
    // Back to cards for the other tests of the suite.
    await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/task-board-view') && r.request().method() === 'PUT'),
      page.getByTestId('board-view').locator('label', { hasText: 'Karten' }).click(),
    ]);
    await context.close();
  });

  it('an agent sees the list in Arabic and on a phone, long titles cut to one line', async () => {
    const { context, page } = await app.open();
    await page.setViewportSize({ width: 1366, height: 850 });
    await signIn(page, DEMO.agentAT);
    await page.waitForURL('**/agent-dashboard');
    await page.locator('[data-testid^="task-card-"]').first().waitFor();
    await page.getByTestId('language-select').selectOption({ label: 'AR' });
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    await page.getByTestId('board-view').locator('label', { hasText: 'قائمة' }).click();
    await page.getByTestId('task-table').waitFor();
    // Every row is one line high: titles never wrap.
    const heights = await page
      .locator('[data-testid^="task-row-"]')
      .evaluateAll((rows) => rows.map((r) => r.getBoundingClientRect().height));
    assert.ok(heights.length > 0 && Math.max(...heights) < 40, `row heights ${heights.join(', ')}`);
    assert.ok(await noSidewaysScroll(page));
    await page.keyboard.press('j');
    await screenshot(page, 'board-list-ar');
    await context.close();

    // A phone: id, title and due day, nothing wider than the screen.
    const phone = await app.open({ mobile: true });
    await phone.page.setViewportSize({ width: 375, height: 812 });
    await signIn(phone.page, DEMO.agentAT);
    await phone.page.waitForURL('**/agent-dashboard');
    await phone.page.getByTestId('task-table').waitFor();
    // The sidebar opens over the page on a phone; closed, the page shows.
    if (await phone.page.getByTestId('sidebar-overlay').isVisible())
      await phone.page.getByTestId('sidebar-toggle').click();
    await phone.page.getByTestId('sidebar-overlay').waitFor({ state: 'detached' });
    assert.ok(await noSidewaysScroll(phone.page), 'the list fits a phone');
    await screenshot(phone.page, 'board-list-phone');
    await phone.context.close();
  });

  it('shows a focus ring on a card reached by keyboard; the due date takes digits typed in Arabic', async () => {
    const { context, page } = await app.open();
    await signIn(page, DEMO.agentAT);
    await page.waitForURL('**/agent-dashboard');
    await page.getByTestId('language-select').selectOption({ label: 'AR' });
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    await page.getByTestId('board-view').locator('label').first().click();
    const card = page.locator('[data-testid^="task-card-"]').first();
    await card.waitFor();
    // From the control before the cards, Tab reaches the first card and draws its ring.
    await page.getByTestId('board-view').locator('input:checked').focus();
    for (let i = 0; i < 10; i++) {
      await page.keyboard.press('Tab');
      if (await card.evaluate((el) => el === document.activeElement)) break;
    }
    const ring = await card.evaluate((el) => {
      const cs = getComputedStyle(el);
      return { style: cs.outlineStyle, width: parseFloat(cs.outlineWidth) };
    });
    assert.ok(ring.style !== 'none' && ring.width >= 2, `outline ${JSON.stringify(ring)}`);
    await screenshot(page, 'board-card-focus-ar');

    await page.goto('/agent-dashboard/create-task');
    const frist = page.getByTestId('task-frist');
    await frist.click();
    // An Arabic keyboard types Arabic-Indic digits; the field keeps Latin ones, in order, left to right.
    await frist.pressSequentially('٣٠.١٢.٢٠٣٠');
    assert.equal(await frist.inputValue(), '30.12.2030 ');
    await frist.pressSequentially('1430');
    assert.equal(await frist.inputValue(), '30.12.2030 14:30');
    await page.getByTestId('task-titel').click();
    assert.notEqual(await frist.getAttribute('aria-invalid'), 'true');
    await context.close();
  });
});
