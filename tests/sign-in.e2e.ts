// Each demo account signs in through the real sign-in page and lands on its home (spec section 2).
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_HOMES, launchBrowser, newContext, signIn, watchCspViolations } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('sign-in per demo account', () => {
  for (const [login, home] of Object.entries(DEMO_HOMES)) {
    test(`${login} lands on ${home}`, async () => {
      const context = await newContext(browser, server.url);
      const violations = await watchCspViolations(context);
      const page = await context.newPage();
      await signIn(page, login);
      await page.waitForURL((u) => u.pathname === home);
      // The layout is there with the user's name, and the page shows its title.
      await expect(page.getByTestId('user-menu').textContent()).resolves.toBeTruthy();
      await page.locator('#mf-container h1').first().waitFor();
      expect(await page.title()).toMatch(/^Patrimonio - /);
      // The footer shows the build label and the server version (GET /live/version).
      await expect.poll(() => page.getByTestId('footer-version').textContent()).toMatch(/0\.1\.2.*0\.1\.2/);
      // The sign-in page and the portal ran under their Content-Security-Policy without a refusal.
      expect(violations).toEqual([]);
      await context.close();
    });
  }

  test('a wrong password gets one clear message and no session', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await page.goto('/');
    await page.locator('input[name="login"]').waitFor();
    await page.fill('input[name="login"]', 'pro');
    await page.fill('input[name="password"]', 'wrong-password');
    await page.locator('form button[type="submit"]').first().click();
    const wrongPassword = await page.locator('[role="alert"]').first().textContent();
    await page.fill('input[name="login"]', 'nobody-here');
    await page.fill('input[name="password"]', 'wrong-password');
    await page.locator('form button[type="submit"]').first().click();
    await page.locator('[role="alert"]').first().waitFor();
    const unknownUser = await page.locator('[role="alert"]').first().textContent();
    expect(wrongPassword?.trim()).toBeTruthy();
    // The same words whether or not the user exists.
    expect(unknownUser?.trim()).toBe(wrongPassword?.trim());
    expect(new URL(page.url()).pathname.startsWith('/oidc')).toBe(true);
    await context.close();
  });

  test('the sign-in page lists the demo accounts in development mode', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await page.goto('/');
    await page.locator('input[name="login"]').waitFor();
    const text = await page.locator('body').textContent();
    for (const login of Object.keys(DEMO_HOMES)) expect(text).toContain(login);
    await context.close();
  });
});
