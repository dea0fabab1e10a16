import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { insolvencyToday } from '@portal/shared';
import { DEMO, screenshot, serverAndBrowser, signIn } from './helpers.js';

/**
 * Customer sync and insolvency as the accounting team uses them (issue 19): sync the AT customers
 * from the sample source shipped with the server, then open an insolvency case for one of the
 * customers the sync brought in, enter this month's invoice number and end the case.
 */
describe('customer sync and insolvency screens', () => {
  const app = serverAndBrowser();

  it('runs a sync and shows its result; creates an insolvency for a synced customer, enters a month, ends it', async () => {
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

    // A customer the sync brought in gets an insolvency case.
    await page.goto('/agent-dashboard/insolvency');
    await page.getByRole('heading', { level: 1 }).waitFor();
    // The demo data has an active case (Pizzeria Bella Napoli) and an ended one.
    await page.getByRole('row').filter({ hasText: 'Pizzeria Bella Napoli' }).waitFor();
    await page.getByTestId('insolvency-new').click();
    const dialog = page.getByTestId('insolvency-create-dialog');
    await dialog.getByTestId('insolvency-create-submit').click();
    await dialog.getByText('Bitte Kunde auswählen').waitFor();
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
    await page.keyboard.press('Escape');
    await row.getByRole('button', { name: 'Monate (1)' }).waitFor();

    // Beenden, after the confirmation.
    await row.getByRole('button', { name: 'Beenden' }).click();
    await page.getByTestId('confirm-dialog').getByText('Insolvenzfall beenden?').waitFor();
    await page.getByTestId('confirm-dialog-confirm').click();
    await page.getByTestId('confirm-dialog-confirm').waitFor({ state: 'hidden' });
    await row.getByText('Beendet').waitFor();
    await page.getByText('Insolvenzfall beendet').first().waitFor();
    await screenshot(page, 'insolvency-de');

    // The same screens in Arabic.
    await page.getByTestId('language-select').selectOption('ar');
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    await page.getByRole('heading', { level: 1, name: 'حالات الإعسار / إدارة الإفلاس' }).waitFor();
    await row.getByText('منتهية').waitFor();
    await screenshot(page, 'insolvency-ar');
    await page.goto('/agent-dashboard/sync-customers');
    await page.getByTestId('sync-result-AT').waitFor();
    assert.match(await page.getByTestId('sync-result-AT').innerText(), /37 جديد/);
    await screenshot(page, 'sync-customers-ar');
    await page.getByTestId('language-select').selectOption('de');
    await context.close();
  });
});
