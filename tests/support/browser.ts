// Debian's Chromium driven by playwright-core (npm tools cannot download browsers here).
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { watchAxe } from './axe.ts';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * A fresh context: its own storage, so each journey starts signed out. Its pages are checked with axe-core at each
 * new address (support/axe.ts): a serious or critical violation fails the test.
 */
export async function newContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1366, height: 860 }, locale: 'it-IT' });
  watchAxe(context);
  return context;
}

export const DEMO_HOMES: Record<string, string> = {
  admin: '/caronte-panel',
  backoffice: '/approve',
  pro: '/clients',
  pro2: '/clients',
  delegate: '/clients',
  delegate2: '/clients',
  client: '/overview',
};

/** Opens `path`, signs in through the real sign-in page and waits until the portal has left the issuer. */
export async function signIn(page: Page, login: string, path = '/', password = 'patrimonio'): Promise<void> {
  await page.goto(path);
  await signInHere(page, login, password);
}

/** Signs in on the issuer's sign-in page (open, or on its way) and waits until the portal has left the issuer. */
export async function signInHere(page: Page, login: string, password: string): Promise<void> {
  await page.locator('input[name="login"]').waitFor({ timeout: 30_000 });
  await page.fill('input[name="login"]', login);
  await page.fill('input[name="password"]', password);
  await Promise.all([
    page.waitForURL(
      (u) => !u.pathname.startsWith('/oidc') && u.pathname !== '/auth/callback' && u.pathname !== '/login',
      {
        timeout: 30_000,
      },
    ),
    page.locator('form button[type="submit"], form input[type="submit"]').first().click(),
  ]);
}

/**
 * Collects the Content-Security-Policy violations of every page the context opens from now on (the portal's and the
 * issuer's): each page reports its `securitypolicyviolation` events on the console, and Chromium's own "Refused to
 * ..." console errors count too. Call before the context's first page.
 */
export async function watchCspViolations(context: BrowserContext): Promise<string[]> {
  const violations: string[] = [];
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(
        `CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || '(inline)'} in ${e.documentURI} (${e.sourceFile}:${e.lineNumber})`,
      );
    });
  });
  context.on('console', (message) => {
    const text = message.text();
    if (/CSP violation|Content Security Policy/i.test(text)) violations.push(`${message.page()?.url()}: ${text}`);
  });
  return violations;
}

/** A call to the API with the page's own access token (the portal's stored sign-in); the answer parsed, or thrown. */
export async function apiAs<T>(
  page: Page,
  baseUrl: string,
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<T> {
  const token = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:'));
    return key ? (JSON.parse(localStorage.getItem(key) ?? '{}').access_token as string) : '';
  });
  const res = await fetch(`${baseUrl}${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${token}`, ...(init.body ? { 'content-type': 'application/json' } : {}) },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** A page of a new context (kept in `contexts`, to close), signed in as `login` at `path`. */
export async function signedInPage(
  browser: Browser,
  baseUrl: string,
  contexts: BrowserContext[],
  login: string,
  path = '/',
): Promise<Page> {
  const context = await newContext(browser, baseUrl);
  contexts.push(context);
  const page = await context.newPage();
  await signIn(page, login, path);
  return page;
}

/** What a page went through (its URLs, console and failed requests), for the message of a failed wait. */
export function recordTrail(page: Page): string[] {
  const trail: string[] = [];
  const t0 = Date.now();
  const at = () => `${((Date.now() - t0) / 1000).toFixed(1)}s`;
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) trail.push(`${at()} url ${f.url()}`);
  });
  page.on('console', (m) => trail.push(`${at()} console.${m.type()} ${m.text()}`));
  page.on('requestfailed', (r) => trail.push(`${at()} failed ${r.method()} ${r.url()} ${r.failure()?.errorText}`));
  page.on('response', (r) => {
    if (r.status() >= 300) trail.push(`${at()} ${r.status()} ${r.request().method()} ${r.url()}`);
  });
  return trail;
}
