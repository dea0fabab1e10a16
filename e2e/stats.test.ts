import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { STATS_BAR_MAX_PX, STATS_BAR_MIN_PX } from '@portal/shared';
import { DEMO, screenshot, serverAndBrowser, signIn } from './helpers.js';

/** The heights of the chart's bars in px (Recharts draws each as a path in a .recharts-bar-rectangle). */
async function barHeights(page: Page): Promise<number[]> {
  await page.locator('.recharts-bar-rectangle').first().waitFor();
  return page
    .locator('.recharts-bar-rectangle path')
    .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().height));
}

const cardValue = (page: Page, key: string) => page.getByTestId(`stats-card-${key}`).locator('p').nth(1).innerText();

describe('task statistics screens', () => {
  const app = serverAndBrowser();

  it('the admin sees the overview with cards, types, months, the agents table and the Mitarbeiter filter', async () => {
    const { context, page } = await app.open();
    await signIn(page, DEMO.admin);
    await page.waitForURL('**/agent-dashboard');
    await page.goto('/agent-dashboard/tasksoverview');
    await page.getByRole('heading', { name: 'Aufgaben Übersicht' }).waitFor();
    await page.getByTestId('stats-card-total').waitFor();
    const total = Number((await cardValue(page, 'total')).replace(/\D/g, ''));
    assert.ok(total > 0, 'the demo data is counted');
    // The types grid has 3 columns: the first three cards share a row.
    const tops = await page
      .getByTestId('stats-type-grid')
      .locator(':scope > *')
      .evaluateAll((els) => els.slice(0, 4).map((el) => Math.round(el.getBoundingClientRect().top)));
    assert.equal(new Set(tops.slice(0, 3)).size, 1, 'three in the first row');
    assert.notEqual(tops[3], tops[0], 'the fourth starts the next row');
    const heights = await barHeights(page);
    assert.equal(heights.length, 6 * 3, 'six months of created, completed and closed, every one drawn');
    assert.ok(Math.max(...heights) <= STATS_BAR_MAX_PX + 1, `at most 140 px: ${Math.max(...heights)}`);
    // Every bar can be seen, a month with nothing of a kind included (backoffice.md 9: at least 10 px).
    assert.ok(Math.min(...heights) >= STATS_BAR_MIN_PX - 0.5, `at least 10 px: ${Math.min(...heights)}`);
    const table = page.getByTestId('stats-agents-table');
    await table.getByRole('cell', { name: 'Max Mustermann' }).waitFor();
    await screenshot(page, 'tasks-overview-de');

    // Mitarbeiter: one agent's figures.
    await page.getByRole('textbox', { name: 'Mitarbeiter' }).click();
    await page.getByRole('option', { name: 'Max Mustermann' }).click();
    await page.waitForURL(/agent=\d+/);
    await page.waitForFunction(
      ([before]) => {
        const el = document.querySelector('[data-testid="stats-card-total"] p:nth-of-type(2)');
        return el && Number(el.textContent!.replace(/\D/g, '')) < before!;
      },
      [total],
    );
    await context.close();
  });

  it('the statistics with the ratings per month read right to left in Arabic', async () => {
    const { context, page } = await app.open();
    await signIn(page, DEMO.admin);
    await page.waitForURL('**/agent-dashboard');
    await page.getByTestId('language-select').selectOption({ label: 'AR' });
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    await page.goto('/agent-dashboard/tasksstatistics');
    await page.getByRole('heading', { name: 'إحصاءات المهام' }).waitFor();
    await page.getByTestId('stats-ratings-table').locator('tbody tr').nth(5).waitFor();
    const rated = page.locator('[data-testid^="stats-rating-month-"]');
    await rated.first().waitFor();
    assert.ok((await rated.count()) >= 3, 'the demo ratings cover several months');
    await barHeights(page);
    await screenshot(page, 'tasks-statistics-ar');
    // Back to German for the next sign-in of this account (the language is saved with it).
    await page.getByTestId('language-select').selectOption({ label: 'DE' });
    await context.close();
  });

  it('an agent sees only their own figures, without the filter and the agents table', async () => {
    const { context, page } = await app.open();
    await signIn(page, DEMO.agentAT);
    await page.waitForURL('**/agent-dashboard');
    await page.goto('/agent-dashboard/tasksstatistics');
    await page.getByTestId('stats-ratings').waitFor();
    await page.locator('.recharts-bar-rectangle').first().waitFor();
    assert.equal(await page.getByTestId('stats-agent-filter').count(), 0);
    await screenshot(page, 'tasks-statistics-agent-de');
    await page.goto('/agent-dashboard/tasksoverview');
    await page.getByTestId('stats-card-total').waitFor();
    assert.equal(await page.getByTestId('stats-agents-table').count(), 0);
    await context.close();
  });
});
