import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { DEMO, screenshot, serverAndBrowser, signIn } from './helpers.js';

/**
 * Renewal and replacement campaigns (issue 32) on /agent-dashboard/rksvexports: the admin chooses the
 * card type ACOS-ID 2.1, sees the demo's card of that type (Pension Alpenblick Demo, seed
 * demo-rksv-cards.ts) with the counts, downloads the CSV, and after the confirmation sends the reminder:
 * the row then shows when it was reminded. A short look in Arabic on a 375 px phone.
 */
const ACOS = 'ACOS-ID 2.1';
const COMPANY = 'Pension Alpenblick Demo';

/** The row of the demo's ACOS-ID 2.1 card. */
const acosRow = (page: Page) => page.locator('[data-testid="rksv-campaign"] tbody tr').filter({ hasText: COMPANY });

describe('RKSV renewal and replacement campaigns', () => {
  const app = serverAndBrowser();

  it('the admin chooses ACOS-ID 2.1, downloads the CSV and sends the reminder once confirmed', async () => {
    const { context, page } = await app.open();
    await signIn(page, DEMO.admin);
    await page.waitForURL('**/agent-dashboard**');
    await page.goto('/agent-dashboard/rksvexports');
    await page.getByTestId('campaign-choose').waitFor();
    await page.getByTestId('campaign-type').click();
    await page.getByRole('option', { name: ACOS }).click();
    await page.waitForURL((u) => u.searchParams.get('type') === ACOS);
    await acosRow(page).waitFor();
    assert.match((await acosRow(page).textContent()) ?? '', /ACOS-ID 2\.1/);
    const cards = Number(await page.getByTestId('count-cards').getAttribute('data-count'));
    const customers = Number(await page.getByTestId('count-customers').getAttribute('data-count'));
    assert.ok(cards >= 1 && customers >= 1 && customers <= cards, `${cards} cards, ${customers} customers`);
    assert.equal(await page.getByTestId('count-reminded').getAttribute('data-count'), '0');

    // The CSV: BOM, the German header, semicolons, the demo's card.
    const wait = page.waitForEvent('download');
    await page.getByTestId('campaign-csv').click();
    const download = await wait;
    assert.match(download.suggestedFilename(), /^rksv-kampagne_ACOS-ID-2\.1\.csv$/);
    const csv = fs.readFileSync(await download.path());
    assert.deepEqual([...csv.subarray(0, 3)], [0xef, 0xbb, 0xbf]);
    const lines = csv.subarray(3).toString('utf8').split('\r\n');
    assert.equal(
      lines[0],
      'Karte;Bestellung;Firma;E-Mail;Kunden-ID;Seriennummer;Kartentyp;Gültig bis;Status;Erinnert am',
    );
    assert.equal(lines.filter(Boolean).length, 1 + cards);
    const row = lines.find((l) => l.includes(COMPANY));
    assert.ok(row, lines.slice(0, 5).join('\n'));
    assert.equal(row.split(';')[6], ACOS);
    await screenshot(page, 'rksv-campaign');

    // The reminder: the confirmation names how many customers get a mail; then the result, and the row reminded.
    await page.getByTestId('campaign-remind').click();
    const dialog = page.getByTestId('confirm-dialog');
    await dialog.getByText(`${customers} Kunden mit ${cards} Karten`, { exact: false }).waitFor();
    await screenshot(page, 'rksv-campaign-confirm');
    await page.getByTestId('confirm-dialog-confirm').click();
    await page.getByTestId('campaign-sent').waitFor();
    assert.match((await page.getByTestId('campaign-sent').textContent()) ?? '', new RegExp(`für ${cards} Karten`));
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll('[data-testid="row-reminded"]')).every((el) =>
        el.getAttribute('data-reminded'),
      ),
    );
    assert.match((await acosRow(page).getByTestId('row-reminded').textContent()) ?? '', /\d{2}\.\d{2}\.\d{4}/);
    assert.equal(await page.getByTestId('count-reminded').getAttribute('data-count'), String(cards));
    assert.ok(await page.getByTestId('campaign-remind').isDisabled(), 'nobody left to remind');
    await screenshot(page, 'rksv-campaign-reminded');
    await context.close();
  });

  it('in Arabic on a 375 px phone: right to left, the rows as cards', async () => {
    const { context, page } = await app.open({ locale: 'ar' });
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/login');
    await page.locator('input[type=email]').fill(DEMO.admin.email);
    await page.locator('input[type=password]').fill(DEMO.admin.password);
    await page.locator('form button[type=submit]').click();
    await page.waitForURL('**/agent-dashboard**');
    await page.goto(`/agent-dashboard/rksvexports?type=${encodeURIComponent(ACOS)}`);
    await page.getByTestId('rksv-campaign').getByText(COMPANY).first().waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.dir), 'rtl');
    await page.getByRole('heading', { name: 'تجديد بطاقات التوقيع واستبدالها' }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `no sideways scroll (${overflow}px)`);
    await screenshot(page, 'rksv-campaign-ar-phone');
    await context.close();
  });
});
