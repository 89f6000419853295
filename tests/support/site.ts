// An adviser's own website for the widget journeys (issue 20): a plain HTTP server on another loopback origin
// (http://127.0.0.1:<port>, while the product answers at http://localhost:<port>) serving the pages it is given, and a
// browser page on it that records what the browser refused or complained about.
import { createServer } from 'node:http';
import type { Browser, Page } from 'playwright-core';
import { freePort } from './server.ts';

export interface Site {
  /** The site's origin, e.g. http://127.0.0.1:41234. */
  url: string;
  close: () => Promise<void>;
}

/** Starts a site answering each path with `pageAt(path)`'s HTML, or 404 when it gives null. */
export async function startSite(pageAt: (path: string) => string | null): Promise<Site> {
  const port = await freePort();
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    // The browser asks for a favicon: the site has none to give (an empty answer, not an error).
    if (path === '/favicon.ico') return res.writeHead(204).end();
    const page = pageAt(path);
    if (page === null) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface SitePage {
  page: Page;
  /** Console errors, page errors, failed requests and answers of 400 or more, in order. */
  problems: string[];
  /** The response headers of the widget files, by path. */
  scripts: Record<string, Record<string, string>>;
  close: () => Promise<void>;
}

/** Opens `url` in a new context of `browser`, recording problems and the widget files' headers. */
export async function openSite(browser: Browser, url: string): Promise<SitePage> {
  const context = await browser.newContext({ viewport: { width: 1024, height: 900 } });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('requestfailed', (r) => problems.push(`failed: ${r.url()} ${r.failure()?.errorText}`));
  const scripts: Record<string, Record<string, string>> = {};
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`status ${r.status()}: ${r.url()}`);
    if (r.url().includes('/widgets/')) scripts[new URL(r.url()).pathname] = r.headers();
  });
  await page.goto(url);
  return { page, problems, scripts, close: () => context.close() };
}

/** Waits until the element `id` reaches `state` (data-state) and gives its shadow root's text. */
export async function widgetText(page: Page, id: string, state = 'ready'): Promise<string> {
  await page.waitForFunction(
    ([i, s]) => document.getElementById(i as string)?.getAttribute('data-state') === s,
    [id, state],
    { timeout: 60_000 },
  );
  return page.evaluate((i) => document.getElementById(i)?.shadowRoot?.textContent ?? '', id);
}
