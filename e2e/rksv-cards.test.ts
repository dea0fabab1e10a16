import fs from 'node:fs';
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { DEMO, screenshot, serverAndBrowser, signIn } from './helpers.js';
import { api, assignToDemoAgent, paidOrder, signInByApi } from './rksv-flow.js';

/**
 * A signature card's life in the back office (issue 32): a card activated through the order flow is on
 * the staff's deadline list with its registration due; in its dialog the agent records the FinanzOnline
 * registration and the checked Startbeleg (its Jahresbeleg comes once its year has ended), and the next
 * deadline shown moves on each time, in the dialog and in the list; last year's Jahresbeleg of a card in use
 * since the year before is checked. A move the card cannot make is not offered; an outage without its reason
 * is refused at the field. In Arabic on a phone: the list as cards, the dialog on the whole screen.
 *
 * Each case brings its own order (the shop's calls and the built-in checkout, then the back office's
 * calls up to the activation) under a company of its own, so it runs alone and in any order.
 */

/** Today in Vienna and a day some days later (`YYYY-MM-DD`): the deadlines' days. */
const viennaToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Vienna' }).format(new Date());
function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** An order of one card, paid, assigned to the demo agent, shipped and its card activated; resolves to the card. */
async function activatedCard(base: string, company: string): Promise<{ orderId: number; cardId: number }> {
  const orderId = await paidOrder(base, company);
  await assignToDemoAgent(base, orderId);
  const token = await signInByApi(base, DEMO.agentAT);
  const cards = (await api<{ id: number }[]>(base, `/api/rksv-cards/${orderId}`, { token })).json;
  const cardId = cards[0]!.id;
  const post = async (url: string, body: unknown) => {
    const res = await api(base, url, { method: 'POST', token, body });
    assert.equal(res.status, 200, `${url}: ${JSON.stringify(res.json)}`);
  };
  await post('/api/rksv-update-card', { cardId, serialNumber: `SN-LIFE-${cardId}` });
  await post('/api/rksv-set-tracking', { orderId, trackingNumber: 'RR123456785AT' });
  await post('/api/rksv-activate-card', {
    cardId,
    kassenid: `KASSE-LIFE-${cardId}`,
    cert_sn: `CE${cardId.toString(16).toUpperCase()}`,
  });
  return { orderId, cardId };
}

/** The message a field shows (its `-error` description, as a screen reader reads it), the field marked invalid. */
async function fieldError(page: Page, testId: string, text: RegExp) {
  const input = page.getByTestId(testId);
  await page.waitForFunction((el) => el?.getAttribute('aria-invalid') === 'true', await input.elementHandle());
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

/** The dialog's next deadline once it reads `kind` (the answer of the last change has arrived). */
async function nextDeadline(page: Page, kind: string): Promise<string> {
  const next = page.getByTestId('card-next-deadline').and(page.locator(`[data-kind="${kind}"]`));
  await next.waitFor();
  return (await next.getAttribute('data-due'))!;
}

/** The list's row of the card: its kind and day due. */
async function listRow(page: Page, cardId: number): Promise<{ kind: string; due: string }> {
  const row = page
    .locator('tbody tr')
    .filter({ has: page.locator(`[data-testid="card-open"][data-card="${cardId}"]`) });
  await row.waitFor();
  return {
    kind: (await row.getByTestId('row-kind').getAttribute('data-kind'))!,
    due: (await row.getByTestId('deadline-due').getAttribute('data-due'))!,
  };
}

/** The toasts of the steps before, closed: the picture shows the dialog, not them. */
async function closeToasts(page: Page) {
  // Clicked in the page: a toast may close by itself (after 3 s) between finding and clicking it.
  await page
    .locator('.mantine-Notification-root .mantine-Notification-closeButton')
    .evaluateAll((buttons) => buttons.forEach((b) => (b as HTMLButtonElement).click()));
  await page.waitForFunction(() => document.querySelectorAll('.mantine-Notification-root').length === 0);
}

/** The Arabic names of the states, as the staff's locale has them. */
const AR_STATE = (
  JSON.parse(fs.readFileSync(new URL('../apps/web/src/locales/ar/rksv-orders.json', import.meta.url), 'utf8')) as {
    translation: { rksvOrders: { cardState: Record<string, string> } };
  }
).translation.rksvOrders.cardState;

async function signInArabic(page: Page, who: { email: string; password: string }) {
  await page.goto('/login');
  await page.locator('input[type=email]').fill(who.email);
  await page.locator('input[type=password]').fill(who.password);
  await page.locator('form button[type=submit]').click();
  await page.waitForURL('**/agent-dashboard**');
}

describe('RKSV card life in the back office', () => {
  const app = serverAndBrowser();

  it('registration, Startbeleg and a Jahresbeleg move the next deadline, in the dialog and in the list', async () => {
    const base = app.server.url;
    const company = 'Kartenleben E2E Deutsch';
    const { orderId, cardId } = await activatedCard(base, company);
    const today = viennaToday();
    const year = Number(today.slice(0, 4));
    const { context, page } = await app.open();
    await signIn(page, DEMO.agentAT);
    await page.waitForURL('**/agent-dashboard**');

    // The list, searched for the company: registration due a week after the activation.
    await page.goto(`/agent-dashboard/rksvactivations?q=${encodeURIComponent('kartenleben e2e deutsch')}`);
    assert.deepEqual(await listRow(page, cardId), { kind: 'registration', due: addDays(today, 7) });
    // The kinds' chips carry their counts (the chip's input is visually hidden: attached is enough).
    await page.getByTestId('kind-registration').and(page.locator('[data-count]')).waitFor({ state: 'attached' });
    await screenshot(page, 'rksv-cards-list');

    // The row opens the card; the dialog is in the address.
    await page.locator(`[data-testid="card-open"][data-card="${cardId}"]`).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await page.waitForURL((u) => u.searchParams.get('card') === String(cardId));
    await page.getByTestId('dialog-state').and(page.locator('[data-state="activated"]')).waitFor();
    assert.equal(await nextDeadline(page, 'registration'), addDays(today, 7));
    // Only the moves an activated card can make: no Startbeleg before the registration, no outage, no deregistration.
    await page.getByTestId('transition-registered').waitFor();
    for (const refused of ['in_use', 'outage', 'deregistered'])
      assert.equal(await page.getByTestId(`transition-${refused}`).count(), 0, `${refused} is not offered`);

    await page.getByTestId('transition-registered').click();
    await page.getByTestId('transition-note').fill('In FinanzOnline registriert, Bestätigung liegt vor.');
    await page.getByTestId('transition-save').click();
    await page.getByTestId('dialog-state').and(page.locator('[data-state="registered"]')).waitFor();
    assert.equal(await nextDeadline(page, 'startbeleg'), addDays(today, 7));

    // An outage is not offered to a registered card yet; the Startbeleg is.
    await page.getByTestId('transition-in_use').waitFor();
    assert.equal(await page.getByTestId('transition-outage').count(), 0, 'no outage before the Startbeleg');
    await page.getByTestId('transition-in_use').click();
    await page.getByTestId('transition-save').click();
    await page.getByTestId('dialog-state').and(page.locator('[data-state="in_use"]')).waitFor();
    assert.equal(await nextDeadline(page, 'jahresbeleg'), `${year + 1}-02-15`);

    // An outage without its reason: the server's refusal at the reason's field, nothing recorded.
    await page.getByTestId('transition-outage').click();
    await page.getByTestId('transition-save').click();
    await fieldError(page, 'transition-note', /^Bitte geben Sie den Grund des Ausfalls an\.$/);
    assert.equal(await page.getByTestId('card-alert').count(), 0, 'no alert besides the field');
    await page.getByTestId('dialog-state').and(page.locator('[data-state="in_use"]')).waitFor();
    await closeToasts(page);
    await screenshot(page, 'rksv-card-outage-reason');
    await page.getByTestId('transition-form').getByRole('button', { name: 'Abbrechen' }).click();

    // A card activated this year has no Jahresbeleg to check yet: this year's December receipt is made on
    // 31 December. The form offers no year until then.
    await page.getByTestId('jahresbelege').waitFor();
    if (!today.endsWith('-12-31')) {
      assert.equal(await page.getByTestId('jahresbeleg-form').count(), 0, 'no Jahresbeleg before the year has ended');
      await page.getByTestId('jahresbeleg-not-yet').waitFor();
    }
    await closeToasts(page);
    await screenshot(page, 'rksv-card-dialog');

    // Closed: the list shows the card's new deadline.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    assert.equal(new URL(page.url()).searchParams.get('card'), null);
    await page.waitForFunction(
      (id) =>
        document
          .querySelector(`tr:has([data-testid="card-open"][data-card="${id}"]) [data-testid="row-kind"]`)
          ?.getAttribute('data-kind') === 'jahresbeleg',
      cardId,
    );
    assert.deepEqual(await listRow(page, cardId), { kind: 'jahresbeleg', due: `${year + 1}-02-15` });

    // Last year's Jahresbeleg of a card in use since the year before (the demo's bakery): it is due by
    // 15 February; checked, the next one is this year's, due a year later.
    await page.goto(`/agent-dashboard/rksvactivations?q=${encodeURIComponent('Bäckerei Jahresbeleg')}`);
    const bakery = page.locator('[data-testid="card-open"]').first();
    await bakery.click();
    await dialog.waitFor();
    assert.equal(await nextDeadline(page, 'jahresbeleg'), `${year}-02-15`);
    assert.equal(await page.getByTestId('jahresbeleg-year').inputValue(), String(year - 1));
    await page.getByTestId('jahresbeleg-save').click();
    await page
      .getByTestId('jahresbelege-done')
      .locator(`[data-year="${year - 1}"]`)
      .waitFor();
    assert.equal(await nextDeadline(page, 'jahresbeleg'), `${year + 1}-02-15`);
    await page.getByTestId('card-history').locator('[data-action="jahresbeleg"]').waitFor();
    await closeToasts(page);
    await screenshot(page, 'rksv-card-dialog-jahresbeleg');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // The order's dialog shows the card's state and next deadline, and opens the card.
    await page.goto(`/agent-dashboard/rksvorders?order=${orderId}`);
    const life = page.getByTestId('order-card-life');
    await life.getByTestId('order-card-state').and(page.locator('[data-stage="in_use"]')).waitFor();
    assert.equal(await life.getByTestId('order-card-deadline').getAttribute('data-due'), `${year + 1}-02-15`);
    await life.scrollIntoViewIfNeeded();
    await screenshot(page, 'rksv-order-dialog-card-life');
    await life.getByTestId('order-card-open').click();
    await page.waitForURL(
      (u) => u.pathname.endsWith('/rksvactivations') && u.searchParams.get('card') === String(cardId),
    );
    await page.getByTestId('dialog-state').and(page.locator('[data-state="in_use"]')).waitFor();
    await context.close();
  });

  it('in Arabic on a phone: the list as cards, the dialog on the whole screen, right to left', async () => {
    const base = app.server.url;
    const { cardId } = await activatedCard(base, 'Kartenleben E2E Arabisch');
    const { context, page } = await app.open({ locale: 'ar' });
    await page.setViewportSize({ width: 375, height: 812 });
    await signInArabic(page, DEMO.agentAT);
    await page.goto(`/agent-dashboard/rksvactivations?q=${encodeURIComponent('kartenleben e2e arabisch')}`);
    assert.equal((await listRow(page, cardId)).kind, 'registration');
    assert.equal(await page.evaluate(() => document.documentElement.dir), 'rtl');
    // Below 48em the rows are cards and the filters fold behind one button.
    assert.equal(await page.locator('[data-testid="rksv-deadlines"] table.data-table-cards').count(), 1);
    await page.getByTestId('filters-toggle').waitFor();
    assert.ok(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1),
      'nothing scrolls sideways',
    );
    await screenshot(page, 'rksv-cards-list-ar-phone');

    await page.locator(`[data-testid="card-open"][data-card="${cardId}"]`).click();
    await page.getByTestId('dialog-state').and(page.locator('[data-state="activated"]')).waitFor();
    // The whole screen: its full height, and its width but for the scrollbar gutter the page keeps.
    const box = await page.getByRole('dialog').boundingBox();
    const screen = await page.evaluate(() => ({ width: window.innerWidth, height: window.innerHeight }));
    assert.ok(
      box && box.x <= 1 && box.y <= 1 && box.width >= screen.width - 20 && box.height >= screen.height - 1,
      `the dialog fills the phone's screen: ${JSON.stringify({ box, screen })}`,
    );
    await page.getByTestId('transition-registered').click();
    await page.getByTestId('transition-save').click();
    await page.getByTestId('dialog-state').and(page.locator('[data-state="registered"]')).waitFor();
    await nextDeadline(page, 'startbeleg');
    await closeToasts(page);
    // The state in Arabic, with the German term as its tooltip.
    assert.equal(await page.getByTestId('dialog-state').getAttribute('title'), 'Registriert');
    await screenshot(page, 'rksv-card-dialog-ar-phone');

    // A colleague marks the card defective while this dialog still offers the Startbeleg: the move is
    // refused (409) and the alert names both states in Arabic, not in the server's German.
    await page.getByTestId('transition-in_use').click();
    const token = await signInByApi(base, DEMO.agentAT);
    const moved = await api(base, '/api/rksv-card-transition', {
      method: 'POST',
      token,
      body: { cardId, to: 'defective', note: 'Karte gesperrt' },
    });
    assert.equal(moved.status, 200, JSON.stringify(moved.json));
    await page.getByTestId('transition-save').click();
    const alert = page.getByTestId('card-alert');
    await alert.waitFor();
    const said = await alert.innerText();
    for (const name of [AR_STATE.defective!, AR_STATE.in_use!]) assert.ok(said.includes(name), `${name} in: ${said}`);
    assert.ok(!/Defekt|In Betrieb/.test(said), `no German state in: ${said}`);
    await context.close();
  });

  it("the admin: every agent's cards, most urgent first, and the card types kept in their tab", async () => {
    const { context, page } = await app.open();
    await signIn(page, DEMO.admin);
    await page.waitForURL('**/agent-dashboard**');
    await page.goto('/agent-dashboard/rksvactivations');
    await page.getByTestId('card-open').first().waitFor();
    // Most urgent first: the days due never go down the list.
    const dues = await page
      .getByTestId('rksv-deadlines')
      .getByTestId('deadline-due')
      .evaluateAll((els) => els.map((el) => el.getAttribute('data-due') ?? ''));
    assert.deepEqual(dues, [...dues].sort(), dues.join(', '));
    await screenshot(page, 'rksv-cards-list-admin');

    await page.getByTestId('tab-types').click();
    await page.waitForURL((u) => u.searchParams.get('tab') === 'types');
    const rows = page.getByTestId('card-type-row');
    await rows.first().waitFor();
    // A name twice is refused at the second one, before anything is sent.
    const first = await rows.first().getByTestId('card-type-name').inputValue();
    await page.getByTestId('card-type-add').click();
    await rows.last().getByTestId('card-type-name').fill(first.toLowerCase());
    await page.getByTestId('card-types-save').click();
    await rows.last().getByText('Jeder Kartentyp darf nur einmal vorkommen.').waitFor();
    await screenshot(page, 'rksv-card-types');
    await context.close();
  });
});
