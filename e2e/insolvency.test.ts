import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { insolvencyToday } from '@portal/shared';
import { DEMO, screenshot, serverAndBrowser, signIn } from './helpers.js';

/**
 * Insolvency as the accounting team uses it (issue 19): open an insolvency case for a customer the
 * customer sync brought in, enter this month's invoice number and end the case, in German; the list
 * in Arabic.
 */
describe('insolvency screen', () => {
  const app = serverAndBrowser();

  /** The AT customers synced from the sample source shipped with the server, as the sync screen's button starts it. */
  async function syncAustrianCustomers(base: string): Promise<void> {
    const login = await fetch(`${base}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DEMO.admin),
    });
    assert.equal(login.status, 200);
    const headers = { authorization: `Bearer ${((await login.json()) as { accessToken: string }).accessToken}` };
    const started = await fetch(`${base}/sync/start-sync-at`, { method: 'POST', headers });
    assert.equal(started.status, 202, await started.clone().text());
    const { runId } = (await started.json()) as { runId: number };
    const deadline = Date.now() + 30_000;
    for (;;) {
      const run = (await (await fetch(`${base}/sync/runs/${runId}`, { headers })).json()) as { status: string };
      if (run.status !== 'running') {
        assert.equal(run.status, 'succeeded', JSON.stringify(run));
        return;
      }
      if (Date.now() > deadline) throw new Error(`sync run ${runId} still running after 30 s`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  it('creates an insolvency for a synced customer, enters a month, ends it', async () => {
    await syncAustrianCustomers(app.server.url);
    const { context, page } = await app.open();
    await signIn(page, DEMO.admin);
    await page.waitForURL('**/agent-dashboard**');

    // A customer the sync brought in gets an insolvency case.
    await page.goto('/agent-dashboard/insolvency');
    await page.getByRole('heading', { level: 1 }).waitFor();
    // The demo data has an active case (Pizzeria Bella Napoli) and an ended one.
    await page.getByRole('row').filter({ hasText: 'Pizzeria Bella Napoli' }).waitFor();
    await page.getByTestId('insolvency-new').click();
    const dialog = page.getByTestId('insolvency-create-dialog');
    await dialog.getByTestId('insolvency-create-submit').click();
    await dialog.getByText('Bitte Kunde auswählen').waitFor();
    // The empty submit leaves the focus on the first refused field, not on the button.
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-invalid') === 'true');
    await page.getByTestId('insolvency-customer-search').fill('1');
    await dialog.getByText('Bitte mindestens 2 Zeichen eingeben').waitFor();
    await page.getByTestId('insolvency-customer-search').fill('12001');
    await page.getByRole('option', { name: 'Restaurant Grüner Baum Innsbruck (12001)' }).click();
    await page.getByTestId('insolvency-admin-name').fill('Dr. Vera Verwalterin');
    await page.getByTestId('insolvency-admin-email').fill('vera@kanzlei-verwalterin.at');
    await page.getByTestId('insolvency-admin-phone').fill('+43 512 123456');
    await dialog.getByTestId('insolvency-create-submit').click();
    await page.getByRole('dialog', { name: 'Insolvenzfall anlegen' }).waitFor({ state: 'hidden' });
    const row = page.getByRole('row').filter({ hasText: 'Restaurant Grüner Baum Innsbruck' });
    await row.getByText('Aktiv').waitFor();

    // This month's invoice number.
    await row.getByRole('button', { name: /Monate/ }).click();
    const month = insolvencyToday().slice(0, 7);
    await page.getByTestId(`insolvency-month-${month}`).fill('RE-2026-0042');
    await page.getByTestId(`insolvency-month-save-${month}`).click();
    await page.getByText('Rechnungsnummer gespeichert').waitFor();
    await screenshot(page, 'insolvency-months-de');
    // The open case is in the address: a reload opens the same months, the back button closes them.
    assert.match(page.url(), /[?&]case=\d+/);
    await page.reload();
    assert.equal(await page.getByTestId(`insolvency-month-${month}`).inputValue(), 'RE-2026-0042');
    await page.goBack();
    await page.getByTestId(`insolvency-month-${month}`).waitFor({ state: 'hidden' });
    assert.doesNotMatch(page.url(), /case=/);
    await row.getByRole('button', { name: 'Monate (1)' }).click();
    await page.getByTestId(`insolvency-month-${month}`).waitFor();
    await page.keyboard.press('Escape');
    await row.getByRole('button', { name: 'Monate (1)' }).waitFor();
    assert.doesNotMatch(page.url(), /case=/);

    // Beenden, after the confirmation.
    await row.getByRole('button', { name: 'Beenden' }).click();
    await page.getByTestId('confirm-dialog').getByText('Insolvenzfall beenden?').waitFor();
    await page.getByTestId('confirm-dialog-confirm').click();
    await page.getByTestId('confirm-dialog-confirm').waitFor({ state: 'hidden' });
    await row.getByText('Beendet').waitFor();
    await page.getByText('Insolvenzfall beendet').first().waitFor();
    await screenshot(page, 'insolvency-de');

    // The same screen in Arabic.
    await page.getByTestId('language-select').selectOption('ar');
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    await page.getByRole('heading', { level: 1, name: 'حالات الإعسار / إدارة الإفلاس' }).waitFor();
    await row.getByText('منتهية').waitFor();
    await screenshot(page, 'insolvency-ar');
    await page.getByTestId('language-select').selectOption('de');
    await context.close();
  });
});
