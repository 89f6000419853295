// Session handling of spec section 4, against a server issuing short-lived access tokens: silent renewals,
// then the expiring modal whose keep-alive renews; sign-out in one tab signs out the others.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser, newContext, recordTrail, signIn } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';

let server: RunningServer;
let browser: Browser;

// Tokens live 62 s: the expiring notice (60 s before expiry) comes 2 s after each sign-in or renewal, so five
// silent renewals and the modal take about 12 s of real time.
const TOKEN_TTL = 62;

beforeAll(async () => {
  server = await startServer({ OIDC_ACCESS_TOKEN_TTL: String(TOKEN_TTL) });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Counts the page's silent renewals (refresh-token grants at the issuer). */
function countRenewals(page: Page): () => number {
  let renewals = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/oidc/token') && r.postData()?.includes('grant_type=refresh_token')) renewals += 1;
  });
  return () => renewals;
}

/** Two tabs of one browser signed in as the delegate: the first at /clients, the second (its trail kept) at /stocks. */
async function twoTabs() {
  const context = await newContext(browser, server.url);
  const first = await context.newPage();
  await signIn(first, 'delegate');
  await first.waitForURL((u) => u.pathname === '/clients');
  const second = await context.newPage();
  const trail = recordTrail(second);
  await second.goto('/stocks');
  await second.locator('#mf-container h1').waitFor();
  return { context, first, second, trail };
}

/** Whether the page still holds a sign-in record (false while it navigates counts as unknown: true). */
const hasStoredSignIn = (page: Page) =>
  page.evaluate(() => Object.keys(localStorage).some((k) => k.startsWith('oidc.user:'))).catch(() => true);

const storedExpiry = () =>
  Object.keys(localStorage)
    .filter((k) => k.startsWith('oidc.user:'))
    .map((k) => JSON.parse(localStorage.getItem(k) ?? '{}').expires_at as number)[0] ?? 0;

test('after five silent renewals the expiring modal asks, and keep-alive renews the token', async () => {
  const context = await newContext(browser, server.url);
  const page = await context.newPage();
  const renewals = countRenewals(page);
  await signIn(page, 'pro');
  await page.waitForURL((u) => u.pathname === '/clients');

  const modal = page.getByTestId('session-expiring-modal');
  await modal.waitFor({ state: 'visible', timeout: 40_000 });
  // The modal came only after exactly five automatic renewals.
  expect(renewals()).toBe(5);
  const seconds = Number(/(\d+)/.exec((await modal.textContent()) ?? '')?.[1]);
  expect(seconds).toBeGreaterThan(0);
  expect(seconds).toBeLessThanOrEqual(64);

  const before = await page.evaluate(storedExpiry);
  await page.getByTestId('keep-alive').click();
  await modal.waitFor({ state: 'hidden', timeout: 15_000 });
  expect(renewals()).toBeGreaterThanOrEqual(6);
  expect(await page.evaluate(storedExpiry)).toBeGreaterThan(before);
  // The page is still signed in and working.
  expect(new URL(page.url()).pathname).toBe('/clients');
  await context.close();
});

test('sign-out in one tab signs out a second tab', async () => {
  const { context, first, second, trail } = await twoTabs();

  await first.getByTestId('user-menu').click();
  await first.getByTestId('logout').click();
  // The first tab ends at the sign-in form; the second follows to /login and on to the sign-in form.
  await first.locator('input[name="login"]').waitFor({ timeout: 30_000 });
  await second
    .locator('input[name="login"]')
    .waitFor({ timeout: 30_000 })
    .catch((err) => {
      throw new Error(`the second tab did not reach the sign-in form; it saw:\n${trail.join('\n')}`, { cause: err });
    });
  expect(await hasStoredSignIn(second)).toBe(false);
  await context.close();
});

test("the second tab's sign-in page, asked for inside the session the first tab then ended, shows the sign-in form", async () => {
  const { context, first, second, trail } = await twoTabs();

  // The order a loaded machine can give: the second tab's authorization request reaches the issuer while the issuer
  // session is still open; the first tab's sign-out then ends that session; only then does the second tab ask for
  // its sign-in page.
  let authBegan = () => {};
  const secondAuth = new Promise<void>((r) => {
    authBegan = r;
  });
  let sessionEnded = () => {};
  const ended = new Promise<void>((r) => {
    sessionEnded = r;
  });
  await context.route(
    (u) => u.pathname === '/oidc/auth',
    async (route) => {
      if (route.request().frame().page() !== second) return route.continue();
      // Answered by the issuer (inside the open session) before the sign-out may go on.
      const response = await route.fetch({ maxRedirects: 0 });
      authBegan();
      await route.fulfill({ response });
    },
  );
  await context.route(
    (u) => u.pathname.startsWith('/oidc/session/end/confirm'),
    async (route) => {
      await secondAuth;
      // Its own answer (303 to /login), not the page that follows.
      const response = await route.fetch({ maxRedirects: 0 });
      sessionEnded();
      await route.fulfill({ response });
    },
  );
  await context.route(
    (u) => u.pathname.startsWith('/oidc/interaction/'),
    async (route) => {
      if (route.request().frame().page() === second) await ended;
      await route.continue();
    },
  );

  const firstTrail = recordTrail(first);
  await first.getByTestId('user-menu').click();
  await first.getByTestId('logout').click();
  await first
    .locator('input[name="login"]')
    .waitFor({ timeout: 30_000 })
    .catch((err) => {
      throw new Error(
        `the first tab did not reach the sign-in form; it saw:\n${firstTrail.join('\n')}\nthe second:\n${trail.join('\n')}`,
        { cause: err },
      );
    });
  await second
    .locator('input[name="login"]')
    .waitFor({ timeout: 30_000 })
    .catch((err) => {
      throw new Error(`the second tab did not reach the sign-in form; it saw:\n${trail.join('\n')}`, { cause: err });
    });
  // It met no error page on the way (the ended session's interaction once answered 400, "the sign-in page has
  // expired"; the issuer now starts the request again, identity.test.ts), and signing in there works.
  expect(trail.filter((line) => / 4\d\d GET /.test(line))).toEqual([]);
  await second.locator('input[name="login"]').fill('delegate');
  await second.locator('input[name="password"]').fill('patrimonio');
  await second.locator('form button[type="submit"], form input[type="submit"]').first().click();
  await second
    .waitForURL((u) => !u.pathname.startsWith('/oidc') && u.pathname !== '/auth/callback' && u.pathname !== '/login', {
      timeout: 30_000,
    })
    .catch((err) => {
      throw new Error(`the second tab's sign-in did not reach the portal; it saw:\n${trail.join('\n')}`, {
        cause: err,
      });
    });
  await second.locator('#mf-container h1').waitFor();
  await context.close();
});

test('a renewal answered after the sign-out writes no sign-in back: both tabs end at the sign-in form', async () => {
  const { context, first, second, trail } = await twoTabs();

  // The next silent renewal (of either tab) is answered by the issuer at once, but its answer reaches the page only
  // after the sign-out has begun; the tabs' navigations away (to the issuer's sign-out, to /login) then wait 1.5 s,
  // so the old pages are still there to take the late answer, as on a slow machine.
  let release = () => {};
  let held = false;
  const renewalHeld = new Promise<void>((resolveHeld) => {
    void context.route('**/oidc/token', async (route) => {
      if (held || !route.request().postData()?.includes('grant_type=refresh_token')) return route.continue();
      held = true;
      const response = await route.fetch();
      const released = new Promise<void>((r) => {
        release = r;
      });
      resolveHeld();
      await released;
      await route.fulfill({ response });
    });
  });
  let leaving: Promise<void> | undefined;
  await context.route(
    (u) => u.pathname === '/login' || u.pathname === '/oidc/session/end',
    async (route) => {
      if (route.request().isNavigationRequest()) {
        leaving ??= (async () => {
          release();
          await new Promise((r) => setTimeout(r, 1500));
        })();
        await leaving;
      }
      await route.continue();
    },
  );
  await renewalHeld;

  await first.getByTestId('user-menu').click();
  await first.getByTestId('logout').click();
  await first.locator('input[name="login"]').waitFor({ timeout: 30_000 });
  await second
    .locator('input[name="login"]')
    .waitFor({ timeout: 30_000 })
    .catch((err) => {
      throw new Error(`the second tab did not reach the sign-in form; it saw:\n${trail.join('\n')}`, { cause: err });
    });
  expect(await hasStoredSignIn(first)).toBe(false);
  expect(await hasStoredSignIn(second)).toBe(false);
  await context.close();
});

test('a mouse press resets the renewal count, and expiry signs out to /login', async () => {
  const context = await newContext(browser, server.url);
  const page = await context.newPage();
  const renewals = countRenewals(page);
  await signIn(page, 'client');
  await page.waitForURL((u) => u.pathname === '/overview');
  // After three renewals the user presses the mouse: five more automatic renewals before the modal.
  await expect.poll(renewals, { timeout: 20_000 }).toBe(3);
  await page.mouse.click(700, 400);
  const modal = page.getByTestId('session-expiring-modal');
  await modal.waitFor({ state: 'visible', timeout: 40_000 });
  expect(renewals()).toBe(8);
  // Nobody keeps the session alive: at expiry the user is signed out and sent to /login, then to the sign-in.
  await page.locator('input[name="login"]').waitFor({ timeout: 90_000 });
  expect(await hasStoredSignIn(page)).toBe(false);
  await context.close();
});

test('an invitation link opened while signed in signs the user out and comes back with the token', async () => {
  const context = await newContext(browser, server.url);
  const page = await context.newPage();
  await signIn(page, 'pro');
  await page.waitForURL((u) => u.pathname === '/clients');
  const visited: string[] = [];
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) visited.push(new URL(f.url()).pathname);
  });
  await page.goto('/register-client?token=invite-123');
  // Out through the issuer's sign-out and back to the registration page with the same token, signed out.
  await expect
    .poll(
      async () => {
        const url = new URL(page.url());
        return (
          visited.some((p) => p.startsWith('/oidc')) &&
          url.pathname === '/register-client' &&
          url.searchParams.get('token') === 'invite-123' &&
          !(await hasStoredSignIn(page))
        );
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  await page.getByTestId('register-client').waitFor();
  await context.close();
});
