import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { DEMO, screenshot, serverAndBrowser, signIn } from './helpers.js';
import { closeTask, ratingMail, supportRequest } from './rating-flow.js';

const run = Date.now() % 100000;
const COMMENT = `Schnell und freundlich geholfen ${run}`;

async function giveStars(page: Page, dimension: string, stars: number, label: (n: number) => string) {
  // The radio input is hidden behind its star: a person taps the star (the input's label).
  const id = await page.getByTestId(`rating-${dimension}`).getByLabel(label(stars), { exact: true }).getAttribute('id');
  await page.locator(`label[for="${id}"]`).click();
}

describe('customer rating', () => {
  const app = serverAndBrowser();

  it('a closed task mails link and code; the customer rates in three steps on a phone; the statistics show it', async () => {
    const taskId = await supportRequest(app.server.url, `Gasthaus Bewertung ${run}`);
    await closeTask(app.server.url, taskId);
    const mail = await ratingMail(app.server.dataDir, taskId);
    assert.equal(new URL(mail.link).origin, app.server.url, 'the link points at PUBLIC_URL');
    const wrongCode = mail.code === '000000' ? '111111' : '000000';

    // Arabic on a phone: the three steps read right to left (the code is only checked, not used up).
    {
      const { context, page } = await app.open({ locale: 'ar', mobile: true });
      await page.goto(new URL(mail.link).pathname);
      await page.getByTestId('rating-customer-number').waitFor();
      assert.equal(await page.evaluate(() => document.documentElement.dir), 'rtl');
      await screenshot(page, 'rating-step1-ar');
      await page.getByTestId('rating-customer-number').fill('10001');
      await page.getByTestId('rating-customer-submit').click();
      await page.getByTestId('rating-code').fill(mail.code);
      await screenshot(page, 'rating-step2-ar');
      await page.getByTestId('rating-code-submit').click();
      await page.getByTestId('rating-submit').waitFor();
      await screenshot(page, 'rating-step3-ar');
      await page.getByTestId('rating-back').click();
      await page.getByTestId('rating-customer-number').waitFor();
      await context.close();
    }

    // German on a phone: wrong number, wrong code, then the rating.
    const { context, page } = await app.open({ mobile: true });
    await page.goto(new URL(mail.link).pathname);
    await page.getByTestId('rating-customer-number').fill('99999');
    await page.getByTestId('rating-customer-submit').click();
    await page.getByTestId('rating-error').getByText('Kundennummer nicht gefunden').waitFor();
    assert.equal(await page.getByTestId('rating-code').count(), 0, 'no code field before the customer is found');
    await screenshot(page, 'rating-step1-de');
    await page.getByTestId('rating-customer-number').fill('10001');
    await page.getByTestId('rating-customer-submit').click();
    await page.getByTestId('rating-customer-info').getByText(`Gasthaus Bewertung ${run}`).waitFor();
    await page.getByTestId('rating-code').fill(wrongCode);
    await page.getByTestId('rating-code-submit').click();
    await page.getByTestId('rating-error').getByText('Verifikationscode ist nicht korrekt').waitFor();
    await screenshot(page, 'rating-step2-de');
    // A reload at step 2 keeps the customer number and the step.
    await page.reload();
    await page.getByTestId('rating-customer-info').getByText(`Gasthaus Bewertung ${run}`).waitFor();
    await page.getByTestId('rating-code').fill(mail.code);
    await page.getByTestId('rating-code-submit').click();
    const submit = page.getByTestId('rating-submit');
    await submit.waitFor();
    // ... and at step 3 (the code was verified in this tab).
    await page.reload();
    await submit.waitFor();
    assert.equal(await submit.isDisabled(), true, 'disabled until all three are set');
    const label = (n: number) => `${n} von 5 Sternen`;
    await giveStars(page, 'timeRating', 4, label);
    await giveStars(page, 'satisfactionRating', 5, label);
    assert.equal(await submit.isDisabled(), true);
    await giveStars(page, 'friendlinessRating', 5, label);
    assert.equal(await submit.isDisabled(), false);
    await page.getByTestId('rating-comment').fill(COMMENT);
    await screenshot(page, 'rating-step3-de');
    await submit.click();
    await page.getByTestId('rating-thanks').getByText('Vielen Dank für Ihre Bewertung!').waitFor();
    await screenshot(page, 'rating-thanks-de');
    await page.waitForURL(`${app.server.url}/`, { timeout: 8000 });
    // The link once more: step 1 already says the task was rated.
    await page.goto(new URL(mail.link).pathname);
    await page.getByTestId('rating-customer-number').fill('10001');
    await page.getByTestId('rating-customer-submit').click();
    await page.getByTestId('rating-error').getByText('Diese Aufgabe wurde bereits bewertet.').waitFor();
    assert.equal(await page.getByTestId('rating-code').count(), 0);
    await context.close();

    // The rating statistics of the staff screen: this month's row and the comment.
    const staff = await app.open();
    await signIn(staff.page, DEMO.admin);
    await staff.page.waitForURL('**/agent-dashboard');
    await staff.page.goto('/agent-dashboard/tasksstatistics');
    const ratings = staff.page.getByTestId('stats-ratings');
    await ratings.getByText(COMMENT).waitFor();
    await staff.context.close();
  });
});
