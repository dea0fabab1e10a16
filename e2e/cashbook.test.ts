import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import zlib from 'node:zlib';
import type { Page } from 'playwright-core';
import { DEMO, screenshot, serverAndBrowser, signIn } from './helpers.js';

const run = Date.now() % 100000;
const INCOME_CAT = `Barverkauf E2E ${run}`;
const EXPENSE_CAT = `Porto E2E ${run}`;
const INCOME_TEXT = `Schulung Kassa ${run}`;
const EXPENSE_TEXT = `Briefmarken ${run}`;

/** The words of a PDF: content streams inflated, the hex strings of the text operators decoded. */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const out: string[] = [];
  for (const m of raw.matchAll(/stream\r?\n/g)) {
    const start = m.index + m[0].length;
    const end = raw.indexOf('endstream', start);
    if (end < 0) break;
    let content = '';
    try {
      content = zlib.inflateSync(Buffer.from(raw.slice(start, end), 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    for (const s of content.matchAll(/<([0-9a-fA-F]+)>/g)) out.push(Buffer.from(s[1]!, 'hex').toString('latin1'));
  }
  return out.join('');
}

async function open(page: Page, path: string) {
  await page.goto(`/agent-dashboard/${path}`);
  await page.getByRole('heading', { level: 1 }).waitFor();
}

async function pick(page: Page, testId: string, option: string | RegExp) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option }).click();
}

async function download(page: Page, testId: string): Promise<Buffer> {
  const wait = page.waitForEvent('download');
  await page.getByTestId(testId).click();
  const file = await (await wait).path();
  return fs.readFileSync(file);
}

describe('cashbook screens', () => {
  const app = serverAndBrowser();

  it('categories, an income with a customer and an expense typed with a comma, a reversal, a closing, CSV and PDF', async () => {
    const { context, page } = await app.open();
    await signIn(page, DEMO.agentAT);
    await page.waitForURL('**/agent-dashboard**');

    // Categories.
    await open(page, 'cashbook/categories');
    for (const [name, type] of [
      [INCOME_CAT, 'Einnahme'],
      [EXPENSE_CAT, 'Ausgabe'],
    ] as const) {
      await page.getByTestId('cashbook-category-add').click();
      await page.getByTestId('cashbook-category-name').fill(name);
      await page.getByTestId('cashbook-category-description').fill(`${name} für den Test`);
      await pick(page, 'cashbook-category-type', type);
      await page.getByTestId('cashbook-category-submit').click();
      await page.getByTestId('cashbook-categories').getByText(name, { exact: true }).waitFor();
    }

    // An income with a customer.
    await open(page, 'cashbook/transactions');
    await page.getByTestId('cashbook-add').click();
    const dialog = page.getByTestId('cashbook-add-dialog');
    assert.ok(await page.getByTestId('cashbook-add-date').isDisabled(), 'an agent cannot change the date');
    await page.getByTestId('cashbook-add-amount').fill('123,45');
    await pick(page, 'cashbook-add-category', INCOME_CAT);
    await page.getByTestId('cashbook-add-description').fill(INCOME_TEXT);
    await page.getByTestId('cashbook-add-invoice').fill(`RE-${run}`);
    await page.getByTestId('cashbook-customer-search').fill('Goldenen');
    await page.getByRole('option', { name: /Gasthaus Zum Goldenen Hirschen/ }).click();
    await screenshot(page, 'cashbook-add-income-de');
    await page.getByTestId('cashbook-add-submit').click();
    await page.getByText('Transaktion erfolgreich hinzugefügt').waitFor();
    await dialog.waitFor({ state: 'detached' });
    const incomeRow = page.getByRole('row').filter({ hasText: INCOME_TEXT });
    await incomeRow.waitFor();
    assert.match(await incomeRow.innerText(), /Gasthaus Zum Goldenen Hirschen/);
    assert.match(await incomeRow.innerText(), /€\s?123,45/);
    assert.match(await incomeRow.innerText(), /\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}:\d{2}/);

    // An expense, the amount typed with a comma; only the expense categories are offered.
    await page.getByTestId('cashbook-add').click();
    await dialog.getByText('Ausgabe', { exact: true }).click();
    await page.getByTestId('cashbook-add-amount').fill('12,50');
    await page.getByTestId('cashbook-add-category').click();
    assert.equal(await page.getByRole('option', { name: INCOME_CAT }).count(), 0);
    await page.getByRole('option', { name: EXPENSE_CAT }).click();
    await page.getByTestId('cashbook-add-description').fill(EXPENSE_TEXT);
    await page.getByTestId('cashbook-add-submit').click();
    await dialog.waitFor({ state: 'detached' });
    const expenseRow = page.getByRole('row').filter({ hasText: EXPENSE_TEXT }).first();
    await expenseRow.waitFor();
    assert.match(await expenseRow.innerText(), /€\s?12,50/);

    // Reverse the expense with a reason.
    await expenseRow.getByRole('button', { name: /stornieren/i }).click();
    await page.getByTestId('cashbook-reverse-reason').fill('Doppelt erfasst');
    await page.getByTestId('cashbook-reverse-confirm').click();
    await page.getByTestId('cashbook-reverse-dialog').waitFor({ state: 'hidden' });
    await page.getByRole('row').filter({ hasText: 'Doppelt erfasst' }).waitFor();
    assert.match(
      await page.getByRole('row').filter({ hasText: 'Doppelt erfasst' }).innerText(),
      /-€\s?12,50|€\s?-12,50/,
    );
    await page.getByRole('row').filter({ hasText: EXPENSE_TEXT }).filter({ hasText: 'storniert' }).waitFor();
    await screenshot(page, 'cashbook-transactions-de');

    // Close last month against a counted amount.
    await open(page, 'cashbook/closing');
    await page.getByTestId('cashbook-closings').getByText('Kassasturz ohne Differenz').waitFor();
    const before = await page.getByTestId('cashbook-closings').getByRole('row').count();
    await page.getByTestId('cashbook-closing-add').click();
    await page.getByTestId('cashbook-closing-physical').fill('1.000,00');
    await page.getByTestId('cashbook-closing-notes').fill(`Kassasturz ${run}`);
    await page.getByTestId('cashbook-closing-submit').click();
    await page.getByTestId('cashbook-closing-dialog').waitFor({ state: 'detached' });
    const closingRow = page.getByRole('row').filter({ hasText: `Kassasturz ${run}` });
    await closingRow.waitFor();
    assert.equal(await page.getByTestId('cashbook-closings').getByRole('row').count(), before + 1);
    assert.match(await closingRow.innerText(), /€\s?1\.000,00/);
    await screenshot(page, 'cashbook-closing-de');

    // The CSV of the period and the PDF of last month.
    await open(page, 'cashbook/reports');
    await page.getByTestId('cashbook-chain-ok').waitFor();
    await screenshot(page, 'cashbook-reports-de');
    const csv = await download(page, 'cashbook-csv-download');
    assert.deepEqual([...csv.subarray(0, 3)], [0xef, 0xbb, 0xbf]);
    const text = csv.subarray(3).toString('utf8');
    assert.ok(
      text.startsWith('Nr;Datum;Typ;Kategorie;Beschreibung;Rechnungsnummer;Kunde;Betrag;Benutzer;Hash'),
      text.slice(0, 200),
    );
    const incomeLine = text.split('\r\n').find((l) => l.includes(INCOME_TEXT))!;
    assert.match(
      incomeLine,
      new RegExp(
        `;Einnahme;${INCOME_CAT};${INCOME_TEXT};RE-${run};Gasthaus Zum Goldenen Hirschen;123,45;Max Mustermann;[0-9a-f]{64};$`,
      ),
    );
    assert.ok(text.split('\r\n').some((l) => l.includes('Doppelt erfasst') && l.includes(';-12,50;')));
    const pdf = await download(page, 'cashbook-pdf-download');
    assert.equal(pdf.subarray(0, 5).toString(), '%PDF-');
    const words = pdfText(pdf);
    for (const w of [
      'Hauptkasse Wien',
      'Anfangsbestand',
      'Endbestand',
      'Gezählter Kassenstand',
      '1.000,00',
      'Differenz',
      `Kassasturz ${run}`,
      'Prüfkette: in Ordnung',
    ])
      assert.ok(words.includes(w), `${w} in the PDF: ${words.slice(0, 400)}`);

    // The overview, then the same screens in Arabic.
    await open(page, 'cashbook/overview');
    await page.getByTestId('chart').waitFor();
    await page.getByTestId('cashbook-latest').getByText(EXPENSE_TEXT).first().waitFor();
    await screenshot(page, 'cashbook-overview-de');
    await page.getByTestId('language-select').selectOption('ar');
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    await page.getByRole('heading', { name: 'دفتر الصندوق – نظرة عامة' }).waitFor();
    await page.getByTestId('chart').waitFor();
    assert.match(await page.getByTestId('cashbook-card-currentBalance').innerText(), /€\s?[\d.]+,\d{2}/);
    await screenshot(page, 'cashbook-overview-ar');
    await open(page, 'cashbook/transactions');
    await page.getByRole('row').filter({ hasText: INCOME_TEXT }).waitFor();
    await screenshot(page, 'cashbook-transactions-ar');
    await page.getByTestId('language-select').selectOption('de');
    await context.close();
  });
});
