import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { screenshot, serverAndBrowser } from './helpers.js';

/** Money as the page shows it, with any kind of space normalised. */
const norm = (s: string | null) => (s ?? '').replace(/[\s\u00a0\u202f]+/g, ' ').trim();

function pdfText(pdf: Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-invoice-'));
  const file = path.join(dir, 'r.pdf');
  fs.writeFileSync(file, pdf);
  try {
    return norm(execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Fills the order form as a person would: typing, tabbing, clicking. */
async function fillOrder(page: Page, opts: { company: string; email: string }) {
  await page.getByTestId('rksv-company').fill(opts.company);
  await page.getByTestId('rksv-name').fill('Maria Huber');
  await page.getByTestId('rksv-taxid').fill('ATU87654321');
  await page.getByTestId('rksv-address').fill('Hauptstraße 12');
  await page.getByTestId('rksv-postalcode').fill('1190');
  await page.getByTestId('rksv-city').fill('Wien');
  await page.getByTestId('rksv-email').fill(opts.email);
  await page.getByTestId('rksv-phone').fill('0664 123 45 67');
  await page.getByTestId('rksv-phone').blur();
}

async function confirmBoth(page: Page) {
  await page.getByLabel(/Ich akzeptiere die AGB/).check();
  await page.getByLabel(/Ich bestätige, dass meine Angaben/).check();
}

describe('RKSV pre-order with the built-in test checkout', () => {
  const app = serverAndBrowser();

  it('orders 2 units with shipping, pays in the test checkout and sees the success page and the invoice', async () => {
    const { context, page } = await app.open({ mobile: true });
    await page.goto('/rksv');
    await page.getByRole('heading', { name: 'Vorbestellung RKSV 2025' }).waitFor();
    await page
      .getByTestId('rksv-info')
      .getByText(/Abholung kostenlos in .1190 Wien./)
      .waitFor();
    await page.getByTestId('rksv-total').getByText(/69,00/).waitFor();
    assert.ok(await page.getByTestId('rksv-submit').isDisabled(), 'disabled while empty');
    // Not available, but it says why: every missing field by name (issue 13.12).
    const blocked = page.getByTestId('rksv-submit-blocked');
    const empty = norm(await blocked.textContent());
    assert.ok(empty.startsWith('Es fehlen: Firmenname, Name des Bestellers, UID-Nummer, Adresse'), empty);
    assert.ok(empty.endsWith('AGB und Bestätigung der Angaben'), empty);
    assert.equal(await page.getByTestId('rksv-submit').getAttribute('aria-describedby'), 'rksv-submit-blocked');
    // Still plainly a button: outlined, its text in the text colour (not grey on grey).
    const look = await page.getByTestId('rksv-submit').evaluate((el) => {
      const cs = getComputedStyle(el);
      return { border: cs.borderTopStyle, borderWidth: cs.borderTopWidth, color: cs.color };
    });
    assert.equal(look.border, 'solid');
    assert.equal(look.borderWidth, '1px');
    assert.equal(look.color, 'rgb(0, 0, 0)', JSON.stringify(look));
    await page.getByTestId('rksv-submit').scrollIntoViewIfNeeded();
    await screenshot(page, 'rksv-order-empty-mobile');

    await fillOrder(page, { company: 'Gasthaus Zum Goldenen Hirschen GmbH', email: 'maria.huber@hirschen.at' });

    // Field rules with the spec's messages.
    await page.getByTestId('rksv-postalcode').fill('119');
    await page.getByTestId('rksv-postalcode').blur();
    await page.getByText('PLZ muss 4 Ziffern enthalten').waitFor();
    await page.getByTestId('rksv-postalcode').fill('1190');
    await page.getByTestId('rksv-postalcode').blur();
    await page.getByText('PLZ muss 4 Ziffern enthalten').waitFor({ state: 'detached' });

    await page.getByTestId('rksv-taxid').fill('FN 123456a');
    await page.getByTestId('rksv-taxid').blur();
    await page.getByText('Eine Firmenbuchnummer wird nicht akzeptiert.', { exact: false }).first().waitFor();
    await page.getByTestId('rksv-taxid').fill('ATU123');
    await page.getByTestId('rksv-taxid').blur();
    await page.getByText('UID muss im Format ATU12345678 sein').waitFor();
    // Switching the tax id type clears the field and its error.
    await page.getByTestId('rksv-taxid-type').getByText('Steuernummer').click();
    assert.equal(await page.getByTestId('rksv-taxid').inputValue(), '');
    assert.equal(await page.getByText('UID muss im Format ATU12345678 sein').count(), 0);
    await page.getByTestId('rksv-taxid').fill('1234/567');
    await page.getByTestId('rksv-taxid').blur();
    await page.getByText('Steuernummer muss im Format 12345/6789 sein').waitFor();
    await page.getByTestId('rksv-taxid-type').getByText('UID-Nummer').click();
    assert.equal(await page.getByTestId('rksv-taxid').inputValue(), '');
    await page.getByTestId('rksv-taxid').fill('ATU87654321');
    await page.getByTestId('rksv-taxid').blur();

    await page.getByTestId('rksv-phone').fill('12345');
    await page.getByTestId('rksv-phone').blur();
    await page.getByText('Bitte geben Sie eine gültige österreichische Telefonnummer ein').waitFor();
    await page.getByTestId('rksv-phone').fill('(0664) 123-45-67');
    await page.getByTestId('rksv-phone').blur();

    // 2 units with shipping: 2 × 69,00 + 6,90 = 144,90, VAT 24,15 contained.
    await page.getByTestId('rksv-qty-plus').click();
    assert.equal(await page.getByTestId('rksv-qty').inputValue(), '2');
    await page.getByTestId('rksv-delivery-shipping').click();
    await page.getByTestId('rksv-shipping').getByText(/6,90/).waitFor();
    assert.equal(norm(await page.getByTestId('rksv-total').textContent()), '€ 144,90');
    assert.equal(norm(await page.getByTestId('rksv-vat').textContent()), '€ 24,15');
    assert.ok(await page.getByTestId('rksv-submit').isDisabled(), 'disabled until both confirmations');
    assert.equal(norm(await blocked.textContent()), 'Es fehlen: AGB und Bestätigung der Angaben');
    await page.getByTestId('rksv-submit').scrollIntoViewIfNeeded();
    await screenshot(page, 'rksv-order-missing-confirmations-mobile');
    await confirmBoth(page);
    assert.ok(await page.getByTestId('rksv-submit').isEnabled());
    assert.equal(await blocked.count(), 0);
    await screenshot(page, 'rksv-order-filled-mobile');

    // The order carries a solved proof of work and a fresh Idempotency-Key (issues 14.3, 14.15).
    const orderCall = page.waitForRequest((r) => r.url().endsWith('/web/create-rksv-payment'));
    await page.getByTestId('rksv-submit').click();
    const sent = await orderCall;
    assert.match(sent.headers()['idempotency-key'] ?? '', /^[0-9a-f-]{32,36}$/);
    assert.ok(((sent.postDataJSON() as { altcha?: string }).altcha ?? '').length > 100, 'proof of work sent');
    await page.waitForURL(/\/web\/checkout\/cs_local_/);
    await page.getByRole('button', { name: 'Jetzt bezahlen' }).waitFor();
    assert.equal(norm(await page.getByTestId('checkout-total').textContent()), '€ 144,90');
    await page.getByLabel('Kreditkarte').check();
    await screenshot(page, 'local-checkout-mobile');
    await page.getByRole('button', { name: 'Jetzt bezahlen' }).click();

    await page.waitForURL(/\/rksv\/result\?session_id=.+&status=success/);
    await page.getByRole('heading', { name: 'Zahlung erfolgreich!' }).waitFor();
    assert.equal(norm(await page.getByTestId('result-total').textContent()), '€ 144,90');
    assert.equal(norm(await page.getByTestId('result-qty').textContent()), '2');
    assert.equal(norm(await page.getByTestId('result-delivery').textContent()), 'Versand');
    assert.equal(norm(await page.getByTestId('result-payment-status').textContent()), 'Bezahlt');
    assert.equal(norm(await page.getByTestId('result-payment-method').textContent()), 'Kreditkarte');
    const invoiceNumber = (await page.getByTestId('result-invoice').locator('bdi').getAttribute('title'))!;
    assert.match(invoiceNumber, /^\d{4}-\d{5}$/);
    assert.equal(norm(await page.getByTestId('result-invoice').textContent()), invoiceNumber);
    await screenshot(page, 'rksv-result-success-mobile');

    // The invoice PDF opens (new tab) and holds the number, the seller's UID and the VAT line.
    const link = page.getByTestId('result-invoice-pdf');
    assert.equal(await link.getAttribute('target'), '_blank');
    const href = (await link.getAttribute('href'))!;
    const [popup] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await popup.waitForLoadState('domcontentloaded').catch(() => undefined);
    assert.ok(popup.url().endsWith(href), popup.url());
    await popup.close();
    const res = await page.request.get(href);
    assert.equal(res.status(), 200);
    assert.equal(res.headers()['content-type'], 'application/pdf');
    const text = pdfText(await res.body());
    assert.ok(text.includes(invoiceNumber), 'invoice number in the PDF');
    assert.ok(text.includes('UID: ATU12345678'), 'seller UID in the PDF');
    assert.ok(text.includes('UID: ATU87654321'), 'buyer UID in the PDF');
    assert.match(text, /USt 20 % € 24,15/, 'VAT line');
    assert.match(text, /Gesamtbetrag brutto € 144,90/);

    // Back links.
    await page.getByTestId('result-back-shop').click();
    await page.waitForURL((u) => u.pathname === '/rksv');
    await context.close();
  });

  it('a cancelled payment shows "Zahlung fehlgeschlagen" and marks the order failed', async () => {
    const { context, page } = await app.open();
    await page.goto('/rksv');
    await page.getByTestId('rksv-total').getByText(/69,00/).waitFor();
    await fillOrder(page, { company: 'Café Abbruch OG', email: 'abbruch@cafe.at' });
    await confirmBoth(page);
    await screenshot(page, 'rksv-order-filled-desktop');
    await page.getByTestId('rksv-submit').click();
    await page.waitForURL(/\/web\/checkout\/cs_local_/);
    const reported = page.waitForResponse((r) => r.url().endsWith('/web/update-rksv-order-status'));
    await page.getByRole('button', { name: 'Zahlung abbrechen' }).click();
    await page.waitForURL(/\/rksv\/result\?session_id=.+&status=failed/);
    await page.getByRole('heading', { name: 'Zahlung fehlgeschlagen' }).waitFor();
    assert.equal((await reported).status(), 200);
    const sessionId = new URL(page.url()).searchParams.get('session_id')!;
    const details = await page.request.get(`/web/rksv-order-details?session_id=${encodeURIComponent(sessionId)}`);
    const { order } = await details.json();
    assert.equal(order.payment_status, 'failed');
    // The reference is the order number staff find, not the provider's long session id (issue 13.17).
    await page.getByTestId('result-reference-number').waitFor();
    assert.equal(norm(await page.getByTestId('result-reference-number').textContent()), String(order.id));
    assert.ok(!norm(await page.getByTestId('result-reference').textContent()).includes(sessionId));
    await page.getByText('Support-Anfrage stellen').waitFor();
    await screenshot(page, 'rksv-result-failed-desktop');

    await page.getByTestId('result-back-home').click();
    await page.waitForURL((u) => u.pathname === '/');
    await context.close();
  });

  it('a double click on "Jetzt bezahlen" lands on the success page, one payment, never "bereits abgeschlossen"', async () => {
    const { context, page } = await app.open();
    await page.goto('/rksv');
    await page.getByTestId('rksv-total').getByText(/69,00/).waitFor();
    await fillOrder(page, { company: 'Doppelklick KG', email: 'doppelklick@cafe.at' });
    await confirmBoth(page);
    await page.getByTestId('rksv-submit').click();
    await page.waitForURL(/\/web\/checkout\/cs_local_/);
    const payments: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && /\/web\/checkout\/.+\/pay$/.test(r.url())) payments.push(r.url());
    });
    await page.getByRole('button', { name: 'Jetzt bezahlen' }).dblclick();
    await page.waitForURL(/\/rksv\/result\?session_id=.+&status=success/);
    await page.getByRole('heading', { name: 'Zahlung erfolgreich!' }).waitFor();
    assert.equal(norm(await page.getByTestId('result-payment-status').textContent()), 'Bezahlt');
    assert.equal(await page.getByText(/bereits abgeschlossen/).count(), 0);
    // The page sent the form once (its buttons disabled after the first click).
    assert.equal(payments.length, 1, payments.join('\n'));
    const sessionId = new URL(page.url()).searchParams.get('session_id')!;
    const { order } = await (await page.request.get(`/web/rksv-order-details?session_id=${encodeURIComponent(sessionId)}`)).json();
    assert.equal(order.payment_status, 'paid');
    await screenshot(page, 'rksv-result-after-double-click');
    await context.close();
  });

  it('shows the order page right-to-left in Arabic', async () => {
    const { context, page } = await app.open({ mobile: true, locale: 'ar' });
    await page.goto('/rksv?lang=ar');
    await page.getByRole('heading', { name: 'الطلب المسبق RKSV 2025' }).waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.dir), 'rtl');
    await page.getByTestId('rksv-total').getByText(/69,00/).waitFor();
    await page.getByTestId('rksv-postalcode').fill('11');
    await page.getByTestId('rksv-postalcode').blur();
    await page.getByText('يجب أن يتكون الرمز البريدي من 4 أرقام').waitFor();
    await page.getByTestId('rksv-delivery-shipping').click();
    await screenshot(page, 'rksv-order-ar-mobile');
    // The missing fields named in Arabic, under a button that still looks like one.
    const blocked = norm(await page.getByTestId('rksv-submit-blocked').textContent());
    assert.ok(blocked.startsWith('الحقول الناقصة:'), blocked);
    assert.ok(blocked.includes('الشروط والأحكام العامة'), blocked);
    await page.getByTestId('rksv-submit').scrollIntoViewIfNeeded();
    await screenshot(page, 'rksv-order-ar-submit-blocked-mobile');
    await page.goto('/rksv/result?session_id=cs_local_unknown&status=failed&lang=ar');
    await page.getByRole('heading', { name: 'فشل الدفع' }).waitFor();
    await screenshot(page, 'rksv-result-failed-ar-mobile');
    await context.close();
  });
});
