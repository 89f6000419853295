// A practice signs up in Chromium (issue 19; docs/registration-and-delegates.md): a professional registers on
// /register-pro, confirms by the link of the mail (read from the mail outbox, as the professional would read the
// mail), signs in on the real sign-in page and lands on /clients with the guided tour; adds a client; invites a delegate
// with only APPROVE_MOVEMENT on /delegates; the delegate opens its mailed link, chooses a password on the issuer's
// page, signs in, sees the PRO's client and, in the side menu, Pending movements but neither Controls nor Delegates.
// Then the forgotten-password flow of a demo user from the sign-in page.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { taxCode, vat } from '../server/src/db/demo/ids.ts';
import { createTestApp, type TestApp } from '../server/src/testing/test-app.ts';
import { apiAs, launchBrowser, newContext, signInHere } from './support/browser.ts';

let t: TestApp;
let browser: Browser;

const PRO_EMAIL = 'Elena.Galli@StudioGalli.it';
const PRO_LOGIN = 'elena.galli@studiogalli.it';
const PRO_PASSWORD = 'Studio-Galli-2026';
const DELEGATE_EMAIL = 'marco.assistente@studiogalli.it';
const DELEGATE_PASSWORD = 'Assistente-Galli-7';

beforeAll(async () => {
  t = await createTestApp({ listen: true });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

/** The link of the last mail of a kind to an address, as its reader would follow it. */
async function mailedLink(to: string, kind: string, path: RegExp): Promise<string> {
  const { rows } = await t.app.db.query<{ body_text: string }>(
    'select body_text from mail_outbox where lower(to_address) = lower($1) and kind = $2 order by id desc limit 1',
    [to, kind],
  );
  const link = new RegExp(`(https?://\\S+${path.source}\\?token=[A-Za-z0-9_-]+)`).exec(rows[0]?.body_text ?? '')?.[1];
  if (!link) throw new Error(`no ${kind} link mailed to ${to}`);
  return link;
}

/** Chooses a password on the issuer's page of a mailed link, then follows "Vai all'accesso". */
async function choosePassword(page: Page, link: string, password: string) {
  await page.goto(link);
  await page.locator('#password').waitFor({ timeout: 30_000 });
  await page.fill('#password', password);
  await page.fill('#confirm', password);
  await page.locator('form button[type="submit"]').click();
  await page.getByText('Password salvata').waitFor({ timeout: 30_000 });
  await page.getByRole('link', { name: "Vai all'accesso" }).click();
}

describe('practice registration', () => {
  test('register, confirm, tour, client, delegate with only APPROVE_MOVEMENT', async () => {
    const context = await newContext(browser, t.url);
    const page = await context.newPage();
    await page.goto('/register-pro');
    await page.getByTestId('register-pro-form').waitFor({ timeout: 30_000 });
    await page.fill('#register-pro-firstName', 'Elena');
    await page.fill('#register-pro-lastName', 'Galli');
    await page.fill('#register-pro-email', PRO_EMAIL);
    // A wrong check digit is refused before anything is sent.
    const goodVat = vat('0876543210');
    await page.fill('#register-pro-vat', `${goodVat.slice(0, 10)}${(Number(goodVat[10]) + 1) % 10}`);
    await page.fill('#register-pro-registerNumber', 'OCF4321');
    await page.fill('#register-pro-password', 'sololettere');
    await page.getByTestId('register-pro-submit').click();
    await page.getByTestId('register-pro-vat-error').waitFor();
    await page.getByTestId('register-pro-password-error').waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('register-pro-vat');
    await page.fill('#register-pro-vat', goodVat);
    await page.fill('#register-pro-password', PRO_PASSWORD);
    await page.fill('#register-pro-confirm', PRO_PASSWORD);
    await page.check('#register-pro-terms');
    await page.check('#register-pro-privacy');
    await page.getByTestId('register-pro-submit').click();
    const sent = page.getByTestId('register-pro-sent');
    await sent.waitFor({ timeout: 30_000 });
    expect(await sent.textContent()).toContain(PRO_EMAIL);

    // Not active until confirmed; the mailed link activates it and starts the trial.
    const user = await t.app.db.query<{ active: boolean }>('select active from users where login = $1', [PRO_LOGIN]);
    expect(user.rows).toEqual([{ active: false }]);
    const link = await mailedLink(PRO_EMAIL, 'pro_registration', /\/register-pro/);
    expect(link.startsWith(`${t.url}/register-pro?token=`)).toBe(true);
    await page.goto(link);
    await page.getByTestId('register-pro-activated').waitFor({ timeout: 30_000 });
    const trial = await t.app.db.query<{ active: boolean; days: number }>(
      'select active, trial_until - current_date as days from users where login = $1',
      [PRO_LOGIN],
    );
    expect(trial.rows).toEqual([{ active: true, days: 30 }]);

    // Sign in: /clients, with the guided tour.
    await page.getByTestId('register-pro-sign-in').click();
    await signInHere(page, PRO_LOGIN, PRO_PASSWORD);
    await page.waitForURL((u) => u.pathname === '/clients', { timeout: 30_000 });
    await page.getByTestId('tour-popover').waitFor({ timeout: 30_000 });
    await page.getByTestId('tour-close').click();

    // A client of the new practice.
    const code = taxCode('LPCCLR80A41H501');
    await apiAs(page, t.url, `/api/v1/client/empty/${code}`, {
      method: 'POST',
      body: { firstName: 'Chiara', lastName: 'Lupo' },
    });
    await page.reload();
    await page.getByText('Lupo').first().waitFor({ timeout: 30_000 });

    // A delegate with only APPROVE_MOVEMENT.
    await page.getByTestId('menu-delegates').click();
    await page.getByTestId('delegates-page').waitFor({ timeout: 30_000 });
    await page.getByTestId('delegate-add').click();
    await page.getByTestId('delegate-name').fill('Marco Assistente');
    await page.getByTestId('delegate-email').fill(DELEGATE_EMAIL);
    await page.getByTestId('delegate-permission-APPROVE_MOVEMENT').check();
    await page.getByTestId('delegate-submit').click();
    await page.getByText('Invitato').first().waitFor({ timeout: 30_000 });
    const delegateRow = await t.app.db.query<{ role: string; permissions: string[]; pro: string }>(
      `select d.role, d.permissions, p.login as pro from users d join users p on p.id = d.pro_id where d.login = $1`,
      [DELEGATE_EMAIL],
    );
    expect(delegateRow.rows).toEqual([{ role: 'DELEGATE', permissions: ['APPROVE_MOVEMENT'], pro: PRO_LOGIN }]);
    await context.close();

    // The delegate registers through its mailed link and signs in.
    const dContext = await newContext(browser, t.url);
    const d = await dContext.newPage();
    await choosePassword(
      d,
      await mailedLink(DELEGATE_EMAIL, 'password_welcome', /\/oidc\/password\/reset/),
      DELEGATE_PASSWORD,
    );
    await signInHere(d, DELEGATE_EMAIL, DELEGATE_PASSWORD);
    await d.waitForURL((u) => u.pathname === '/clients', { timeout: 30_000 });
    await d.getByText('Lupo').first().waitFor({ timeout: 30_000 });
    await d.getByTestId('side-menu').waitFor();
    expect(await d.getByTestId('menu-pendingMovements').count()).toBe(1);
    expect(await d.getByTestId('menu-controls').count()).toBe(0);
    expect(await d.getByTestId('menu-delegates').count()).toBe(0);
    await dContext.close();
  }, 240_000);

  test('forgotten password of a demo user: the sign-in page link, the mail, a new password, sign-in', async () => {
    const context = await newContext(browser, t.url);
    const page = await context.newPage();
    await page.goto('/');
    await page.locator('input[name="login"]').waitFor({ timeout: 30_000 });
    await page.getByRole('link', { name: 'Password dimenticata?' }).click();
    await page.fill('input[name="login"]', 'pro2');
    await page.locator('form button[type="submit"]').click();
    await page.getByText('Controlla la posta').waitFor({ timeout: 30_000 });
    const { rows } = await t.app.db.query<{ email: string }>(`select email from users where login = 'pro2'`);
    const link = await mailedLink(rows[0]!.email, 'password_reset', /\/oidc\/password\/reset/);
    await choosePassword(page, link, 'Nuova-password-pro2');
    await signInHere(page, 'pro2', 'Nuova-password-pro2');
    await page.waitForURL((u) => u.pathname === '/clients', { timeout: 30_000 });
    await context.close();
  }, 120_000);
});
