import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { DEMO, invitationToken, screenshot, serverAndBrowser, signIn } from './helpers.js';
import { api, assignToDemoAgent, paidOrder, signInByApi } from './rksv-flow.js';

/**
 * The RKSV order workflow in the browser (issue 16): an order paid in the shop's built-in checkout is
 * assigned by the admin to the demo agent, who enters its serial number (a mismatch is refused),
 * ships it with a tracking number and activates its card; the order moves offen → erstellt →
 * zustellung → abgeschlossen, and a second agent with the same rights never sees it.
 *
 * Every case brings its own order, made as a buyer and the back office make it (the shop's calls and
 * the built-in checkout, then the back office's calls up to the stage the case starts from), under a
 * company name of its own: each runs alone (`--test-name-pattern`) and in any order.
 */
const COMPANY = 'Gasthaus Größenwahn E2E';
const SECOND = { email: 'zweite.agentin@demo.at', password: 'Zweite-Agentin-1' };

/** The company of a case's order, and how the search finds it: without accents and in lower case (the server's search ignores both). */
const orderOf = (label: string) => ({
  company: `${COMPANY} ${label}`,
  search: `grossenwahn e2e ${label.toLowerCase()}`,
});

/** An agent with the rksv rights: created by the admin over the API, password set through the invitation. */
async function inviteAgent(
  server: { url: string; dataDir: string },
  who: { name: string; email: string; password: string; tel: string },
) {
  const base = server.url;
  const created = await api(base, '/api/create-user', {
    method: 'POST',
    token: await signInByApi(base, DEMO.admin),
    body: {
      name: who.name,
      email: who.email,
      tel: who.tel,
      country: 1,
      role: 2,
      agentLevel: 1,
      permissions: ['rksv', 'rksv_orders'],
    },
  });
  assert.ok(created.status < 300, JSON.stringify(created.json));
  const token = await invitationToken(path.join(server.dataDir, 'mail'), who.email);
  const set = await api(base, '/auth/set-password', { method: 'POST', body: { token, password: who.password } });
  assert.equal(set.status, 200, JSON.stringify(set.json));
}

/** The demo agent takes the order to abgeschlossen: serial numbers, tracking number, activated cards. */
async function completeAsDemoAgent(base: string, orderId: number): Promise<void> {
  const token = await signInByApi(base, DEMO.agentAT);
  const cards = (await api<{ id: number }[]>(base, `/api/rksv-cards/${orderId}`, { token })).json;
  const post = async (url: string, body: unknown) => {
    const res = await api(base, url, { method: 'POST', token, body });
    assert.equal(res.status, 200, `${url}: ${JSON.stringify(res.json)}`);
  };
  for (const card of cards) await post('/api/rksv-update-card', { cardId: card.id, serialNumber: `SN-E2E-${card.id}` });
  await post('/api/rksv-set-tracking', { orderId, trackingNumber: 'RR123456785AT' });
  for (const card of cards)
    await post('/api/rksv-activate-card', {
      cardId: card.id,
      kassenid: `KASSE-E2E-${card.id}`,
      cert_sn: `CE${card.id.toString(16).toUpperCase()}`,
    });
}

/** The list of a stage page, searched for a case's order; resolves to the number of rows found. */
async function rowsOn(page: Page, stagePath: string, search: string): Promise<number> {
  await page.goto(`/agent-dashboard/${stagePath}?q=${encodeURIComponent(search)}`);
  await page.getByTestId('rksv-total').and(page.locator('[data-total]')).waitFor();
  await page.getByTestId('rksv-orders').waitFor();
  return Number(await page.getByTestId('rksv-total').getAttribute('data-total'));
}

/**
 * The message a field shows (its accessible description, `aria-describedby`, as a screen reader
 * reads it), checked to be at that field: the input says it is invalid.
 */
async function fieldError(page: Page, testId: string, text: RegExp, nth = 0) {
  const input = page.getByTestId(testId).nth(nth);
  await page.waitForFunction(
    (el) => el?.getAttribute('aria-invalid') === 'true',
    await input.elementHandle(),
  );
  // Of the field's descriptions (hint, counter, error), the error: Mantine's `<input id>-error`.
  const said = await input.evaluate((el) =>
    (el.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .filter((id) => id.endsWith('-error'))
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ')
      .trim(),
  );
  assert.match(said, text, said);
}

async function openOrder(page: Page) {
  await page.getByRole('button', { name: /Bestellung #\d+ öffnen/ }).click();
  await page.getByRole('dialog').waitFor();
}

describe('RKSV order workflow in the back office', () => {
  const app = serverAndBrowser();

  it('pays an order in the built-in checkout; a second agent with rksv rights is invited', async () => {
    const { context, page } = await app.open();
    await page.goto('/rksv');
    // The page arrives rendered at build time; the prices come once the app has taken it over, and
    // only then do its checkboxes answer.
    await page.getByTestId('rksv-total').getByText(/69,00/).waitFor();
    await page.getByTestId('rksv-company').fill(COMPANY);
    await page.getByTestId('rksv-name').fill('Greta Groß');
    await page.getByTestId('rksv-taxid').fill('ATU76543210');
    await page.getByTestId('rksv-address').fill('Mariahilfer Straße 5');
    await page.getByTestId('rksv-postalcode').fill('1060');
    await page.getByTestId('rksv-city').fill('Wien');
    await page.getByTestId('rksv-email').fill('greta@groessenwahn.at');
    await page.getByTestId('rksv-phone').fill('0664 765 43 21');
    await page.getByTestId('rksv-phone').blur();
    await page.getByTestId('rksv-delivery-shipping').click();
    await page.getByLabel(/Ich akzeptiere die AGB/).check();
    await page.getByLabel(/Ich bestätige, dass meine Angaben/).check();
    // Enabled once every field is valid (a loaded machine may take a moment); else it names what is missing.
    await page
      .locator('[data-testid="rksv-submit"]:not([disabled])')
      .waitFor({ timeout: 30_000 })
      .catch(async (e: Error) => {
        throw new Error(
          `${e.message}\n${await page
            .getByTestId('rksv-submit-blocked')
            .textContent()
            .catch(() => '')}`,
        );
      });
    await page.getByTestId('rksv-submit').click();
    await page.waitForURL(/\/web\/checkout\/cs_local_/);
    await page.getByRole('button', { name: 'Jetzt bezahlen' }).click();
    await page.getByTestId('result-payment-status').getByText('Bezahlt').waitFor();
    await context.close();

    // The second agent: created by the admin over the API, password set through the invitation.
    await inviteAgent(app.server, { name: 'Zweite Agentin', tel: '+43 660 7654321', ...SECOND });
  });

  it('the admin finds it unassigned (accent-insensitive search) and assigns it to the demo agent', async () => {
    const { company, search } = orderOf('Zuweisung');
    const orderId = await paidOrder(app.server.url, company);
    const { context, page } = await app.open();
    await signIn(page, DEMO.admin);
    await page.waitForURL('**/agent-dashboard**');
    assert.equal(await rowsOn(page, 'rksvorders', search), 1);
    const link = page.getByRole('button', { name: /Bestellung #\d+ öffnen/ });
    assert.equal(Number(/#(\d+)/.exec((await link.getAttribute('aria-label')) ?? '')![1]), orderId);
    await openOrder(page);
    await page.getByTestId('dialog-stage').getByText('Offen').waitFor();
    await page.getByTestId('rksv-assign-agent').click();
    await page.getByRole('option', { name: 'Max Mustermann' }).click();
    await page.getByText('Mitarbeiter zugewiesen').first().waitFor();
    await screenshot(page, 'rksv-order-dialog-admin');
    await context.close();
  });

  it('the agent enters the serial number (a mismatch is refused), ships with tracking and activates the card', async () => {
    const { company, search } = orderOf('Ablauf');
    await assignToDemoAgent(app.server.url, await paidOrder(app.server.url, company));
    const { context, page } = await app.open();
    await signIn(page, DEMO.agentAT);
    await page.waitForURL('**/agent-dashboard**');
    assert.equal(await rowsOn(page, 'rksvorders/offen', search), 1);
    assert.equal(await rowsOn(page, 'rksvorders/erstellt', search), 0);
    await page.getByTestId('rksv-orders-empty').getByText('Keine Bestellungen gefunden').waitFor();

    await rowsOn(page, 'rksvorders/offen', search);
    await screenshot(page, 'rksv-orders-offen');
    await openOrder(page);
    await page.getByTestId('serial-input').fill('SN-2026-0001');
    await page.getByTestId('serial-repeat').fill('SN-2026-0002');
    await page.getByText('Die Seriennummern stimmen nicht überein.').waitFor();
    assert.ok(await page.getByTestId('serials-save').isDisabled(), 'save disabled on mismatch');
    await screenshot(page, 'rksv-order-serial-mismatch');
    await page.getByTestId('serial-repeat').fill('SN-2026-0001');
    assert.ok(await page.getByTestId('serials-save').isEnabled());
    await page.getByTestId('serials-save').click();
    // The dialog follows the order to its next stage.
    await page.getByTestId('dialog-stage').getByText('Erstellt').waitFor();
    await page.keyboard.press('Escape');

    assert.equal(await rowsOn(page, 'rksvorders/offen', search), 0);
    assert.equal(await rowsOn(page, 'rksvorders/erstellt', search), 1);
    await openOrder(page);
    await page.getByTestId('tracking-input').waitFor({ timeout: 20_000 });
    assert.ok(await page.getByTestId('tracking-save').isDisabled(), 'tracking submit disabled while empty');
    // A number not of the Post's form: refused at the field, naming the expected form; nothing sent.
    await page.getByTestId('tracking-input').fill('RR1AT');
    await page.getByTestId('tracking-save').click();
    await fieldError(page, 'tracking-input', /^Sendungsnummer ungültig: erwartet z\. B\. 1234567890123456789012 \(22 Ziffern\) oder RR123456789AT/);
    await page.getByTestId('dialog-stage').getByText('Erstellt').waitFor();
    await screenshot(page, 'rksv-order-tracking-invalid');
    await page.getByTestId('tracking-input').fill('RR123456785AT');
    assert.notEqual(await page.getByTestId('tracking-input').getAttribute('aria-invalid'), 'true', 'error gone once changed');
    assert.equal(
      await page.getByTestId('tracking-preview').getAttribute('href'),
      'https://www.post.at/s/sendungsdetails?snr=RR123456785AT',
    );
    await page.getByTestId('tracking-save').click();
    await page.getByTestId('dialog-stage').getByText('Zustellung').waitFor();
    assert.equal(
      await page.getByTestId('tracking-link').getAttribute('href'),
      'https://www.post.at/s/sendungsdetails?snr=RR123456785AT',
    );
    // The buyer was mailed, and the history says so.
    await page.getByTestId('activity-mail').and(page.locator('[data-mail="shipped"]')).waitFor();
    // … with where the mail stands (no SMTP in this run: waiting, or delivered to the log).
    const mailStatus = page.getByTestId('activity-mail-status');
    await mailStatus.waitFor();
    assert.ok(['pending', 'logged'].includes((await mailStatus.getAttribute('data-status')) ?? ''));
    assert.match((await mailStatus.textContent()) ?? '', /^(wartet auf Versand|nur protokolliert \(kein Mailserver\))$/);
    // The invoice opens in a new tab through its signed link.
    const [tab] = await Promise.all([context.waitForEvent('page'), page.getByTestId('rksv-invoice').click()]);
    await tab.waitForURL(/\/api\/rksv-invoice-file\/.+\?exp=\d+&sig=/);
    await tab.close();
    await page.keyboard.press('Escape');

    assert.equal(await rowsOn(page, 'rksvorders/zustellung', search), 1);
    await openOrder(page);
    await page.getByTestId('activate-kassenid').fill('KASSE-E2E-1');
    await page.getByTestId('activate-cert_sn').fill('CERT-0815');
    await page.getByTestId('activate-aes_key').fill('c2VjcmV0LWUyZS1rZXk=');
    await page.getByTestId('activate-save').click();
    // Not hexadecimal: the message at the certificate's field, the card stays as it was.
    await fieldError(page, 'activate-cert_sn', /Seriennummer des Zertifikats muss hexadezimal sein/);
    assert.equal(await page.getByTestId('activation-error').count(), 0, 'no alert below the form');
    await screenshot(page, 'rksv-order-cert-invalid');
    await page.getByTestId('activate-cert_sn').fill('0815 ab cd');
    await page.getByTestId('activate-save').click();
    await page.getByTestId('dialog-stage').getByText('Abgeschlossen').waitFor();
    await page.getByTestId('reveal-key').click();
    await page.getByTestId('aes-key').getByText('c2VjcmV0LWUyZS1rZXk=').waitFor();
    await page.getByTestId('activity').locator('[data-action="key_revealed"]').waitFor();
    await screenshot(page, 'rksv-order-dialog-completed');
    await page.keyboard.press('Escape');

    assert.equal(await rowsOn(page, 'rksvorders/zustellung', search), 0);
    assert.equal(await rowsOn(page, 'rksvorders/abgeschlossen', search), 1);
    await screenshot(page, 'rksv-orders-abgeschlossen');
    await page.goto('/agent-dashboard/rk');
    await page.getByTestId('chart').first().waitFor();
    await page.getByTestId('rk-stage-completed').getByText(/\d/).waitFor();
    await screenshot(page, 'rksv-stats');
    await context.close();
  });

  it('"Bezahlt am": a pending or failed order shows –, a paid one its date', async () => {
    const { context, page } = await app.open();
    await signIn(page, DEMO.admin);
    await page.waitForURL('**/agent-dashboard**');
    const paidDates = async (status: string) => {
      await page.goto(`/agent-dashboard/rksvorders?payment_status=${status}`);
      await page.getByTestId('rksv-orders').waitFor();
      await page.getByTestId('payment-status').first().waitFor();
      assert.ok((await page.getByTestId('payment-status').count()) > 0, `a ${status} demo order`);
      // The cells of the column headed "Bezahlt am", row by row.
      return page.getByTestId('rksv-orders').evaluate((list) => {
        const col = Array.from(list.querySelectorAll('thead th')).findIndex(
          (th) => th.textContent?.trim() === 'Bezahlt am',
        );
        return Array.from(list.querySelectorAll('tbody tr')).map(
          (tr) => tr.children[col]?.textContent ?? '(no column)',
        );
      });
    };
    for (const status of ['pending', 'failed']) {
      const shown = await paidDates(status);
      assert.ok(
        shown.every((d) => d.trim() === '–'),
        `${status}: ${shown.join(', ')}`,
      );
    }
    const paid = await paidDates('paid');
    assert.ok(
      paid.every((d) => /\d{2}\.\d{2}\.\d{4}/.test(d)),
      paid.join(', '),
    );
    await context.close();
  });

  it('a serial number belongs to one card: twice in the form, or held by another card, it is refused', async () => {
    type Listed = { orders: { id: number; cards: { id: number; serial_number: string | null }[] }[] };
    const login = await api<{ accessToken: string }>(app.server.url, '/auth/login', {
      method: 'POST',
      body: DEMO.admin,
    });
    const token = login.json.accessToken;
    const open = (await api<Listed>(app.server.url, '/api/rksv-orders?stage=open&limit=200', { token })).json.orders;
    const order = open.find((o) => o.cards.length >= 2 && o.cards.some((c) => c.serial_number))!;
    assert.ok(order, 'a demo order with two cards, one with its serial');
    const held = order.cards.find((c) => c.serial_number)!.serial_number!;
    const elsewhere = (
      await api<Listed>(app.server.url, '/api/rksv-orders?stage=completed&limit=200', { token })
    ).json.orders
      .flatMap((o) => o.cards)
      .find((c) => c.serial_number)!.serial_number!;

    const { context, page } = await app.open();
    await signIn(page, DEMO.admin);
    await page.waitForURL('**/agent-dashboard**');
    await page.goto(`/agent-dashboard/rksvorders/offen?order=${order.id}`);
    await page.getByRole('dialog').waitFor();
    const empty = order.cards.findIndex((c) => !c.serial_number);
    const row = page.getByTestId('serial-row').nth(empty);
    // The serial of the order's other card, in another spelling.
    await row.getByTestId('serial-input').fill(` ${held.toLowerCase()} `);
    await row.getByTestId('serial-repeat').fill(` ${held.toLowerCase()} `);
    await row.getByText('Diese Seriennummer ist bereits vergeben.').waitFor();
    assert.ok(await page.getByTestId('serials-save').isDisabled(), 'save disabled with one serial on two cards');
    // One another order's card holds: the server refuses it and the dialog says so.
    await row.getByTestId('serial-input').fill(elsewhere);
    await row.getByTestId('serial-repeat').fill(elsewhere);
    await page.getByTestId('serials-save').click();
    // The server's refusal at the card's field, not in an alert below.
    await fieldError(page, 'serial-input', /^Diese Seriennummer ist bereits vergeben\.$/, empty);
    assert.equal(await page.getByTestId('serials-error').count(), 0);
    await page.getByTestId('dialog-stage').getByText('Offen').waitFor();
    await context.close();
  });

  it('the dialog is in the address: a reload and a shared link open the same order; closing and back remove it', async () => {
    const { company, search } = orderOf('Link');
    const orderId = await paidOrder(app.server.url, company);
    await assignToDemoAgent(app.server.url, orderId);
    const { context, page } = await app.open();
    await signIn(page, DEMO.agentAT);
    await page.waitForURL('**/agent-dashboard**');
    assert.equal(await rowsOn(page, 'rksvorders/offen', search), 1);
    const title = page.getByRole('dialog').getByRole('heading', { name: `Bestellung #${orderId}` }).first();
    await openOrder(page);
    await title.waitFor();
    await page.waitForURL((u) => u.searchParams.get('order') === String(orderId));
    // A reload: the same order's dialog, the list's search kept.
    await page.reload();
    await title.waitFor();
    assert.equal(new URL(page.url()).searchParams.get('q'), search);
    await screenshot(page, 'rksv-order-dialog-after-reload');
    // Closing removes it from the address; the list stays.
    await page.getByRole('dialog').getByRole('button', { name: 'Schließen' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    assert.equal(new URL(page.url()).searchParams.get('order'), null);
    assert.equal(new URL(page.url()).searchParams.get('q'), search);
    // Opened again, the browser's back closes it.
    await openOrder(page);
    await title.waitFor();
    await page.goBack();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    assert.equal(new URL(page.url()).searchParams.get('order'), null);
    await page.getByTestId('rksv-orders').waitFor();
    const link = `/agent-dashboard/rksvorders?order=${orderId}`;
    await context.close();

    // The link shared with a colleague (the admin) opens the order, in Arabic and on a phone too.
    const shared = await app.open({ locale: 'ar' });
    await shared.page.setViewportSize({ width: 375, height: 812 });
    await shared.page.goto('/login');
    await shared.page.locator('input[type=email]').fill(DEMO.admin.email);
    await shared.page.locator('input[type=password]').fill(DEMO.admin.password);
    await shared.page.locator('form button[type=submit]').click();
    await shared.page.waitForURL('**/agent-dashboard**');
    await shared.page.goto(link);
    await shared.page.getByRole('dialog').getByText(`#${orderId}`).first().waitFor();
    // The serial numbers typed in Arabic on a phone, left to right.
    await shared.page.getByTestId('serial-input').first().fill('SN-E2E-LINK');
    await shared.page.getByTestId('serial-repeat').first().fill('SN-E2E-LINK');
    await screenshot(shared.page, 'rksv-order-dialog-link-ar-phone');
    await shared.page.reload();
    await shared.page.getByRole('dialog').getByText(`#${orderId}`).first().waitFor();
    await shared.context.close();
  });

  it('the second agent never sees it, in no list and not by its number', async () => {
    // The demo agent's completed order, and another agent with the same rights.
    const { company, search } = orderOf('Fremd');
    const orderId = await paidOrder(app.server.url, company);
    await assignToDemoAgent(app.server.url, orderId);
    await completeAsDemoAgent(app.server.url, orderId);
    const other = {
      name: 'Dritte Agentin',
      email: 'dritte.agentin@demo.at',
      password: 'Dritte-Agentin-1',
      tel: '+43 660 7654322',
    };
    await inviteAgent(app.server, other);

    const { context, page } = await app.open();
    await signIn(page, other);
    await page.waitForURL('**/agent-dashboard**');
    for (const p of [
      'rksvorders',
      'rksvorders/offen',
      'rksvorders/erstellt',
      'rksvorders/zustellung',
      'rksvorders/abgeschlossen',
    ])
      assert.equal(await rowsOn(page, p, search), 0, p);
    await page.getByTestId('rksv-orders-empty').getByText('Keine Bestellungen gefunden').waitFor();
    const direct = await api(app.server.url, `/api/rksv-order/${orderId}`, {
      token: await signInByApi(app.server.url, other),
    });
    assert.equal(direct.status, 404);
    await context.close();
  });

  it('in Arabic: the completed list, the dialog and the statistics, right to left', async () => {
    const { company, search } = orderOf('Arabisch');
    const orderId = await paidOrder(app.server.url, company);
    await assignToDemoAgent(app.server.url, orderId);
    await completeAsDemoAgent(app.server.url, orderId);
    const { context, page } = await app.open({ locale: 'ar' });
    // The sign-in form in Arabic: by field type, not by its German labels.
    await page.goto('/login');
    await page.locator('input[type=email]').fill(DEMO.agentAT.email);
    await page.locator('input[type=password]').fill(DEMO.agentAT.password);
    await page.locator('form button[type=submit]').click();
    await page.waitForURL('**/agent-dashboard**');
    assert.equal(await rowsOn(page, 'rksvorders/abgeschlossen', search), 1);
    assert.equal(await page.evaluate(() => document.documentElement.dir), 'rtl');
    // The stage in Arabic, whole, with the German term as its tooltip (not in brackets).
    const stage = page.getByTestId('order-stage').first();
    assert.equal((await stage.textContent())?.trim(), 'مكتمل');
    assert.equal(await stage.getAttribute('title'), 'Abgeschlossen');
    assert.ok(await stage.evaluate((el) => el.scrollWidth <= el.clientWidth + 1), 'the badge is not cut');
    await screenshot(page, 'rksv-orders-abgeschlossen-ar');
    await page.getByRole('button', { name: /#\d+/ }).click();
    await page.getByRole('dialog').waitFor();
    await page.getByTestId('card-activated').waitFor();
    await screenshot(page, 'rksv-order-dialog-ar');
    await page.keyboard.press('Escape');
    await page.goto('/agent-dashboard/rk');
    await page.getByTestId('chart').first().waitFor();
    await screenshot(page, 'rksv-stats-ar');
    await context.close();
  });
});
