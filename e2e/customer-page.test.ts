import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import type { CustomerTimeline, TimelineItem } from '@portal/shared';
import { DEMO, screenshot, serverAndBrowser, signIn } from './helpers.js';

/**
 * One customer's page (issue 34): staff open it from a screen that shows the customer, read the master
 * data and the timeline of everything the areas did with the customer, open an entry's screen, narrow
 * the timeline by kind (kept over a reload), page on with "Mehr laden", and get "Kunde nicht gefunden"
 * for a customer that does not exist or is another country's; in Arabic on a 375 px phone it reads
 * right to left and nothing scrolls sideways, not even a title of 2,000 characters.
 */

const FIRMA = 'Gasthaus Zum Goldenen Hirschen';

async function login(base: string, who: { email: string; password: string }): Promise<string> {
  const res = await fetch(new URL('/auth/login', base), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(who),
  });
  assert.equal(res.status, 200);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

async function get<T>(base: string, path: string, token: string): Promise<T> {
  const res = await fetch(new URL(path, base), { headers: { authorization: `Bearer ${token}` } });
  assert.equal(res.status, 200, `${path}: ${await res.clone().text()}`);
  return (await res.json()) as T;
}

/** The entries the page shows, in their order, each as `kind-id` with its kind and time. */
const shownEntries = (page: Page) =>
  page.getByTestId('timeline-entry').evaluateAll((els) =>
    els.map((el) => ({
      key: el.getAttribute('data-entry') ?? '',
      kind: el.getAttribute('data-kind') ?? '',
      at: el.querySelector('time')?.getAttribute('datetime') ?? '',
    })),
  );

/** Waits until the page shows exactly `n` entries. */
async function waitForEntries(page: Page, n: number): Promise<void> {
  await page.waitForFunction(
    (count) => document.querySelectorAll('[data-testid="timeline-entry"]').length === count,
    n,
  );
}

const keyOf = (i: TimelineItem) => `${i.kind}-${i.id}`;

/** Taps a kind's chip, as a person does (its checkbox is visually hidden behind its label). */
const chip = (page: Page, group: string, name: string) =>
  page.getByRole('group', { name: group }).getByText(name, { exact: true }).click();

/** How far the page scrolls sideways (0 when it does not). */
const sideways = (page: Page) =>
  page.evaluate(() => Math.max(0, document.documentElement.scrollWidth - document.documentElement.clientWidth));

describe('customer page: master data and everything that touched the customer', () => {
  const app = serverAndBrowser();
  let customerId = 0;

  it('opens from the signage customers, shows the master data, links, filters by kind, pages on, and knows unknown customers', async () => {
    const base = app.server.url;
    const token = await login(base, DEMO.admin);
    const [hit] = await get<{ id: number; firma: string }[]>(base, '/api/customers?search=10001', token);
    assert.equal(hit?.firma, FIRMA);
    customerId = hit.id;
    const [egHit] = await get<{ id: number }[]>(base, '/api/customersEG?search=20001', token);
    assert.ok(egHit, 'the Egyptian demo customer');
    // What the server holds of the customer: the page must show the same, in the same order.
    const all = await get<CustomerTimeline>(base, `/api/customers/${customerId}/timeline?limit=100`, token);
    const kinds = [...new Set(all.items.map((i) => i.kind))];
    assert.ok(kinds.length >= 2, `kinds of the demo customer: ${kinds.join(', ')}`);
    assert.ok(all.items.length > 6, `entries of the demo customer: ${all.items.length}`);

    const { context, page } = await app.open();
    await signIn(page, DEMO.admin);
    await page.waitForURL('**/agent-dashboard');

    // The signage customers list links each customer to its page.
    await page.goto('/agent-dashboard/ds/customers');
    await page.getByRole('link', { name: `Kundenakte von ${FIRMA}` }).click();
    await page.waitForURL(`**/agent-dashboard/customers/${customerId}`);

    // The master data.
    await page.getByRole('heading', { level: 1, name: FIRMA }).waitFor();
    for (const text of ['10001', 'Gerda Gastwirtin', 'Grinzinger Straße 12, 1190 Wien', 'Quelle: AT'])
      await page.getByText(text, { exact: true }).first().waitFor();
    assert.equal(await page.getByText('inaktiv', { exact: true }).count(), 0, 'an active customer');
    assert.match(await page.title(), /^Kundenakte – /);

    // The timeline: the server's first page, newest first, entries of several kinds.
    const firstPage = all.items.slice(0, 30);
    await waitForEntries(page, firstPage.length);
    const shown = await shownEntries(page);
    assert.deepEqual(
      shown.map((e) => e.key),
      firstPage.map(keyOf),
    );
    assert.ok(new Set(shown.map((e) => e.kind)).size >= 2, 'entries of at least two kinds');
    await page
      .getByTestId('timeline-entry')
      .first()
      .getByText(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/)
      .waitFor();
    await screenshot(page, 'customer-page-de');

    // An entry's link opens its screen: a task opens on the board with its dialog.
    const task = firstPage.find((i) => i.kind === 'task' && i.link)!;
    assert.ok(task, 'a task among the newest entries');
    await page
      .locator(`[data-entry="${keyOf(task)}"]`)
      .getByRole('link')
      .click();
    await page.waitForURL(`**${task.link}`);
    await page.getByTestId('task-modal').getByTestId('task-title').filter({ hasText: task.title }).waitFor();
    // And back again from the task: its details link the customer's page.
    await page.getByTestId('task-modal').getByTestId('customer-file-link').click();
    await page.waitForURL(`**/agent-dashboard/customers/${customerId}`);
    await page.getByTestId('customer-page').waitFor();
    await page.goBack();
    await page.goBack();
    await page.waitForURL(`**/agent-dashboard/customers/${customerId}`);
    // An entry of another kind leads to that area's screen.
    const other = firstPage.find((i) => !i.kind.startsWith('task') && i.link)!;
    assert.ok(other, 'an entry of another kind with a link');
    await page
      .locator(`[data-entry="${keyOf(other)}"]`)
      .getByRole('link')
      .click();
    await page.waitForURL((url) => url.pathname + url.search === other.link);
    await page.locator('h1').first().waitFor();
    assert.doesNotMatch(page.url(), /customers\//);

    // The kind filter narrows the list to tasks; the address keeps it over a reload.
    await page.goto(`/agent-dashboard/customers/${customerId}`);
    await waitForEntries(page, firstPage.length);
    await chip(page, 'Nach Art filtern', 'Aufgaben');
    await page.waitForURL(/[?&]kinds=task(&|$)/);
    const tasks = all.items.filter((i) => i.kind === 'task').slice(0, 30);
    await waitForEntries(page, tasks.length);
    const onlyTasks = async () => {
      const list = await shownEntries(page);
      assert.deepEqual(
        list.map((e) => e.key),
        tasks.map(keyOf),
      );
    };
    await onlyTasks();
    await page.reload();
    await waitForEntries(page, tasks.length);
    assert.ok(await page.getByRole('checkbox', { name: 'Aufgaben', exact: true }).isChecked());
    await onlyTasks();
    // Back to every kind.
    await chip(page, 'Nach Art filtern', 'Alle Arten');
    await page.waitForURL((url) => !url.searchParams.has('kinds'));
    await waitForEntries(page, firstPage.length);

    // "Mehr laden" appends the next page (3 entries a page through the address), none twice.
    await page.goto(`/agent-dashboard/customers/${customerId}?limit=3`);
    await waitForEntries(page, 3);
    const more = page.getByRole('button', { name: 'Mehr laden' });
    await more.click();
    await waitForEntries(page, 6);
    await more.click();
    await waitForEntries(page, 9);
    const paged = await shownEntries(page);
    assert.deepEqual(
      paged.map((e) => e.key),
      all.items.slice(0, 9).map(keyOf),
    );
    assert.equal(new Set(paged.map((e) => e.key)).size, 9, 'no entry twice');
    for (let i = 1; i < paged.length; i++) assert.ok(paged[i - 1]!.at >= paged[i]!.at, 'newest first');

    // The insolvency cases link their customer's page too, where the case is in the timeline.
    await page.goto('/agent-dashboard/insolvency');
    await page.getByRole('link', { name: 'Kundenakte von Pizzeria Bella Napoli' }).click();
    await page.waitForURL(/\/agent-dashboard\/customers\/\d+$/);
    await page.getByRole('heading', { level: 1, name: 'Pizzeria Bella Napoli' }).waitFor();
    await page
      .getByRole('link', { name: /^Insolvenzfall angelegt: / })
      .first()
      .waitFor();

    // A customer that does not exist, and an address that names none.
    for (const path of ['/agent-dashboard/customers/2147483000', '/agent-dashboard/customers/abc']) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: 'Kunde nicht gefunden' }).waitFor();
    }
    await screenshot(page, 'customer-page-not-found-de');
    await context.close();

    // An agent of Austria does not see an Egyptian customer.
    {
      const { context: agentContext, page: agentPage } = await app.open();
      await signIn(agentPage, DEMO.agentAT);
      await agentPage.waitForURL('**/agent-dashboard**');
      await agentPage.goto(`/agent-dashboard/customers/${egHit.id}`);
      await agentPage.getByRole('heading', { level: 1, name: 'Kunde nicht gefunden' }).waitFor();
      await agentContext.close();
    }
  });

  it('reads right to left on a 375 px phone in Arabic, a 2,000-character title wrapped', async () => {
    const { context, page } = await app.open({ locale: 'ar', mobile: true });
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/login');
    await page.locator('input[type=email]').fill(DEMO.admin.email);
    await page.locator('input[type=password]').fill(DEMO.admin.password);
    await page.locator('form button[type=submit]').click();
    await page.waitForURL('**/agent-dashboard');
    // The newest entry's title as long as a pasted token: one word of 2,000 characters.
    const long = ('Titel' + 'x'.repeat(2000)).slice(0, 2000);
    await page.route('**/api/customers/*/timeline**', async (route) => {
      const res = await route.fetch();
      const body = (await res.json()) as CustomerTimeline;
      if (body.items[0]) body.items[0] = { ...body.items[0], title: long };
      await route.fulfill({ response: res, json: body });
    });
    await page.goto(`/agent-dashboard/customers/${customerId}`);
    await page.getByRole('heading', { level: 1, name: FIRMA }).waitFor();
    const first = page.getByTestId('timeline-entry').first();
    await first.getByText(long, { exact: false }).waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.dir), 'rtl');
    assert.equal(await sideways(page), 0, 'no sideways scrolling');
    const box = (await first.boundingBox())!;
    assert.ok(box.x >= 0 && box.x + box.width <= 375, `the entry stays within the screen: ${JSON.stringify(box)}`);
    assert.ok(box.height > 200, 'the long title wraps onto many lines');
    // Filters read in Arabic, folded behind one button on the phone, and narrow the list here too.
    await page.getByTestId('filters-toggle').click();
    await chip(page, 'التصفية حسب النوع', 'المهام');
    await page.waitForURL(/[?&]kinds=task(&|$)/);
    await page.getByTestId('timeline-entry').first().waitFor();
    assert.equal(await sideways(page), 0, 'no sideways scrolling with a filter');
    await chip(page, 'التصفية حسب النوع', 'كل الأنواع');
    await page.waitForURL((url) => !url.searchParams.has('kinds'));
    await first.getByText(long, { exact: false }).waitFor();
    await screenshot(page, 'customer-page-ar-phone');
    await context.close();
  });
});
