import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { DEMO, screenshot, serverAndBrowser, signIn } from './helpers.js';

/**
 * The staff audit trail (issue 34) as an admin uses it: a change made in the back office is on the
 * trail at once with who, what and the value before and after; a click on a name narrows the trail
 * to that person (kept over a reload), the chain is checked, the rows are exported as CSV; the task
 * shows its own entries; in Arabic on a 375 px phone it reads right to left without sideways scrolling.
 */

async function api<T>(base: string, path: string, token: string, body?: object): Promise<T> {
  const res = await fetch(new URL(path, base), {
    method: body ? 'POST' : 'GET',
    headers: { authorization: `Bearer ${token}`, ...(body && { 'content-type': 'application/json' }) },
    body: body && JSON.stringify(body),
  });
  assert.ok(res.status < 300, `${path}: ${res.status} ${await res.clone().text()}`);
  return (await res.json()) as T;
}

async function signInAs(base: string, who: { email: string; password: string }) {
  const res = await fetch(new URL('/auth/login', base), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(who),
  });
  const user = (await res.json()) as { accessToken: string; id: number };
  return { token: user.accessToken, id: user.id };
}

const sideways = (page: Page) =>
  page.evaluate(() => Math.max(0, document.documentElement.scrollWidth - document.documentElement.clientWidth));

describe('audit trail: who changed what, and when', () => {
  const app = serverAndBrowser();
  const NOTE = 'Rückruf vereinbart – معاودة الاتصال';
  let taskId = 0;

  it('shows a change at once, filters by person over a reload, checks the chain, exports CSV, and the task shows its own', async () => {
    const base = app.server.url;
    // The agent of Austria creates a task and writes a note on it: two staff writes.
    const agent = await signInAs(base, DEMO.agentAT);
    const form = new FormData();
    for (const [k, v] of Object.entries({
      titel: 'Bondrucker prüfen',
      beschreibung: 'Druckt seit heute früh nicht.',
      frist: new Date(Date.now() + 86400_000).toISOString(),
      typ: '1',
      userID: String(agent.id),
      kundennummer: '10001',
    }))
      form.append(k, v);
    const created = await fetch(new URL('/api/create-task', base), {
      method: 'POST',
      headers: { authorization: `Bearer ${agent.token}` },
      body: form,
    });
    assert.equal(created.status, 200, await created.clone().text());
    taskId = ((await created.json()) as { aufgabeID: number }).aufgabeID;
    await api(base, '/api/task-add-note', agent.token, { taskID: taskId, notiz: NOTE });

    const { context, page } = await app.open();
    await signIn(page, DEMO.admin);
    await page.waitForURL('**/agent-dashboard');
    await page.getByRole('link', { name: 'Prüfprotokoll' }).click();
    await page.waitForURL('**/agent-dashboard/audit');
    const rows = page.getByTestId('audit-rows');
    // Newest first: the admin's own sign-in, and before it the agent's note with its text.
    const note = rows.getByRole('row').filter({ hasText: 'addTaskNote' }).first();
    await note.waitFor();
    await note.getByText(NOTE).waitFor();
    await note.getByRole('link', { name: `#${taskId}` }).waitFor();
    await rows.getByRole('row').filter({ hasText: 'signIn' }).first().waitFor();
    await screenshot(page, 'audit-trail-de');

    // A click on the agent's name narrows the trail to them; a reload keeps it.
    await note.getByTestId('audit-actor').click();
    await page.waitForURL(/actor=\d+/);
    await page.getByTestId('audit-filter-chip').waitFor();
    await page.reload();
    await page.getByTestId('audit-filter-chip').waitFor();
    await rows.getByRole('row').filter({ hasText: 'addTaskNote' }).first().waitFor();
    const actions = await rows.locator('tbody tr').allInnerTexts();
    assert.ok(actions.length > 0 && actions.every((r) => !r.includes('Demo Admin')), 'only the agent’s rows');

    // The chain holds.
    await page.getByTestId('audit-verify').click();
    await page
      .getByTestId('audit-verify-result')
      .getByText(/Die Kette ist vollständig und unverändert/)
      .waitFor();

    // The filtered rows as CSV, for an auditor.
    const wait = page.waitForEvent('download');
    await page.getByTestId('audit-export').click();
    const csv = fs.readFileSync((await (await wait).path())!, 'utf8');
    assert.match(csv, /^\ufeffNr;Zeit \(UTC\);Benutzer/);
    assert.match(csv, /addTaskNote/);
    assert.ok(csv.includes('معاودة الاتصال'), 'the note in the CSV as typed');
    assert.ok(!csv.includes(';signIn;') || !csv.includes('Demo Admin'), 'only the agent’s rows');

    // The task shows its own entries: the subject link opens it, its tab lists the note.
    await page
      .getByRole('link', { name: `#${taskId}` })
      .first()
      .click();
    await page.waitForURL(`**/agent-dashboard/tasks/${taskId}`);
    await page.getByTestId('task-modal-tab-changes').click();
    const entry = page.getByTestId('audit-entry').filter({ hasText: 'addTaskNote' }).first();
    await entry.getByText(NOTE).waitFor();
    await screenshot(page, 'audit-trail-task-de');
    await context.close();
  });

  it('reads right to left on a 375 px phone in Arabic', async () => {
    const { context, page } = await app.open({ locale: 'ar', mobile: true });
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/login');
    await page.locator('input[type=email]').fill(DEMO.admin.email);
    await page.locator('input[type=password]').fill(DEMO.admin.password);
    await page.locator('form button[type=submit]').click();
    await page.waitForURL('**/agent-dashboard');
    await page.goto('/agent-dashboard/audit');
    await page.getByRole('heading', { level: 1, name: 'سجل التدقيق' }).waitFor();
    await page.getByTestId('audit-rows').getByText('addTaskNote').first().waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.dir), 'rtl');
    assert.equal(await sideways(page), 0, 'no sideways scrolling');
    await screenshot(page, 'audit-trail-ar-phone');
    await context.close();
  });
});
