import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import zlib from 'node:zlib';
import { createHash } from 'node:crypto';
import { strFromU8, unzipSync } from 'fflate';
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

/** Waits until the element with this test id has the focus; says where the focus is if it never gets there. */
async function focusReturnsTo(page: Page, testId: string) {
  try {
    await page.waitForFunction((want) => document.activeElement?.getAttribute('data-testid') === want, testId);
  } catch {
    const where = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 200) ?? 'nothing');
    throw new Error(`focus should be on ${testId}, is on ${where}`);
  }
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

    // Reverse the expense with a reason; the reversal reads "Storno zu Nr. …" in German.
    const expenseSeq = (await expenseRow.getByRole('button', { name: /öffnen/ }).innerText()).trim();
    await expenseRow.getByRole('button', { name: /stornieren/i }).click();
    await page.getByTestId('cashbook-reverse-reason').fill('Doppelt erfasst');
    await page.getByTestId('cashbook-reverse-confirm').click();
    await page.getByTestId('cashbook-entry-dialog').waitFor({ state: 'detached' });
    const reversalRow = page.getByRole('row').filter({ hasText: 'Doppelt erfasst' });
    await reversalRow.waitFor();
    assert.match(await reversalRow.innerText(), /-€\s?12,50|€\s?-12,50/);
    assert.ok((await reversalRow.innerText()).includes(`Storno zu Nr. ${expenseSeq}: Doppelt erfasst`));
    await page.getByRole('row').filter({ hasText: EXPENSE_TEXT }).filter({ hasText: 'storniert' }).waitFor();
    await screenshot(page, 'cashbook-transactions-de');

    // Close last month against a counted amount.
    await open(page, 'cashbook/closing');
    await page.getByTestId('cashbook-closings').getByText('Kassasturz ohne Differenz').waitFor();
    const before = await page.getByTestId('cashbook-closings').getByRole('row').count();
    await page.getByTestId('cashbook-closing-add').click();
    // Only the month that can be closed is offered: last month (the demo closed the two before it).
    const lastMonth = new Date(Date.now() - 0);
    lastMonth.setDate(1);
    lastMonth.setMonth(lastMonth.getMonth() - 1);
    const offered = `${String(lastMonth.getMonth() + 1).padStart(2, '0')}.${lastMonth.getFullYear()}`;
    const monthField = page.getByTestId('cashbook-closing-month');
    await page.waitForFunction(
      (want) =>
        (document.querySelector('[data-testid="cashbook-closing-month"]') as HTMLInputElement)?.value.includes(want),
      offered.slice(3),
    );
    assert.ok(await monthField.evaluate((el) => (el as HTMLInputElement).readOnly), 'no other month to pick');
    // The server's figures before saving; the difference once the counted cash is typed.
    const preview = page.getByTestId('cashbook-closing-preview');
    await page.getByTestId('cashbook-preview-closing').filter({ hasText: /€/ }).waitFor();
    await page.getByTestId('cashbook-closing-physical').fill('1.000,00');
    await page.getByTestId('cashbook-preview-difference').filter({ hasText: /€/ }).waitFor();
    const closingText = await page.getByTestId('cashbook-preview-closing').innerText();
    const differenceText = (await page.getByTestId('cashbook-preview-difference').innerText()).trim();
    assert.match(
      await preview.innerText(),
      /Anfangsbestand[\s\S]*Einnahmen[\s\S]*Ausgaben[\s\S]*Endbestand[\s\S]*Gezählter Kassenstand[\s\S]*€\s?1\.000,00[\s\S]*Differenz/,
    );
    assert.notEqual(closingText.trim(), '€ 1.000,00', 'the demo month does not end on exactly 1.000,00');
    await page.getByTestId('cashbook-closing-notes').fill(`Kassasturz ${run}`);
    await screenshot(page, 'cashbook-closing-preview-de');
    // A difference needs a second confirmation naming the amount; cancelling it saves nothing.
    await page.getByTestId('cashbook-closing-submit').click();
    const confirm = page.getByTestId('confirm-dialog');
    await confirm.getByText(/^Differenz von/).waitFor();
    assert.equal(
      (await confirm.getByText(/^Differenz von/).innerText()).replace(/\s+/g, ' '),
      `Differenz von ${differenceText.replace(/\s+/g, ' ')} wirklich so abschließen?`,
    );
    await screenshot(page, 'cashbook-closing-confirm-de');
    await confirm.getByRole('button', { name: 'Abbrechen' }).click();
    await confirm.getByText(/^Differenz von/).waitFor({ state: 'detached' });
    assert.equal(await page.getByTestId('cashbook-closings').getByRole('row').count(), before);
    await page.getByTestId('cashbook-closing-submit').click();
    await page.getByTestId('confirm-dialog-confirm').click();
    await page.getByTestId('cashbook-closing-dialog').waitFor({ state: 'detached' });
    // Focus is back on the button that opened the dialog.
    await focusReturnsTo(page, 'cashbook-closing-add');
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
    // The auditor's package of the same period: the same CSV inside, and every file in its checksum list.
    const zip = unzipSync(new Uint8Array(await download(page, 'cashbook-package-download')));
    const inside = Object.keys(zip);
    const csvName = inside.find((n) => n.startsWith('kassenbuch_') && n.endsWith('.csv'))!;
    assert.deepEqual(Buffer.from(zip[csvName]!), csv);
    const sums = strFromU8(zip['pruefsummen.sha256']!);
    for (const name of inside.filter((n) => n !== 'pruefsummen.sha256'))
      assert.ok(sums.includes(`${createHash('sha256').update(zip[name]!).digest('hex')}  ${name}`), name);
    assert.match(strFromU8(zip['pruefbericht.txt']!), /Hash-Kette \(alle \d+ Buchungen\): unverändert/);
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
    // The reversal in the reader's language, from its kind and parameters.
    assert.ok(
      (await page.getByRole('row').filter({ hasText: 'Doppelt erfasst' }).innerText()).includes(
        `إلغاء القيد رقم ${expenseSeq}`,
      ),
    );
    await screenshot(page, 'cashbook-transactions-ar');
    await open(page, 'cashbook/closing');
    await page.getByTestId('cashbook-closing-add').click();
    await page.getByTestId('cashbook-closing-none').waitFor();
    await screenshot(page, 'cashbook-closing-none-ar');
    await page.keyboard.press('Escape');
    await page.getByTestId('language-select').selectOption('de');
    await context.close();
  });

  it('amounts refused at the field, a double click books once, an entry opened by its link survives a reload', async () => {
    const { context, page } = await app.open();
    await signIn(page, DEMO.agentAT);
    await page.waitForURL('**/agent-dashboard**');
    await open(page, 'cashbook/transactions');

    // The add dialog is in the address too: a reload opens it again.
    await page.getByTestId('cashbook-add').click();
    await page.waitForURL(/[?&]new=entry/);
    await page.reload();
    const dialog = page.getByTestId('cashbook-add-dialog');
    await page.getByTestId('cashbook-add-amount').waitFor();

    // Each amount message at the amount field (its accessible description), nothing sent.
    const amount = page.getByTestId('cashbook-add-amount');
    const describedBy = () =>
      amount.evaluate((el) =>
        (el.getAttribute('aria-describedby') ?? '')
          .split(' ')
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' '),
      );
    await dialog.getByText('Ausgabe', { exact: true }).click();
    await pick(page, 'cashbook-add-category', /^Porto$/);
    const text = `Doppelklick ${run}`;
    await page.getByTestId('cashbook-add-description').fill(text);
    for (const [typed, message] of [
      ['1.234', 'Mehrdeutiger Betrag: bitte 1234 oder 1,234 schreiben.'],
      ['12,345', 'Höchstens zwei Nachkommastellen.'],
      ['-5', 'Der Betrag muss mindestens 0,01 € sein.'],
    ] as const) {
      await amount.fill(typed);
      await page.getByTestId('cashbook-add-submit').click();
      await dialog.getByText(message, { exact: true }).waitFor();
      assert.equal(await amount.getAttribute('aria-invalid'), 'true');
      assert.ok((await describedBy()).includes(message), `${message} at the amount field`);
      // The refused submit takes the focus to the refused field (every form: focusFirstInvalidOnSubmit).
      await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'cashbook-add-amount');
    }
    await screenshot(page, 'cashbook-add-amount-error-de');

    // A quick double click on "Buchen" sends one request and books one entry.
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/cashbook/transactions') posts.push(r.url());
    });
    await amount.fill('4,20');
    await page.getByTestId('cashbook-add-submit').dblclick();
    await dialog.waitFor({ state: 'detached' });
    const rows = page.getByRole('row').filter({ hasText: text });
    await rows.first().waitFor();
    assert.equal(posts.length, 1);
    // Focus is back on the button that opened the dialog.
    await focusReturnsTo(page, 'cashbook-add');
    await page.getByTestId('cashbook-filter-q').fill(text);
    await page.waitForURL(/[?&]q=/);
    await page.getByTestId('cashbook-transactions').getByText(text).first().waitFor();
    assert.equal(await rows.count(), 1);
    assert.equal(await page.getByText('Diese Anfrage wird bereits bearbeitet.').count(), 0);

    // Opening the entry puts it into the address; a reload opens the same entry.
    const opener = rows.first().getByRole('button', { name: /öffnen/ });
    const seq = (await opener.innerText()).trim();
    await opener.click();
    await page.waitForURL(/[?&]entry=\d+/);
    const entryUrl = page.url();
    await page.reload();
    const entry = page.getByTestId('cashbook-entry-dialog');
    await entry.getByRole('heading', { name: `Buchung Nr. ${seq}` }).waitFor();
    assert.ok((await entry.innerText()).includes(text));
    await screenshot(page, 'cashbook-entry-de');
    // Closing removes it from the address; the filter stays.
    await page.keyboard.press('Escape');
    await entry.waitFor({ state: 'detached' });
    assert.ok(!/[?&]entry=/.test(page.url()), page.url());
    assert.ok(/[?&]q=/.test(page.url()), page.url());
    // The back button closes an opened entry and focus returns to its button.
    await page.getByRole('button', { name: `Buchung Nr. ${seq} öffnen` }).click();
    await entry.getByRole('heading', { name: `Buchung Nr. ${seq}` }).waitFor();
    await page.goBack();
    await entry.waitFor({ state: 'detached' });
    await focusReturnsTo(page, `cashbook-entry-${seq}`);
    // A shared link opens it in a fresh tab, on a phone and in Arabic too.
    const phone = await context.newPage();
    await phone.setViewportSize({ width: 375, height: 812 });
    await phone.goto(entryUrl);
    await phone
      .getByTestId('cashbook-entry-dialog')
      .getByRole('heading', { name: `Buchung Nr. ${seq}` })
      .waitFor();
    await screenshot(phone, 'cashbook-entry-phone-de');
    // In Arabic (the account's language, switched on the desktop page), the same link.
    await page.getByTestId('language-select').selectOption('ar');
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    await phone.goto(entryUrl);
    await phone.waitForFunction(() => document.documentElement.dir === 'rtl');
    await phone
      .getByTestId('cashbook-entry-dialog')
      .getByRole('heading', { name: `القيد رقم ${seq}` })
      .waitFor();
    await screenshot(phone, 'cashbook-entry-phone-ar');
    await page.getByTestId('language-select').selectOption('de');
    await page.waitForFunction(() => document.documentElement.dir === 'ltr');
    await context.close();
  });
});
