// Client registration in Chromium (spec section 2, /register-client?token=...): the adviser invites a demo client
// without an account through the API, the client opens the link from the mail, chooses a password, accepts the
// privacy notice, and signs in through the real sign-in page to land on /overview. A bad link shows a clear error;
// a used link cannot register twice; a signed-in visitor is signed out first.
// The server runs in this process (the real app, listening, serving the built portal), so the test can read the
// mail outbox from its database as the client would read the mail.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signIn as apiSignIn } from '../server/src/identity/test-sign-in.ts';
import { createTestApp, type TestApp } from '../server/src/testing/test-app.ts';
import { launchBrowser, newContext, signIn } from './support/browser.ts';

let t: TestApp;
let browser: Browser;

const EMAIL = 'Giulia.Bianchi@Example.it';
const LOGIN = 'giulia.bianchi@example.it';
const PASSWORD = 'giulia-bianchi-2026';

beforeAll(async () => {
  t = await createTestApp({ listen: true });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

/** The PRO invites the client through the API; returns the registration link of the mail in the outbox. */
async function inviteAndReadLink(clientId: number, email: string): Promise<string> {
  const { accessToken } = await apiSignIn(t.url, 'pro', 'patrimonio');
  const res = await fetch(`${t.url}/api/v1/user/client/${clientId}/invite`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  expect(res.status).toBe(200);
  const { rows } = await t.app.db.query<{ body_text: string; to_address: string }>(
    "select body_text, to_address from mail_outbox where client_id = $1 and kind = 'client_invitation' order by id desc limit 1",
    [clientId],
  );
  expect(rows[0]?.to_address).toBe(email);
  const link = /(https?:\/\/\S+\/register-client\?token=[A-Za-z0-9_-]+)/.exec(rows[0]?.body_text ?? '')?.[1];
  if (!link) throw new Error('no registration link in the invitation mail');
  return link;
}

/** A demo client of the PRO "pro" without an account (Giulia Bianchi). */
async function demoClientWithoutAccount(taxCode: string): Promise<number> {
  const { rows } = await t.app.db.query<{ id: number; users: number }>(
    'select c.id, (select count(*)::int from users u where u.client_id = c.id) as users from clients c where c.tax_code = $1',
    [taxCode],
  );
  expect(rows[0]?.users).toBe(0);
  return Number(rows[0]!.id);
}

const errorReason = async (page: Page) => {
  const error = page.getByTestId('register-client-error');
  await error.waitFor({ timeout: 30_000 });
  return error.getAttribute('data-reason');
};

describe('client registration', () => {
  test('invite, open the link, register, sign in on the real sign-in page and land on /overview', async () => {
    const clientId = await demoClientWithoutAccount('BNCGLI75M45F205M');
    const link = await inviteAndReadLink(clientId, EMAIL);
    expect(link.startsWith(`${t.url}/register-client?token=`)).toBe(true);

    const context = await newContext(browser, t.url);
    const page = await context.newPage();
    await page.goto(link);

    // The invitation: the address (read-only, the future login) and the client's name.
    const email = page.getByTestId('register-client-email');
    await email.waitFor({ timeout: 30_000 });
    expect(await email.inputValue()).toBe(EMAIL);
    expect(await email.getAttribute('readonly')).not.toBeNull();
    expect(await page.getByTestId('register-client-name').textContent()).toBe('Giulia Bianchi');
    const privacyHref = await page.getByTestId('register-privacy-link').getAttribute('href');
    expect(privacyHref).toBe('/shared-ui/legal/it/privacy-client.html');
    expect((await page.request.get(`${t.url}${privacyHref}`)).status()).toBe(200);

    // Checked before anything is sent: too short, then not confirmed, then the privacy notice.
    const password = page.getByLabel('Password', { exact: true });
    const confirm = page.getByLabel('Conferma password');
    await password.fill('corta');
    await page.getByTestId('register-client-submit').click();
    await page.getByTestId('register-password-error').waitFor();
    expect(await password.getAttribute('aria-invalid')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('register-password');
    await password.fill(EMAIL.toUpperCase());
    await page.getByTestId('register-client-submit').click();
    await expect.poll(() => page.getByTestId('register-password-error').textContent()).toContain('email');
    await password.fill(PASSWORD);
    await confirm.fill(`${PASSWORD}x`);
    await page.getByTestId('register-client-submit').click();
    await page.getByTestId('register-confirm-error').waitFor();
    await confirm.fill(PASSWORD);
    await page.getByTestId('register-client-submit').click();
    await page.getByTestId('register-privacy-error').waitFor();
    // Nothing was created so far.
    const before = await t.app.db.query('select 1 from users where client_id = $1', [clientId]);
    expect(before.rows).toHaveLength(0);

    // With the keyboard only: the focus is on the checkbox (first field in error), Space ticks it, Enter submits.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('register-privacy');
    await page.keyboard.press('Space');
    expect(await page.getByLabel("Ho letto e accetto l'informativa sulla privacy").isChecked()).toBe(true);
    await confirm.focus();
    await page.keyboard.press('Enter');

    const success = page.getByTestId('register-client-success');
    await success.waitFor({ timeout: 30_000 });
    expect(await success.textContent()).toContain(LOGIN);
    const { rows } = await t.app.db.query<{ role: string; login: string }>(
      'select role, login from users where client_id = $1',
      [clientId],
    );
    expect(rows).toEqual([{ role: 'BASIC', login: LOGIN }]);

    // Sign in on the normal sign-in page with the address as login.
    await page.getByTestId('register-client-sign-in').click();
    await page.locator('input[name="login"]').waitFor({ timeout: 30_000 });
    await page.fill('input[name="login"]', LOGIN);
    await page.fill('input[name="password"]', PASSWORD);
    await page.locator('form button[type="submit"]').first().click();
    await page.waitForURL((u) => u.pathname === '/overview', { timeout: 30_000 });
    await page.locator('#mf-container h1').first().waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('user-menu').textContent()).toContain('Giulia Bianchi');
    await context.close();

    // The link works once: opened again, it says so.
    const again = await newContext(browser, t.url);
    const page2 = await again.newPage();
    await page2.goto(link);
    expect(await errorReason(page2)).toBe('token_used');
    await again.close();
  });

  test('an invalid link shows a clear error and a way to the sign-in', async () => {
    const context = await newContext(browser, t.url);
    const page = await context.newPage();
    await page.goto('/register-client?token=not-a-real-token');
    expect(await errorReason(page)).toBe('invalid_token');
    expect(await page.locator('h1').textContent()).toBe('Collegamento non valido');
    expect(await page.getByTestId('register-client-form').count()).toBe(0);
    // The heading takes the focus, and the link leads to /login (and on to the sign-in page).
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    const toLogin = page.getByTestId('register-client-login-link');
    expect(await toLogin.getAttribute('href')).toBe('/login');
    await toLogin.click();
    await page.locator('input[name="login"]').waitFor({ timeout: 30_000 });
    await context.close();
  });

  test('a signed-in visitor is signed out first and comes back to the registration form', async () => {
    const clientId = await demoClientWithoutAccount('VRDLCU62C12L219G');
    const link = await inviteAndReadLink(clientId, 'luca.verdi@example.it');
    const context = await newContext(browser, t.url);
    const page = await context.newPage();
    await signIn(page, 'pro');
    await page.waitForURL((u) => u.pathname === '/clients');
    await page.goto(link);
    const email = page.getByTestId('register-client-email');
    await email.waitFor({ timeout: 30_000 });
    expect(await email.inputValue()).toBe('luca.verdi@example.it');
    expect(page.url()).toBe(link);
    // The portal no longer holds a sign-in.
    const stored = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('oidc.user:')));
    expect(stored).toEqual([]);
    await context.close();
  });
});
