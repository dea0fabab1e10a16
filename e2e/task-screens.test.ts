import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { Locator, Page } from 'playwright-core';
import { DEMO, screenshot, serverAndBrowser, signIn } from './helpers.js';

const run = Date.now() % 100000;
const WORDS = `Die Kasse im Gastgarten ${run} startet nicht mehr, der Bildschirm bleibt schwarz.`;
const VENUE = `Gastgarten Lindenhof ${run}`;
/** A title of one word as long as a title may be (200 characters, no space). */
const LONG_TITLE = `Doppelklick${run}`.padEnd(200, 'x');

/** The page is not wider than its window (nothing pushes it sideways). */
const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

/** A classic support request as the public form sends it, the proof of work solved in Node. */
async function submitSupportRequest(baseUrl: string): Promise<number> {
  const challenge = (await (await fetch(`${baseUrl}/web/challenge`)).json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  assert.ok(solution);
  const form = new FormData();
  form.set('altcha', Buffer.from(JSON.stringify({ challenge, solution })).toString('base64'));
  for (const [k, v] of Object.entries({
    kundennummer: '10001',
    lokalname: VENUE,
    telefonnummer: '+43 664 4426822',
    email: 'lindenhof@example.at',
    name: 'Lena Linde',
    plz: '1190',
    description: WORDS,
    agb: 'true',
  }))
    form.set(k, v);
  const res = await fetch(`${baseUrl}/web/classic-support`, { method: 'POST', body: form });
  assert.equal(res.status, 200, await res.clone().text());
  return ((await res.json()) as { reference: number }).reference;
}

/** Types into the board's search; the caller waits for what it expects to appear. */
async function searchBoard(page: Page, text: string) {
  await page.getByTestId('task-search').fill(text);
}

/**
 * Signs in as the admin in a chosen language. The choice is saved to the account, so every test
 * sets its own; on a phone the sidebar starts closed.
 */
async function signInAs(page: Page, lang: 'DE' | 'AR', phone = false) {
  await signIn(page, DEMO.admin);
  await page.waitForURL('**/agent-dashboard');
  await page.getByTestId('language-select').selectOption({ label: lang });
  await page.waitForFunction((rtl) => document.documentElement.dir === (rtl ? 'rtl' : 'ltr'), lang === 'AR');
  if (phone) await page.getByTestId('sidebar-overlay').waitFor({ state: 'detached' });
}

/** What a person sees first on the phone: the viewport only (screenshot() keeps the full page). */
async function firstScreen(page: Page, name: string) {
  await screenshot(page, name);
  await page.screenshot({ path: `test-results/screenshots/${name}-viewport.png` });
}

/** Whether a text field's placeholder fits inside it (a cut-off hint was one of the phone defects). */
async function placeholderFits(l: Locator): Promise<boolean> {
  return l.evaluate((el) => {
    const input = el as HTMLInputElement;
    const probe = document.createElement('span');
    probe.style.cssText = `position:absolute;visibility:hidden;white-space:pre;font:${getComputedStyle(input).font}`;
    probe.textContent = input.placeholder;
    document.body.append(probe);
    const w = probe.getBoundingClientRect().width;
    probe.remove();
    const cs = getComputedStyle(input);
    return w <= input.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) + 1;
  });
}

const box = async (l: Locator) => {
  const b = await l.boundingBox();
  assert.ok(b, 'visible');
  return b;
};
const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('task screens', () => {
  const app = serverAndBrowser();
  let taskId = 0;

  it('shows a public request once: the card previews the customer’s words, the details hold the contact', async () => {
    taskId = await submitSupportRequest(app.server.url);
    const { context, page } = await app.open();
    await signInAs(page, 'DE');
    await searchBoard(page, VENUE);
    const card = page.getByTestId(`task-card-${taskId}`);
    await card.waitFor();
    const preview = await card.getByTestId('task-description-preview').innerText();
    assert.ok(preview.startsWith(WORDS), `preview: ${preview}`);
    assert.ok(!preview.includes('Beschreibung:') && !preview.includes('lindenhof@example.at'), preview);
    await screenshot(page, 'task-public-request-card');

    await card.click();
    const modal = page.getByTestId('task-modal');
    await modal.getByTestId('task-description').waitFor();
    assert.ok((await modal.getByTestId('task-description').innerText()).startsWith(WORDS));
    await modal.getByText('lindenhof@example.at').waitFor();
    await screenshot(page, 'task-public-request-details');
    await modal.getByTestId('task-modal-tab-messages').click();
    await modal.getByText('Keine Nachrichten gefunden').waitFor();
    await modal.getByTestId('task-modal-tab-conversations').click();
    const mail = modal.locator('[data-testid^="conversation-"]');
    await mail.first().waitFor();
    assert.equal(await mail.count(), 1, 'the confirmation mail');
    assert.ok(!(await mail.innerText()).includes(WORDS), 'the mail does not repeat the request');
    assert.equal(await modal.getByText(WORDS).count(), 0, 'nowhere else in the modal');
    await context.close();
  });

  it('answers a second help request in German, not with the server’s old English', async () => {
    const { context, page } = await app.open();
    await signInAs(page, 'DE');
    await page.goto(`/agent-dashboard/tasks/${taskId}`);
    const modal = page.getByTestId('task-modal');
    for (const [i, comment] of ['Kannst du bitte anrufen?', 'Noch einmal, bitte.'].entries()) {
      await modal.getByTestId('action-request-help').click();
      await page.getByTestId('help-agent-select').click();
      await page.getByRole('option', { name: 'Max Mustermann' }).click();
      await page.getByTestId('help-comment').fill(comment);
      await page.getByTestId('help-submit').click();
      if (i === 0) await page.getByText('Hilfeanfrage wurde gesendet.').waitFor();
    }
    await page.getByText('Für diese Aufgabe gibt es bereits eine Hilfeanfrage.').waitFor();
    assert.equal(await page.getByText('help request already exists').count(), 0);
    await screenshot(page, 'task-help-request-exists');
    // On a desktop too, close ends the last row of the footer instead of standing on a row alone.
    const tops = await modal
      .getByTestId('task-modal-footer')
      .evaluate((el) =>
        Array.from(el.querySelectorAll('button')).map((b) => [
          b.dataset.testid,
          Math.round(b.getBoundingClientRect().top),
        ]),
      );
    const closeTop = tops.find(([id]) => id === 'action-close')![1];
    assert.ok(tops.filter(([, top]) => top === closeTop).length > 1, `close shares a row: ${JSON.stringify(tops)}`);
    await context.close();
  });

  it('shows the counters O, E, A beside each agent in the filter', async () => {
    const { context, page } = await app.open();
    await signInAs(page, 'DE');
    await page.getByTestId('task-filter-agent').click();
    const option = page.getByRole('option', { name: /Max Mustermann/ });
    await option.waitFor();
    assert.match(await option.innerText(), /Max Mustermann\s+O \d+\s+E \d+\s+A \d+/);
    // Read out in words, not as letters.
    assert.match((await option.textContent()) ?? '', /\d+ offen, \d+ erledigt, \d+ abgeschlossen/);
    await screenshot(page, 'task-agent-filter-counters');
    assert.ok(await placeholderFits(page.getByTestId('task-search')), 'search placeholder fits on a desktop too');
    await context.close();
  });

  it('names the empty field and the refused file on the create page', async () => {
    const { context, page } = await app.open();
    await signIn(page, DEMO.agentAT);
    await page.waitForURL('**/agent-dashboard');
    await page.goto('/agent-dashboard/create-task');
    await page.getByTestId('create-task-submit').click();
    await page.getByText('Bitte einen Kunden über die Suche auswählen').waitFor();
    await page.getByText('Frist ist erforderlich').waitFor();
    assert.equal(await page.getByText('Kundennummer darf nur Zahlen enthalten').count(), 0);
    assert.equal(await page.getByText('Ungültiges Datum').count(), 0);
    await page
      .getByTestId('upload-dropzone')
      .locator('input[type=file]')
      .setInputFiles([{ name: 'kassenbericht.exe', mimeType: 'application/x-msdownload', buffer: Buffer.from('MZ') }]);
    // The name is isolated (U+2068 … U+2069), so an Arabic sentence around it keeps its order.
    await page
      .getByText(/„\u2068kassenbericht\.exe\u2069“ wurde nicht angenommen: Dieser Dateityp ist nicht erlaubt\./)
      .waitFor();
    await screenshot(page, 'create-task-messages');
    await context.close();
  });

  it('translates task types on the board, in the modal and in the filter (Arabic)', async () => {
    const { context, page } = await app.open();
    await signInAs(page, 'AR');
    await searchBoard(page, VENUE);
    const card = page.getByTestId(`task-card-${taskId}`);
    await card.waitFor();
    assert.equal(await card.getByTestId('task-type-badge').innerText(), 'الدعم الفني');
    await page.getByTestId('task-filter-type').click();
    await page.getByRole('option', { name: 'تغيير القائمة' }).waitFor();
    await screenshot(page, 'task-types-ar');
    await page.keyboard.press('Escape');
    await card.click();
    await page.getByTestId('task-modal').getByTestId('task-type-badge').waitFor();
    assert.equal(await page.getByTestId('task-modal').getByTestId('task-type-badge').innerText(), 'الدعم الفني');
    await context.close();
  });

  for (const lang of ['de', 'ar'] as const) {
    it(`fits a 375-pixel phone (${lang}): filters folded, first task in view, a tidy modal footer`, async () => {
      const { context, page } = await app.open({ mobile: true });
      await page.setViewportSize({ width: 375, height: 740 });
      await signInAs(page, lang === 'ar' ? 'AR' : 'DE', true);
      await page.locator('[data-testid^="task-card-"]').first().waitFor();
      assert.equal(await page.getByTestId('task-filter-firma').isVisible(), false, 'more filters folded');
      const firstCard = await box(page.locator('[data-testid^="task-card-"]').first());
      assert.ok(firstCard.y < 740 - 80, `first task starts at ${firstCard.y}px`);
      // The placeholder fits its field.
      const search = page.getByTestId('task-search');
      const fits = await placeholderFits(search);
      assert.ok(fits, 'search placeholder is not cut off');
      await firstScreen(page, `task-board-phone-${lang}`);
      await page.getByTestId('task-filters-toggle').click();
      await page.getByTestId('task-filter-firma').waitFor();
      await firstScreen(page, `task-board-phone-filters-${lang}`);

      await page.locator('[data-testid^="task-card-"]').first().click();
      const modal = page.getByTestId('task-modal');
      const footer = modal.getByTestId('task-modal-footer');
      await footer.waitFor();
      // The modal has finished sliding in (axe would measure a half-transparent title).
      await page.waitForFunction(() => {
        const el = document.querySelector<HTMLElement>('[data-testid=task-modal]');
        return el !== null && getComputedStyle(el).opacity === '1' && el.getAnimations().length === 0;
      });
      // One snapshot of every button (the modal may still be sliding in): top edge, and which is close.
      const tops = await footer.evaluate((el) =>
        Array.from(el.querySelectorAll('button')).map((b) => ({
          top: Math.round(b.getBoundingClientRect().top),
          close: b.dataset.testid === 'action-close',
        })),
      );
      const rows = new Map<number, number>();
      for (const { top } of tops) rows.set(top, (rows.get(top) ?? 0) + 1);
      const n = tops.length;
      assert.ok(
        [...rows.values()].every((c) => c <= 2) && [...rows.values()].filter((c) => c === 1).length <= n % 2,
        `two buttons a row: ${JSON.stringify([...rows])}`,
      );
      const closeTop = tops.find((b) => b.close)!.top;
      assert.equal(rows.get(closeTop), n % 2 === 0 ? 2 : 1, 'close shares its row when it can');
      await firstScreen(page, `task-modal-phone-${lang}`);
      await footer.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `test-results/screenshots/task-modal-phone-${lang}-footer.png` });

      await context.close();
    });
  }

  it('keeps toasts off the notification bell', async () => {
    const { context, page } = await app.open({ mobile: true });
    await page.setViewportSize({ width: 375, height: 740 });
    await signInAs(page, 'DE', true);
    await page.goto('/agent-dashboard/create-task');
    // The first click on the drop zone's box, before its code came, opens the file picker once it is there.
    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('dropzone-pending').click();
    await (
      await chooser
    ).setFiles([{ name: 'setup.exe', mimeType: 'application/x-msdownload', buffer: Buffer.from('MZ') }]);
    const toast = page.locator('.mantine-Notification-root').first();
    await toast.waitFor();
    const bell = await box(page.getByTestId('notification-bell'));
    assert.ok(!overlaps(await box(toast), bell), 'the toast leaves the bell free');
    await firstScreen(page, 'toast-below-bell-phone');
    await context.close();
  });

  it('creates a task with a typed date and a double click: one task; the first invalid field takes the focus', async () => {
    const { context, page } = await app.open();
    await signIn(page, DEMO.agentAT);
    await page.waitForURL('**/agent-dashboard');
    await page.goto('/agent-dashboard/create-task');
    await page.getByTestId('task-titel').waitFor();
    // An empty submit: each message at its field, the focus on the first of them.
    await page.getByTestId('create-task-submit').click();
    await page.getByText('Titel ist erforderlich').waitFor();
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('data-testid')), 'task-titel');

    await page.getByTestId('task-titel').fill(LONG_TITLE);
    await page.getByTestId('task-beschreibung').fill('Doppelt geklickt, einmal angelegt.');
    // Typed key by key as a person types, dots included: the field keeps 30.12.2030 (not 30..12.20:30).
    const frist = page.getByTestId('task-frist');
    await frist.click();
    await frist.pressSequentially('30.12.2030');
    assert.equal(await frist.inputValue(), '30.12.2030 ');
    await frist.pressSequentially('1430');
    assert.equal(await frist.inputValue(), '30.12.2030 14:30');
    await page.getByTestId('task-typ').click();
    await page.getByRole('option', { name: 'Support' }).first().click();
    await page.getByTestId('customer-search').fill('Gas');
    await page.getByRole('option', { name: /Gasthaus Zum Goldenen Hirschen/ }).click();
    assert.equal(await page.getByText('Frist ist erforderlich').count(), 0);
    assert.equal(await page.getByText('Ungültiges Datum').count(), 0);

    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/create-task')) sent.push(r.url());
    });
    await page.getByTestId('create-task-submit').dblclick();
    await page.waitForURL((u) => u.pathname === '/agent-dashboard');
    assert.equal(sent.length, 1, 'one request for a double click');
    await page.getByTestId('task-search').fill(LONG_TITLE.slice(0, 30));
    await page.locator(`[data-testid="task-total"][data-total="1"]`).waitFor();
    assert.equal(await page.locator('[data-testid^="task-card-"]').count(), 1, 'one task');
    await context.close();
  });

  it('a title of one long word widens neither the board, the list nor the task (1366 and 375 px)', async () => {
    for (const phone of [false, true]) {
      const { context, page } = await app.open({ mobile: phone });
      await page.setViewportSize(phone ? { width: 375, height: 812 } : { width: 1366, height: 850 });
      await signIn(page, DEMO.agentAT);
      await page.waitForURL('**/agent-dashboard');
      await page.locator('[data-testid^="task-card-"]').first().waitFor();
      // The sidebar may open over the page on a phone; closed, the page shows.
      if (phone && (await page.getByTestId('sidebar-overlay').isVisible())) {
        await page.getByTestId('sidebar-toggle').click();
        await page.getByTestId('sidebar-overlay').waitFor({ state: 'detached' });
      }
      await page.getByTestId('task-search').fill(LONG_TITLE.slice(0, 30));
      const card = page.locator('[data-testid^="task-card-"]').first();
      await card.waitFor();
      assert.ok(await noSidewaysScroll(page), `cards at ${phone ? 375 : 1366} px`);
      await page.getByTestId('board-view').locator('label').nth(1).click();
      await page.locator('[data-testid^="task-row-"]').first().waitFor();
      assert.ok(await noSidewaysScroll(page), `list at ${phone ? 375 : 1366} px`);
      // The whole title is the row's tooltip.
      assert.equal(await page.getByTestId('task-list-open').first().getAttribute('title'), LONG_TITLE);
      await page.getByTestId('task-list-open').first().click();
      const modal = page.getByTestId('task-modal');
      // Seen once in CI with two suites at a time: the row's click did not open the task (under
      // investigation, see the issue note); a person clicks again, and so does the test.
      const opened = await modal
        .getByTestId('task-title')
        .waitFor({ timeout: 4000 })
        .then(() => true)
        .catch(() => false);
      if (!opened) await page.getByTestId('task-list-open').first().click();
      await modal.getByTestId('task-title').waitFor();
      assert.ok(await noSidewaysScroll(page), `task at ${phone ? 375 : 1366} px`);
      const wide = await modal.evaluate((m) => m.scrollWidth > m.clientWidth + 1);
      assert.ok(!wide, 'the modal does not scroll sideways');
      if (!phone) await screenshot(page, 'task-long-title');
      await page.keyboard.press('Escape');
      await modal.waitFor({ state: 'detached' });
      // Back to the cards, and saved before the browser closes (the next test's board opens in the
      // view kept on the server).
      const saved = page.waitForResponse(
        (r) =>
          r.url().endsWith('/api/task-board-view') &&
          r.request().method() === 'PUT' &&
          (r.request().postData() ?? '').includes('"cards"'),
      );
      await page.getByTestId('board-view').locator('label').first().click();
      await page.locator('[data-testid^="task-card-"]').first().waitFor();
      assert.ok((await saved).ok());
      await context.close();
    }
  });

  it('a double click adds one note and changes the status once; the focus goes back to the note field', async () => {
    const { context, page } = await app.open();
    await signIn(page, DEMO.agentAT);
    await page.waitForURL('**/agent-dashboard');
    await page.getByTestId('task-search').fill(LONG_TITLE.slice(0, 30));
    await page.locator('[data-testid^="task-card-"]').first().click();
    const modal = page.getByTestId('task-modal');
    await modal.getByTestId('task-modal-tab-notes').click();
    const note = `Einmal notiert ${run}`;
    await modal.getByTestId('note-input').fill(note);
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && /\/api\/(task-add-note|task-set-status)$/.test(r.url())) sent.push(r.url());
    });
    await modal.getByTestId('note-submit').dblclick();
    await modal.getByTestId('notes-list').getByText(note).waitFor();
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'note-input');
    assert.equal(await modal.getByTestId('note-input').inputValue(), '');
    assert.equal(await modal.getByTestId('notes-list').getByText(note).count(), 1, 'one note');
    assert.equal(sent.length, 1, 'one request for a double click');

    await modal.getByTestId('action-mark-done').dblclick();
    await modal.getByTestId('action-reopen').waitFor();
    assert.equal(sent.filter((u) => u.endsWith('task-set-status')).length, 1, 'one status change');
    // No refusal of the user's own second click is shown.
    assert.equal(await page.locator('.mantine-Notification-root').filter({ hasText: 'nicht möglich' }).count(), 0);
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('data-testid')), 'task-title');
    await context.close();
  });

  it('the customer’s "Neue Anfrage": each refusal at its field, the client’s and the server’s, the first one focused', async () => {
    const { context, page } = await app.open();
    await signIn(page, DEMO.customer);
    await page.waitForURL('**/business-dashboard**');
    await page.goto('/business-dashboard/support/new');
    await page.getByTestId('support-submit').click();
    const title = page.getByTestId('support-title');
    const text = page.getByTestId('support-description');
    await page.getByText('Titel ist erforderlich').waitFor();
    await page.getByText('Beschreibung ist erforderlich').waitFor();
    assert.equal(await title.getAttribute('aria-invalid'), 'true');
    assert.equal(await text.getAttribute('aria-invalid'), 'true');
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('data-testid')), 'support-title');
    await screenshot(page, 'support-new-field-errors');
    // Typing in a field takes its message away; the other stays.
    await title.fill('Servercheck');
    assert.equal(await page.getByText('Titel ist erforderlich').count(), 0);
    await page.getByText('Beschreibung ist erforderlich').waitFor();

    // The server checks again: a title sent blank (changed on its way) comes back at the title field.
    await text.fill('Der Drucker in der Küche druckt nicht.');
    await page.route('**/api/business/support', async (route) => {
      const body = route.request().postDataBuffer();
      if (route.request().method() !== 'POST' || !body) return route.continue();
      await route.continue({ postData: Buffer.from(body.toString('latin1').replace('Servercheck', '   '), 'latin1') });
    });
    await page.getByTestId('support-submit').click();
    await page.getByText('Titel ist erforderlich').waitFor();
    assert.equal(await title.getAttribute('aria-invalid'), 'true');
    assert.equal(await page.getByTestId('support-error').count(), 0, 'no alert beside the field');
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('data-testid')), 'support-title');
    await context.close();
  });
});
