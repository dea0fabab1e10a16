import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DEMO, screenshot, serverAndBrowser, signIn } from './helpers.js';

/**
 * Customer sync as the accounting team uses it (issue 19): sync the AT customers from the sample
 * source shipped with the server and read the run's result, in German and in Arabic.
 */
describe('customer sync screen', () => {
  const app = serverAndBrowser();

  it('runs a sync and shows its result, in German and in Arabic', async () => {
    const { context, page } = await app.open();
    await signIn(page, DEMO.admin);
    await page.waitForURL('**/agent-dashboard**');

    // The AT sample: 40 customers, three of them the demo records (which gain e-mail, phone and UID).
    await page.goto('/agent-dashboard/sync-customers');
    await page.getByRole('heading', { level: 1, name: 'Kundensynchronisierung' }).waitFor();
    await page.getByTestId('sync-start-AT').click();
    const result = page.getByTestId('sync-result-AT');
    await result.waitFor({ timeout: 30_000 });
    assert.match(await result.innerText(), /37 neu, 3 geändert, 0 unverändert, 0 fehlerhaft, 0 deaktiviert/);
    await page.getByTestId('sync-runs').getByText('Erfolgreich').waitFor();
    await screenshot(page, 'sync-customers-de');

    // The same screen in Arabic.
    await page.getByTestId('language-select').selectOption('ar');
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    await page.goto('/agent-dashboard/sync-customers');
    await page.getByTestId('sync-result-AT').waitFor();
    assert.match(await page.getByTestId('sync-result-AT').innerText(), /37 جديد/);
    await screenshot(page, 'sync-customers-ar');
    await page.getByTestId('language-select').selectOption('de');
    await context.close();
  });
});
