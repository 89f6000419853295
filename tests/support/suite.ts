// One running server and one browser for a test file: started before its tests, stopped after them with every context
// its pages opened. Most journeys need only this, a signed-in page per user and the API as that page's user.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { apiAs, launchBrowser, newContext, signedInPage } from './browser.ts';
import { type RunningServer, startServer } from './server.ts';

export interface PortalSuite {
  readonly server: RunningServer;
  readonly browser: Browser;
  /** A page of a new context, signed in as `login` at `path`. */
  signedIn(login: string, path?: string): Promise<Page>;
  /** A new context of the portal, closed with the suite. */
  context(): Promise<BrowserContext>;
  /** A call to the API with the page's own access token; the answer parsed, or thrown. */
  api<T>(page: Page, path: string, init?: { method?: string; body?: unknown }): Promise<T>;
}

export interface PortalSuiteOptions {
  /** The server's settings; read once `before` has run (a function of the port it will listen on, if need be). */
  env?: () => Record<string, string> | ((port: number) => Record<string, string>);
  /** Set-up before the server starts (files it should find, an outside service). */
  before?: () => Promise<void> | void;
  /** Tidying after the server has stopped. */
  after?: () => Promise<void> | void;
}

export function portalSuite(options: PortalSuiteOptions = {}): PortalSuite {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`the suite's ${what} has not started`);
    return value;
  };

  beforeAll(async () => {
    await options.before?.();
    server = await startServer(options.env?.() ?? {});
    browser = await launchBrowser();
  }, 180_000);
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
    await server?.stop();
    await options.after?.();
  });

  return {
    get server() {
      return started(server, 'server');
    },
    get browser() {
      return started(browser, 'browser');
    },
    signedIn: (login, path = '/') =>
      signedInPage(started(browser, 'browser'), started(server, 'server').url, contexts, login, path),
    context: async () => {
      const context = await newContext(started(browser, 'browser'), started(server, 'server').url);
      contexts.push(context);
      return context;
    },
    api: (page, path, init = {}) => apiAs(page, started(server, 'server').url, path, init),
  };
}
