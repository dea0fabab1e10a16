import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { COUNTRY, calendarHolidays, defaultServiceCalendar } from '@portal/shared';
import { DEMO, screenshot, serverAndBrowser, signIn } from './helpers.js';

/**
 * The admins' service hours screen (issue 31) as an admin uses it: a refused time at its field, an hour
 * changed, a closed day added and a public holiday cancelled, each after the confirmation that names the
 * open tasks recomputed; in German on a desktop and in Arabic on a 375 px phone.
 */
describe('service levels screen', () => {
  const app = serverAndBrowser();

  async function calendars(base: string) {
    const login = await fetch(`${base}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DEMO.admin),
    });
    const token = ((await login.json()) as { accessToken: string }).accessToken;
    const res = await fetch(`${base}/api/service-calendars`, { headers: { authorization: `Bearer ${token}` } });
    assert.equal(res.status, 200);
    return (await res.json()) as {
      country_id: number;
      hours: { weekday: number; start: string; end: string }[];
      manual: { date: string; name: string; closed: boolean }[];
      open_tasks: number;
    }[];
  }

  /** A weekday three weeks or more ahead that is no Austrian holiday, as yyyy-MM-dd. */
  function plainDay(): string {
    const holidays = new Set(
      calendarHolidays(defaultServiceCalendar(COUNTRY.AT), '2000-01-01', '2100-12-31').map((h) => h.date),
    );
    for (let i = 21; ; i++) {
      const d = new Date(Date.now() + i * 86_400_000);
      const key = d.toISOString().slice(0, 10);
      if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6 && !holidays.has(key)) return key;
    }
  }
  const display = (key: string) => key.split('-').reverse().join('.');

  async function confirmSave(page: import('playwright-core').Page, text: RegExp) {
    const question = page.getByTestId('confirm-dialog').getByText(text);
    await question.waitFor();
    await page.getByTestId('confirm-dialog-confirm').click();
    await question.waitFor({ state: 'detached' });
  }

  it('changes an hour, adds a day and cancels a holiday (German), then reads in Arabic on a phone', async () => {
    const before = (await calendars(app.server.url))[0]!;
    const { context, page } = await app.open();
    await signIn(page, DEMO.admin);
    await page.waitForURL('**/agent-dashboard**');
    // The sidebar has the admins' entry.
    await page.getByRole('link', { name: 'Servicezeiten' }).click();
    await page.getByRole('heading', { level: 1, name: 'Servicezeiten' }).waitFor();
    assert.match(page.url(), /\/agent-dashboard\/service-levels$/);

    // A time that is not HH:MM is refused at its field, and nothing is asked or saved.
    const start = page.getByTestId('hours-0-start');
    await start.fill('8:3');
    await page.getByTestId('hours-save').click();
    await page.getByText('Bitte geben Sie die Uhrzeit als HH:MM ein.').waitFor();
    assert.equal(await start.getAttribute('aria-invalid'), 'true');
    assert.equal(await page.getByTestId('confirm-dialog').getByText(/offene Aufgaben/).count(), 0);

    // Monday from 08:30.
    await start.fill('08:30');
    await page.getByTestId('hours-save').click();
    await confirmSave(page, new RegExp(`${before.open_tasks} offene Aufgaben werden neu berechnet`));
    await page.getByText(/^Gespeichert; \d+ offene Aufgaben neu berechnet\.$/).waitFor();
    let saved = (await calendars(app.server.url))[0]!;
    assert.deepEqual(saved.hours[0], { weekday: 1, start: '08:30', end: '17:30' });

    // A closed day of our own.
    const day = plainDay();
    await page.getByTestId('day-date').fill(display(day));
    await page.getByTestId('day-name').fill('Betriebsausflug');
    await page.getByTestId('day-add').click();
    await confirmSave(page, /offene Aufgaben werden neu berechnet/);
    await page.getByRole('row').filter({ hasText: 'Betriebsausflug' }).getByText('Manuell').waitFor();

    // The next public holiday cancelled.
    const holiday = page.getByRole('row').filter({ hasText: 'Gesetzlich' }).first();
    const holidayDate = /\d{2}\.\d{2}\.\d{4}/.exec(await holiday.innerText())![0];
    await holiday.getByRole('button', { name: 'Absagen' }).click();
    await confirmSave(page, /offene Aufgaben werden neu berechnet/);
    await page.getByRole('row').filter({ hasText: holidayDate }).getByText('Abgesagt').waitFor();
    saved = (await calendars(app.server.url))[0]!;
    assert.deepEqual(
      saved.manual.map((m) => [m.date, m.closed]).sort(),
      [
        [day, true],
        [holidayDate.split('.').reverse().join('-'), false],
      ].sort(),
    );
    await screenshot(page, 'service-levels-de');

    // Arabic (the account's language), on a 375 px phone: cards, no sideways scrolling.
    await page.getByTestId('language-select').selectOption('ar');
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    const phone = await context.newPage();
    await phone.setViewportSize({ width: 375, height: 812 });
    await phone.goto('/agent-dashboard/service-levels');
    await phone.waitForFunction(() => document.documentElement.dir === 'rtl');
    await phone.getByRole('heading', { level: 1, name: 'ساعات الخدمة' }).waitFor();
    await phone.getByText('Betriebsausflug').waitFor();
    assert.ok(
      await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1),
      'nothing scrolls sideways',
    );
    await screenshot(phone, 'service-levels-phone-ar');
    await page.getByTestId('language-select').selectOption('de');
    await page.waitForFunction(() => document.documentElement.dir === 'ltr');
    await context.close();
  });
});
