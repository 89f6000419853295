// Routing rules of spec section 2: the 404 page with its back button, role-guarded routes sending to /, and the
// stored redirect bringing the user back to the page asked for before sign-in.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
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

describe('routing', () => {
  test('an unknown path shows the 404 page; signed out, its button goes to /login', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await page.goto('/no/such/page');
    const notFound = page.getByTestId('not-found');
    await notFound.waitFor();
    expect(await notFound.locator('a').getAttribute('href')).toBe('/login');
    await context.close();
  });

  test('signed in, the 404 back button goes to /clients for a PRO and /overview for BASIC', async () => {
    for (const [login, back] of [
      ['pro', '/clients'],
      ['client', '/overview'],
    ] as const) {
      const context = await newContext(browser, server.url);
      const page = await context.newPage();
      await signIn(page, login);
      await page.goto('/definitely-not-a-page');
      const notFound = page.getByTestId('not-found');
      await notFound.waitFor();
      await notFound.locator('a').click();
      await page.waitForURL((u) => u.pathname === back);
      await context.close();
    }
  });

  test('a role opening a route outside its list is sent to / (and so to its home)', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await signIn(page, 'client');
    await page.waitForURL((u) => u.pathname === '/overview');
    await page.goto('/caronte-panel');
    await page.waitForURL((u) => u.pathname === '/overview');
    await page.locator('#mf-container h1').waitFor();
    await context.close();

    const adminContext = await newContext(browser, server.url);
    const adminPage = await adminContext.newPage();
    await signIn(adminPage, 'admin');
    await adminPage.waitForURL((u) => u.pathname === '/caronte-panel');
    await adminPage.goto('/clients');
    await adminPage.waitForURL((u) => u.pathname === '/caronte-panel');
    await adminContext.close();
  });

  test('a BASIC user has no family routes: position and performance of a family send to / (then /overview)', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await signIn(page, 'client');
    await page.waitForURL((u) => u.pathname === '/overview');
    for (const path of ['/family/1/position', '/family/1/performance']) {
      await page.goto(path);
      await page.waitForURL((u) => u.pathname === '/overview');
      await page.locator('#mf-container h1').waitFor();
      expect(await page.locator('#mf-container [role="alert"]').count(), `no error box after ${path}`).toBe(0);
    }
    await context.close();
  });

  test('a signed-out visit is remembered and resumed after sign-in', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await signIn(page, 'pro', '/stocks');
    await page.waitForURL((u) => u.pathname === '/stocks');
    await page.locator('#mf-container h1').waitFor();
    await context.close();
  });

  test("a client page loads the client; another adviser's client sends to /", async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await signIn(page, 'pro2');
    // Client 1 is pro's (Mario Rossi): pro2 may not see it, so the page is left for /, then /clients.
    await page.goto('/client/1/overview');
    await page.waitForURL((u) => u.pathname === '/clients');
    await context.close();

    const proContext = await newContext(browser, server.url);
    const proPage = await proContext.newPage();
    await signIn(proPage, 'pro');
    await proPage.goto('/client/1/overview');
    await proPage.locator('#mf-container h1').waitFor();
    expect(new URL(proPage.url()).pathname).toBe('/client/1/overview');
    // The side menu shows the selected client's sections.
    await expect(proPage.getByTestId('side-menu').textContent()).resolves.toMatch(/Mario Rossi|Report/);
    await proContext.close();
  });
});
