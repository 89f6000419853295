// Session handling of spec section 4, against a server issuing short-lived access tokens: silent renewals,
// then the expiring modal whose keep-alive renews; sign-out in one tab signs out the others.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser, newContext, signIn } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';

let server: RunningServer;
let browser: Browser;

// Tokens live 70 s: the expiring notice (60 s before expiry) comes 10 s after each renewal.
const TOKEN_TTL = 70;

beforeAll(async () => {
  server = await startServer({ OIDC_ACCESS_TOKEN_TTL: String(TOKEN_TTL) });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const storedExpiry = () =>
  Object.keys(localStorage)
    .filter((k) => k.startsWith('oidc.user:'))
    .map((k) => JSON.parse(localStorage.getItem(k) ?? '{}').expires_at as number)[0] ?? 0;

test('after silent renewals the expiring modal asks, and keep-alive renews the token', async () => {
  const context = await newContext(browser, server.url);
  // Run the page clock fast so that six expiring notices come within seconds, not minutes.
  await context.addInitScript(() => {
    (window as unknown as { __renewals: number }).__renewals = 0;
  });
  const page = await context.newPage();
  await page.clock.install();
  await signIn(page, 'pro');
  await page.waitForURL((u) => u.pathname === '/clients');
  const first = await page.evaluate(storedExpiry);
  expect(first).toBeGreaterThan(0);

  const modal = page.getByTestId('session-expiring-modal');
  // Five automatic renewals happen without the modal; each one stores a later expiry.
  let last = first;
  for (let i = 0; i < 5; i++) {
    await page.clock.runFor(11_000);
    await expect.poll(() => page.evaluate(storedExpiry), { timeout: 15_000 }).toBeGreaterThan(last);
    last = await page.evaluate(storedExpiry);
    expect(await modal.isVisible()).toBe(false);
  }
  // The sixth notice opens the modal with a countdown clamped to 0..64 s.
  await page.clock.runFor(11_000);
  await modal.waitFor({ state: 'visible', timeout: 15_000 });
  const text = (await modal.textContent()) ?? '';
  const seconds = Number(/(\d+)/.exec(text)?.[1]);
  expect(seconds).toBeGreaterThanOrEqual(0);
  expect(seconds).toBeLessThanOrEqual(64);

  await page.getByTestId('keep-alive').click();
  await modal.waitFor({ state: 'hidden', timeout: 15_000 });
  expect(await page.evaluate(storedExpiry)).toBeGreaterThan(last);
  await context.close();
});

test('sign-out in one tab signs out a second tab', async () => {
  const context = await newContext(browser, server.url);
  const first = await context.newPage();
  await signIn(first, 'delegate');
  await first.waitForURL((u) => u.pathname === '/clients');
  const second = await context.newPage();
  await second.goto('/stocks');
  await second.locator('#mf-container h1').waitFor();

  await first.getByTestId('user-menu').click();
  await first.getByTestId('logout').click();
  // The first tab ends at the sign-in form; the second follows to /login and on to the sign-in form.
  await first.locator('input[name="login"]').waitFor({ timeout: 30_000 });
  await second.locator('input[name="login"]').waitFor({ timeout: 30_000 });
  expect(await second.evaluate(() => Object.keys(localStorage).some((k) => k.startsWith('oidc.user:')))).toBe(false);
  await context.close();
});
