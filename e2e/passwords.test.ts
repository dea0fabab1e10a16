import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { DEMO, screenshot, serverAndBrowser } from './helpers.js';

/** Signs in whatever the interface language (the form's fields by type, not by label). */
async function signInAnyLanguage(page: Page, who: { email: string; password: string }) {
  await page.goto('/login');
  await page.locator('input[type=email]').fill(who.email);
  await page.locator('input[type=password]').fill(who.password);
  await page.locator('form button[type=submit]').click();
  await page.waitForURL('**/agent-dashboard');
}

/** Fills the profile's change-password form (fields in order: current, new, confirmation) and sends it. */
async function changePassword(page: Page, oldPassword: string, newPassword: string) {
  const form = page.getByTestId('change-password-form');
  const fields = form.locator('input[type=password]');
  await fields.nth(0).fill(oldPassword);
  await fields.nth(1).fill(newPassword);
  await fields.nth(2).fill(newPassword);
  await form.locator('button[type=submit]').click();
}

describe('password rules on the profile form', () => {
  // On the embedded database, as `npm start` runs without configuration (the other suites use PostgreSQL when it is there).
  const app = serverAndBrowser({ DATABASE_URL: '' });

  it('says under the field why a new password is refused, in German', async () => {
    const { context, page } = await app.open();
    await signInAnyLanguage(page, DEMO.agentAT);
    await page.goto('/agent-dashboard/profile');
    const form = page.getByTestId('change-password-form');
    await form.getByText('Mindestens 12 Zeichen, kein verbreitetes Passwort.').waitFor();
    await changePassword(page, DEMO.agentAT.password, 'aaaaaaaaaa');
    await form.getByText('Das Passwort muss mindestens 12 Zeichen lang sein').first().waitFor();
    await changePassword(page, DEMO.agentAT.password, 'Qwerty123456');
    await form
      .getByText('Dieses Passwort ist zu verbreitet und leicht zu erraten. Bitte wählen Sie ein anderes.')
      .waitFor();
    await screenshot(page, 'password-common-de');
    await changePassword(page, DEMO.agentAT.password, DEMO.agentAT.password);
    await form.getByText('Das neue Passwort muss sich vom aktuellen unterscheiden.').waitFor();
    await context.close();
  });

  it('says it in Arabic, right to left', async () => {
    const { context, page } = await app.open({ locale: 'ar-EG' });
    await signInAnyLanguage(page, DEMO.agentEG);
    await page.goto('/agent-dashboard/profile');
    const form = page.getByTestId('change-password-form');
    // The direction is set once the Arabic strings are in: read it after they show, not before.
    await form.getByText('12 حرفًا على الأقل، وليست كلمة مرور شائعة.').waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.dir), 'rtl');
    await changePassword(page, DEMO.agentEG.password, 'Qwerty123456');
    await form.getByText('كلمة المرور هذه شائعة جدًا ويسهل تخمينها. يرجى اختيار كلمة مرور أخرى.').waitFor();
    await screenshot(page, 'password-common-ar');
    await context.close();
  });
});
