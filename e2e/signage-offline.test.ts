import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { viennaWeekMinute } from '@portal/shared';
import {
  CHROMIUM_ARGS,
  chromePath,
  DEMO,
  launchBrowser,
  waitForAsync,
  newPage,
  signIn,
  startServer,
  type RunningServer,
} from './helpers.js';
import { pollNow, solidPng } from './signage-media.js';

/*
 * The signage player as an installable app that survives a reboot without network (issue 33): its
 * manifest, its service worker under /ds/ only, and a screen that plays on after a reload and after the
 * browser restarts on the same profile with the server gone, switching to the next window's content by
 * its clock corrected with the server's offset. The screen's own clock runs a day behind throughout (a
 * box without network time after a power cut): only the offset kept with the playlist makes it play
 * today's content today and tomorrow's tomorrow.
 */

const DAY = 24 * 60 * 60 * 1000;
const ORANGE = solidPng(320, 180, [220, 120, 20]);
const GREEN = solidPng(200, 100, [20, 160, 60]);
let webm = Buffer.alloc(0);

describe('signage player: installable, and offline through a reboot', () => {
  let server: RunningServer;
  let serverStopped = false;
  let context: BrowserContext | undefined;
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-profile-'));
  let today = 0;
  let tomorrow = 0;
  let todayFile = 0;
  let tomorrowFile = 0;
  let todayVideo = 0;

  before(async () => {
    server = await startServer();
  });
  after(async () => {
    await context?.close();
    if (!serverStopped) await server.stop();
    fs.rmSync(profile, { recursive: true, force: true });
  });

  /** The screen's browser on its own profile (as a kiosk keeps it across reboots), its clock a day behind. */
  async function screen(offline: boolean): Promise<Page> {
    context = await chromium.launchPersistentContext(profile, {
      executablePath: chromePath(),
      headless: true,
      args: CHROMIUM_ARGS,
      baseURL: server.url,
      locale: 'de-AT',
      viewport: { width: 1280, height: 720 },
    });
    await context.setOffline(offline);
    await context.clock.install({ time: Date.now() - DAY });
    const page = context.pages()[0] ?? (await context.newPage());
    page.setDefaultTimeout(10_000);
    page.on('pageerror', (e) => console.error('pageerror:', e.message));
    return page;
  }

  /** What the screen shows at this moment: the file of its picture or video, and how it is fed. */
  const onScreen = (page: Page) =>
    page.evaluate(() => {
      const img = document.querySelector<HTMLImageElement>('[data-testid="player-image"]');
      const video = document.querySelector<HTMLVideoElement>('[data-testid="player-video"]');
      if (img) return { id: Number(img.dataset.fileId), src: img.src, shown: img.complete && img.naturalWidth > 0 };
      if (video)
        return { id: Number(/\/ds\/api\/media\/(\d+)$/.exec(video.src)?.[1] ?? -1), src: video.src, shown: true };
      return { id: 0, src: '', shown: false };
    });
  const waitForFile = (page: Page, id: number) =>
    page.locator(`[data-testid="player-image"][data-file-id="${id}"]`).waitFor({ timeout: 10_000 });

  it('is an installable app: a valid manifest linked from the player, a worker whose scope is /ds/ only', async () => {
    const page = await screen(false);
    await page.goto('/ds/player');
    const code = (await page.getByTestId('player-code').innerText()).replace(/\D/g, '');
    assert.match(code, /^\d{6}$/);

    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    assert.equal(href, '/ds/manifest.webmanifest');
    const res = await page.request.get(href);
    assert.equal(res.status(), 200);
    assert.match(res.headers()['content-type'] ?? '', /^application\/manifest\+json/);
    const manifest = (await res.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      scope: string;
      display: string;
      orientation: string;
      icons: { src: string; sizes: string; type: string; purpose?: string }[];
    };
    assert.ok(manifest.name && manifest.short_name, 'a name to install it under');
    assert.deepEqual(
      [manifest.start_url, manifest.scope, manifest.display, manifest.orientation],
      ['/ds/player', '/ds/', 'fullscreen', 'any'],
    );
    // Installable in Chromium: PNG icons of 192 and 512 pixels that are what they say.
    for (const size of [192, 512]) {
      const icon = manifest.icons.find(
        (i) => i.sizes === `${size}x${size}` && i.type === 'image/png' && i.purpose !== 'maskable',
      );
      assert.ok(icon, `an icon of ${size}`);
      const png = await (await page.request.get(icon.src)).body();
      assert.equal(png.subarray(1, 4).toString(), 'PNG');
      assert.deepEqual([png.readUInt32BE(16), png.readUInt32BE(20)], [size, size], icon.src);
    }

    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    assert.equal(scope, `${server.url}/ds/`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

    // A staff page on the same browser: not under the worker, and the only registration is the player's.
    const staff = await context!.newPage();
    await staff.goto('/login');
    await staff.getByLabel('E-Mail').waitFor();
    const seen = await staff.evaluate(async () => ({
      controlled: navigator.serviceWorker.controller !== null,
      own: (await navigator.serviceWorker.getRegistration()) !== undefined,
      scopes: (await navigator.serviceWorker.getRegistrations()).map((r) => r.scope),
      manifest: document.querySelector('link[rel="manifest"]') !== null,
    }));
    assert.deepEqual(seen, { controlled: false, own: false, scopes: [`${server.url}/ds/`], manifest: false });
    await staff.close();

    // A browser that only ever opened the staff app has no worker at all.
    const browser = await launchBrowser();
    try {
      const { page: agent } = await newPage(browser, server.url);
      await signIn(agent, DEMO.admin);
      await agent.waitForURL('**/agent-dashboard');
      await agent.goto('/agent-dashboard/ds/devices');
      await agent.getByTestId('devices-table').waitFor();
      assert.deepEqual(
        await agent.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length),
        0,
        'the staff app registers no service worker',
      );
      // A short WebM for the screen, recorded by the browser itself (two seconds of changing colour).
      webm = Buffer.from(
        await agent.evaluate(async () => {
          const canvas = document.createElement('canvas');
          canvas.width = 160;
          canvas.height = 90;
          const g = canvas.getContext('2d')!;
          const rec = new MediaRecorder(canvas.captureStream(10), { mimeType: 'video/webm;codecs=vp8' });
          const parts: Blob[] = [];
          rec.ondataavailable = (e) => parts.push(e.data);
          const stopped = new Promise((r) => (rec.onstop = r));
          rec.start();
          for (let i = 0; i < 20; i++) {
            g.fillStyle = `hsl(${i * 18} 80% 50%)`;
            g.fillRect(0, 0, 160, 90);
            await new Promise((r) => setTimeout(r, 100));
          }
          rec.stop();
          await stopped;
          const bytes = new Uint8Array(await new Blob(parts).arrayBuffer());
          let text = '';
          for (const b of bytes) text += String.fromCharCode(b);
          return btoa(text);
        }),
        'base64',
      );
    } finally {
      await browser.close();
    }

    // Staff activate the screen: today's picture as its own content, tomorrow's in a schedule.
    const login = await fetch(`${server.url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DEMO.admin),
    });
    const { accessToken } = (await login.json()) as { accessToken: string };
    const auth = { authorization: `Bearer ${accessToken}` };
    const call = async <T>(method: string, url: string, body: unknown): Promise<T> => {
      const r = await fetch(`${server.url}${url}`, {
        method,
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      assert.ok(r.ok, `${method} ${url}: ${r.status} ${await r.clone().text()}`);
      return (await r.json()) as T;
    };
    const upload = async (bytes: Buffer, name: string, type = 'image/png') => {
      const form = new FormData();
      form.append('duration', '1');
      form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
      const r = await fetch(`${server.url}/api/okds-upload`, { method: 'POST', headers: auth, body: form });
      assert.equal(r.status, 201, await r.clone().text());
      return ((await r.json()) as { file: { id: number } }).file.id;
    };
    const hits = (await (
      await fetch(`${server.url}/api/okds-search-customers?query=Hirsch`, { headers: auth })
    ).json()) as { id: number }[];
    const customerId = hits[0]!.id;
    const device = await call<{ device_id: number }>('POST', '/api/okds-devices/activate', {
      activation_code: code,
      customer_id: customerId,
      device_name: 'Offline-Schirm',
    });
    today = viennaWeekMinute(new Date()).weekday;
    tomorrow = (today % 7) + 1;
    todayFile = await upload(ORANGE, 'heute.png');
    todayVideo = await upload(webm, 'heute.webm', 'video/webm');
    tomorrowFile = await upload(GREEN, 'morgen.png');
    await call('POST', `/api/okds-content/${device.device_id}`, {
      content: [
        { file_id: todayFile, duration: 1, days_of_week: String(today), display_order: 0 },
        { file_id: todayVideo, days_of_week: String(today), display_order: 1 },
      ],
    });
    const { schedule } = await call<{ schedule: { schedule_id: number } }>('POST', '/api/okds-schedules', {
      schedule_name: 'Morgen',
      customer_id: customerId,
      start_time: '00:00',
      end_time: '23:59',
      days: String(tomorrow),
    });
    // The item itself has no window of its own: only its schedule keeps it to tomorrow.
    await call('POST', `/api/okds-content-schedule/${schedule.schedule_id}`, {
      content: [{ file_id: tomorrowFile, duration: 1 }],
    });

    await pollNow(page);
    await waitForFile(page, todayFile);
    // Both files are kept (tomorrow's too: the screen must have it when the day comes without network).
    await waitForAsync(
      page,
      async (ids) => {
        const cache = await caches.open('okds-player-v1');
        const hits = await Promise.all(ids.map((id) => cache.match(`/ds/api/media/${id}`)));
        // The kept playlist is the one naming tomorrow's file: it is written after its files are in the
        // cache, so a reload before that finds the version before it (without tomorrow's plan).
        const kept = await cache.match('/ds/player/last-playlist.json');
        const plan = kept ? ((await kept.json()) as { playlist: { plan: { file_id: number }[] } }).playlist.plan : [];
        return hits.every(Boolean) && plan.some((i) => i.file_id === ids[2]);
      },
      [todayFile, todayVideo, tomorrowFile],
    );
  });

  it('plays on offline after a reload and after the browser restarts, and switches to the next window by its corrected clock', async () => {
    const page = context!.pages()[0]!;
    await context!.setOffline(true);
    // The server is gone too (a power cut takes the router with it): nothing can come from the network.
    serverStopped = true;
    await server.stop();
    await page.reload();
    await waitForFile(page, todayFile);
    await page.getByTestId('player-offline').waitFor();

    // A cached picture answers a byte range from the service worker, as a video's seek asks.
    const range = await page.evaluate(async (id) => {
      const r = await fetch(`/ds/api/media/${id}`, { headers: { range: 'bytes=8-15' } });
      return {
        status: r.status,
        contentRange: r.headers.get('content-range'),
        bytes: [...new Uint8Array(await r.arrayBuffer())],
      };
    }, todayFile);
    assert.deepEqual(range, {
      status: 206,
      contentRange: `bytes 8-15/${ORANGE.length}`,
      bytes: [...ORANGE.subarray(8, 16)],
    });

    // The reboot: the browser closes and starts again on the same profile, still without network.
    await context!.close();
    const started = Date.now();
    const again = await screen(true);
    await again.goto('/ds/player');
    await waitForFile(again, todayFile);
    assert.ok(Date.now() - started < 10_000, `playing within 10 s of the start (${Date.now() - started} ms)`);
    await again.getByTestId('player-offline').waitFor();
    // The video plays by its own URL, answered by the worker from the cache (no blob in memory), and runs.
    const video = again.getByTestId('player-video');
    await video.waitFor({ timeout: 10_000 });
    const played = (await (
      await again.waitForFunction(() => {
        const v = document.querySelector<HTMLVideoElement>('[data-testid="player-video"]');
        return v && v.currentTime > 0.3 ? { src: v.src, time: v.currentTime } : false;
      })
    ).jsonValue()) as { src: string; time: number };
    assert.equal(played.src, `${server.url}/ds/api/media/${todayVideo}`);
    assert.ok(played.time > 0.3, `the video runs (${played.time} s)`);
    // Today only today's items play (the picture, the video): tomorrow's never comes round.
    const seen = new Set<number>();
    for (let i = 0; i < 12; i++) {
      const now = await onScreen(again);
      if (now.id) seen.add(now.id);
      if (now.id === todayFile) assert.ok(now.shown && now.src.startsWith('blob:'), 'the picture from a blob');
      await new Promise((r) => setTimeout(r, 400));
    }
    assert.deepEqual(
      [...seen].sort((a, b) => a - b),
      [todayFile, todayVideo].sort((a, b) => a - b),
    );

    // A day later by the screen's clock: tomorrow's schedule window has opened, today's has closed.
    await again.clock.fastForward(DAY);
    // The item on screen plays to its end first (no cut, no black frame): a two-second video at most, but
    // a busy machine plays it slowly.
    await again
      .locator(`[data-testid="player-image"][data-file-id="${tomorrowFile}"]`)
      .waitFor({ timeout: 30_000 })
      .catch(async (e: Error) => {
        // What the screen holds when the next window's picture does not come: each element and its state.
        const state = await again.evaluate(async () => ({
          now: new Date().toISOString(),
          media: Array.from(document.querySelectorAll<HTMLImageElement | HTMLVideoElement>('.okds-media')).map((m) => ({
            tag: m.tagName,
            cls: m.className,
            file: m.dataset.fileId,
            src: m.src.slice(0, 60),
            ...(m instanceof HTMLVideoElement
              ? { ready: m.readyState, paused: m.paused, ended: m.ended, time: m.currentTime, error: m.error?.code }
              : { complete: m.complete, width: m.naturalWidth }),
          })),
          body: document.querySelector('main')?.innerText.slice(0, 200),
          kept: await (await (await caches.open('okds-player-v1')).match('/ds/player/last-playlist.json'))?.json(),
        }));
        throw new Error(`${e.message}\n${JSON.stringify(state)}`);
      });
    for (let i = 0; i < 6; i++) {
      assert.equal((await onScreen(again)).id, tomorrowFile);
      await new Promise((r) => setTimeout(r, 500));
    }
  });
});
