import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { DEMO, screenshot, serverAndBrowser, signIn } from './helpers.js';
import { pollNow, solidPng } from './signage-media.js';

/**
 * Proof of play (issue 33): a screen plays two pictures, its log reaches the server when the network
 * comes back (sent again after a lost answer, counted once), staff see the counts per file and screen,
 * and the customer downloads the month's PDF.
 */
describe('proof of play: a screen logs what it showed, uploads it, and the customer gets the month as a PDF', () => {
  const app = serverAndBrowser();

  it('plays two pictures, uploads the plays, and both the staff view and the PDF count them', async () => {
    const player = await app.open({ locale: 'de-AT' });
    const screen = player.page;
    await screen.goto('/ds/player');
    const code = (await screen.getByTestId('player-code').innerText()).replace(/\D/g, '');

    // Staff set the screen up through the API: two pictures of one second each for the demo customer.
    const api = player.context.request;
    const login = await api.post('/auth/login', { data: DEMO.admin });
    const auth = { authorization: `Bearer ${(await login.json()).accessToken}` };
    const hits = (await (await api.get('/api/okds-search-customers?query=Hirsch', { headers: auth })).json()) as {
      id: number;
      firma: string;
    }[];
    // The demo customer (kunde@demo.at).
    const customer = hits.find((c) => c.firma === 'Gasthaus Zum Goldenen Hirschen')!;
    const device = await (
      await api.post('/api/okds-devices/activate', {
        headers: auth,
        data: { activation_code: code, customer_id: customer.id, device_name: 'Theke' },
      })
    ).json();
    const fileIds: number[] = [];
    for (const [name, rgb] of [
      ['fruehstueck.png', [200, 40, 40]],
      ['abendkarte.png', [40, 40, 200]],
    ] as const) {
      const res = await api.post('/api/okds-upload', {
        headers: auth,
        multipart: { duration: '1', file: { name, mimeType: 'image/png', buffer: solidPng(160, 90, [...rgb]) } },
      });
      assert.equal(res.status(), 201, await res.text());
      fileIds.push((await res.json()).file.id);
    }
    const assigned = await api.post(`/api/okds-content/${device.device_id}`, {
      headers: auth,
      data: { content: fileIds.map((file_id, i) => ({ file_id, display_order: i, duration: 1 })) },
    });
    assert.equal(assigned.status(), 200, await assigned.text());

    // The screen takes the list and shows both pictures, one after the other, at least twice over.
    await pollNow(screen);
    const shown = new Set<string>();
    let changes = 0;
    let last = '';
    const deadline = Date.now() + 20_000;
    while (changes < 4 && Date.now() < deadline) {
      const id = await screen
        .getByTestId('player-image')
        .getAttribute('data-file-id', { timeout: 5000 })
        .catch(() => null);
      if (id && id !== last) {
        shown.add(id);
        changes++;
        last = id;
      }
      await screen.waitForTimeout(150);
    }
    assert.deepEqual([...shown].sort(), fileIds.map(String).sort(), 'both pictures were shown');

    // The first upload reaches the server but its answer is lost: the screen keeps its log.
    let lost: number[] = [];
    await screen.route('**/ds/api/plays', async (route) => {
      const res = await route.fetch();
      assert.equal(res.status(), 200);
      lost = (route.request().postDataJSON() as { plays: { seq: number }[] }).plays.map((p) => p.seq);
      await route.abort('failed');
    });
    await pollNow(screen);
    for (let i = 0; i < 50 && lost.length === 0; i++) await screen.waitForTimeout(100);
    assert.ok(lost.length >= 3, `plays logged before the lost answer: ${lost.length}`);
    await screen.unroute('**/ds/api/plays');

    // Back online: the log goes up again in one batch; the server counts the resent plays once and
    // its answer confirms every play.
    const [upload] = await Promise.all([
      screen.waitForResponse((r) => r.url().endsWith('/ds/api/plays') && r.request().method() === 'POST'),
      pollNow(screen),
    ]);
    assert.equal(upload.status(), 200);
    const sent = upload.request().postDataJSON() as { plays: { seq: number; file_id: number }[] };
    const answer = (await upload.json()) as { confirmed: number[]; stored: number };
    assert.deepEqual(
      answer.confirmed,
      sent.plays.map((p) => p.seq),
    );
    for (const seq of lost) assert.ok(answer.confirmed.includes(seq), `seq ${seq} sent again`);
    assert.equal(answer.stored, sent.plays.length - lost.length, 'the resent plays count once');
    const perFile = (id: number) => sent.plays.filter((p) => p.file_id === id).length;
    // The log is emptied by what was confirmed: the next round sends only newer plays.
    const left = await screen.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const open = indexedDB.open('okds-plays');
          open.onsuccess = () => {
            const count = open.result.transaction('plays').objectStore('plays').count();
            count.onsuccess = () => resolve(count.result);
          };
        }),
    );
    assert.ok(left <= 2, `only plays after the upload are left: ${left}`);
    await player.context.close();

    // Staff: ds/customers → "Wiedergaben" of the customer, the month's counts per file and screen.
    const month = new Date().toISOString().slice(0, 7);
    {
      const { context, page } = await app.open();
      await signIn(page, DEMO.admin);
      await page.waitForURL('**/agent-dashboard');
      await page.goto('/agent-dashboard/ds/customers');
      await page
        .getByTestId('customers-table')
        .locator('tbody tr', { hasText: 'Gasthaus Zum Goldenen Hirschen' })
        .getByTestId('customer-plays')
        .click();
      const dialog = page.getByTestId('plays-dialog');
      const total = sent.plays.length;
      await dialog
        .getByTestId('plays-totals')
        .filter({ hasText: `Wiedergaben: ${total} · Bildschirme: 1` })
        .waitFor();
      for (const [name, id] of [
        ['fruehstueck.png', fileIds[0]!],
        ['abendkarte.png', fileIds[1]!],
      ] as const) {
        const row = dialog.getByTestId('plays-table').locator('tbody tr', { hasText: name });
        await row.getByText('Theke').waitFor();
        assert.match(await row.innerText(), new RegExp(`\\b${perFile(id)}\\b`));
      }
      await screenshot(page, 'signage-plays-de');
      await context.close();
    }
    // The same in Arabic on a 375 px phone: right to left, nothing wider than the screen.
    {
      const { context, page } = await app.open({ locale: 'ar', mobile: true });
      await page.setViewportSize({ width: 375, height: 812 });
      await page.goto('/login');
      await page.locator('input[type=email]').fill(DEMO.admin.email);
      await page.locator('input[type=password]').fill(DEMO.admin.password);
      await page.locator('form button[type=submit]').click();
      await page.waitForURL('**/agent-dashboard');
      await page.goto(`/agent-dashboard/ds/customers?plays=${customer.id}`);
      const dialog = page.getByTestId('plays-dialog');
      await dialog.getByTestId('plays-table').getByText('fruehstueck.png').waitFor();
      assert.equal(await page.evaluate(() => document.documentElement.dir), 'rtl');
      assert.ok(
        await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
        'no sideways scrolling',
      );
      await screenshot(page, 'signage-plays-ar-phone');
      await context.close();
    }

    // The customer: the screens page lists the month; its PDF names both files and the count.
    const { context, page } = await app.open({ mobile: true });
    await signIn(page, DEMO.customer);
    await page.waitForURL('**/business-dashboard**');
    await page.goto('/business-dashboard/screens');
    const row = page.getByTestId('business-play-reports').locator('tbody tr').first();
    await row.getByTestId('play-report-download').waitFor();
    await screenshot(page, 'business-play-reports-de-mobile');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByTestId('play-report-download').click(),
    ]);
    assert.equal(download.suggestedFilename(), `Wiedergaben-${month}.pdf`);
    const text = execFileSync('pdftotext', ['-layout', await download.path(), '-'], { encoding: 'utf8' });
    assert.match(text, new RegExp(`Ihr Content lief ${sent.plays.length}-mal auf 1 Bildschirm`));
    assert.match(text, new RegExp(`fruehstueck\\.png\\s+${perFile(fileIds[0]!)}\\s`));
    assert.match(text, new RegExp(`abendkarte\\.png\\s+${perFile(fileIds[1]!)}\\s`));
    assert.match(text, /Theke/);
    assert.ok(fs.statSync(await download.path()).size > 500);
    await context.close();
  });
});
