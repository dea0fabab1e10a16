import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { BrowserContext, Page } from 'playwright-core';
import { DEMO, SCREENSHOT_DIR, screenshot, serverAndBrowser, signIn } from './helpers.js';
import { pollNow, solidPng } from './signage-media.js';

describe('digital signage: a screen registers, staff activate it and give it a picture, it plays on offline', () => {
  const app = serverAndBrowser();
  let player: { context: BrowserContext; page: Page };

  it('the player shows its code; staff activate it for a customer, upload a picture and assign it; the player shows it', async () => {
    player = await app.open({ locale: 'de-AT' });
    const screen = player.page;
    await screen.goto('/ds/player');
    const code = (await screen.getByTestId('player-code').innerText()).replace(/\D/g, '');
    assert.match(code, /^\d{6}$/);
    await screenshot(screen, 'signage-player-code-de');

    const { context, page } = await app.open();
    await signIn(page, DEMO.admin);
    await page.waitForURL('**/agent-dashboard');
    await page.goto('/agent-dashboard/ds/devices');
    await page.getByRole('heading', { name: 'Geräte' }).waitFor();
    // Newest first: the screen that just registered heads the list.
    await page.getByTestId('activate-device').first().click();
    const dialog = page.getByTestId('activation-dialog');
    await dialog.getByTestId('activation-submit').click();
    await dialog.getByText('Bitte wählen Sie einen Kunden aus').waitFor();
    await dialog.getByText('Bitte geben Sie einen Aktivierungscode ein').waitFor();
    await dialog.getByTestId('customer-search').fill('Hirsch');
    await page.getByTestId('customer-option').filter({ hasText: 'Gasthaus Zum Goldenen Hirschen' }).click();
    await dialog.getByTestId('activation-code').fill(code === '000000' ? '111111' : '000000');
    await dialog.getByTestId('activation-submit').click();
    await dialog.getByTestId('activation-error').filter({ hasText: 'Aktivierungscode ist nicht korrekt' }).waitFor();
    // Photographed without axe: the table behind the modal's overlay is dimmed on purpose.
    await page.screenshot({ path: `${SCREENSHOT_DIR}/signage-activation-de.png` });
    // A refused code changed nothing: after a reload the new screen's row still has no customer.
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.reload();
    const newest = page.getByTestId('devices-table').locator('tbody tr').first();
    await newest.getByTestId('activate-device').waitFor();
    assert.equal(await newest.getByText('Gasthaus Zum Goldenen Hirschen').count(), 0, 'no customer after a wrong code');
    await newest.getByText('Kein Kunde').waitFor();
    await newest.getByTestId('activate-device').click();
    await dialog.getByTestId('customer-search').fill('Hirsch');
    await page.getByTestId('customer-option').filter({ hasText: 'Gasthaus Zum Goldenen Hirschen' }).click();
    await dialog.getByTestId('activation-code').fill(code);
    await dialog.getByTestId('activation-submit').click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('devices-table').getByText('Gasthaus Zum Goldenen Hirschen').first().waitFor();
    await screenshot(page, 'signage-devices-de');

    await page.goto('/agent-dashboard/ds/content');
    await page.getByRole('heading', { name: 'Content zu Geräten zuweisen' }).waitFor();
    // As a person points at the drop zone before dropping: its code loads with the first pointer.
    await page.getByTestId('dropzone-pending').hover();
    await page
      .getByTestId('signage-dropzone')
      .locator('input[type=file]')
      .setInputFiles({
        name: 'mittagsmenue.png',
        mimeType: 'image/png',
        buffer: solidPng(320, 180, [220, 120, 20]),
      });
    const row = page.getByTestId('files-table').getByRole('row', { name: /mittagsmenue\.png/ });
    await row.waitFor();
    await row.getByTestId('pick-file').check();
    await page.getByRole('checkbox', { name: /^Gerät #\d+ – Gasthaus Zum Goldenen Hirschen/ }).check();
    await page.getByTestId('assign-content').click();
    await page.getByText('Content zugewiesen').first().waitFor();
    await screenshot(page, 'signage-content-de');
    await page.goto('/agent-dashboard/ds/overview');
    await page.getByTestId('chart').waitFor();
    await screenshot(page, 'signage-overview-de');
    await context.close();

    // Without a reload: the next poll brings the picture.
    await pollNow(screen);
    const img = screen.getByTestId('player-image');
    await img.waitFor();
    assert.ok(
      await img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth === 320),
      'the picture is loaded',
    );
    await screenshot(screen, 'signage-player-playing');
  });

  it('a new screen is added by the code it shows: customer and name in one dialog, errors at their fields, on a phone too', async () => {
    const second = await app.open({ locale: 'de-AT' });
    await second.page.goto('/ds/player');
    const code = (await second.page.getByTestId('player-code').innerText()).replace(/\D/g, '');
    assert.match(code, /^\d{6}$/);

    const { context, page } = await app.open({ mobile: true });
    await signIn(page, DEMO.admin);
    await page.waitForURL('**/agent-dashboard');
    await page.goto('/agent-dashboard/ds/devices');
    await page.getByTestId('devices-table').waitFor();
    // The sidebar opens over the page on a phone; closed, the page shows.
    if (await page.getByTestId('sidebar-overlay').isVisible()) await page.getByTestId('sidebar-toggle').click();
    await page.getByTestId('sidebar-overlay').waitFor({ state: 'detached' });
    await page.getByTestId('add-device').click();
    const dialog = page.getByTestId('add-device-dialog');
    await dialog.getByTestId('add-device-submit').click();
    await dialog.getByText('Bitte geben Sie einen Aktivierungscode ein').waitFor();
    await dialog.getByText('Bitte wählen Sie einen Kunden aus').waitFor();
    await dialog.getByTestId('customer-search').fill('Hirsch');
    await page.getByTestId('customer-option').filter({ hasText: 'Gasthaus Zum Goldenen Hirschen' }).click();
    // A code no screen shows: said at the code field, nothing else changes.
    await dialog.getByTestId('add-device-code').fill(code === '000000' ? '111 111' : '000 000');
    await dialog.getByTestId('add-device-submit').click();
    await dialog.getByText('Aktivierungscode ist nicht korrekt').waitFor();
    assert.equal(await dialog.getByTestId('add-device-code').getAttribute('aria-invalid'), 'true');
    await dialog.getByTestId('add-device-code').fill(`${code.slice(0, 3)} ${code.slice(3)}`);
    // Corrected, the code's message goes.
    await dialog.getByText('Aktivierungscode ist nicht korrekt').waitFor({ state: 'detached' });
    await dialog.getByTestId('add-device-name').fill('Theke links');
    await screenshot(page, 'signage-add-device-phone');
    await dialog.getByTestId('add-device-submit').click();
    await dialog.waitFor({ state: 'detached' });
    const row = page.getByTestId('devices-table').locator('tbody tr', { hasText: 'Theke links' });
    await row.getByText('Gasthaus Zum Goldenen Hirschen').waitFor();
    // The screen learns it at its next poll: it no longer shows a code.
    await pollNow(second.page);
    await second.page.getByTestId('player-code').waitFor({ state: 'detached', timeout: 15_000 });
    await context.close();
    await second.context.close();
  });

  it('a schedule gets its content: files added, ordered with the arrows, durations set, saved and counted', async () => {
    const { context, page } = await app.open();
    await signIn(page, DEMO.admin);
    await page.waitForURL('**/agent-dashboard');
    await page.goto('/agent-dashboard/ds/schedules');
    const row = page.getByTestId('schedules-table').locator('tbody tr').first();
    await row.waitFor();
    const countBefore = Number((await row.getByTestId('content-count').innerText()).trim());
    await row.getByTestId('schedule-content').click();
    const dialog = page.getByTestId('schedule-content-dialog');
    await dialog.getByTestId('schedule-content-add').waitFor();
    const items = dialog.getByTestId('schedule-content-item');
    await dialog.getByTestId('schedule-content-add').click();
    await page.getByRole('option', { name: 'mittagsmenue.png' }).click();
    await items.filter({ hasText: 'mittagsmenue.png' }).waitFor();
    const added = await items.count();
    assert.equal(added, countBefore + 1);
    // The new item is last; an arrow moves it up one place.
    if (added > 1) {
      await dialog.getByRole('button', { name: '„mittagsmenue.png“ nach oben' }).click();
      assert.match(await items.nth(added - 2).innerText(), /mittagsmenue\.png/);
    }
    const duration = items.filter({ hasText: 'mittagsmenue.png' }).getByTestId('schedule-content-duration');
    await duration.fill('12');
    await screenshot(page, 'signage-schedule-content-de');
    await dialog.getByTestId('schedule-content-save').click();
    await dialog.waitFor({ state: 'detached' });
    await row
      .getByTestId('content-count')
      .filter({ hasText: String(countBefore + 1) })
      .waitFor();
    // The strip shows the items as thumbnails, the new picture among them.
    await row.getByTestId('content-strip').getByRole('img', { name: 'mittagsmenue.png' }).waitFor();
    // Opened again: as saved, with its duration.
    await row.getByTestId('schedule-content').click();
    await items.filter({ hasText: 'mittagsmenue.png' }).waitFor();
    assert.equal(
      await items.filter({ hasText: 'mittagsmenue.png' }).getByTestId('schedule-content-duration').inputValue(),
      '12',
    );
    await context.close();
  });

  it('"Was läuft jetzt?" shows what a screen plays at this moment, with its picture', async () => {
    const { context, page } = await app.open();
    await signIn(page, DEMO.admin);
    await page.waitForURL('**/agent-dashboard');
    await page.goto('/agent-dashboard/ds/status');
    // The screen of the first test reported the picture at its last poll.
    const row = page.getByTestId('status-table').locator('tbody tr', { hasText: 'mittagsmenue.png' }).first();
    await row.getByTestId('now-playing').click();
    const dialog = page.getByTestId('now-playing-dialog');
    const item = dialog.getByTestId('now-playing-item').filter({ hasText: 'mittagsmenue.png' });
    await item.waitFor();
    await item.locator('img').waitFor();
    await item.getByText('Inhalt des Geräts').waitFor();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/signage-now-playing-de.png` });
    await context.close();
  });

  it('the staff screens read right to left in Arabic', async () => {
    const { context, page } = await app.open({ locale: 'ar' });
    await page.goto('/login');
    await page.locator('input[type=email]').fill(DEMO.admin.email);
    await page.locator('input[type=password]').fill(DEMO.admin.password);
    await page.locator('form button[type=submit]').click();
    await page.waitForURL('**/agent-dashboard');
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    for (const [path, testId] of [
      ['ds/overview', 'chart'],
      ['ds/devices', 'devices-table'],
      ['ds/schedules', 'schedules-table'],
      ['ds/content', 'files-table'],
      ['ds/customers', 'customers-table'],
      ['ds/status', 'status-table'],
    ] as const) {
      await page.goto(`/agent-dashboard/${path}`);
      await page.getByTestId(testId).waitFor();
      await page.locator('[data-testid$="-table"] tbody tr, [data-testid="chart"]').first().waitFor();
      await screenshot(page, `signage-${path.replace('ds/', '')}-ar`);
    }
    await page.goto('/agent-dashboard/ds/schedules');
    await page.getByTestId('new-schedule').click();
    // The defaults of the spec: 08:00 to 17:00 on all seven days, 24 hours with Latin digits.
    assert.equal(await page.getByTestId('schedule-start').inputValue(), '08:00');
    assert.equal(await page.getByTestId('schedule-end').inputValue(), '17:00');
    assert.equal(
      await page.locator('.mantine-Modal-body input[type=checkbox]:checked').count(),
      8,
      'seven days and active',
    );
    await screenshot(page, 'signage-schedule-form-ar');
    await context.close();
  });

  it('with the server stopped the player keeps showing the picture', async () => {
    const screen = player.page;
    await app.server.stop();
    await pollNow(screen);
    await screen.getByTestId('player-offline').waitFor();
    const img = screen.getByTestId('player-image');
    assert.ok(await img.isVisible());
    assert.ok(await img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth === 320));
    await screen.screenshot({ path: `${SCREENSHOT_DIR}/signage-player-offline.png` });
    await player.context.close();
  });
});
