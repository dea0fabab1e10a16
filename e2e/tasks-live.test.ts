import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { DEMO, SCREENSHOT_DIR, screenshot, serverAndBrowser, signIn } from './helpers.js';

interface Row {
  id: number;
  titel: string;
  user_id: number | null;
  country_id: number;
}

/**
 * Tasks nobody has taken (13.1), boards that follow changes made elsewhere (13.2), and the admins'
 * country switch (13.3), on the demo data.
 */
describe('unassigned tasks, live boards and the country switch', () => {
  const app = serverAndBrowser();

  /** The API as a demo user: for finding the tasks the screens are then driven with. */
  async function as(who: { email: string; password: string }) {
    const res = await fetch(`${app.server.url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(who),
    });
    assert.equal(res.status, 200);
    const { id, accessToken } = (await res.json()) as { id: number; accessToken: string };
    const get = async <T>(path: string): Promise<T> => {
      const r = await fetch(`${app.server.url}${path}`, { headers: { authorization: `Bearer ${accessToken}` } });
      assert.equal(r.status, 200, `${path}: ${r.status}`);
      return (await r.json()) as T;
    };
    return { id, get };
  }

  /** The modal has finished its opening transition (a screenshot mid-fade shows two screens at once). */
  const modalShown = (page: Page) =>
    page.waitForFunction(() => {
      const el = document.querySelector('[data-testid="task-modal"]');
      return el !== null && getComputedStyle(el).opacity === '1';
    });
  const boardLoaded = (page: Page) => page.getByTestId('task-total').and(page.locator('[data-total]')).waitFor();

  it('an agent lists the unassigned tasks of their country, opens one as a notification does, and takes it', async () => {
    const agent = await as(DEMO.agentAT);
    const { tasks } = await agent.get<{ tasks: Row[] }>(
      `/api/get-tasks-from-agent/1/offen/${agent.id}?unassigned=true`,
    );
    const free = tasks[0];
    assert.ok(free, 'the demo data has an unassigned open task');

    const { context, page } = await app.open();
    await signIn(page, DEMO.agentAT);
    await page.waitForURL('**/agent-dashboard');
    await boardLoaded(page);
    assert.equal(await page.getByTestId(`task-card-${free.id}`).count(), 0, 'not on the own list');
    await Promise.all([
      page.waitForResponse((r) => r.url().includes('unassigned=true') && r.status() === 200),
      page.getByTestId('board-unassigned').click(),
    ]);
    await page.getByTestId(`task-card-${free.id}`).waitFor();
    assert.ok(page.url().includes('unassigned=true'), 'kept in the URL');
    await screenshot(page, 'task-board-unassigned');

    // The notification's link: /tasks/{id}. It opens the task, never a refusal.
    await page.goto(`/tasks/${free.id}`);
    const modal = page.getByTestId('task-modal');
    await modal.getByTestId('task-unassigned-info').waitFor();
    assert.equal(await modal.getByTestId('task-modal-error').count(), 0);
    await modalShown(page);
    await screenshot(page, 'task-modal-unassigned');
    await modal.getByTestId('action-claim').click();
    await page.getByText('Sie haben die Aufgabe übernommen.').waitFor();
    await modal.getByTestId('task-unassigned-info').waitFor({ state: 'detached' });
    await page.getByTestId('action-close').click();
    await page
      .getByTestId(`task-card-${free.id}`)
      .getByTestId('task-agent-name')
      .filter({ hasText: 'Max Mustermann' })
      .waitFor();
    await context.close();

    // Taken, it has left the unassigned list, and the Egyptian agent never had it.
    const after = await agent.get<{ tasks: Row[] }>(`/api/get-tasks-from-agent/1/offen/${agent.id}?unassigned=true`);
    assert.ok(!after.tasks.some((t) => t.id === free.id));
  });

  it('a task marked done by an agent leaves the admin’s open board without a reload', async () => {
    const agent = await as(DEMO.agentAT);
    const { tasks } = await agent.get<{ tasks: Row[] }>(`/api/get-tasks-from-agent/1/offen/${agent.id}`);
    const task = tasks.find((t) => t.user_id === agent.id);
    assert.ok(task, 'the demo agent has an open task');

    const admin = await app.open();
    await signIn(admin.page, DEMO.admin);
    await admin.page.waitForURL('**/agent-dashboard');
    await admin.page.getByTestId(`task-card-${task.id}`).waitFor();
    // A marker that a reload would wipe.
    await admin.page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));

    const colleague = await app.open();
    await signIn(colleague.page, DEMO.agentAT);
    await colleague.page.waitForURL('**/agent-dashboard');
    await colleague.page.goto(`/tasks/${task.id}`);
    await colleague.page.getByTestId('action-mark-done').click();
    await colleague.page.getByTestId('action-reopen').waitFor();

    await admin.page.getByTestId(`task-card-${task.id}`).waitFor({ state: 'detached', timeout: 5000 });
    assert.ok(await admin.page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed), 'no reload');
    await admin.page.getByTestId('task-tab-erledigt').click();
    await admin.page.getByTestId(`task-card-${task.id}`).waitFor();

    // And back: the colleague reopens it, the admin's "erledigt" tab loses it live.
    await colleague.page.getByTestId('action-reopen').click();
    await colleague.page.getByTestId('action-mark-done').waitFor();
    await admin.page.getByTestId(`task-card-${task.id}`).waitFor({ state: 'detached', timeout: 5000 });
    await admin.context.close();
    await colleague.context.close();
  });

  it('a board that lost its socket fetches again when it is back: a change made meanwhile shows', async () => {
    const agent = await as(DEMO.agentAT);
    const { tasks } = await agent.get<{ tasks: Row[] }>(`/api/get-tasks-from-agent/1/offen/${agent.id}`);
    const task = tasks.find((t) => t.user_id === agent.id);
    assert.ok(task, 'the demo agent has an open task');

    const admin = await app.open();
    // The socket has connected (socket.io's connect packet, "40"): only then can it be lost.
    const socketUp = new Promise<void>((resolve) =>
      admin.page.on('websocket', (ws) =>
        ws.on('framereceived', (f) => {
          if (String(f.payload).startsWith('40')) resolve();
        }),
      ),
    );
    await signIn(admin.page, DEMO.admin);
    await admin.page.waitForURL('**/agent-dashboard');
    await admin.page.getByTestId(`task-card-${task.id}`).waitFor();
    await admin.page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    // The admin's connection drops (a train, a process restarted): the socket is gone meanwhile.
    await socketUp;
    await admin.context.setOffline(true);

    const colleague = await app.open();
    await signIn(colleague.page, DEMO.agentAT);
    await colleague.page.waitForURL('**/agent-dashboard');
    await colleague.page.goto(`/tasks/${task.id}`);
    await colleague.page.getByTestId('action-mark-done').click();
    await colleague.page.getByTestId('action-reopen').waitFor();
    assert.equal(await admin.page.getByTestId(`task-card-${task.id}`).count(), 1, 'offline, the board cannot know');

    // Back online, the socket reconnects, and the board fetches what it missed (no task_changed is replayed).
    await admin.context.setOffline(false);
    await admin.page.getByTestId(`task-card-${task.id}`).waitFor({ state: 'detached', timeout: 20_000 });
    assert.ok(await admin.page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed), 'no reload');

    await colleague.page.getByTestId('action-reopen').click();
    await colleague.page.getByTestId('action-mark-done').waitFor();
    await admin.context.close();
    await colleague.context.close();
  });

  it('an admin switches the board to another country, kept in the URL, in German and Arabic', async () => {
    const admin = await as(DEMO.admin);
    const eg = await admin.get<{ tasks: Row[] }>('/api/get-tasks-from-admin/2/offen');
    assert.ok(eg.tasks.length > 0, 'the demo data has Egyptian tasks');

    const { context, page } = await app.open();
    await signIn(page, DEMO.admin);
    await page.waitForURL('**/agent-dashboard');
    await boardLoaded(page);
    await Promise.all([
      page.waitForResponse((r) => r.url().includes('/api/get-tasks-from-admin/2/offen') && r.status() === 200),
      page.getByTestId('board-country').getByText('Ägypten').click(),
    ]);
    await page.getByTestId(`task-card-${eg.tasks[0]!.id}`).waitFor();
    assert.ok(page.url().includes('country=2'));
    const cards = await page.locator('[data-testid^="task-card-"]').count();
    assert.equal(cards, eg.tasks.length, 'only the Egyptian tasks');
    await screenshot(page, 'task-board-admin-egypt');

    // A reload keeps the choice; the agent filter lists that country's staff.
    await page.reload();
    await page.getByTestId(`task-card-${eg.tasks[0]!.id}`).waitFor();
    await page.getByTestId('language-select').selectOption({ label: 'AR' });
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    await page.getByTestId('board-country').getByText('مصر').waitFor();
    await screenshot(page, 'task-board-admin-egypt-ar');

    // Back home, the unassigned done tasks: the modal offers to take one, in Arabic.
    await page.getByTestId('board-country').getByText('النمسا').click();
    await page.getByTestId('board-unassigned').click();
    await page.getByTestId('task-tab-erledigt').click();
    await page.waitForURL(
      (u) => u.searchParams.get('unassigned') === 'true' && u.searchParams.get('status') === 'erledigt',
    );
    assert.ok(!page.url().includes('country='), 'the own country is the default');
    await page.locator('[data-testid^="task-card-"]').first().click();
    await page.getByTestId('task-modal').getByTestId('task-unassigned-info').waitFor();
    await modalShown(page);
    await screenshot(page, 'task-modal-unassigned-ar');
    await context.close();

    // On a phone the country switch and the unassigned filter share one row above the tabs.
    const phone = await app.open({ mobile: true });
    await signIn(phone.page, DEMO.admin);
    await phone.page.waitForURL('**/agent-dashboard');
    await boardLoaded(phone.page);
    // The sidebar opens over the board on a phone; closed, the board shows.
    if (await phone.page.getByTestId('sidebar-overlay').isVisible())
      await phone.page.getByTestId('sidebar-toggle').click();
    await phone.page.getByTestId('sidebar-overlay').waitFor({ state: 'detached' });
    const row = await phone.page.getByTestId('board-country').boundingBox();
    const chip = await phone.page.getByTestId('board-unassigned').boundingBox();
    assert.ok(row && chip && Math.abs(row.y - chip.y) < 8 && chip.x + chip.width <= 390, 'one row, within the screen');
    await screenshot(phone.page, 'task-board-admin-phone');
    // The first screen as the phone shows it (the full-page picture is a long strip of cards).
    await phone.page.screenshot({ path: path.join(SCREENSHOT_DIR, 'task-board-admin-phone-top.png') });
    await phone.context.close();
  });
});
