import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { DEMO, screenshot, serverAndBrowser } from './helpers.js';
import { api, assignToDemoAgent, paidOrder } from './rksv-flow.js';

/**
 * Keyboard only (issue 30, WCAG 2.4.1, 2.4.3, 4.1.2): Tab, Shift+Tab, Enter, Space, arrows and Escape,
 * no mouse. The skip link is the first Tab stop; after every dialog close and submit the focus is on
 * something that makes sense, never on the page body.
 */

const run = Date.now() % 100000;

/** What has the focus: its test id, else its id, else its tag. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'body';
    return el.getAttribute('data-testid') ?? (el.id ? `#${el.id}` : el.tagName.toLowerCase());
  });

/** Waits until the focused element matches `selector` (the focus moves after a render). */
const focusOn = (page: Page, selector: string) =>
  page
    .waitForFunction((s) => document.activeElement?.matches(s) ?? false, selector, { timeout: 5000 })
    .catch(async (e: Error) => {
      throw new Error(`${e.message}: the focus is on ${await focused(page)}, not ${selector}`);
    });

/** Presses Tab (or Shift+Tab) until the focus is on `selector`; fails after `max` presses. */
async function tabTo(page: Page, selector: string, max = 60, back = false): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  assert.fail(`${selector} not reached with ${max} Tabs (focus on ${await focused(page)})`);
}

/**
 * A select with the focus: the arrow opens its list, the next arrow marks an option, Enter chooses it.
 * On a busy machine an arrow pressed before the list has its options marks none, and Enter then
 * chooses nothing: the person would press the arrow again, and so does this.
 */
async function chooseByArrow(page: Page): Promise<void> {
  await page.keyboard.press('ArrowDown');
  await page.getByRole('listbox').waitFor();
  for (let i = 0; i < 3; i++) {
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const closed = await page
      .getByRole('listbox')
      .waitFor({ state: 'detached', timeout: 3000 })
      .then(() => true)
      .catch(() => false);
    if (closed) break;
  }
  await page.getByRole('listbox').waitFor({ state: 'detached' });
}

/** From a fresh load: the first Tab stop is the skip link, and it takes the focus into the main content. */
async function skipLinkFirst(page: Page): Promise<void> {
  await page.keyboard.press('Tab');
  assert.equal(await focused(page), 'skip-link', 'the skip link is the first Tab stop');
  await page.keyboard.press('Enter');
  await focusOn(page, '#main-content');
}

/** Signs in with the keyboard (the fields by Tab) and saves the language to the account. */
async function signInByKeyboard(page: Page, lang: 'de' | 'ar') {
  await page.goto('/login');
  await page.getByLabel('E-Mail').waitFor();
  // The sign-in page has no shell (and no skip link): its first field is the first Tab stop.
  await tabTo(page, 'input[type="email"], input[name="email"]');
  await page.keyboard.type(DEMO.agentAT.email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(DEMO.agentAT.password);
  await page.keyboard.press('Enter');
  await page.waitForURL('**/agent-dashboard');
  // The language select of the sidebar, by keyboard: reached by Tab, changed with the arrows.
  await page.getByTestId('language-select').selectOption({ label: lang.toUpperCase() });
  await page.waitForFunction((rtl) => document.documentElement.dir === (rtl ? 'rtl' : 'ltr'), lang === 'ar');
}

/** Waits until the focus is inside the open dialog (`[role="dialog"]`), not on the page behind it. */
const focusInDialog = (page: Page) =>
  page.waitForFunction(() => !!document.activeElement?.closest('[role="dialog"]'), undefined, { timeout: 5000 });

/** The unread count on the notification bell. */
const unreadCount = async (page: Page) =>
  Number(await page.getByTestId('notification-count').getAttribute('data-count'));

/**
 * The admin gives the demo agent a task over the API, as the create-task form does: the agent gets an
 * unread notification for it. Resolves to the notification's id and the agent's token.
 */
async function notificationForAgent(base: string, title: string): Promise<{ id: number; token: string }> {
  const signIn = async (who: { email: string; password: string }) => {
    const res = await api<{ accessToken: string; id: number }>(base, '/auth/login', { method: 'POST', body: who });
    assert.equal(res.status, 200, JSON.stringify(res.json));
    return res.json;
  };
  const admin = await signIn(DEMO.admin);
  const agent = await signIn(DEMO.agentAT);
  const form = new FormData();
  for (const [k, v] of Object.entries({
    titel: title,
    beschreibung: 'Bitte mit der Tastatur ansehen.',
    frist: '2031-01-15T10:00:00Z',
    typ: '1',
    userID: String(agent.id),
    kundennummer: '4711',
  }))
    form.append(k, v);
  const created = await fetch(`${base}/api/create-task`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin.accessToken}` },
    body: form,
  });
  assert.ok(created.ok, await created.clone().text());
  const { aufgabeID } = (await created.json()) as { aufgabeID: number };
  const list = await api<{ id: number; task_id: number | null; status: string }[]>(base, '/api/get-notifications', {
    token: agent.accessToken,
  });
  const mine = list.json.find((n) => n.task_id === aufgabeID);
  assert.ok(mine, `a notification for task ${aufgabeID}`);
  assert.notEqual(mine.status, 'read');
  return { id: mine.id, token: agent.accessToken };
}

describe('keyboard only', () => {
  const app = serverAndBrowser();

  for (const lang of ['de', 'ar'] as const) {
    it(`(${lang}) a note on a task, a task with a typed date and a customer from the search, a cashbook dialog`, async () => {
      const { context, page } = await app.open();
      await signInByKeyboard(page, lang);

      // The board: skip link first, then a card by Tab, opened with Enter.
      await page.reload();
      await page.locator('[data-testid^="task-card-"]').first().waitFor();
      await skipLinkFirst(page);
      await tabTo(page, '[data-testid^="task-card-"]');
      const card = await focused(page);
      await page.keyboard.press('Enter');
      const modal = page.getByTestId('task-modal');
      await modal.waitFor();
      assert.notEqual(await focused(page), 'body');
      // The tabs are one Tab stop (the selected one); the arrows walk them, the way of the text.
      await tabTo(page, '[role="tab"][aria-selected="true"]');
      for (let i = 0; i < 4 && (await focused(page)) !== 'task-modal-tab-notes'; i++)
        await page.keyboard.press(lang === 'ar' ? 'ArrowLeft' : 'ArrowRight');
      assert.equal(await focused(page), 'task-modal-tab-notes');
      await page.keyboard.press('Enter');
      await modal.getByTestId('note-input').waitFor();
      await tabTo(page, '[data-testid="note-input"]');
      const note = `Mit der Tastatur notiert ${run} ${lang}`;
      await page.keyboard.type(note);
      await tabTo(page, '[data-testid="note-submit"]');
      await page.keyboard.press('Enter');
      await modal
        .getByTestId('notes-list')
        .getByText(note)
        .waitFor()
        .catch(async (e: Error) => {
          const list = await modal
            .getByTestId('notes-list')
            .innerText()
            .catch(() => '(no list)');
          const typed = await modal
            .getByTestId('note-input')
            .inputValue()
            .catch(() => '(no field)');
          throw new Error(`${e.message}\nfield: ${typed}\nfocus: ${await focused(page)}\nlist: ${list.slice(0, 500)}`);
        });
      await focusOn(page, '[data-testid="note-input"]');
      await screenshot(page, `keyboard-note-${lang}`);
      // Escape closes the dialog; the focus goes back to the card that opened it.
      await page.keyboard.press('Escape');
      await modal.waitFor({ state: 'detached' });
      await focusOn(page, `[data-testid="${card}"]`);

      // Create a task: an empty submit focuses the first invalid field.
      await page.goto('/agent-dashboard/create-task');
      await page.getByTestId('task-titel').waitFor();
      await skipLinkFirst(page);
      await tabTo(page, '[data-testid="create-task-submit"]', 80);
      await page.keyboard.press('Enter');
      await focusOn(page, '[data-testid="task-titel"]');
      assert.equal(await page.getByTestId('task-titel').getAttribute('aria-invalid'), 'true');
      const title = `Tastatur ${run} ${lang}`;
      await page.keyboard.type(title);
      await tabTo(page, '[data-testid="task-beschreibung"]');
      await page.keyboard.type('Ohne Maus angelegt.');
      await tabTo(page, '[data-testid="task-frist"]');
      await page.keyboard.type('30.12.2030 14:30');
      assert.equal(await page.getByTestId('task-frist').inputValue(), '30.12.2030 14:30');
      // The type: a select opened with the arrow, an option chosen with Enter.
      await tabTo(page, '[data-testid="task-typ"]');
      await chooseByArrow(page);
      assert.notEqual(await page.getByTestId('task-typ').inputValue(), '');

      // The customer search is a combobox: expanded with a listbox it controls, the arrow's option
      // named as the active descendant, Enter chooses it.
      await tabTo(page, '[data-testid="customer-search"]');
      const search = page.getByTestId('customer-search');
      assert.equal(await search.getAttribute('role'), 'combobox');
      await page.keyboard.type('Gas');
      await page.waitForFunction(
        () => document.querySelector('[data-testid="customer-search"]')?.getAttribute('aria-expanded') === 'true',
      );
      const listId = await search.getAttribute('aria-controls');
      assert.ok(listId, 'aria-controls names the list');
      const list = page.locator(`[id="${listId}"]`);
      assert.equal(await list.getAttribute('role'), 'listbox');
      assert.ok((await list.getByRole('option').count()) > 0);
      assert.ok(await list.getAttribute('aria-labelledby'), 'the list is named by the field’s label');
      await page.getByTestId('customer-search-found').filter({ hasText: /\d/ }).waitFor({ state: 'attached' });
      await page.keyboard.press('ArrowDown');
      await page.waitForFunction(() => {
        const id = document.querySelector('[data-testid="customer-search"]')?.getAttribute('aria-activedescendant');
        return !!id && document.getElementById(id)?.getAttribute('role') === 'option';
      });
      await screenshot(page, `keyboard-customer-search-${lang}`);
      await page.keyboard.press('Enter');
      await page.waitForFunction(
        () => document.querySelector('[data-testid="customer-search"]')?.getAttribute('aria-expanded') === 'false',
      );
      assert.match(await search.inputValue(), /\(\d+\)$/);
      assert.equal(await focused(page), 'customer-search');

      // The drop area is a named group, not a Tab stop; its button is, and Enter opens the file chooser.
      const dropzone = page.getByTestId('upload-dropzone');
      assert.equal(await dropzone.getAttribute('role'), 'group');
      assert.equal(await dropzone.getAttribute('tabindex'), null);
      assert.ok(await dropzone.getAttribute('aria-labelledby'), 'the drop area is named');
      // Listened for before the Tabs: the browser intercepts the chooser only once asked to.
      const chooser = page.waitForEvent('filechooser', { timeout: 30_000 });
      await tabTo(page, '[data-testid="upload-dropzone-choose"]');
      await page.keyboard.press('Enter');
      await (await chooser).setFiles({ name: 'tastatur.csv', mimeType: 'text/csv', buffer: Buffer.from('a;b\n1;2\n') });
      await page.getByTestId('selected-files').getByText('tastatur.csv').waitFor();
      await focusOn(page, '[data-testid="upload-dropzone-choose"]');

      await tabTo(page, '[data-testid="create-task-submit"]');
      await page.keyboard.press('Enter');
      await page.waitForURL((u) => u.pathname === '/agent-dashboard');
      // The screen after the submit has the focus in its content, not on the body.
      await page.waitForFunction(() => document.activeElement !== document.body && document.activeElement !== null);

      // The cashbook's add dialog: opened with Enter, Escape brings the focus back to its button.
      await page.goto('/agent-dashboard/cashbook/transactions');
      await page.getByTestId('cashbook-add').waitFor();
      await skipLinkFirst(page);
      await tabTo(page, '[data-testid="cashbook-add"]');
      await page.keyboard.press('Enter');
      await page.getByTestId('cashbook-add-amount').waitFor();
      assert.notEqual(await focused(page), 'body');
      await page.keyboard.press('Escape');
      await page.getByTestId('cashbook-add-amount').waitFor({ state: 'detached' });
      await focusOn(page, '[data-testid="cashbook-add"]');
      await context.close();
    });
  }

  for (const lang of ['de', 'ar'] as const) {
    it(`(${lang}) serial numbers of an RKSV order, a cashbook entry booked, a notification marked read`, async () => {
      const base = app.server.url;
      const company = `Tastatur Bestellung ${run} ${lang}`;
      const orderId = await paidOrder(base, company);
      await assignToDemoAgent(base, orderId);
      const notification = await notificationForAgent(base, `Glocke ${run} ${lang}`);
      const { context, page } = await app.open();
      await signInByKeyboard(page, lang);

      // (a) The serial numbers of an open order: the order's number is a button reached by Tab,
      // Enter opens the dialog, the number typed twice, saved with Enter.
      await page.goto(`/agent-dashboard/rksvorders?q=${encodeURIComponent(company)}`);
      const opener = `[data-testid="rksv-order-open"][data-order="${orderId}"]`;
      await page.locator(opener).waitFor();
      await skipLinkFirst(page);
      await tabTo(page, opener);
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog');
      await dialog.getByTestId('serial-input').waitFor();
      await focusInDialog(page);
      await tabTo(page, '[data-testid="serial-input"]');
      const serial = `SN-KB-${run}-${lang.toUpperCase()}`;
      await page.keyboard.type(serial);
      await tabTo(page, '[data-testid="serial-repeat"]');
      await page.keyboard.type(serial);
      await tabTo(page, '[data-testid="serials-save"]');
      const answer = page.waitForResponse((r) => r.url().endsWith('/api/rksv-update-card'));
      await page.keyboard.press('Enter');
      assert.equal((await answer).status(), 200, 'the server saved the serial number');
      // The dialog follows the order to its next stage and keeps the number (editable until shipped);
      // the focus stays in it.
      await dialog.locator('[data-testid="dialog-stage"][data-stage="created"]').waitFor();
      assert.equal(await dialog.getByTestId('serial-input').inputValue(), serial);
      await focusOn(page, '[data-testid="serials-save"]');
      await screenshot(page, `keyboard-rksv-serials-${lang}`);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await focusOn(page, opener);
      // The row says the order moved on (created).
      await page.getByTestId('rksv-orders').locator('[data-testid="order-stage"][data-stage="created"]').waitFor();

      // (b) A cashbook entry booked with "Buchen": the dialog by Enter, the category chosen with the
      // arrows, the form sent with Enter on its button; the entry is in the list.
      await page.goto('/agent-dashboard/cashbook/transactions');
      await page.getByTestId('cashbook-add').waitFor();
      await skipLinkFirst(page);
      await tabTo(page, '[data-testid="cashbook-add"]');
      await page.keyboard.press('Enter');
      await page.getByTestId('cashbook-add-amount').waitFor();
      await focusInDialog(page);
      await tabTo(page, '[data-testid="cashbook-add-amount"]');
      await page.keyboard.type('12,34');
      await tabTo(page, '[data-testid="cashbook-add-category"]');
      await chooseByArrow(page);
      assert.notEqual(await page.getByTestId('cashbook-add-category').inputValue(), '');
      await tabTo(page, '[data-testid="cashbook-add-description"]');
      const entry = `Mit der Tastatur gebucht ${run} ${lang}`;
      await page.keyboard.type(entry);
      await tabTo(page, '[data-testid="cashbook-add-invoice"]');
      await page.keyboard.type(`RE-KB-${run}-${lang}`);
      await tabTo(page, '[data-testid="cashbook-add-submit"]');
      if (lang === 'de') assert.equal(await page.getByTestId('cashbook-add-submit').textContent(), 'Buchen');
      await page.keyboard.press('Enter');
      await page.getByTestId('cashbook-add-dialog').waitFor({ state: 'detached' });
      const row = page.getByRole('row').filter({ hasText: entry });
      await row.waitFor();
      assert.match(await row.innerText(), /12,34/);
      await focusOn(page, '[data-testid="cashbook-add"]');

      // (c) A notification read from the bell's panel: the bell by Shift+Tab from the content, Enter
      // opens the panel with the focus in it, Tab to the notification, Enter opens its task; the
      // badge drops and the server has it read.
      await page.goto('/agent-dashboard/cashbook/transactions');
      await page.getByTestId('cashbook-add').waitFor();
      // The badge says 0 until the bell's list has loaded; the notification made above is unread, so wait
      // for the count it brings (reading it at once was a race the test lost on a busy machine).
      await page
        .waitForFunction(
          () => Number(document.querySelector('[data-testid="notification-count"]')?.getAttribute('data-count')) > 0,
          undefined,
          { timeout: 15_000 },
        )
        .catch(() => undefined);
      const before = await unreadCount(page);
      assert.ok(before > 0, 'an unread notification');
      await skipLinkFirst(page);
      await tabTo(page, '[data-testid="notification-bell"]', 60, true);
      await page.keyboard.press('Enter');
      await page.getByTestId('notification-list').waitFor();
      await page.waitForFunction(
        () => !!document.querySelector('[data-testid="notification-list"]')?.contains(document.activeElement),
      );
      // The picture (and its accessibility check) before the walk: Tab and Enter follow each other.
      await screenshot(page, `keyboard-notifications-${lang}`);
      await tabTo(page, `[data-testid="notification-${notification.id}"]`);
      await page.keyboard.press('Enter');
      await page
        .waitForFunction((n) => {
          const count = document.querySelector('[data-testid="notification-count"]')?.getAttribute('data-count');
          return Number(count) < n;
        }, before)
        .catch(async (e: Error) => {
          const stored = await api<{ id: number; status: string }[]>(base, '/api/get-notifications', {
            token: notification.token,
          });
          throw new Error(
            `${e.message}: focus on ${await focused(page)}, unread ${before} → ${await unreadCount(page)} at ${page.url()}, stored ${JSON.stringify(stored.json.find((n) => n.id === notification.id))}, stored unread ${stored.json.filter((n) => n.status !== 'read').length}`,
          );
        });
      // The badge drops at once (the bell counts the read before the server answers): the server's copy
      // is asked until it has the read, for a few seconds.
      let status: string | undefined;
      for (let i = 0; i < 50 && status !== 'read'; i++) {
        if (i) await new Promise((r) => setTimeout(r, 100));
        const stored = await api<{ id: number; status: string }[]>(base, '/api/get-notifications', {
          token: notification.token,
        });
        status = stored.json.find((n) => n.id === notification.id)?.status;
      }
      assert.equal(status, 'read');
      // Its task opens with the focus in it; Escape closes it. The panel that opened it has gone and the
      // screen changed to the board: the focus goes to the task's own card where the board shows it, else
      // to the main content (the skip link's target), or back on the bell; never to the page body.
      const modal = page.getByTestId('task-modal');
      await modal.waitFor();
      const taskId = await modal.getAttribute('data-task-id');
      await focusInDialog(page);
      await page.keyboard.press('Escape');
      await modal.waitFor({ state: 'detached' });
      await focusOn(page, `[data-testid="task-card-${taskId}"], #main-content, [data-testid="notification-bell"]`);
      await context.close();
    });
  }

  it('a public form: the skip link first; an empty submit focuses the first invalid field; the terms error is tied to the checkbox', async () => {
    const { context, page } = await app.open();
    await page.goto('/classic-support');
    await page.getByTestId('form-submit').waitFor();
    await skipLinkFirst(page);
    await tabTo(page, '[data-testid="form-submit"]', 120);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-invalid') === 'true');
    const terms = page.getByTestId('terms');
    assert.equal(await terms.getAttribute('aria-invalid'), 'true');
    const describedBy = await terms.getAttribute('aria-describedby');
    assert.ok(describedBy);
    assert.ok(((await page.locator(`[id="${describedBy}"]`).textContent()) ?? '').length > 0);
    // The slider check by keyboard: End solves it, the thumb keeps the focus, "Verifiziert" is a status.
    await tabTo(page, '[data-testid="slider-check"] [role="slider"]');
    await page.keyboard.press('End');
    await page.locator('[data-testid="slider-check"][data-verified="true"]').waitFor();
    await focusOn(page, '[data-testid="slider-check"] [role="slider"]');
    assert.equal(await page.getByTestId('slider-check-status').getAttribute('role'), 'status');
    assert.equal(await page.getByTestId('slider-check-status').textContent(), 'Verifiziert');
    await screenshot(page, 'keyboard-public-form-de');
    await context.close();
  });
});
