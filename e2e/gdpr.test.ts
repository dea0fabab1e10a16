import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { strFromU8, unzipSync } from 'fflate';
import type { GdprErasure, GdprJob } from '@portal/shared';
import { DEMO, screenshot, serverAndBrowser, signIn } from './helpers.js';

/**
 * GDPR (issue 34) as people use it: the demo customer (kunde@demo.at, record 10001) downloads their
 * data from the business dashboard's overview (start, progress, the link, the ZIP saved and opened),
 * in German on a desktop and in Arabic on a 375 px phone; an admin erases a customer on its page (the
 * confirmation refuses a missing reason at the field, then the answer lists what went and what the law
 * keeps until when), in German and in Arabic at 375 px; the privacy notice states the periods.
 */

/** How far the page scrolls sideways (0 when it does not). */
const sideways = (page: Page) =>
  page.evaluate(() => Math.max(0, document.documentElement.scrollWidth - document.documentElement.clientWidth));

/**
 * The first answer about an export is held at "running" with the given progress (the job itself is done
 * in a moment on the demo data): the screen must show its progress, then the link once it asks again.
 */
async function holdFirstJobAnswer(page: Page, progress: number): Promise<void> {
  let held = false;
  await page.route(/\/api\/gdpr-jobs\/\d+$/, async (route) => {
    if (held) return route.continue();
    held = true;
    const response = await route.fetch();
    const job = (await response.json()) as GdprJob;
    await route.fulfill({
      response,
      json: { ...job, status: 'running', progress, downloadUrl: null, expiresAt: null },
    });
  });
}

/** Saves the export through its button and answers the ZIP's files. */
async function downloadZip(page: Page, button: Locator, name: RegExp): Promise<Record<string, Uint8Array>> {
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  assert.match(download.suggestedFilename(), name);
  return unzipSync(new Uint8Array(fs.readFileSync((await download.path())!)));
}

/** The demo customer's record, as an admin finds it. */
async function customerId(base: string, number: string): Promise<number> {
  const login = await fetch(new URL('/auth/login', base), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO.admin),
  });
  const token = ((await login.json()) as { accessToken: string }).accessToken;
  const res = await fetch(new URL(`/api/customers?search=${number}`, base), {
    headers: { authorization: `Bearer ${token}` },
  });
  const [hit] = (await res.json()) as { id: number }[];
  assert.ok(hit, `customer ${number}`);
  return hit.id;
}

const KEPT_DE = {
  invoices: 'Rechnungen',
  rksv_orders: 'RKSV-Bestellungen',
  cashbook: 'Kassenbuch-Einträge',
  insolvency: 'Insolvenzakten',
};
const KEPT_AR = {
  invoices: 'الفواتير',
  rksv_orders: 'طلبات RKSV',
  cashbook: 'قيود دفتر الصندوق',
  insolvency: 'ملفات الإعسار',
};
const day = (iso: string) => iso.split('-').reverse().join('.');

describe('GDPR: a customer downloads their data, an admin erases a customer', () => {
  const app = serverAndBrowser();

  it('the customer downloads their data in German: start, progress, link, the ZIP', async () => {
    const { context, page } = await app.open();
    await holdFirstJobAnswer(page, 40);
    await signIn(page, DEMO.customer, '/business-login');
    await page.waitForURL('**/business-dashboard/overview');
    const section = page.getByTestId('own-export');
    await section.getByRole('heading', { name: 'Meine Daten' }).waitFor();
    await section.getByRole('button', { name: 'Meine Daten herunterladen' }).click();

    await section.getByText('Export läuft … 40 %').waitFor();
    const bar = section.getByRole('progressbar', { name: 'Fortschritt des Exports' });
    assert.equal(await bar.getAttribute('aria-valuenow'), '40');
    await screenshot(page, 'gdpr-own-export-running-de');

    const link = section.getByRole('button', { name: 'ZIP herunterladen' });
    await link.waitFor();
    await section.getByText(/^Herunterladen bis \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/).waitFor();
    assert.equal(await bar.count(), 0, 'no progress once it is done');
    await screenshot(page, 'gdpr-own-export-done-de');

    const files = await downloadZip(page, link, /^meine_daten_\d{4}-\d{2}-\d{2}\.zip$/);
    assert.ok(files['summary.pdf'], 'the PDF summary');
    assert.equal(strFromU8(files['summary.pdf']!.subarray(0, 5)), '%PDF-');
    const [customer] = JSON.parse(strFromU8(files['customer.json']!)) as { kundennummer: string; firma: string }[];
    assert.equal(customer?.kundennummer, '10001');
    assert.equal(customer?.firma, 'Gasthaus Zum Goldenen Hirschen');
    const tasks = JSON.parse(strFromU8(files['tasks.json']!)) as unknown[];
    assert.ok(tasks.length > 0, 'the customer’s requests');
    await context.close();
  });

  it('the customer downloads their data in Arabic on a 375 px phone, right to left', async () => {
    const { context, page } = await app.open({ locale: 'ar', mobile: true });
    await page.setViewportSize({ width: 375, height: 812 });
    await holdFirstJobAnswer(page, 60);
    await page.goto('/business-login');
    await page.locator('input[type=email]').fill(DEMO.customer.email);
    await page.locator('input[type=password]').fill(DEMO.customer.password);
    await page.locator('form button[type=submit]').click();
    await page.waitForURL('**/business-dashboard/overview');
    const section = page.getByTestId('own-export');
    await section.getByRole('heading', { name: 'بياناتي' }).waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.dir), 'rtl');
    // The export of the German part: held at running once, then its link.
    await section.getByText('التصدير جارٍ … 60 %').waitFor();
    await screenshot(page, 'gdpr-own-export-running-ar-375');
    const link = section.getByRole('button', { name: 'تنزيل ملف ZIP' });
    await link.waitFor();
    assert.equal(await sideways(page), 0, 'nothing scrolls sideways');
    await screenshot(page, 'gdpr-own-export-done-ar-375');
    const files = await downloadZip(page, link, /^meine_daten_\d{4}-\d{2}-\d{2}\.zip$/);
    assert.ok(files['summary.pdf'] && files['customer.json']);
    await context.close();
  });

  it('an admin exports and erases a customer and sees what is kept until when (German)', async () => {
    const id = await customerId(app.server.url, '10001');
    const { context, page } = await app.open();
    await signIn(page, DEMO.admin);
    await page.waitForURL('**/agent-dashboard');
    await page.goto(`/agent-dashboard/customers/${id}`);
    const gdpr = page.getByTestId('customer-gdpr');
    await gdpr.getByRole('heading', { name: 'Datenschutz (DSGVO)' }).waitFor();

    // The export on the customer's page: started, then its link.
    await gdpr.getByRole('button', { name: 'Daten exportieren' }).click();
    const link = gdpr.getByRole('button', { name: 'Export herunterladen (ZIP)' });
    await link.waitFor();
    const files = await downloadZip(page, link, /^datenexport_10001_\d{4}-\d{2}-\d{2}\.zip$/);
    assert.ok(files['invoices.json'] && files['summary.pdf']);

    // Erasing asks first; without a reason the field says so and has the focus.
    await gdpr.getByRole('button', { name: 'Löschen (DSGVO)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Daten des Kunden löschen?' });
    await dialog.getByText(/kann nicht rückgängig gemacht werden/).waitFor();
    await dialog.getByRole('button', { name: 'Endgültig löschen' }).click();
    await dialog.getByText('Bitte geben Sie den Grund der Löschung an.').waitFor();
    const reason = dialog.getByRole('textbox', { name: /Grund der Löschung/ });
    assert.equal(await reason.getAttribute('aria-invalid'), 'true');
    assert.ok(await reason.evaluate((el) => el === document.activeElement), 'the reason has the focus');
    await screenshot(page, 'gdpr-erase-dialog-de');

    await reason.fill('Antrag der Kundin per E-Mail vom 27.11.2026');
    const answered = page.waitForResponse((r) => r.url().endsWith(`/api/customers/${id}/erase`));
    await dialog.getByRole('button', { name: 'Endgültig löschen' }).click();
    const answer = (await (await answered).json()) as GdprErasure;
    await dialog.waitFor({ state: 'detached' });

    // What went, and what the law keeps until when, as the server answered.
    const result = gdpr.getByTestId('gdpr-erasure');
    await result.getByText('Kontaktdaten des Kunden: 1').waitFor();
    assert.ok(
      answer.retained.some((g) => g.kind === 'invoices'),
      `the demo customer has invoices: ${JSON.stringify(answer.retained)}`,
    );
    for (const g of answer.retained) {
      const year = Number(g.until.slice(0, 4)) - 7;
      await result.getByText(`${KEPT_DE[g.kind]} ${year}: aufzubewahren bis ${day(g.until)}`).waitFor();
    }
    // The record is inactive, its contact data gone.
    await page.getByTestId('customer-inactive').waitFor();
    assert.equal((await page.getByTestId('customer-contact').textContent())?.trim(), '–');
    await screenshot(page, 'gdpr-erased-de');

    // The customer's account is closed: its e-mail is anonymised, so the sign-in knows it no more (404).
    const login = await fetch(new URL('/auth/business-login', app.server.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DEMO.customer),
    });
    assert.equal(login.status, 404);
    await context.close();
  });

  it('an admin erases a customer in Arabic on a 375 px phone and sees what is kept until when', async () => {
    const id = await customerId(app.server.url, '10003');
    const { context, page } = await app.open({ locale: 'ar', mobile: true });
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/login');
    await page.locator('input[type=email]').fill(DEMO.admin.email);
    await page.locator('input[type=password]').fill(DEMO.admin.password);
    await page.locator('form button[type=submit]').click();
    await page.waitForURL('**/agent-dashboard');
    await page.goto(`/agent-dashboard/customers/${id}`);
    const gdpr = page.getByTestId('customer-gdpr');
    await gdpr.getByRole('heading', { name: 'حماية البيانات (اللائحة العامة)' }).waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.dir), 'rtl');
    await gdpr.getByRole('button', { name: 'حذف (حماية البيانات)' }).click();
    const dialog = page.getByRole('dialog', { name: 'حذف بيانات العميل؟' });
    await dialog.getByRole('button', { name: 'حذف نهائي' }).click();
    await dialog.getByText('يُرجى ذكر سبب الحذف.').waitFor();
    await screenshot(page, 'gdpr-erase-dialog-ar-375');
    await dialog.getByRole('textbox', { name: /سبب الحذف/ }).fill('طلب العميل بالبريد الإلكتروني');
    const answered = page.waitForResponse((r) => r.url().endsWith(`/api/customers/${id}/erase`));
    await dialog.getByRole('button', { name: 'حذف نهائي' }).click();
    const answer = (await (await answered).json()) as GdprErasure;
    await dialog.waitFor({ state: 'detached' });
    const result = gdpr.getByTestId('gdpr-erasure');
    assert.ok(
      answer.retained.some((g) => g.kind === 'insolvency'),
      'the open insolvency case is kept',
    );
    for (const g of answer.retained) {
      const year = Number(g.until.slice(0, 4)) - 7;
      await result.getByText(`${KEPT_AR[g.kind]} ${year}: يُحفظ حتى ${day(g.until)}`).waitFor();
    }
    assert.equal(await sideways(page), 0, 'nothing scrolls sideways');
    await screenshot(page, 'gdpr-erased-ar-375');

    // After a reload the page still says when it was erased and what is kept.
    await page.reload();
    await gdpr.getByText(/^حُذف \(حماية البيانات\) في \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/).waitFor();
    for (const g of answer.retained)
      await gdpr.getByText(`${KEPT_AR[g.kind]} ${Number(g.until.slice(0, 4)) - 7}: يُحفظ حتى ${day(g.until)}`).waitFor();
    await context.close();
  });

  it('the privacy notice states the retention periods and what is deleted on request, in German and Arabic', async () => {
    const { context, page } = await app.open({ mobile: true });
    await page.goto('/datenschutz');
    await page.getByRole('heading', { level: 2, name: 'Datenexport und Löschung' }).waitFor();
    await page
      .getByText(/sieben Jahre nach dem Ende des Kalenderjahres/)
      .first()
      .waitFor();
    await page.getByText(/eine Rechnung aus 2026 also bis 31\.12\.2033/).waitFor();
    await screenshot(page, 'gdpr-privacy-de');
    await context.close();
    const ar = await app.open({ locale: 'ar', mobile: true });
    await ar.page.goto('/datenschutz');
    await ar.page.getByRole('heading', { level: 2, name: 'تصدير البيانات وحذفها' }).waitFor();
    await ar.page.getByText(/31\.12\.2033/).waitFor();
    await ar.page.setViewportSize({ width: 375, height: 812 });
    assert.equal(await sideways(ar.page), 0, 'nothing scrolls sideways');
    await screenshot(ar.page, 'gdpr-privacy-ar-375');
    await ar.context.close();
  });
});
