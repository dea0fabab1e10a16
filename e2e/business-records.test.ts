import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { DEMO, screenshot, serverAndBrowser, signIn } from './helpers.js';

/*
 * Issue 21, the records half of the business dashboard as people use it: an admin publishes a news
 * post, staff share a document with the demo customer (10001), and the customer signs in at
 * /business-login, reads the post, downloads the document and adds, changes and removes a branch;
 * German and Arabic photographed (and checked with axe).
 */

const run = Date.now() % 100000;
const NEWS_DE = `Neue Kassenversion ${run}`;
const NEWS_AR = `إصدار جديد للكاشير ${run}`;
const BRANCH = `Filiale Naschmarkt ${run}`;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

async function staffShareDocument(url: string): Promise<void> {
  const login = await fetch(`${url}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO.agentAT),
  });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const auth = { authorization: `Bearer ${accessToken}` };
  const hits = (await (await fetch(`${url}/api/customers?search=10001`, { headers: auth })).json()) as { id: number }[];
  const form = new FormData();
  form.append('files', new Blob([PDF], { type: 'application/pdf' }), `Wartungsvertrag ${run}.pdf`);
  const res = await fetch(`${url}/api/customers/${hits[0]!.id}/documents`, { method: 'POST', headers: auth, body: form });
  assert.equal(res.status, 201, await res.text());
}

async function go(page: Page, path: string) {
  await page.goto(`/business-dashboard/${path}`);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
}

describe('business dashboard records', () => {
  const app = serverAndBrowser();

  it('an admin publishes news, staff share a document; the customer reads, downloads and keeps branches', async () => {
    await staffShareDocument(app.server.url);

    // The admin writes a post in German and Arabic, published now.
    const admin = await app.open();
    await signIn(admin.page, DEMO.admin);
    await admin.page.waitForURL('**/agent-dashboard**');
    await admin.page.goto('/agent-dashboard/news');
    await admin.page.getByTestId('news-new').click();
    const dialog = admin.page.getByTestId('news-dialog');
    await dialog.getByLabel('Titel (Deutsch)').fill(NEWS_DE);
    await dialog.getByLabel('Text (Deutsch)').fill('Version 5 bringt den neuen Tagesabschluss.');
    await dialog.getByRole('button', { name: 'Arabisch (optional)' }).click();
    await dialog.getByLabel('Titel', { exact: true }).last().fill(NEWS_AR);
    await dialog.getByLabel('Text', { exact: true }).last().fill('الإصدار 5 متاح الآن.');
    await admin.page.getByTestId('news-save').click();
    await dialog.waitFor({ state: 'detached' });
    await admin.page.getByRole('row').filter({ hasText: NEWS_DE }).getByText('Veröffentlicht').waitFor();
    await screenshot(admin.page, 'business-news-admin-de');
    await admin.context.close();

    // The customer.
    const { context, page } = await app.open({ mobile: true });
    await signIn(page, DEMO.customer, '/business-login');
    await page.waitForURL('**/business-dashboard/**');

    await go(page, 'news');
    const post = page.getByTestId('news-item').filter({ hasText: NEWS_DE });
    await post.getByTestId('news-unread').waitFor();
    await screenshot(page, 'business-news-de');
    await post.getByTestId('news-mark-read').click();
    await page.getByTestId('news-item').filter({ hasText: NEWS_DE }).and(page.locator('[data-read="true"]')).waitFor();

    await go(page, 'documents');
    // On a phone the documents are cards (the table is for wider screens, see the Arabic part).
    const row = page.getByTestId('document-card').filter({ hasText: `Wartungsvertrag ${run}.pdf` });
    await row.waitFor();
    await screenshot(page, 'business-documents-de');
    const wait = page.waitForEvent('download');
    await row.getByTestId('document-download').click();
    const download = await wait;
    assert.equal(download.suggestedFilename(), `Wartungsvertrag ${run}.pdf`);
    assert.ok(fs.readFileSync((await download.path())!).equals(PDF));

    // A branch: added, changed, removed after confirmation.
    await go(page, 'branches');
    await page.getByRole('link', { name: 'Filiale hinzufügen' }).click();
    await page.waitForURL('**/business-dashboard/branches/new');
    await page.getByLabel('Name').fill(BRANCH);
    await page.getByLabel('Adresse').fill('Linke Wienzeile 4');
    await page.getByLabel('PLZ').fill('1060');
    await page.getByLabel('Ort').fill('Wien');
    await page.getByLabel('Telefon').fill('+43 1 5871234');
    await page.getByLabel('Öffnungszeiten').fill('Mo–Sa 10:00–22:00');
    await page.getByTestId('branch-save').click();
    await page.waitForURL('**/business-dashboard/branches');
    const card = page.getByTestId('branch-card').filter({ hasText: BRANCH });
    await card.waitFor();
    await screenshot(page, 'business-branches-de');
    await card.getByRole('link', { name: /Bearbeiten/ }).click();
    await page.getByTestId('branch-form').waitFor();
    assert.equal(await page.getByLabel('Name').inputValue(), BRANCH);
    await page.getByLabel('PLZ').fill('x');
    await page.getByTestId('branch-save').click();
    await page.getByText('Bitte eine gültige Postleitzahl eingeben').waitFor();
    await page.getByLabel('PLZ').fill('1070');
    await page.getByTestId('branch-save').click();
    await page.waitForURL('**/business-dashboard/branches');
    await page.getByTestId('branch-card').filter({ hasText: BRANCH }).getByText('1070').waitFor();

    await go(page, 'profile');
    await page.getByTestId('business-profile-data').getByText('10001').waitFor();
    await page.getByLabel('Kontaktperson').fill('Gerda Gastwirtin');
    await page.getByTestId('business-profile-save').click();
    await page.getByText('Kontaktdaten gespeichert').first().waitFor();
    await page.getByRole('button', { name: /Passwort ändern/ }).waitFor();
    await screenshot(page, 'business-profile-de');
    await context.close();

    // Arabic, right to left: the post in Arabic, the branch, the document.
    const ar = await app.open({ locale: 'ar' });
    await ar.page.goto('/business-login');
    await ar.page.locator('input[type=email]').fill(DEMO.customer.email);
    await ar.page.locator('input[type=password]').fill(DEMO.customer.password);
    await ar.page.locator('form button[type=submit]').click();
    await ar.page.waitForURL('**/business-dashboard/**');
    await ar.page.waitForFunction(() => document.documentElement.dir === 'rtl');
    await go(ar.page, 'news');
    await ar.page.getByTestId('news-item').filter({ hasText: NEWS_AR }).waitFor();
    await screenshot(ar.page, 'business-news-ar');
    await go(ar.page, 'branches');
    await ar.page.getByTestId('branch-card').filter({ hasText: BRANCH }).waitFor();
    await screenshot(ar.page, 'business-branches-ar');
    await go(ar.page, 'documents');
    await ar.page.getByRole('row').filter({ hasText: `Wartungsvertrag ${run}.pdf` }).waitFor();
    await screenshot(ar.page, 'business-documents-ar');
    await go(ar.page, 'profile');
    await ar.page.getByTestId('business-profile-data').waitFor();
    await screenshot(ar.page, 'business-profile-ar');

    // Removing the branch asks first.
    await go(ar.page, 'branches');
    await ar.page.getByTestId('branch-card').filter({ hasText: BRANCH }).getByRole('button', { name: /حذف/ }).click();
    await ar.page.getByTestId('confirm-dialog').getByText(BRANCH).waitFor();
    await ar.page.getByTestId('confirm-dialog-confirm').click();
    await ar.page.getByTestId('branch-card').filter({ hasText: BRANCH }).waitFor({ state: 'detached' });
    await ar.context.close();
  });
});
