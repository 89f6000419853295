// The language switch changes the visible text, and the choice persists across a reload.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser, newContext, signIn } from './support/browser.ts';
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

test('switching to English and back to Italian changes the visible text', async () => {
  const context = await newContext(browser, server.url);
  const page = await context.newPage();
  await signIn(page, 'pro');
  await page.waitForURL((u) => u.pathname === '/clients');
  const heading = page.locator('#mf-container h1').first();
  await heading.waitFor();
  expect(await heading.textContent()).toBe('Clienti');
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('it');

  await page.getByTestId('language-switcher').click();
  await page.getByTestId('lang-en').click();
  await expect.poll(() => heading.textContent()).toBe('Clients');
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
  expect(await page.title()).toBe('Patrimonio - Clients');

  await page.reload();
  await page.locator('#mf-container h1').first().waitFor();
  expect(await page.locator('#mf-container h1').first().textContent()).toBe('Clients');

  await page.getByTestId('language-switcher').click();
  await page.getByTestId('lang-it').click();
  await expect.poll(() => page.locator('#mf-container h1').first().textContent()).toBe('Clienti');
  await context.close();
});
