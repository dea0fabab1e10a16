import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { DEMO, screenshot, serverAndBrowser, signIn } from './helpers.js';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

async function choose(page: Page, testId: string, option: string | RegExp) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option }).first().click();
}

describe('a support task from creation to audit', () => {
  const app = serverAndBrowser();
  const title = `Kartenterminal verbindet nicht ${Date.now() % 100000}`;

  it('shows the board with tabs, filters, cards and overdue marking', async () => {
    const { context, page } = await app.open();
    await signIn(page, DEMO.admin);
    await page.waitForURL('**/agent-dashboard');
    await page.getByTestId('task-total').waitFor();
    await page.locator('[data-testid^="task-card-"]').first().waitFor();
    assert.ok((await page.locator('[data-testid^="task-card-"]').count()) > 5);
    assert.ok((await page.getByTestId('overdue-badge').count()) > 0, 'seeded overdue tasks are marked');
    await screenshot(page, 'task-board-admin');
    await Promise.all([
      page.waitForResponse(/get-tasks-from-admin\/1\/abgeschlossen/),
      page.getByTestId('task-tab-abgeschlossen').click(),
    ]);
    await page.locator('[data-testid^="task-card-"]').first().waitFor();
    assert.equal(await page.getByTestId('overdue-badge').count(), 0, 'closed tasks are never overdue');
    await context.close();
  });

  it('an agent creates a task with a file for a colleague', async () => {
    const { context, page } = await app.open();
    await signIn(page, DEMO.agentAT);
    await page.waitForURL('**/agent-dashboard');
    await page.goto('/agent-dashboard/create-task');
    await page.getByTestId('create-task-submit').click();
    await page.getByText('Titel ist erforderlich').waitFor();
    await page.getByTestId('task-titel').fill(title);
    await page
      .getByTestId('task-beschreibung')
      .fill('Das Kartenterminal an Kasse 2 findet keine Verbindung mehr. Neustart hat nicht geholfen.');
    await page.getByTestId('task-frist').fill('17.05.2030 14:30');
    await choose(page, 'task-typ', 'Support');
    await choose(page, 'task-agent', 'Anna Admin');
    await page.getByTestId('customer-search').fill('Gas');
    await page.getByRole('option', { name: /Gasthaus Zum Goldenen Hirschen/ }).click();
    assert.equal(await page.getByTestId('task-kundennummer').inputValue(), '10001');
    await page
      .getByTestId('upload-dropzone')
      .locator('input[type=file]')
      .setInputFiles([{ name: 'terminal-fehler.png', mimeType: 'image/png', buffer: PNG }]);
    await page.getByText('terminal-fehler.png').waitFor();
    await screenshot(page, 'create-task-filled');
    await page.getByTestId('create-task-submit').click();
    await page.waitForURL((u) => u.pathname === '/agent-dashboard');
    await context.close();
  });

  it('the colleague finds it, adds a note, asks for help, marks it done and files an audit', async () => {
    const { context, page } = await app.open();
    await signIn(page, DEMO.admin);
    await page.waitForURL('**/agent-dashboard');
    await Promise.all([
      page.waitForResponse(/q=Kartenterminal/),
      page.getByTestId('task-search').fill('Kartenterminal'),
    ]);
    const card = page.locator('[data-testid^="task-card-"]', { hasText: title });
    await card.waitFor();
    assert.equal(await page.locator('[data-testid^="task-card-"]').count(), 1);
    await card.click();
    const modal = page.getByTestId('task-modal');
    await modal.waitFor();
    await modal.getByText(title).first().waitFor();
    assert.equal(await modal.getByTestId('files-count').textContent(), '1');
    await screenshot(page, 'task-modal-details');

    await modal.getByTestId('task-modal-tab-files').click();
    await modal.getByText('terminal-fehler.png').waitFor();
    await screenshot(page, 'task-modal-files');
    const download = page.waitForEvent('download');
    await modal.locator('[data-testid^="file-download-"]').first().click();
    assert.equal((await download).suggestedFilename(), 'terminal-fehler.png');

    await modal.getByTestId('task-modal-tab-notes').click();
    await modal.getByTestId('note-input').fill('Techniker für morgen eingeplant.');
    await modal.getByTestId('note-submit').click();
    // The saved note in the list (while it saves, the field still shows the text, read-only).
    await modal
      .locator('[data-testid^="note-"]:not([data-testid="note-input"])')
      .getByText('Techniker für morgen eingeplant.')
      .waitFor();
    await modal.getByTestId('note-input').and(page.locator(':not([readonly])')).waitFor();
    assert.equal(await modal.getByTestId('note-input').inputValue(), '', 'the field is empty for the next note');

    await modal.getByTestId('action-request-help').click();
    await choose(page, 'help-agent-select', 'Max Mustermann');
    await page.getByTestId('help-comment').fill('Kannst du das Terminal aus der Ferne prüfen?');
    await page.getByTestId('help-submit').click();
    await page.getByText('Hilfeanfrage wurde gesendet.').waitFor();

    await modal.getByTestId('action-mark-done').click();
    await modal.getByTestId('action-reopen').waitFor();
    await modal.getByTestId('task-modal-tab-notes').click();
    await modal.getByTestId('notes-closed-info').waitFor();

    await modal.getByTestId('action-start-audit').click();
    await page.getByTestId('audit-description').fill('Terminal neu gekoppelt, Zahlung getestet.');
    await page.getByTestId('audit-contacted-no').click();
    await page
      .locator(
        '[data-testid="audit-form"] input[type=file], [data-testid="task-modal"] [data-testid="upload-dropzone"] input[type=file]',
      )
      .last()
      .setInputFiles([{ name: 'pruefprotokoll.pdf', mimeType: 'application/pdf', buffer: PDF }]);
    await page.getByTestId('audit-submit').click();
    await modal.getByTestId('task-modal-tab-audit').waitFor();
    await modal.getByTestId('task-modal-tab-audit').click();
    await modal.getByText('Terminal neu gekoppelt, Zahlung getestet.').waitFor();
    await modal.getByText('pruefprotokoll.pdf').waitFor();
    for (const action of ['action-edit', 'action-switch-agent', 'action-request-help', 'action-start-audit']) {
      assert.equal(await modal.getByTestId(action).isDisabled(), true, `${action} disabled after the audit`);
    }
    assert.equal(await modal.getByTestId('action-close').isDisabled(), false);
    await screenshot(page, 'task-modal-audit');
    await modal.getByTestId('action-close').click();
    await modal.waitFor({ state: 'detached' });
    await page.getByTestId('task-tab-abgeschlossen').click();
    await page.locator('[data-testid^="task-card-"]', { hasText: title }).waitFor();
    await context.close();
  });

  it('the helper sees the task on their board, in Arabic too', async () => {
    const { context, page } = await app.open();
    await signIn(page, DEMO.agentAT);
    await page.waitForURL('**/agent-dashboard');
    await page.getByTestId('task-tab-abgeschlossen').click();
    await page.getByTestId('task-search').fill('Kartenterminal');
    await page.locator('[data-testid^="task-card-"]', { hasText: title }).waitFor();
    await page.getByTestId('language-select').selectOption({ label: 'AR' });
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    await screenshot(page, 'task-board-ar');
    await context.close();
  });
});
