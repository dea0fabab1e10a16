import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { DEMO, screenshot, serverAndBrowser } from './helpers.js';
import { pollNow, solidPng } from './signage-media.js';

/*
 * Signage end to end as a day of work goes: a new screen added by its code, a schedule given three
 * pictures in a chosen order that the player then plays in that order, a device's dialog that a
 * link and a reload open again, buttons that send once however often they are clicked, and the
 * dialogs in Arabic on a desktop and a 375-pixel phone.
 */

const CUSTOMER = 'Pizzeria Bella Napoli';
const PICTURES = [
  { name: 'rot.png', rgb: [200, 30, 30] },
  { name: 'gruen.png', rgb: [30, 160, 60] },
  { name: 'blau.png', rgb: [30, 60, 200] },
  { name: 'gelb.png', rgb: [230, 200, 20] },
] as const;

async function staffPage(app: ReturnType<typeof serverAndBrowser>, opts: { locale?: string; mobile?: boolean } = {}) {
  const opened = await app.open(opts);
  // By the fields' types: the labels are in the page's language.
  await opened.page.goto('/login');
  await opened.page.locator('input[type=email]').fill(DEMO.admin.email);
  await opened.page.locator('input[type=password]').fill(DEMO.admin.password);
  await opened.page.locator('form button[type=submit]').click();
  await opened.page.waitForURL('**/agent-dashboard');
  return opened;
}

/** The sidebar opens over the page on a phone; closed, the page shows. */
async function closeSidebar(page: Page) {
  if (await page.getByTestId('sidebar-overlay').isVisible()) await page.getByTestId('sidebar-toggle').click();
  await page.getByTestId('sidebar-overlay').waitFor({ state: 'detached' });
}

async function chooseCustomer(page: Page, scope: ReturnType<Page['getByTestId']>) {
  await scope.getByTestId('customer-search').fill('Bella Napoli');
  try {
    await page.getByTestId('customer-option').filter({ hasText: CUSTOMER }).click({ timeout: 4000 });
  } catch (e) {
    await page.screenshot({ path: 'test-results/screenshots/debug-customer.png' });
    throw e;
  }
}

/** The page is no wider than the window: nothing scrolls sideways. */
async function noSidewaysScroll(page: Page, what: string) {
  const [scroll, client] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  assert.ok(scroll <= client, `${what} scrolls sideways: ${scroll} > ${client}`);
}

describe('signage in a day of work: a schedule of three pictures played in order, links, safe buttons, Arabic', () => {
  const app = serverAndBrowser();
  let deviceName = '';
  const ids = new Map<string, string>();

  it('a screen added by its code (double click), a schedule of three pictures in a chosen order, played so by the player', async () => {
    const player = await app.open({ locale: 'de-AT' });
    await player.page.goto('/ds/player');
    const code = (await player.page.getByTestId('player-code').innerText()).replace(/\D/g, '');
    assert.match(code, /^\d{6}$/);

    const { context, page } = await staffPage(app);
    // Four pictures, uploaded one after the other.
    await page.goto('/agent-dashboard/ds/content');
    // As a person points at the drop zone before dropping: its code loads with the first pointer.
    await page.getByTestId('dropzone-pending').hover();
    for (const p of PICTURES) {
      await page
        .getByTestId('signage-dropzone')
        .locator('input[type=file]')
        .setInputFiles({ name: p.name, mimeType: 'image/png', buffer: solidPng(160, 90, [...p.rgb]) });
      await page
        .getByTestId('files-table')
        .getByRole('row', { name: new RegExp(p.name.replace('.', '\\.')) })
        .waitFor();
    }

    // "Gerät hinzufügen", the submit clicked twice: added once, no refusal of the second click shown.
    deviceName = `Flur ${code}`;
    await page.goto('/agent-dashboard/ds/devices');
    await page.getByTestId('add-device').click();
    const add = page.getByTestId('add-device-dialog');
    await add.getByTestId('add-device-code').fill(`${code.slice(0, 3)}-${code.slice(3)}`);
    await chooseCustomer(page, add);
    await add.getByTestId('add-device-name').fill(deviceName);
    await add.getByTestId('add-device-submit').dblclick();
    await add.waitFor({ state: 'detached' });
    const deviceRow = page.getByTestId('devices-table').locator('tbody tr', { hasText: deviceName });
    await deviceRow.getByText(CUSTOMER).waitFor();
    assert.equal(await page.getByText('Aktivierungscode ist nicht korrekt').count(), 0);
    assert.equal(await deviceRow.count(), 1);

    // The schedule dialog: every fault at its field, in the app's words, before anything is sent.
    await page.goto('/agent-dashboard/ds/schedules');
    await page.getByTestId('new-schedule').click();
    const form = page.getByTestId('schedule-dialog');
    await form.getByTestId('schedule-start').fill('25:00');
    await form.getByTestId('schedule-end').fill('');
    await form.getByTestId('schedule-save').click();
    const required = 'Bitte alle Felder ausfüllen und einen Kunden wählen.';
    assert.equal(await form.getByTestId('schedule-name').getAttribute('aria-invalid'), 'true');
    assert.equal(await form.getByTestId('schedule-start').getAttribute('aria-invalid'), 'true');
    assert.equal(await form.getByTestId('schedule-end').getAttribute('aria-invalid'), 'true');
    await form.getByText('Ungültige Uhrzeit (HH:MM).').waitFor();
    assert.equal(await form.getByText(required).count(), 3, 'name, end time and customer each say it');
    assert.equal(await form.getByTestId('schedule-error').count(), 0, 'no alert at the bottom');
    // Times typed short become 24-hour times; the faults go with the fields put right.
    await form.getByTestId('schedule-name').fill('Drei Bilder');
    await form.getByTestId('schedule-start').fill('0');
    await form.getByTestId('schedule-end').fill('2359');
    await form.getByTestId('schedule-name').focus();
    assert.equal(await form.getByTestId('schedule-start').inputValue(), '00:00');
    assert.equal(await form.getByTestId('schedule-end').inputValue(), '23:59');
    await chooseCustomer(page, form);
    await form.getByText('Ungültige Uhrzeit (HH:MM).').waitFor({ state: 'detached' });
    // Saved with a double click: one schedule.
    await form.getByTestId('schedule-save').dblclick();
    await form.waitFor({ state: 'detached' });
    const row = page.getByTestId('schedules-table').locator('tbody tr', { hasText: 'Drei Bilder' });
    await row.waitFor();
    assert.equal(await row.count(), 1, 'one schedule for two clicks');
    assert.equal(await row.getByTestId('content-count').innerText(), '0');

    // Three pictures added (red, green, blue), blue moved up one place: red, blue, green; a second each.
    await row.getByTestId('schedule-content').click();
    const dialog = page.getByTestId('schedule-content-dialog');
    const items = dialog.getByTestId('schedule-content-item');
    for (const name of ['rot.png', 'gruen.png', 'blau.png']) {
      await dialog.getByTestId('schedule-content-add').click();
      await page.getByRole('option', { name }).click();
      await items.filter({ hasText: name }).waitFor();
    }
    await dialog.getByRole('button', { name: '„blau.png“ nach oben' }).click();
    assert.deepEqual(
      (await items.allInnerTexts()).map((text) => /\w+\.png/.exec(text)?.[0]),
      ['rot.png', 'blau.png', 'gruen.png'],
    );
    for (let i = 0; i < 3; i++) await items.nth(i).getByTestId('schedule-content-duration').fill('1');
    await screenshot(page, 'signage-three-items-de');
    await dialog.getByTestId('schedule-content-save').dblclick();
    await dialog.waitFor({ state: 'detached' });
    // The list: the count and the strip in playing order.
    await row.getByTestId('content-count').filter({ hasText: '3' }).waitFor();
    const strip = row.getByTestId('content-strip').getByRole('img');
    await strip.nth(2).waitFor();
    assert.deepEqual(await strip.evaluateAll((els) => els.map((e) => e.getAttribute('alt'))), [
      'rot.png',
      'blau.png',
      'gruen.png',
    ]);

    // The player: plays the three, one second each, in that order, round and round.
    await pollNow(player.page);
    await player.page.getByTestId('player-image').waitFor();
    // A string, not a function: tsx would wrap a named inner function in a helper the page lacks.
    await player.page.evaluate(`(() => {
      const seen = (window.seen = []);
      const note = () => {
        const id = document.querySelector('[data-testid="player-image"]')?.getAttribute('data-file-id');
        if (id && seen.at(-1) !== id) seen.push(id);
      };
      note();
      new MutationObserver(note).observe(document.body, { subtree: true, childList: true, attributes: true });
    })()`);
    await player.page.waitForFunction(() => (window as unknown as { seen: string[] }).seen.length >= 5, undefined, {
      timeout: 15_000,
    });
    const seen = await player.page.evaluate(() => (window as unknown as { seen: string[] }).seen);
    assert.equal(new Set(seen).size, 3, `three pictures play: ${seen.join(',')}`);
    // Round and round in one order: each picture follows the same one every time.
    const next = new Map<string, string>();
    for (let i = 0; i + 1 < seen.length; i++) {
      const known = next.get(seen[i]!);
      if (known) assert.equal(seen[i + 1], known, `the order stays: ${seen.join(',')}`);
      next.set(seen[i]!, seen[i + 1]!);
    }
    // Which picture each id is, by its colour on the screen: red, then blue, then green.
    const colourOf = async (id: string) =>
      (
        await player.page.waitForFunction(
          (fileId) => {
            const el = document.querySelector<HTMLImageElement>('[data-testid="player-image"]');
            if (el?.getAttribute('data-file-id') !== fileId || !el.complete || el.naturalWidth === 0) return null;
            const canvas = document.createElement('canvas');
            canvas.width = canvas.height = 1;
            const g = canvas.getContext('2d')!;
            g.drawImage(el, 0, 0, 1, 1);
            const [r, gr, b] = g.getImageData(0, 0, 1, 1).data;
            return r! > gr! && r! > b! ? 'rot' : gr! > b! ? 'gruen' : 'blau';
          },
          id,
          { timeout: 10_000 },
        )
      ).jsonValue();
    const first = seen[0]!;
    const loop = [first, next.get(first)!, next.get(next.get(first)!)!];
    assert.equal(next.get(loop[2]!), first, `the loop closes after three: ${seen.join(',')}`);
    const colours: string[] = [];
    for (const id of loop) colours.push((await colourOf(id)) ?? '');
    const start = colours.indexOf('rot');
    assert.deepEqual([...colours.slice(start), ...colours.slice(0, start)], ['rot', 'blau', 'gruen']);
    await screenshot(player.page, 'signage-player-three');
    // What the player plays is what "Was läuft jetzt?" lists, in the order staff chose.
    await page.goto('/agent-dashboard/ds/devices');
    await deviceRow.getByTestId('now-playing').click();
    const now = page.getByTestId('now-playing-dialog');
    await now.getByTestId('now-playing-item').nth(2).waitFor();
    assert.deepEqual(
      (await now.getByTestId('now-playing-item').allInnerTexts()).map((text) => /\w+\.png/.exec(text)?.[0]),
      ['rot.png', 'blau.png', 'gruen.png'],
    );
    assert.match(page.url(), /[?&]device=\d+/);
    ids.set('device', new URL(page.url()).searchParams.get('device')!);
    await context.close();
    await player.context.close();
  });

  it('the open device is in the address: a reload and a shared link open it again, back closes it', async () => {
    const { context, page } = await staffPage(app);
    await page.goto('/agent-dashboard/ds/devices');
    const row = page.getByTestId('devices-table').locator('tbody tr', { hasText: deviceName });
    await row.getByTestId('now-playing').click();
    const dialog = page.getByTestId('now-playing-dialog');
    await dialog.getByText(`„${deviceName}“`).waitFor();
    assert.equal(new URL(page.url()).searchParams.get('device'), ids.get('device'));
    // Reloaded: the same device's dialog.
    await page.reload();
    await dialog.getByText(`„${deviceName}“`).waitFor();
    await dialog.getByTestId('now-playing-item').first().waitFor();
    // Back (after the reload too) closes it and leaves the list.
    await page.goBack();
    await dialog.waitFor({ state: 'detached' });
    assert.equal(new URL(page.url()).searchParams.get('device'), null);
    await page.getByTestId('devices-table').waitFor();
    // A link someone sent: opens the device; closing it stays on the list.
    const link = await staffPage(app);
    await link.page.goto(`/agent-dashboard/ds/devices?device=${ids.get('device')}`);
    const linked = link.page.getByTestId('now-playing-dialog');
    await linked.getByText(`„${deviceName}“`).waitFor();
    await linked.getByRole('button', { name: 'Schließen' }).click();
    await linked.waitFor({ state: 'detached' });
    assert.equal(new URL(link.page.url()).searchParams.get('device'), null);
    assert.match(link.page.url(), /\/ds\/devices/);
    await link.context.close();
    // The status page opens the same dialog the same way.
    await page.goto('/agent-dashboard/ds/status');
    await page
      .getByTestId('status-table')
      .locator('tbody tr', { hasText: deviceName })
      .getByTestId('now-playing')
      .click();
    await dialog.getByText(`„${deviceName}“`).waitFor();
    assert.equal(new URL(page.url()).searchParams.get('device'), ids.get('device'));
    await context.close();
  });

  it('content assigned with a double click is assigned once', async () => {
    const { context, page } = await staffPage(app);
    await page.goto('/agent-dashboard/ds/content');
    await page
      .getByTestId('files-table')
      .getByRole('row', { name: /gelb\.png/ })
      .getByTestId('pick-file')
      .check();
    await page.getByRole('checkbox', { name: new RegExp(`^${deviceName}`) }).check();
    await page.getByTestId('assign-content').dblclick();
    await page.getByText('Content zugewiesen').first().waitFor();
    await page.goto(`/agent-dashboard/ds/devices?device=${ids.get('device')}`);
    const dialog = page.getByTestId('now-playing-dialog');
    await dialog.getByTestId('now-playing-item').nth(3).waitFor();
    assert.equal(await dialog.getByTestId('now-playing-item').filter({ hasText: 'gelb.png' }).count(), 1);
    await context.close();
  });

  for (const mobile of [false, true])
    it(`the signage dialogs read right to left in Arabic${mobile ? ' on a 375-pixel phone' : ''}; no page scrolls sideways`, async () => {
      const { context, page } = await staffPage(app, { locale: 'ar', mobile });
      if (mobile) await page.setViewportSize({ width: 375, height: 812 });
      const suffix = mobile ? 'phone-ar' : 'ar';
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
        if (mobile) await closeSidebar(page);
        await noSidewaysScroll(page, path);
      }

      await page.goto('/agent-dashboard/ds/devices');
      await page.getByTestId('devices-table').locator('tbody tr').first().waitFor();
      if (mobile) await closeSidebar(page);
      await page.getByTestId('add-device').click();
      const add = page.getByTestId('add-device-dialog');
      await add.getByTestId('add-device-submit').click();
      await add.locator('[aria-invalid="true"]').first().waitFor();
      await screenshot(page, `signage-add-device-${suffix}`);
      await add.getByRole('button', { name: 'إلغاء' }).click();
      await add.waitFor({ state: 'detached' });

      await page.goto(`/agent-dashboard/ds/devices?device=${ids.get('device')}`);
      const now = page.getByTestId('now-playing-dialog');
      await now.getByTestId('now-playing-item').first().locator('img').waitFor();
      await screenshot(page, `signage-now-playing-${suffix}`);

      await page.goto('/agent-dashboard/ds/schedules?status=all');
      const row = page.getByTestId('schedules-table').locator('tbody tr', { hasText: 'Drei Bilder' });
      await row.getByTestId('content-strip').getByRole('img').nth(2).waitFor();
      if (mobile) await closeSidebar(page);
      await noSidewaysScroll(page, 'ds/schedules with the strip');
      await screenshot(page, `signage-schedules-strip-${suffix}`);
      await row.getByTestId('schedule-content').click();
      const content = page.getByTestId('schedule-content-dialog');
      await content.getByTestId('schedule-content-item').nth(2).waitFor();
      await screenshot(page, `signage-schedule-content-${suffix}`);
      await content.getByRole('button', { name: 'إلغاء' }).click();
      await content.waitFor({ state: 'detached' });

      await page.getByTestId('new-schedule').click();
      const form = page.getByTestId('schedule-dialog');
      // 24 hours with Latin digits in Arabic too.
      assert.equal(await form.getByTestId('schedule-start').inputValue(), '08:00');
      assert.equal(await form.getByTestId('schedule-end').inputValue(), '17:00');
      await form.getByTestId('schedule-end').fill('7');
      await form.getByTestId('schedule-save').click();
      await form.locator('[aria-invalid="true"]').first().waitFor();
      await screenshot(page, `signage-schedule-form-${suffix}`);
      await context.close();
    });
});
