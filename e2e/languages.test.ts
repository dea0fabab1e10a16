import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { languageFromLangCode } from '@portal/shared';
import { DEMO, screenshot, serverAndBrowser } from './helpers.js';

/** Signs in by the form's fields, whatever the language of the page. */
async function signInAnyLanguage(page: Page, who: { email: string; password: string }) {
  await page.goto('/login');
  await page.locator('input[type=email]').fill(who.email);
  await page.locator('input[type=password]').fill(who.password);
  await page.locator('form button[type=submit]').click();
  await page.waitForURL('**/agent-dashboard');
}

/** Waits for the screen's title; a wrong one is named. */
async function expectTitle(page: Page, title: string) {
  try {
    await page.waitForFunction((t) => document.title === t, title, { timeout: 5000 });
  } catch {
    assert.equal(await page.title(), title, page.url());
  }
}

const documentLanguage = (page: Page) =>
  page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }));

/** Waits until the next session check (verify-token) has answered and its language has been applied. */
async function reloadAndCheckSession(page: Page) {
  const checked = page.waitForResponse((r) => r.url().endsWith('/auth/verify-token') && r.ok());
  await page.reload();
  // The answer's lang_code is the working language the app applies right after it arrives (as the
  // app reads it: languageFromLangCode); the page has it once the document carries that language.
  const { lang_code } = (await (await checked).json()) as { lang_code: string };
  await page.waitForFunction((lang) => document.documentElement.lang === lang, languageFromLangCode(lang_code));
}

type Lang = 'de' | 'en' | 'fr' | 'ar';
const LANGS: Lang[] = ['de', 'en', 'fr', 'ar'];

/** Every interface string (namespace `translation`) of the given locale areas in one language. */
function interfaceStrings(lang: Lang, areas: string[]): Set<string> {
  const out = new Set<string>();
  const walk = (v: unknown) => {
    if (typeof v === 'string') out.add(v.trim());
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  for (const area of areas) {
    const file = new URL(`../apps/web/src/locales/${lang}/${area}.json`, import.meta.url);
    walk((JSON.parse(fs.readFileSync(file, 'utf8')) as { translation?: unknown }).translation);
  }
  return out;
}

/**
 * The screen's own words (text nodes outside what people wrote: `<bdi>` and `dir="auto"` hold user
 * text) that are another language's interface string and not this one's: what a half-switched screen
 * shows. Strings with placeholders or of fewer than four letters are left out (a number, "OK").
 */
async function foreignStrings(page: Page, lang: Lang, areas: string[]): Promise<string[]> {
  const own = interfaceStrings(lang, areas);
  const foreign = new Set<string>();
  for (const other of LANGS.filter((l) => l !== lang))
    for (const text of interfaceStrings(other, areas))
      if (!own.has(text) && !text.includes('{{') && text.replace(/[^\p{L}]/gu, '').length >= 4) foreign.add(text);
  const shown = await page.evaluate(() => {
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      if (!el || el.closest('bdi, [dir="auto"], script, style, option')) continue;
      if (!el.checkVisibility()) continue;
      const text = n.textContent?.trim();
      if (text) texts.push(text);
    }
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('[aria-label], [placeholder], [title]')))
      for (const a of ['aria-label', 'placeholder', 'title']) {
        const v = el.getAttribute(a)?.trim();
        if (v && !el.closest('bdi, [dir="auto"]')) texts.push(v);
      }
    return texts;
  });
  return [...new Set(shown.filter((t) => foreign.has(t)))];
}

describe('languages, right-to-left, dates and titles', () => {
  const app = serverAndBrowser();

  it('an Egyptian agent with an Arabic browser works in Arabic after sign-in', async () => {
    const { context, page } = await app.open({ locale: 'ar-EG' });
    await signInAnyLanguage(page, DEMO.agentEG);
    await page.getByTestId('sidebar').waitFor();
    // The account was created in English; without a choice of their own the browser's language wins.
    assert.deepEqual(await documentLanguage(page), { lang: 'ar', dir: 'rtl' });
    await reloadAndCheckSession(page);
    assert.deepEqual(await documentLanguage(page), { lang: 'ar', dir: 'rtl' });
    assert.equal(await page.getByTestId('language-select').inputValue(), 'ar');
    // The email in the sidebar reads left to right inside the Arabic sidebar.
    assert.equal(await page.getByTestId('sidebar-email').locator('bdi[dir=ltr]').textContent(), DEMO.agentEG.email);
    await page.locator('[data-testid^="task-card-"]').first().waitFor();
    await screenshot(page, 'languages-agent-eg-ar');
    await context.close();
  });

  it('shows and takes dates as dd.MM.yyyy in an American browser, and the server gets the same day', async () => {
    const { context, page } = await app.open({ locale: 'en-US' });
    await signInAnyLanguage(page, DEMO.agentAT);
    assert.equal((await documentLanguage(page)).lang, 'en');
    await page.goto('/agent-dashboard/create-task');
    const due = page.getByTestId('task-frist');
    assert.equal(await due.getAttribute('placeholder'), 'DD.MM.YYYY hh:mm');
    // Typed digit by digit: the separators fill in.
    await due.pressSequentially('150120311000');
    assert.equal(await due.inputValue(), '15.01.2031 10:00');
    assert.equal(await page.getByTestId('task-frist-picker').inputValue(), '2031-01-15T10:00');
    // Not a real day: refused with its message, in English.
    await due.fill('31.02.2031 10:00');
    await page.getByTestId('create-task-submit').click();
    await page.getByText('Invalid date').first().waitFor();
    // The calendar's choice shows as dd.MM.yyyy too.
    await page.getByTestId('task-frist-picker').fill('2031-01-16T09:15');
    assert.equal(await due.inputValue(), '16.01.2031 09:15');
    await due.fill('15.01.2031 10:00');

    await page.getByTestId('task-titel').fill('Datum im Format dd.MM.yyyy');
    await page.getByTestId('task-beschreibung').fill('Die Frist wurde in einem amerikanischen Browser eingegeben.');
    await page.getByTestId('task-typ').click();
    await page.getByRole('listbox').getByRole('option').first().click();
    await page.getByTestId('task-agent').click();
    await page.getByRole('option', { name: 'Anna Admin' }).click();
    await page.getByTestId('customer-search').fill('Gasthaus Zum');
    await page.getByRole('option', { name: /Gasthaus Zum Goldenen Hirschen/ }).click();
    await screenshot(page, 'languages-create-task-en-us');
    await page.getByTestId('create-task-submit').click();
    await page.waitForURL((u) => u.pathname === '/agent-dashboard');
    await context.close();
  });

  it('Arabic: notifications in Arabic, the phone number left to right in the task modal, and own titles', async () => {
    const { context, page } = await app.open({ locale: 'ar' });
    await signInAnyLanguage(page, DEMO.admin);
    assert.deepEqual(await documentLanguage(page), { lang: 'ar', dir: 'rtl' });
    const cards = page.locator('[data-testid^="task-card-"]');
    await cards.first().waitFor();

    // The notification of the task created above, in Arabic, with the German task title isolated.
    await page.getByTestId('notification-bell').click();
    const list = page.getByTestId('notification-list');
    const item = list.locator('[data-testid^="notification-"]', { hasText: 'Datum im Format dd.MM.yyyy' }).first();
    await item.waitFor();
    assert.equal(await item.getByTestId('notification-title').textContent(), 'تم تعيين مهمة جديدة');
    const message = (await item.getByTestId('notification-message').textContent())!;
    assert.ok(message.startsWith('قام \u2068Max Mustermann\u2069 بتعيين المهمة #'), message);
    assert.ok(message.includes('«\u2068Datum im Format dd.MM.yyyy\u2069»'), message);
    await screenshot(page, 'languages-notifications-ar');
    // It opens the task, whose due date is the day typed in the American browser above.
    await item.click();
    await page.getByTestId('task-modal').getByText('15.01.2031', { exact: false }).waitFor();
    await page.getByTestId('action-close').click();

    // A seeded task of an Austrian customer: the phone number is isolated and left to right.
    await cards.filter({ hasNotText: 'Datum im Format' }).first().click();
    const phone = page.getByTestId('task-phone-company');
    await phone.waitFor();
    const bdi = phone.locator('bdi[dir=ltr]');
    assert.match((await bdi.textContent())!, /^\+43 \d+ \d+$/);
    // Drawn in reading order: the plus sign left of the digits, not "2286244 680 43+".
    // (No named helper inside evaluate: tsx would wrap it in a function the page lacks.)
    const order = await bdi.evaluate((el) => {
      const text = el.firstChild!;
      const lefts = [0, text.textContent!.length - 1].map((i) => {
        const range = document.createRange();
        range.setStart(text, i);
        range.setEnd(text, i + 1);
        return range.getBoundingClientRect().left;
      });
      return { plus: lefts[0]!, last: lefts[1]! };
    });
    assert.ok(order.plus < order.last, `plus at ${order.plus}, last digit at ${order.last}`);
    assert.equal(await page.getByTestId('task-description').getAttribute('dir'), 'auto');
    assert.equal(await page.getByTestId('task-title').getAttribute('dir'), 'auto');
    await screenshot(page, 'languages-task-modal-ar');
    await page.getByTestId('action-close').click();

    // Every screen has its own title, in Arabic too.
    const titles = new Set<string>();
    for (const path of ['/agent-dashboard', '/agent-dashboard/create-task', '/agent-dashboard/settings', '/rksv']) {
      await page.goto(path);
      await page.waitForFunction(() => document.title !== 'Service-Portal' && document.title.includes(' – '));
      titles.add(await page.title());
    }
    assert.equal(titles.size, 4, [...titles].join(' | '));
    assert.ok(
      [...titles].every((t) => t.endsWith(' – بوابة الخدمات')),
      [...titles].join(' | '),
    );
    await context.close();
  });

  it('German titles per screen, also in the pages rendered at build time', async () => {
    const { context, page } = await app.open();
    const expected: [string, string][] = [
      ['/', 'Wie können wir helfen? – Service-Portal'],
      ['/login', 'Anmelden – Service-Portal'],
      ['/menuechange', 'Menüänderung – Service-Portal'],
      ['/rksv', 'Vorbestellung RKSV 2025 – Service-Portal'],
    ];
    for (const [path, title] of expected) {
      await page.goto(path);
      await expectTitle(page, title);
    }
    await signInAnyLanguage(page, DEMO.agentAT);
    for (const [path, title] of [
      ['/agent-dashboard', 'Aufgaben – Service-Portal'],
      ['/agent-dashboard/create-task', 'Aufgabe erstellen – Aufgaben – Service-Portal'],
      ['/agent-dashboard/cashbook/overview', 'Übersicht – Kassabuch – Service-Portal'],
      ['/agent-dashboard/profile', 'Profil – Service-Portal'],
    ]) {
      await page.goto(path!);
      await expectTitle(page, title!);
    }
    // The HTML of a prerendered page carries its title before any script runs.
    for (const [lang, title] of [
      ['de', 'Vorbestellung RKSV 2025 – Service-Portal'],
      ['en', 'RKSV 2025 pre-order – Service Portal'],
    ]) {
      const html = await (
        await fetch(`${app.server.url}/rksv`, { headers: { accept: 'text/html', 'accept-language': lang! } })
      ).text();
      assert.ok(html.includes(`<title>${title}</title>`), `${lang}: ${/<title>.*<\/title>/.exec(html)?.[0]}`);
    }
    await context.close();
  });

  it('the public menu-change date reads dd.MM.yyyy left to right in the Arabic form', async () => {
    const { context, page } = await app.open({ locale: 'ar', mobile: true });
    await page.goto('/menuechange');
    const date = page.getByTestId('field-frist');
    await date.waitFor();
    assert.equal(await date.getAttribute('dir'), 'ltr');
    assert.equal(await date.getAttribute('placeholder'), 'dd.mm.yyyy');
    await date.pressSequentially('24122031');
    assert.equal(await date.inputValue(), '24.12.2031');
    await date.blur();
    await screenshot(page, 'languages-menu-date-ar');
    await context.close();
  });

  it('a language chosen in the sidebar is kept by the next session check and the next sign-in', async () => {
    const { context, page } = await app.open();
    await signInAnyLanguage(page, DEMO.agentAT);
    assert.equal((await documentLanguage(page)).lang, 'de');
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/user-settings') && r.request().method() === 'PUT');
    await page.getByTestId('language-select').selectOption('ar');
    assert.equal((await saved).status(), 200);
    await reloadAndCheckSession(page);
    assert.deepEqual(await documentLanguage(page), { lang: 'ar', dir: 'rtl' });
    assert.equal(await page.getByTestId('language-select').inputValue(), 'ar');
    await page.locator('[data-testid^="task-card-"]').first().waitFor();
    await screenshot(page, 'languages-sidebar-choice-ar');

    // A new sign-in in a German browser keeps the choice too.
    const fresh = await app.open({ locale: 'de-AT' });
    await signInAnyLanguage(fresh.page, DEMO.agentAT);
    await fresh.page.waitForFunction(() => document.documentElement.lang === 'ar');
    await fresh.context.close();

    // And back to German, kept as well.
    const back = page.waitForResponse((r) => r.url().endsWith('/api/user-settings') && r.request().method() === 'PUT');
    await page.getByTestId('language-select').selectOption('de');
    await back;
    await reloadAndCheckSession(page);
    assert.deepEqual(await documentLanguage(page), { lang: 'de', dir: 'ltr' });
    await page.locator('[data-testid^="task-card-"]').first().waitFor();
    await screenshot(page, 'languages-sidebar-choice-de');
    await context.close();
  });
  // Last: it leaves the admin with a language chosen in the sidebar, which outranks the browser's.
  it('a switch in the sidebar (de, en, ar) switches every string of the board, a back-office list and the notification panel, every time', async () => {
    const { context, page } = await app.open();
    await signInAnyLanguage(page, DEMO.admin);
    const areas = ['common', 'staff', 'tasks', 'notifications', 'insolvency'];
    const problems: string[] = [];
    const check = async (where: string, lang: Lang) => {
      // The screen may take a render (or, on a busy machine, an area's strings on their way) to follow;
      // what is still foreign after five seconds stayed so.
      let left: string[] = [];
      for (let i = 0; i < 50; i++) {
        left = await foreignStrings(page, lang, areas);
        if (left.length === 0) return;
        await page.waitForFunction(() => new Promise((r) => setTimeout(() => r(true), 100)));
      }
      problems.push(`${where} in ${lang}: ${left.join(' | ')}`);
    };
    for (const round of [1, 2]) {
      // The sidebar offers de, en and ar (portal.md); French strings count as foreign like the others.
      for (const lang of ['en', 'ar', 'de'] as const) {
        for (const path of ['/agent-dashboard/tasks', '/agent-dashboard/insolvency']) {
          if (new URL(page.url()).pathname !== path) {
            await page.getByTestId(`nav-${path.split('/').pop()}`).click();
            await page.waitForURL(`**${path}`);
          }
          await page.locator('h1').first().waitFor();
          await page.getByTestId('language-select').selectOption(lang);
          await page.waitForFunction((l) => document.documentElement.lang === l, lang);
          await check(`${path} (round ${round})`, lang);
        }
        await page.getByTestId('notification-bell').click();
        await page.getByTestId('notification-list').waitFor();
        // The panel takes the focus (then Escape closes it from inside).
        await page.waitForFunction(() =>
          document.querySelector('[data-testid="notification-list"]')?.contains(document.activeElement),
        );
        await check(`notification panel (round ${round})`, lang);
        await page.keyboard.press('Escape');
        await page.getByTestId('notification-list').waitFor({ state: 'hidden' });
      }
    }
    assert.deepEqual(problems, []);
    await context.close();
  });
});
