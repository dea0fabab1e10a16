import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { DEMO, screenshot, serverAndBrowser, signIn } from './helpers.js';

/**
 * The business dashboard's own data (issue 21) as the demo customer (kunde@demo.at, record 10001):
 * an order paid in the shop, assigned by staff, moves to Zustellung with the Austrian Post link once
 * staff ship it; its invoice downloads; a support request is sent and listed. German and Arabic.
 */
const COMPANY = 'Gasthaus Zum Goldenen Hirschen E2E';

async function payInShop(page: Page) {
  await page.goto('/rksv');
  await page.getByTestId('rksv-total').getByText(/69,00/).waitFor();
  await page.getByTestId('rksv-company').fill(COMPANY);
  await page.getByTestId('rksv-name').fill('Gerda Gastwirtin');
  await page.getByTestId('rksv-taxid').fill('ATU87654321');
  await page.getByTestId('rksv-address').fill('Grinzinger Straße 12');
  await page.getByTestId('rksv-postalcode').fill('1190');
  await page.getByTestId('rksv-city').fill('Wien');
  await page.getByTestId('rksv-email').fill('gerda.e2e@hirschen.at');
  await page.getByTestId('rksv-phone').fill('0664 123 45 67');
  await page.getByTestId('rksv-phone').blur();
  await page.getByTestId('rksv-delivery-shipping').click();
  await page.getByLabel(/Ich akzeptiere die AGB/).check();
  await page.getByLabel(/Ich bestätige, dass meine Angaben/).check();
  await page.getByTestId('rksv-submit').click();
  await page.waitForURL(/\/web\/checkout\/cs_local_/);
  await page.getByLabel('Kreditkarte').check();
  await page.getByRole('button', { name: 'Jetzt bezahlen' }).click();
  await page.getByRole('heading', { name: 'Zahlung erfolgreich!' }).waitFor();
}

describe('Business dashboard: own orders, invoices, deliveries, support', () => {
  const app = serverAndBrowser();

  /** Staff's side through the API as the demo admin. */
  async function asAdmin() {
    const base = app.server.url;
    const login = await fetch(`${base}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DEMO.admin),
    });
    const token = ((await login.json()) as { accessToken: string }).accessToken;
    const call = async (method: string, path: string, body?: object) => {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      const json: unknown = await res.json();
      assert.ok(res.ok, `${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
      return json;
    };
    return call;
  }

  it('a customer sees their paid order go to Zustellung with its tracking link, downloads the invoice and sends a request', async () => {
    const { context, page } = await app.open({ mobile: true });
    await payInShop(page);

    // Staff assign the order to the record 10001 (found by the customer search, which answers the id).
    const admin = await asAdmin();
    const { orders } = (await admin('GET', `/api/rksv-orders?q=${encodeURIComponent(COMPANY)}`)) as {
      orders: { id: number; cards: { id: number }[]; stripe_inv_id: string }[];
    };
    assert.equal(orders.length, 1);
    const order = orders[0]!;
    const hits = (await admin('GET', '/api/customers?search=10001')) as { id: number; kundennummer: string }[];
    const record = hits.find((h) => h.kundennummer === '10001')!;
    await admin('POST', '/api/rksv-assign-customer', { orderId: order.id, customerId: record.id });

    await signIn(page, DEMO.customer, '/business-login');
    await page.waitForURL('**/business-dashboard/overview');
    await page.getByTestId('overview-customer').getByText('10001').waitFor();
    await page.getByTestId('count-openOrders').waitFor();
    await screenshot(page, 'business-overview-de-mobile');

    await page.goto('/business-dashboard/orders');
    const row = page
      .getByTestId('business-orders')
      .getByRole('row')
      .filter({ hasText: `#${order.id}` });
    await row.getByText('Offen').waitFor();

    // Staff enter the serial number and ship it with a tracking number.
    for (const card of order.cards)
      await admin('POST', '/api/rksv-update-card', { cardId: card.id, serialNumber: `SN-E2E-${card.id}` });
    await admin('POST', '/api/rksv-set-tracking', { orderId: order.id, trackingNumber: 'RR123456789AT' });

    await page.reload();
    await row.getByText('Zustellung').waitFor();
    const link = row.getByTestId('tracking-link');
    assert.equal(await link.getAttribute('href'), 'https://www.post.at/s/sendungsdetails?snr=RR123456789AT');
    await screenshot(page, 'business-orders-de-mobile');

    await page.goto('/business-dashboard/deliveries');
    await page.getByTestId('business-deliveries').getByText('RR123456789AT').waitFor();

    await page.goto(`/business-dashboard/orders/${order.id}`);
    await page.getByText(`SN-E2E-${order.cards[0]!.id}`).waitFor();
    await screenshot(page, 'business-order-detail-de-mobile');

    // The invoice downloads as a PDF.
    await page.goto('/business-dashboard/invoices');
    const invoiceRow = page.getByTestId('business-invoices').getByRole('row').filter({ hasText: order.stripe_inv_id });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      invoiceRow.getByTestId('invoice-download').click(),
    ]);
    assert.equal(download.suggestedFilename(), `Rechnung-${order.stripe_inv_id}.pdf`);
    const file = await download.path();
    assert.equal(fs.readFileSync(file).subarray(0, 5).toString(), '%PDF-');
    await screenshot(page, 'business-invoices-de-mobile');

    // A support request, then listed as In Bearbeitung.
    await page.goto('/business-dashboard/support');
    await page.getByTestId('support-new').click();
    await page.getByTestId('support-title').fill('Kellnerdrucker im Gastgarten offline');
    await page.getByTestId('support-description').fill('Seit heute Morgen kommt kein Bon mehr.');
    await screenshot(page, 'business-support-new-de-mobile');
    await page.getByTestId('support-submit').click();
    await page.waitForURL('**/business-dashboard/support');
    const request = page
      .getByTestId('business-support')
      .getByRole('row')
      .filter({ hasText: 'Kellnerdrucker im Gastgarten offline' });
    await request.getByText('In Bearbeitung').waitFor();
    await screenshot(page, 'business-support-de-mobile');
    await request.getByRole('link', { name: 'Kellnerdrucker im Gastgarten offline' }).click();
    await page.getByText('Seit heute Morgen kommt kein Bon mehr.').waitFor();

    // The overview's history: the request just sent is the newest entry, the order is there, each opens its screen.
    await page.goto('/business-dashboard/overview');
    const history = page.getByTestId('business-timeline');
    const newest = history.getByTestId('timeline-entry').first();
    assert.equal(
      // The title is isolated for right-to-left readers (U+2068 … U+2069).
      (await newest.getByTestId('timeline-link').innerText()).replace(/[\u2066-\u2069]/g, '').trim(),
      'Anfrage: Kellnerdrucker im Gastgarten offline',
    );
    await history.locator(`[data-entry="rksv_order-${order.id}"]`).waitFor();
    await history.locator(`[data-entry="rksv_order-${order.id}"]`).getByTestId('timeline-link').click();
    await page.waitForURL(`**/business-dashboard/orders/${order.id}`);
    await page.getByText(`SN-E2E-${order.cards[0]!.id}`).waitFor();
    await page.goBack();
    await newest.getByTestId('timeline-link').click();
    await page.getByText('Seit heute Morgen kommt kein Bon mehr.').waitFor();

    // The demo record has signage screens: the sidebar offers them.
    await page.goto('/business-dashboard/screens');
    await page.getByTestId('business-screens').getByRole('row').nth(1).waitFor();
    await page.goto('/business-dashboard/integrations');
    await page.getByText('Diese Funktion ist noch nicht verfügbar').waitFor();
    await context.close();
  });

  it('in Arabic, right to left, on a desktop', async () => {
    const { context, page } = await app.open({ locale: 'ar' });
    await page.goto('/business-login');
    await page.locator('input[type=email]').fill(DEMO.customer.email);
    await page.locator('input[type=password]').fill(DEMO.customer.password);
    await page.locator('form button[type=submit]').click();
    await page.waitForURL('**/business-dashboard/overview');
    await page.getByTestId('overview-customer').waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.dir), 'rtl');
    await page.getByTestId('business-sidebar').getByRole('link', { name: 'الشاشات' }).waitFor();
    await page.getByTestId('business-timeline').getByTestId('timeline-entry').first().waitFor();
    await screenshot(page, 'business-overview-ar');
    await page.goto('/business-dashboard/orders');
    await page.getByTestId('business-orders').getByRole('row').nth(1).waitFor();
    await screenshot(page, 'business-orders-ar');
    await page.goto('/business-dashboard/support');
    await page.getByTestId('business-support').getByRole('row').nth(1).waitFor();
    await screenshot(page, 'business-support-ar');
    await context.close();
  });
});
