import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DEMO, screenshot, serverAndBrowser, signIn } from './helpers.js';
import { api, paidOrder, signInByApi } from './rksv-flow.js';

/**
 * The customer's signature cards (issue 32): a card of an order linked to the demo customer's record
 * (kunde@demo.at, record 10001), activated today, is in the business dashboard's "Signaturkarten" with
 * its registration due in a week and what to do; "Ersatz bestellen" opens the shop with the card's order
 * data filled in. German.
 */
const COMPANY = 'Konditorei Ersatzkarte E2E';

const viennaToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Vienna' }).format(new Date());
function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

describe('Signature cards in the business dashboard', () => {
  const app = serverAndBrowser();

  it('the demo customer sees their card with its next deadline and orders its replacement in the shop', async () => {
    const base = app.server.url;
    // The shop's order, paid; staff link it to the record 10001, enter the serial, ship it and activate the card.
    const orderId = await paidOrder(base, COMPANY);
    const token = await signInByApi(base, DEMO.admin);
    const post = async (url: string, body: unknown) => {
      const res = await api(base, url, { method: 'POST', token, body });
      assert.equal(res.status, 200, `${url}: ${JSON.stringify(res.json)}`);
    };
    const hits = (await api<{ id: number; kundennummer: string }[]>(base, '/api/customers?search=10001', { token }))
      .json;
    await post('/api/rksv-assign-customer', { orderId, customerId: hits.find((h) => h.kundennummer === '10001')!.id });
    const cards = (await api<{ id: number }[]>(base, `/api/rksv-cards/${orderId}`, { token })).json;
    const cardId = cards[0]!.id;
    await post('/api/rksv-update-card', { cardId, serialNumber: `SN-KUNDE-${cardId}` });
    await post('/api/rksv-set-tracking', { orderId, trackingNumber: 'RR123456785AT' });
    await post('/api/rksv-activate-card', { cardId, kassenid: `KASSE-KUNDE-${cardId}`, cert_sn: 'CE1234' });

    const { context, page } = await app.open();
    await signIn(page, DEMO.customer, '/business-login');
    await page.waitForURL('**/business-dashboard/overview');
    await page.getByTestId('business-sidebar').getByRole('link', { name: 'Signaturkarten' }).click();
    await page.waitForURL('**/business-dashboard/cards');
    const row = page
      .getByTestId('business-cards')
      .getByRole('row')
      .filter({ hasText: `SN-KUNDE-${cardId}` });
    await row.getByText('Aktiviert').waitFor();
    const deadline = row.getByTestId('card-deadline');
    await deadline.getByText('Registrierung in FinanzOnline').waitFor();
    assert.equal(await deadline.getAttribute('data-due'), addDays(viennaToday(), 7));
    await deadline.getByText('in 7 Tagen').waitFor();
    await deadline.getByText(/Melden Sie die Signaturkarte in FinanzOnline an/).waitFor();
    await screenshot(page, 'business-cards-de');

    // "Ersatz bestellen": the shop with the order's data, quantity 1.
    await row.getByTestId('card-order-replacement').click();
    await page.waitForURL(`**/rksv?replace=${cardId}`);
    await page.getByTestId('rksv-replacement').getByText(`SN-KUNDE-${cardId}`).waitFor();
    await page.waitForFunction(
      (company) =>
        (document.querySelector('[data-testid="rksv-company"]') as HTMLInputElement | null)?.value === company,
      COMPANY,
    );
    assert.equal(await page.getByTestId('rksv-postalcode').inputValue(), '1060');
    await context.close();
  });
});
