import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DEMO, screenshot, serverAndBrowser, signIn } from './helpers.js';

describe('sign-in as a newcomer would', () => {
  // On the embedded database, as `npm start` runs without configuration (the other suites use PostgreSQL when it is there).
  const app = serverAndBrowser({ DATABASE_URL: '' });

  it('an admin signs in and lands on the agent dashboard, history replaced', async () => {
    const { context, page } = await app.open();
    await page.goto('/');
    await page.getByTestId('landing-login').click();
    // The address changes at once; the form needs its scripts, which on a loaded CI machine can
    // take longer than a page's whole 'load' may (the first page of the first browser of the run).
    await page.waitForURL('**/login', { waitUntil: 'commit' });
    await page.getByLabel('E-Mail').waitFor({ timeout: 30_000 });
    await screenshot(page, 'login-de');
    await page.getByLabel('E-Mail').fill(`  ${DEMO.admin.email}  `);
    await page.getByLabel(/^Passwort/).fill(DEMO.admin.password);
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await page.waitForURL('**/agent-dashboard');
    await page.getByTestId('sidebar-email').waitFor();
    assert.equal(await page.getByTestId('sidebar-email').textContent(), DEMO.admin.email);
    assert.equal(await page.getByTestId('sidebar-role').textContent(), 'Administrator');
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('userData') ?? 'null'));
    assert.equal(stored.role, 'admin');
    assert.ok(stored.expiresIn > Date.now() + 7 * 3600 * 1000, 'expiresIn is an absolute time in ms');
    await screenshot(page, 'agent-dashboard-admin');
    // History replaced: going back does not return to the login form.
    await page.goBack();
    assert.ok(!page.url().endsWith('/login'), `back went to ${page.url()}`);
    await context.close();
  });

  it('an agent signs in and reaches the agent area', async () => {
    const { context, page } = await app.open();
    await signIn(page, DEMO.agentAT);
    await page.waitForURL('**/agent-dashboard');
    await page.getByTestId('sidebar-email').waitFor();
    assert.equal(await page.getByTestId('sidebar-role').textContent(), 'Agent');
    await context.close();
  });

  it('a customer signs in on both logins and lands in the business dashboard', async () => {
    const { context, page } = await app.open();
    await signIn(page, DEMO.customer);
    await page.waitForURL('**/business-dashboard');
    await page.getByTestId('business-sidebar').waitFor();
    await page.getByTestId('logout').click();
    await page.waitForURL('**/business-login');
    await signIn(page, DEMO.customer, '/business-login');
    await page.waitForURL('**/business-dashboard/overview');
    await page.getByTestId('card-rksv').waitFor();
    await screenshot(page, 'business-overview');
    await context.close();
  });

  it('shows the German errors above the form and disables nothing permanently', async () => {
    const { context, page } = await app.open();
    await signIn(page, { email: 'niemand@demo.at', password: 'egal-egal' });
    await page.getByTestId('login-error').waitFor();
    assert.equal(await page.getByTestId('login-error').textContent(), 'Benutzer nicht gefunden.');
    await signIn(page, { email: DEMO.admin.email, password: 'falsches-passwort' });
    await page.getByText('Ungültige Anmeldedaten.').waitFor();
    // Staff on the business login are refused there.
    await signIn(page, DEMO.agentAT, '/business-login');
    await page.getByText(/nur für Geschäftskunden/).waitFor();
    await screenshot(page, 'business-login-refused');
    await context.close();
  });

  it('sends a signed-out visitor from a guarded URL to the login, and unknown URLs per the catch-all', async () => {
    const { context, page } = await app.open();
    await page.goto('/agent-dashboard/tasks');
    await page.waitForURL('**/login');
    await page.goto('/business-dashboard/overview');
    await page.waitForURL('**/business-login');
    await page.goto('/irgendwo/anders');
    await page.waitForURL((u) => u.pathname === '/');
    await signIn(page, DEMO.agentEG);
    await page.waitForURL('**/agent-dashboard');
    await page.goto('/irgendwo/anders');
    await page.waitForURL('**/agent-dashboard/tasks');
    await context.close();
  });

  it('a 401 from the server ends the session and returns to the login', async () => {
    const { context, page } = await app.open();
    await signIn(page, DEMO.admin);
    await page.waitForURL('**/agent-dashboard');
    await page.getByTestId('sidebar-email').waitFor();
    // End the session behind the app's back, then let the app make a call.
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('userData')!).accessToken as string);
    const res = await fetch(`${app.server.url}/api/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    assert.equal(res.status, 200);
    await page.reload();
    await page.waitForURL('**/login');
    assert.equal(await page.evaluate(() => localStorage.getItem('userData')), null);
    await context.close();
  });

  it('an expired stored session is removed at start', async () => {
    const { context, page } = await app.open();
    await signIn(page, DEMO.admin);
    await page.waitForURL('**/agent-dashboard');
    await page.evaluate(() => {
      const u = JSON.parse(localStorage.getItem('userData')!);
      localStorage.setItem('userData', JSON.stringify({ ...u, expiresIn: Date.now() - 1000 }));
    });
    // The running app may notice first and leave for /login itself, aborting this navigation: both are right.
    await page.goto('/agent-dashboard/tasks').catch((e: Error) => assert.match(e.message, /ERR_ABORTED/));
    await page.waitForURL('**/login');
    assert.equal(await page.evaluate(() => localStorage.getItem('userData')), null);
    await page.evaluate(() => localStorage.setItem('userData', '{kaputt'));
    await page.goto('/agent-dashboard');
    await page.waitForURL('**/login');
    assert.equal(await page.evaluate(() => localStorage.getItem('userData')), null);
    await context.close();
  });
});
