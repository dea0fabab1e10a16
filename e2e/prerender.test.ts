import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { screenshot, serverAndBrowser } from './helpers.js';

/**
 * `/` and `/rksv` arrive rendered at build time in the visitor's language (apps/web/prerender.mjs):
 * they show before any script has run, and the app then takes over the very same elements (no
 * hydration error, nothing rendered twice). What someone types before that is kept.
 */
describe('pages rendered at build time', () => {
  const app = serverAndBrowser();

  /** Errors the page reports (React reports a failed hydration as one). */
  function collectErrors(page: Page): string[] {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    return errors;
  }

  /** Remembers the first heading of the HTML as it arrived, to check it is still the same element later. */
  async function rememberHeading(page: Page) {
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { firstH1: Element | null }).firstH1 = document.querySelector('h1');
      });
    });
  }
  const sameHeading = (page: Page) =>
    page.evaluate(() => {
      const first = (window as unknown as { firstH1: Element | null }).firstH1;
      return !!first && first.isConnected && first === document.querySelector('h1');
    });

  for (const [path, locale, heading] of [
    ['/', 'de-AT', 'Wie können wir helfen?'],
    ['/', 'ar', null],
    ['/rksv', 'de-AT', 'Vorbestellung RKSV 2025'],
    ['/rksv', 'en-GB', 'RKSV 2025 pre-order'],
    ['/rksv', 'ar', null],
  ] as const) {
    it(`${path} in ${locale}: shown without scripts, then taken over without an error`, async () => {
      const lang = locale.slice(0, 2);
      // Without scripts: what the HTML alone shows.
      const bare = await app.open({ locale, mobile: true });
      await bare.page.route('**/*.js', (route) => route.abort());
      await bare.page.goto(path);
      assert.equal(await bare.page.locator('#root').getAttribute('data-prerendered'), lang);
      assert.equal(await bare.page.evaluate(() => document.documentElement.dir), lang === 'ar' ? 'rtl' : 'ltr');
      if (heading) await bare.page.getByRole('heading', { level: 1, name: heading }).waitFor();
      else assert.ok((await bare.page.locator('h1').textContent())?.trim(), 'a heading in Arabic');
      await bare.context.close();

      // With scripts: the same elements carry on, with no error.
      const { context, page } = await app.open({ locale, mobile: true });
      const errors = collectErrors(page);
      await rememberHeading(page);
      await page.goto(path);
      if (path === '/rksv') {
        // The prices come only after the page has been taken over.
        await page.getByTestId('rksv-total').getByText(/69,00/).waitFor();
      } else {
        await page.waitForFunction(() => document.querySelector('#root a[href="/login"]') !== null);
        await page.waitForLoadState('networkidle');
      }
      assert.ok(await sameHeading(page), 'the prerendered heading was taken over, not replaced');
      assert.deepEqual(errors, []);
      if (path === '/rksv' && lang !== 'en') await screenshot(page, `rksv-after-prerender-${lang}`);
      await context.close();
    });
  }

  it('keeps what was typed into the order form before its script had run, and checks it', async () => {
    const { context, page } = await app.open({ mobile: true });
    const errors = collectErrors(page);
    // Hold the app's scripts back until the person has typed.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/assets/*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/rksv', { waitUntil: 'commit' });
    await page.getByTestId('rksv-company').fill('Gasthaus Vorab');
    await page.getByTestId('rksv-email').fill('keine-adresse');
    await page.getByTestId('rksv-agb').check();
    release();
    await page.getByTestId('rksv-total').getByText(/69,00/).waitFor();
    // Typing elsewhere re-renders the whole form: the early values must be in its state by then.
    await page.getByTestId('rksv-name').fill('Maria Huber');
    await page.getByTestId('rksv-name').blur();
    assert.equal(await page.getByTestId('rksv-company').inputValue(), 'Gasthaus Vorab');
    assert.equal(await page.getByTestId('rksv-email').inputValue(), 'keine-adresse');
    assert.ok(await page.getByTestId('rksv-agb').isChecked());
    // The field left before the checks were there is checked once they are.
    await page.getByText('Bitte geben Sie eine gültige E-Mail-Adresse ein').waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('keeps a tap made while the page is being taken over', async () => {
    // On a slow phone (CPU slowed four times) the takeover lasts long enough to be tapped into. Were a
    // screen's code or strings still on the way then, React would hydrate the tapped card at once,
    // find it suspended and render the page anew: the card would vanish under the finger and the tap
    // be lost (8 of 20 taps before main.tsx loaded the route's screens first). Every tap must arrive.
    for (let i = 0; i < 8; i++) {
      const { context, page } = await app.open();
      const errors = collectErrors(page);
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.goto('/', { waitUntil: 'commit' });
      await page.getByTestId('card-menu').click();
      await page.waitForURL('**/menuechange', { timeout: 5000 });
      assert.deepEqual(errors, []);
      await context.close();
    }
  });
});
