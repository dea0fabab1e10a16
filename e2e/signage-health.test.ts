import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { encode } from 'uqr';
import { DEMO, screenshot, serverAndBrowser, signIn } from './helpers.js';
import { pollNow, solidPng } from './signage-media.js';

/**
 * Fleet health and pairing (issue 33): the pending player's QR code opens "Gerät hinzufügen" with its
 * code; once it plays, its report reaches the status board (online, the file on its screen, its
 * version current), which reads in Arabic on a phone of 375 px.
 */

/** The dark modules of the player's QR code, read from its SVG path (`M{x} {y}h1v1h-1z` each). */
function modulesOf(d: string): Set<string> {
  return new Set([...d.matchAll(/M(\d+) (\d+)h1v1h-1z/g)].map((m) => `${m[1]},${m[2]}`));
}

describe('signage fleet health: the pairing QR code, the report on the status board', () => {
  const app = serverAndBrowser();

  it('the QR code opens "Gerät hinzufügen" with the code; the playing screen shows as online with what is on it', async () => {
    const player = await app.open({ locale: 'de-AT' });
    const screen = player.page;
    await screen.goto('/ds/player');
    const code = (await screen.getByTestId('player-code').innerText()).replace(/\D/g, '');
    assert.match(code, /^\d{6}$/);
    const qr = screen.getByTestId('player-qr');
    await qr.waitFor();
    const link = (await qr.getAttribute('data-pair-url'))!;
    assert.equal(link, `${app.server.url}/agent-dashboard/ds/devices?code=${code}`);
    // The drawn code is that link's QR code: module for module what the encoder gives for it.
    const drawn = modulesOf((await qr.locator('path').getAttribute('d'))!);
    const { data, size } = encode(link, { ecc: 'M', border: 4 });
    const expected = new Set(data.flatMap((row, y) => row.flatMap((dark, x) => (dark ? [`${x},${y}`] : []))));
    assert.equal(await qr.getAttribute('viewBox'), `0 0 ${size} ${size}`);
    assert.deepEqual(drawn, expected);
    await screenshot(screen, 'signage-player-pairing-qr');

    // The phone that scanned it, not signed in yet: the sign-in leads on to the dialog with the code filled in.
    const staff = await app.open({ mobile: true });
    const page = staff.page;
    await signIn(page, DEMO.admin, link);
    await page.waitForURL(`**/agent-dashboard/ds/devices?code=${code}`);
    const dialog = page.getByTestId('add-device-dialog');
    await dialog.getByTestId('add-device-code').waitFor();
    assert.equal(await dialog.getByTestId('add-device-code').inputValue(), code);
    await dialog.getByTestId('customer-search').fill('Hirsch');
    await page.getByTestId('customer-option').filter({ hasText: 'Gasthaus Zum Goldenen Hirschen' }).click();
    await dialog.getByTestId('add-device-name').fill('Pairing-Test');
    await dialog.getByTestId('add-device-submit').click();
    await dialog.waitFor({ state: 'detached' });
    assert.equal(new URL(page.url()).searchParams.get('code'), null, 'closed, the code leaves the address');
    await page.getByTestId('devices-table').locator('tbody tr', { hasText: 'Pairing-Test' }).waitFor();

    // A picture for it, as staff give one (desktop width for the content screen's grid).
    await page.setViewportSize({ width: 1280, height: 860 });
    await page.goto('/agent-dashboard/ds/content');
    await page.getByTestId('dropzone-pending').hover();
    await page
      .getByTestId('signage-dropzone')
      .locator('input[type=file]')
      .setInputFiles({ name: 'fruehstueck.png', mimeType: 'image/png', buffer: solidPng(320, 180, [40, 140, 60]) });
    const row = page.getByTestId('files-table').getByRole('row', { name: /fruehstueck\.png/ });
    await row.waitFor();
    await row.getByTestId('pick-file').check();
    await page.getByRole('checkbox', { name: /^Pairing-Test – Gasthaus Zum Goldenen Hirschen/ }).check();
    await page.getByTestId('assign-content').click();
    await page.getByText('Content zugewiesen').first().waitFor();

    // The screen plays it, and its next poll reports it.
    await pollNow(screen);
    await screen.getByTestId('player-image').waitFor();
    // Once the first poll's files are stored (a poll under way takes no second one).
    await screen.waitForTimeout(500);
    await pollNow(screen);
    await page.goto('/agent-dashboard/ds/status');
    const device = page.getByTestId('status-table').locator('tbody tr', { hasText: 'Pairing-Test' });
    await device.waitFor();
    const id = await device.locator('[data-testid^="connection-"]').getAttribute('data-testid');
    const deviceId = id!.replace('connection-', '');
    // The board asks again by itself (every 15 s): what the screen reported arrives without a reload.
    await device
      .getByTestId(`on-screen-${deviceId}`)
      .filter({ hasText: 'fruehstueck.png' })
      .waitFor({ timeout: 40_000 });
    assert.equal(await device.getByTestId(`connection-${deviceId}`).textContent(), 'Online');
    assert.equal(await device.getByTestId(`version-${deviceId}`).textContent(), 'Aktuelle Version');
    await screenshot(page, 'signage-status-health-de');
    await staff.context.close();

    // Arabic on a phone of 375 px: the board reads right to left, nothing scrolls sideways.
    const ar = await app.open({ locale: 'ar', mobile: true });
    await ar.page.setViewportSize({ width: 375, height: 812 });
    await ar.page.goto('/login');
    await ar.page.locator('input[type=email]').fill(DEMO.admin.email);
    await ar.page.locator('input[type=password]').fill(DEMO.admin.password);
    await ar.page.locator('form button[type=submit]').click();
    await ar.page.waitForURL('**/agent-dashboard');
    await ar.page.goto('/agent-dashboard/ds/status');
    await ar.page.waitForFunction(() => document.documentElement.dir === 'rtl');
    if (await ar.page.getByTestId('sidebar-overlay').isVisible()) await ar.page.getByTestId('sidebar-toggle').click();
    await ar.page.getByTestId('sidebar-overlay').waitFor({ state: 'detached' });
    await ar.page.getByTestId(`on-screen-${deviceId}`).waitFor();
    assert.equal(await ar.page.getByTestId(`connection-${deviceId}`).textContent(), 'متصل');
    assert.ok(
      await ar.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      'no sideways scrolling at 375 px',
    );
    await screenshot(ar.page, 'signage-status-health-ar-375');
    await ar.context.close();
    await player.context.close();
  });
});
