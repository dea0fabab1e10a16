import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import path from 'node:path';
import { formatAnswerTime } from '@portal/shared';
import { DEMO, screenshot, SCREENSHOT_DIR, serverAndBrowser, signIn } from './helpers.js';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const CSV = Buffer.from('artikel;preis\nSchnitzel;16,90\n');
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 1)]);

const run = String(Date.now() % 100000);
/** Venue names that make each request easy to find on the board. */
const VENUE = {
  dep: `Weinstube DEP ${run}`,
  menu: `Bistro Menü ${run}`,
  switch: `Gasthof Wechsel ${run}`,
  emergency: `Pizzeria Notfall ${run}`,
  classic: `Café Support ${run}`,
};

/** Types as a person would, key by key. */
async function type(page: Page, testId: string, text: string) {
  await page.getByTestId(testId).pressSequentially(text);
}

async function dropFiles(page: Page, files: { name: string; mimeType: string; buffer: Buffer }[]) {
  await page.locator('[data-testid=upload-dropzone] input[type=file]').setInputFiles(files);
}

/** Drags the security slider with the mouse to its end (to the left in a right-to-left page). */
async function dragSlider(page: Page, rtl = false) {
  const thumb = page.locator('[data-testid=slider-check] [role=slider]');
  await thumb.scrollIntoViewIfNeeded();
  const t = (await thumb.boundingBox())!;
  const track = (await page.getByTestId('slider-check').locator('.mantine-Slider-root').boundingBox())!;
  await page.mouse.move(t.x + t.width / 2, t.y + t.height / 2);
  await page.mouse.down();
  const endX = rtl ? track.x - 20 : track.x + track.width + 20;
  await page.mouse.move(endX, t.y + t.height / 2, { steps: 12 });
  await page.mouse.up();
  await page.waitForFunction(
    () => document.querySelector('[data-testid=slider-check]')?.getAttribute('data-verified') === 'true',
  );
}

/** Waits until the background proof of work is solved and returns how long it took (ms). */
async function solveTime(page: Page): Promise<number> {
  await page.waitForFunction(
    () => document.querySelector('[data-testid=form-submit]')?.getAttribute('data-altcha') === 'ready',
    undefined,
    { timeout: 20_000 },
  );
  return Number(await page.getByTestId('form-submit').getAttribute('data-altcha-ms'));
}

/**
 * Sends the form and waits for the spec's success text, back on the landing page; below it, when to
 * expect an answer (issue 31): the answer's response deadline as weekday and time in Vienna.
 */
async function sendAndSucceed(page: Page, success: string) {
  const answer = page.waitForResponse((r) => r.url().includes('/web/') && r.request().method() === 'POST');
  await page.getByTestId('form-submit').click();
  await page.getByText(success).waitFor({ timeout: 20_000 });
  await page.waitForURL((u) => u.pathname === '/');
  const body = (await (await answer).json()) as { due_at: string; outside_hours: boolean };
  const when = formatAnswerTime(body.due_at, 'de-AT', new Date());
  const note = body.outside_hours ? 'Ihre Anfrage ist außerhalb unserer Servicezeiten eingegangen. ' : '';
  assert.equal(await page.getByTestId('form-answer-time').innerText(), `${note}Wir melden uns bis ${when}.`);
  assert.match(when, /^(Montag|Dienstag|Mittwoch|Donnerstag|Freitag|Samstag|Sonntag)\b.*\d{2}:\d{2}$/);
}

/** Fills the Kontaktdaten shared by the menu and support forms. */
async function contact(page: Page, venue: string, email: string) {
  // Letters typed into the Kundennummer are ignored.
  await type(page, 'field-kundennummer', '10a0b01');
  assert.equal(await page.getByTestId('field-kundennummer').inputValue(), '10001');
  await type(page, 'field-lokalname', venue);
  await type(page, 'field-name', 'Maria Huber');
  await type(page, 'field-plz', '1190');
  await type(page, 'field-telefonnummer', '+43 664 1234567');
  await type(page, 'field-email', email);
}

describe('public request forms', () => {
  const app = serverAndBrowser();
  const solveTimes: Record<string, number> = {};
  after(() => {
    console.log(`ALTCHA solve times in Chromium (ms): ${JSON.stringify(solveTimes)}`);
  });

  it('DEP export: months and years from 2017, robot message before the slider, success', async () => {
    const { context, page } = await app.open();
    await page.goto('/financeexport');
    await page.getByRole('heading', { name: 'DEP Export anfordern' }).waitFor();
    await contact(page, VENUE.dep, 'dep@example.at');
    await type(page, 'field-firmenname', 'Weinstube GmbH');
    const years = await page.getByTestId('field-startYear').locator('option').allTextContents();
    assert.equal(years.at(-1), '2017');
    assert.equal(years[1], String(new Date().getFullYear()));
    assert.ok((await page.getByTestId('field-startMonth').locator('option').allTextContents()).includes('Jänner'));
    // The end before the start is refused with the schema's message.
    await page.getByTestId('field-startMonth').selectOption('6');
    await page.getByTestId('field-startYear').selectOption('2024');
    await page.getByTestId('field-endMonth').selectOption('3');
    await page.getByTestId('field-endYear').selectOption('2024');
    await page.getByTestId('terms').check();
    await page.getByTestId('form-submit').click();
    await page.getByText('Das Ende des Zeitraums darf nicht vor dem Beginn liegen').waitFor();
    // Not slid yet: the robot message.
    await page.getByText('Bitte bestätigen Sie, dass Sie kein Roboter sind.').waitFor();
    await page.getByTestId('field-endYear').selectOption('2025');
    await type(page, 'field-description', 'Für die Betriebsprüfung.');
    solveTimes.dep = await solveTime(page);
    await dragSlider(page);
    assert.equal(await page.getByTestId('slider-check-label').textContent(), 'Verifiziert');
    await screenshot(page, 'public-dep-filled');
    await sendAndSucceed(page, 'Ihre DEP Anfrage wurde erfolgreich gesendet!');
    await page.getByText(/Referenznummer: \d+/).waitFor();
    await screenshot(page, 'public-dep-success');
    await context.close();
  });

  it('menu change: dd.MM.yyyy date with a minimum, weekday rule, upload with remove', async () => {
    const { context, page } = await app.open();
    await page.goto('/menuechange');
    await page.getByRole('heading', { name: 'Menüänderung', exact: true }).waitFor();
    assert.deepEqual(await page.$$eval('form section h2', (hs) => hs.map((h) => h.textContent)), [
      'Kontaktdaten',
      'Änderungsdetails',
    ]);
    await contact(page, VENUE.menu, 'menu@example.at');
    await type(page, 'field-comment', 'Tafelspitz neu 18,90 €, Kaiserschmarrn 9,50 €.');
    await dropFiles(page, [
      { name: 'speisekarte.pdf', mimeType: 'application/pdf', buffer: PDF },
      { name: 'preise.csv', mimeType: 'text/csv', buffer: CSV },
    ]);
    await page.getByTestId('selected-files').getByText('preise.csv').waitFor();
    await page.getByRole('button', { name: /preise\.csv/ }).click();
    assert.equal(await page.getByTestId('selected-files').getByText('preise.csv').count(), 0, 'removed');
    await page.getByTestId('selected-files').getByText('speisekarte.pdf').waitFor();

    const date = page.getByTestId('field-frist');
    // The calendar offers the days from the earliest allowed one.
    const min = (await page.getByTestId('field-frist-picker').getAttribute('min'))!;
    assert.match(min, /^\d{4}-\d{2}-\d{2}$/);
    const shown = (isoDay: string) => isoDay.split('-').reverse().join('.');
    // Typed as dd.MM.yyyy: the separators fill in.
    await date.pressSequentially('01012031');
    assert.equal(await date.inputValue(), '01.01.2031');
    await date.fill('');
    // A Saturday after the minimum is refused at once.
    const d = new Date(`${min}T12:00:00Z`);
    while (d.getUTCDay() !== 6) d.setUTCDate(d.getUTCDate() + 1);
    await date.fill(shown(d.toISOString().slice(0, 10)));
    await page.getByText('Bitte wählen Sie einen Werktag (Mo-Fr) und kein Feiertag.').waitFor();
    await date.fill(shown(min));
    await page.waitForFunction(() => !document.body.textContent?.includes('Bitte wählen Sie einen Werktag'));
    await page.getByTestId('terms').check();
    solveTimes.menu = await solveTime(page);
    await dragSlider(page);
    await screenshot(page, 'public-menu-filled');
    await sendAndSucceed(page, 'Menüänderung wurde erfolgreich beantragt.');
    await context.close();
  });

  it('company switch: current and new company, reason, documents', async () => {
    const { context, page } = await app.open();
    await page.goto('/companychange');
    await page.getByRole('heading', { name: 'Firmenwechsel', exact: true }).waitFor();
    assert.deepEqual(await page.$$eval('form section h2', (hs) => hs.map((h) => h.textContent)), [
      'Aktuelle Firmendaten',
      'Neue Firmendaten',
      'Zusätzliche Informationen',
    ]);
    const side = async (p: 'old' | 'new', v: Record<string, string>) => {
      for (const [k, value] of Object.entries(v)) await type(page, `field-${p}${k}`, value);
    };
    await side('old', {
      CompanyName: 'Huber Gastro GmbH',
      LocalName: VENUE.switch,
      CustomerNumber: '10001',
      TaxId: 'ATU12345678',
      Address: 'Hauptstraße 1, 1190 Wien',
      Contact: 'Maria Huber',
      Phone: '0664 1234567',
      Email: 'huber@example.at',
    });
    await side('new', {
      CompanyName: 'Berger Wirtshaus KG',
      LocalName: VENUE.switch,
      TaxId: 'ATU87654321',
      Address: 'Hauptstraße 1, 1190 Wien',
      Contact: 'Bernd Berger',
      Phone: '+43 660 1112223',
      Email: 'berger@example.at',
    });
    await page.getByTestId('field-switchReason').selectOption('Verkauf');
    await dropFiles(page, [{ name: 'kaufvertrag.pdf', mimeType: 'application/pdf', buffer: PDF }]);
    await type(page, 'field-additionalInfo', 'Übergabe am Monatsersten.');
    await page.getByTestId('terms').check();
    solveTimes.switch = await solveTime(page);
    await dragSlider(page);
    await screenshot(page, 'public-switch-filled');
    await sendAndSucceed(page, 'Ihre Firmenübernahme-Anfrage wurde erfolgreich übermittelt.');
    await context.close();
  });

  it('emergency support on a 375-pixel phone: red, warning, cost box, upload', async () => {
    const { context, page } = await app.open({ mobile: true });
    await page.setViewportSize({ width: 375, height: 812 });
    // A phone's CPU: four times slower (the proof of work must still be quick).
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto('/emergency-support');
    await page.getByRole('heading', { name: 'Emergency Support Anfrage' }).waitFor();
    await page.getByTestId('emergency-warning').waitFor();
    assert.match((await page.getByTestId('cost-price').textContent())!, /150,00/);
    assert.equal(await page.getByTestId('emergency-form-page').getAttribute('data-tone'), 'red');
    await contact(page, VENUE.emergency, 'notfall@example.at');
    await type(page, 'field-description', 'Kasse startet nicht, Gäste warten.');
    await dropFiles(page, [{ name: 'fehlermeldung.png', mimeType: 'image/png', buffer: PNG }]);
    await page.getByTestId('terms').check();
    solveTimes.emergencyPhone4x = await solveTime(page);
    await dragSlider(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `no sideways scrolling (${overflow}px)`);
    await screenshot(page, 'public-emergency-mobile');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await sendAndSucceed(page, 'Ihre Emergency Support Anfrage wurde erfolgreich gesendet!');
    await context.close();
  });

  it('classic support: opening hours; a server failure and a disguised file reset the slider, then it is sent', async () => {
    const { context, page } = await app.open();
    await page.goto('/classic-support');
    await page.getByRole('heading', { name: 'Support Anfrage' }).waitFor();
    await page.getByTestId('opening-hours').waitFor();
    await contact(page, VENUE.classic, 'support@example.at');
    await type(page, 'field-description', 'Der Bondrucker druckt keine Rechnungen mehr.');
    await dropFiles(page, [{ name: 'rechnung.pdf', mimeType: 'application/pdf', buffer: EXE }]);
    // Without the terms the browser's own check stops the form.
    await page.getByTestId('form-submit').click();
    assert.equal(
      await page.getByTestId('terms').evaluate((el) => (el as HTMLInputElement).validity.valueMissing),
      true,
    );
    await page.getByTestId('terms').check();
    solveTimes.classic = await solveTime(page);
    // Every attempt: its own Idempotency-Key, and the proof of work as the body's first part (issues 14.4, 14.15).
    const keys: (string | undefined)[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/web/classic-support')) keys.push(r.headers()['idempotency-key']);
    });
    // The order of the parts as the page hands them to the browser (the file bytes are not in the devtools' view).
    await page.evaluate(() => {
      const w = window as unknown as { sentParts: string[][] };
      w.sentParts = [];
      const send = XMLHttpRequest.prototype.send;
      XMLHttpRequest.prototype.send = function (body) {
        if (body instanceof FormData) {
          const names: string[] = [];
          body.forEach((_v, name) => names.push(name));
          w.sentParts.push(names);
        }
        return send.call(this, body);
      };
    });

    // 1. The server is down: the spec's message, the slider back at 0. While sending: "Wird gesendet..." and progress.
    await page.route('**/web/classic-support', async (route) => {
      await new Promise((r) => setTimeout(r, 800));
      await route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad Gateway</h1>' });
    });
    await dragSlider(page);
    await page.getByTestId('form-submit').click();
    await page.getByRole('button', { name: 'Wird gesendet...' }).waitFor();
    await page.getByTestId('upload-progress').waitFor();
    await page
      .getByTestId('form-error')
      .getByText('Ein Fehler ist aufgetreten. Bitte versuchen Sie es später erneut.')
      .waitFor();
    assert.equal(await page.getByTestId('slider-check').getAttribute('data-verified'), 'false', 'slider reset');
    await page.unroute('**/web/classic-support');

    // 2. The server refuses the EXE named .pdf: its German message, the slider back at 0 again.
    await dragSlider(page);
    await page.getByTestId('form-submit').click();
    await page.getByTestId('form-error').getByText('Dieser Dateityp ist nicht erlaubt.').waitFor();
    assert.equal(await page.getByTestId('slider-check').getAttribute('data-verified'), 'false', 'slider reset');
    assert.equal(await page.locator('[data-testid=slider-check] [role=slider]').getAttribute('aria-valuenow'), '0');
    await screenshot(page, 'public-classic-failed');

    // 3. The right file: sent.
    await page.getByRole('button', { name: /rechnung\.pdf/ }).click();
    await dropFiles(page, [{ name: 'drucker.png', mimeType: 'image/png', buffer: PNG }]);
    await dragSlider(page);
    await sendAndSucceed(page, 'Ihre Support-Anfrage wurde erfolgreich gesendet!');
    assert.equal(keys.length, 3);
    assert.equal(new Set(keys).size, 3, 'a fresh key per attempt');
    for (const k of keys) assert.match(k ?? '', /^[0-9a-f-]{32,36}$/);
    const parts = await page.evaluate(() => (window as unknown as { sentParts: string[][] }).sentParts);
    assert.equal(parts.length, 3);
    for (const p of parts) {
      assert.deepEqual(p.slice(0, 2), ['altcha', 'website'], 'the proof of work and the honeypot first');
      assert.equal(p.at(-1), 'files', 'the files last');
    }
    await context.close();
  });

  it('cancel leads back to the landing page; the Arabic page is right to left', async () => {
    const { context, page } = await app.open();
    await page.goto('/menuechange?lang=ar');
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    await page.getByRole('heading', { name: 'تعديل قائمة الطعام' }).waitFor();
    await type(page, 'field-lokalname', 'مطعم');
    await page.getByTestId('form-submit').click();
    await page.getByText('يرجى تأكيد أنك لست روبوتًا.').waitFor();
    await solveTime(page);
    await dragSlider(page, true);
    assert.equal(await page.getByTestId('slider-check-label').textContent(), 'تم التحقق');
    await screenshot(page, 'public-menu-ar');
    await page.goto('/classic-support?lang=ar');
    await page.getByTestId('opening-hours-box').waitFor();
    await screenshot(page, 'public-classic-ar');
    await page.getByTestId('form-cancel').click();
    await page.waitForURL((u) => u.pathname === '/');
    await context.close();
  });

  it('an agent finds each request on the board with its files', async () => {
    const { context, page } = await app.open();
    await signIn(page, DEMO.admin);
    await page.waitForURL('**/agent-dashboard');
    await page.getByTestId('task-search').waitFor();
    const expected: [string, string, string[]][] = [
      [VENUE.dep, `DEP Export: ${VENUE.dep}`, []],
      [VENUE.menu, `Menüänderung: ${VENUE.menu}`, ['speisekarte.pdf']],
      [VENUE.switch, `Firmenwechsel: ${VENUE.switch} → Berger Wirtshaus KG`, ['kaufvertrag.pdf']],
      [VENUE.emergency, `Emergency Support: ${VENUE.emergency}`, ['fehlermeldung.png']],
      [VENUE.classic, `Support: ${VENUE.classic}`, ['drucker.png']],
    ];
    for (const [venue, title, files] of expected) {
      const q = encodeURIComponent(venue).replace(/%20/g, '(%20|\\+)');
      await Promise.all([page.waitForResponse(new RegExp(`q=${q}`)), page.getByTestId('task-search').fill(venue)]);
      const card = page.locator('[data-testid^="task-card-"]', { hasText: title });
      await card.waitFor();
      assert.equal(await page.locator('[data-testid^="task-card-"]').count(), 1, venue);
      await card.click();
      const modal = page.getByTestId('task-modal');
      await modal.waitFor();
      await modal.getByText(title).first().waitFor();
      assert.equal(await modal.getByTestId('files-count').textContent(), String(files.length), `${venue}: files`);
      if (files.length) {
        await modal.getByTestId('task-modal-tab-files').click();
        for (const f of files) await modal.getByText(f).waitFor();
        // A plain picture: the task modal belongs to the tasks area (its axe findings are reported there).
        if (venue === VENUE.menu)
          await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'public-menu-task-files.png'), fullPage: true });
      }
      await modal.getByTestId('action-close').click();
      await modal.waitFor({ state: 'detached' });
    }
    await context.close();
  });
});
