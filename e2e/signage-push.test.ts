import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Browser } from 'playwright-core';
import { DEMO, launchBrowser, newPage, screenshot, startServer, type RunningServer } from './helpers.js';
import { solidPng } from './signage-media.js';

const enabled = !!process.env.TEST_DATABASE_URL && !!process.env.TEST_REDIS_URL;

/** The player's own record of what it showed, sampled every 100 ms: a frame without a picture counts. */
declare global {
  interface Window {
    okdsSamples?: { at: number; fileId: string | null; ok: boolean }[];
  }
}

/**
 * A change reaches a screen within seconds, and the screen switches without a black frame (issue 33):
 * two server processes on one PostgreSQL database and one Redis, the player on the first, staff working
 * through the API on the second. The push crosses processes through the socket.io Redis adapter.
 */
describe(
  'signage push across two processes, and no frame without content',
  { skip: !enabled && 'needs TEST_DATABASE_URL and TEST_REDIS_URL' },
  () => {
    let one: RunningServer | undefined;
    let two: RunningServer | undefined;
    let browser: Browser | undefined;
    const storage = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-push-'));

    before(async () => {
      // Both processes keep their files in one place (as with S3 in production), so the player on
      // the first fetches what was uploaded through the second.
      const shared = { REDIS_URL: process.env.TEST_REDIS_URL!, STORAGE_URL: `file:${storage}` };
      one = await startServer(shared);
      two = await startServer({ ...shared, DATABASE_URL: one.databaseUrl! });
      browser = await launchBrowser();
    });
    after(async () => {
      await browser?.close();
      await two?.stop();
      await one?.stop();
      fs.rmSync(storage, { recursive: true, force: true });
    });

    /** The demo admin's API on the second process. */
    async function staffOnTwo() {
      const login = await fetch(`${two!.url}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(DEMO.admin),
      });
      assert.equal(login.status, 200);
      const auth = { authorization: `Bearer ${((await login.json()) as { accessToken: string }).accessToken}` };
      const call = async <T>(method: string, url: string, body?: object | FormData): Promise<T> => {
        const res = await fetch(`${two!.url}${url}`, {
          method,
          headers: { ...auth, ...(body && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}) },
          body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined,
        });
        const json = (await res.json()) as T;
        assert.ok(res.ok, `${method} ${url}: ${res.status} ${JSON.stringify(json)}`);
        return json;
      };
      const upload = async (name: string, rgb: [number, number, number]) => {
        const form = new FormData();
        form.append('duration', '2');
        form.append('file', new Blob([new Uint8Array(solidPng(320, 180, rgb))], { type: 'image/png' }), name);
        return (await call<{ file: { id: number } }>('POST', '/api/okds-upload', form)).file.id;
      };
      return { call, upload };
    }

    it('a change made on the other process reaches the player within 5 s (not at the 30 s poll), swapped without an empty frame', async () => {
      const { context, page } = await newPage(browser!, one!.url);
      const polls: number[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/ds/api/playlist')) polls.push(Date.now());
      });
      await page.goto('/ds/player');
      const code = (await page.getByTestId('player-code').innerText()).replace(/\D/g, '');

      const staff = await staffOnTwo();
      const db = new pg.Client({ connectionString: one!.databaseUrl! });
      await db.connect();
      const customerId = (await db.query<{ id: number }>('select id from customers order by id limit 1')).rows[0]!.id;
      await db.end();
      const red = await staff.upload('rot.png', [220, 30, 30]);
      const blue = await staff.upload('blau.png', [30, 60, 220]);
      const device = await staff.call<{ device_id: number }>('POST', '/api/okds-devices/activate', {
        activation_code: code,
        customer_id: customerId,
        device_name: 'Push-Test',
      });
      await staff.call('POST', `/api/okds-content/${device.device_id}`, { content: [{ file_id: red, duration: 2 }] });
      // Activation and the first picture arrive by push as well.
      await page.locator(`[data-testid="player-image"][data-file-id="${red}"]`).waitFor({ timeout: 10_000 });

      // Every 100 ms: is a picture on screen, loaded, fully opaque? (The player's elements, as a person sees them.)
      await page.evaluate(() => {
        window.okdsSamples = [];
        setInterval(() => {
          const el = document.querySelector<HTMLImageElement | HTMLVideoElement>(
            '[data-testid="player-image"], [data-testid="player-video"]',
          );
          let ok = false;
          if (el instanceof HTMLImageElement) ok = el.complete && el.naturalWidth > 0;
          if (el instanceof HTMLVideoElement) ok = el.readyState >= 2 && el.videoWidth > 0;
          if (el && getComputedStyle(el).opacity !== '1') ok = false;
          window.okdsSamples!.push({ at: Date.now(), fileId: el?.getAttribute('data-file-id') ?? null, ok });
        }, 100);
      });
      // The last poll was the one the first picture's push caused: the next regular one is 30 s after it.
      const lastPoll = polls.at(-1)!;
      const changed = Date.now();
      await staff.call('POST', `/api/okds-content/${device.device_id}`, { content: [{ file_id: blue, duration: 2 }] });
      await page.locator(`[data-testid="player-image"][data-file-id="${blue}"]`).waitFor({ timeout: 5_000 });
      const took = Date.now() - changed;
      assert.ok(took < 5_000, `blue shown after ${took} ms`);
      assert.ok(Date.now() < lastPoll + 30_000, 'shown before the regular poll was due');
      const asked = polls.find((t) => t >= changed);
      assert.ok(
        asked !== undefined && asked - changed < 2_000,
        `the player asked ${asked! - changed} ms after the change`,
      );

      // Round and round across the swap: red, blue, red, … never a frame without a picture.
      await page.waitForFunction(
        (ids) => {
          const seen = (window.okdsSamples ?? []).map((s) => s.fileId);
          const changes = seen.filter((id, i) => i > 0 && id !== seen[i - 1]);
          return changes.length >= 3 && ids.every((id) => seen.includes(id));
        },
        [String(red), String(blue)],
        { timeout: 15_000 },
      );
      const samples = await page.evaluate(() => window.okdsSamples!);
      assert.ok(samples.length >= 40, `${samples.length} samples`);
      const empty = samples.filter((s) => !s.ok);
      assert.deepEqual(empty, [], 'every sample shows a loaded, opaque picture');
      await screenshot(page, 'signage-push-blue');
      await context.close();
    });
  },
);
