import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { DEMO, screenshot, serverAndBrowser, signIn } from './helpers.js';

/**
 * Emergency time billed to the started hour (issue 31), as people use it: the Austrian demo agent
 * records 61 minutes on an emergency task of the demo customer (record 10001) in the task modal and
 * closes it; the customer finds the invoice (2 hours, € 360,00 gross) in the business dashboard and
 * opens its PDF. The closing of an emergency task without time asks first.
 */
describe('Emergency support: time in the task modal, invoice in the business dashboard', () => {
  const app = serverAndBrowser();

  async function api(who: { email: string; password: string }) {
    const base = app.server.url;
    const login = await fetch(`${base}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(who),
    });
    const user = (await login.json()) as { accessToken: string; id: number };
    const accessToken = user.accessToken;
    return {
      id: user.id,
      /** An emergency task of the demo customer 10001, assigned to this user, created as staff do. */
      async emergencyTask(titel: string): Promise<number> {
        const form = new FormData();
        for (const [k, v] of Object.entries({
          titel,
          beschreibung: 'Samstagabend, die Kassa startet nicht.',
          frist: new Date(Date.now() + 86400_000).toISOString(),
          typ: '2',
          userID: String(user.id),
          kundennummer: '10001',
          firma: 'Gasthaus Zum Goldenen Hirschen',
        }))
          form.append(k, v);
        const res = await fetch(`${base}/api/create-task`, {
          method: 'POST',
          headers: { authorization: `Bearer ${accessToken}` },
          body: form,
        });
        const json = (await res.json()) as { aufgabeID: number };
        assert.equal(res.status, 200, JSON.stringify(json));
        return json.aufgabeID;
      },
    };
  }

  it('the agent records time and closes the task; the customer opens the invoice', async () => {
    const agent = await api(DEMO.agentAT);
    const taskId = await agent.emergencyTask('Notfall E2E: Kassa startet nicht');

    const { context, page } = await app.open();
    await signIn(page, DEMO.agentAT);
    await page.waitForURL('**/agent-dashboard');
    await page.goto(`/agent-dashboard/tasks/${taskId}`);
    const modal = page.getByTestId('task-modal');
    await modal.getByTestId('task-modal-tab-time').click();
    const time = modal.getByTestId('task-time');
    await time.getByText('Keine Zeiten gefunden').waitFor();

    // Typed afterwards: 61 minutes on a past evening.
    await time.getByTestId('task-time-from').pressSequentially('070320262100');
    await time.getByTestId('task-time-to').pressSequentially('070320262201');
    await time.getByTestId('task-time-note').fill('Fernwartung, Kassa neu gestartet');
    await time.getByTestId('task-time-submit').click();
    await time.getByTestId('task-time-entries').getByText('Fernwartung, Kassa neu gestartet').waitFor();
    await time
      .getByTestId('task-time-total')
      .getByText(/61 Minuten, 2 angefangene Stunde/)
      .waitFor();
    assert.match(await time.getByTestId('task-time-total').innerText(), /360,00/);

    // Start and stop: the running entry survives a reload.
    await time.getByTestId('task-time-start').click();
    await time.getByTestId('task-time-running').waitFor();
    await page.reload();
    await modal.getByTestId('task-modal-tab-time').click();
    await modal.getByTestId('task-time-running').waitFor();
    await screenshot(page, 'emergency-time-de');
    await page.waitForTimeout(1100);
    await modal.getByTestId('task-time-stop').click();
    await modal.getByTestId('task-time-start').waitFor();
    await modal
      .getByTestId('task-time-total')
      .getByText(/62 Minuten, 2 angefangene Stunde/)
      .waitFor();

    // Done, then closed with the audit: the invoice appears in the time tab.
    await modal.getByTestId('action-mark-done').click();
    await modal.getByTestId('action-start-audit').click();
    await modal.getByTestId('audit-description').fill('Kassa läuft wieder.');
    await modal.getByTestId('audit-submit').click();
    await modal.getByTestId('task-locked-info').waitFor();
    await modal.getByTestId('task-modal-tab-time').click();
    const number = (await modal.getByTestId('task-invoice-number').innerText()).trim();
    assert.match(number, /^\d{4}-\d{5}$/);
    assert.match(await modal.getByTestId('task-invoice').innerText(), /300,00[\s\S]*60,00[\s\S]*360,00/);
    await context.close();

    // The customer of record 10001 sees it in the business dashboard and opens it.
    const customer = await app.open();
    await signIn(customer.page, DEMO.customer, '/business-login');
    await customer.page.waitForURL('**/business-dashboard/overview');
    await customer.page.goto('/business-dashboard/invoices');
    const row = customer.page.getByTestId('business-invoices').getByRole('row').filter({ hasText: number });
    await row.getByText(`Notfall-Support, Aufgabe #${taskId}`).waitFor();
    await row.getByText(/360,00/).waitFor();
    await screenshot(customer.page, 'emergency-invoice-business-de');
    const [download] = await Promise.all([
      customer.page.waitForEvent('download'),
      row.getByTestId('invoice-download').click(),
    ]);
    assert.equal(download.suggestedFilename(), `Rechnung-${number}.pdf`);
    const text = execFileSync('pdftotext', ['-layout', await download.path(), '-'], { encoding: 'utf8' });
    assert.ok(fs.existsSync(await download.path()));
    for (const part of [number, 'Leistungszeitraum', `#${taskId}`, '300,00', '60,00', '360,00'])
      assert.ok(text.includes(part), `the PDF holds "${part}"`);
    await customer.context.close();
  });

  it('closing an emergency task without time asks first (in Arabic too)', async () => {
    const agent = await api(DEMO.agentAT);
    const taskId = await agent.emergencyTask('Notfall E2E: ohne Zeit');
    const { context, page } = await app.open({ locale: 'ar' });
    await page.goto('/login');
    await page.locator('input[type=email]').fill(DEMO.agentAT.email);
    await page.locator('input[type=password]').fill(DEMO.agentAT.password);
    await page.locator('form button[type=submit]').click();
    await page.waitForURL('**/agent-dashboard');
    await page.goto(`/agent-dashboard/tasks/${taskId}`);
    const modal = page.getByTestId('task-modal');
    await modal.getByTestId('action-mark-done').click();
    await modal.getByTestId('action-start-audit').click();
    await modal.getByTestId('audit-description').fill('Erledigt am Telefon.');
    await modal.getByTestId('audit-submit').click();
    const dialog = page.getByTestId('confirm-dialog');
    await dialog.getByText('لم يتم تسجيل أي وقت – هل تريد الإغلاق بدون فاتورة؟').waitFor();
    await screenshot(page, 'emergency-no-time-ar');
    await dialog.getByTestId('confirm-dialog-confirm').click();
    await modal.getByTestId('task-locked-info').waitFor();
    await modal.getByTestId('task-modal-tab-time').click();
    await modal.getByTestId('task-no-invoice').waitFor();
    await context.close();
  });
});
