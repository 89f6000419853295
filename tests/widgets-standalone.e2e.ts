// The widgets' self-contained files on an adviser's own site (issue 20): a plain HTML page of another origin (a second
// loopback server, another port) loads each widget's file from the product server with one module script tag, writes
// the elements with `data` attributes and they draw, in Italian and with lang="en". No request is blocked (CORS and
// the cross-origin resource policy let it through: no console error, no failed request), and the file is answered
// with the caching and CORS headers the docs promise (docs/widgets.md, "Including the widgets on your site").
// Needs the widgets build (npm run build, or npm run build -- widgets).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import { type RunningServer, repoRoot, startServer } from './support/server.ts';
import { openSite, type Site, startSite, widgetText } from './support/site.ts';

const manifestPath = join(repoRoot, 'widgets', 'dist', 'manifest.json');
if (!existsSync(manifestPath)) throw new Error('widgets not built: run npm run build (or npm run build -- widgets)');
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { files: Record<string, string> };

const donut = {
  date: '2026-06-30',
  slices: [
    { key: 'Equity', value: 125000.5 },
    { key: 'Bond', value: 74000 },
    { key: 'Alternative', value: 21000 },
  ],
};
const wealth = {
  date: '2026-06-30',
  total: 1250000,
  parts: [
    { key: 'financial', value: 750000 },
    { key: 'realEstate', value: 500000 },
  ],
};

const attr = (value: unknown) => JSON.stringify(value).replace(/&/g, '&amp;').replace(/'/g, '&#39;');

/** The adviser's page: nothing but the script tags and the elements, in the page's language (or the elements'). */
function sitePage(product: string, lang: 'it' | 'en', widgetLang?: 'en'): string {
  const langAttr = widgetLang ? ` lang="${widgetLang}"` : '';
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<title>Studio Rossi</title>
<script type="module" src="${product}/widgets/${manifest.files['portfolio-donut']}"></script>
<script type="module" src="${product}/widgets/${manifest.files['wealth-total']}"></script>
</head>
<body>
<h1>Studio Rossi</h1>
<pt-portfolio-donut id="donut"${langAttr} data='${attr(donut)}'></pt-portfolio-donut>
<pt-wealth-total id="wealth"${langAttr} data='${attr(wealth)}'></pt-wealth-total>
</body>
</html>`;
}

let server: RunningServer;
let site: Site;
let browser: Browser;

beforeAll(async () => {
  expect(manifest.files['portfolio-donut']).toBeTruthy();
  expect(manifest.files['wealth-total']).toBeTruthy();
  server = await startServer();
  // The product on http://localhost:<port>, the site on http://127.0.0.1:<other port>: two origins.
  const product = server.url;
  site = await startSite((path) =>
    path === '/en' ? sitePage(product, 'it', 'en') : path === '/' ? sitePage(product, 'it') : null,
  );
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
  await server?.stop();
});

const open = (path: string) => openSite(browser, `${site.url}${path}`);
const readyText = (page: Page, id: string) => widgetText(page, id);

describe('the widget files on a plain page of another origin', () => {
  it('draw in Italian, with no request blocked, from files cached for a year and open to any origin', async () => {
    const { page, problems, scripts, close } = await open('/');
    try {
      const donutText = await readyText(page, 'donut');
      expect(donutText).toContain('Azionario');
      expect(donutText).toContain('Obbligazionario');
      // The donut's chart library drew inside the shadow root.
      await page.waitForFunction(
        () => !!document.getElementById('donut')?.shadowRoot?.querySelector('svg path'),
        null,
        {
          timeout: 60_000,
        },
      );
      const wealthText = await readyText(page, 'wealth');
      expect(wealthText).toMatch(/1\.250\.000/);
      expect(wealthText).toContain('Immobiliare');

      for (const kind of ['portfolio-donut', 'wealth-total']) {
        const headers = scripts[`/widgets/${manifest.files[kind]}`];
        expect(headers, kind).toBeTruthy();
        expect(headers!['access-control-allow-origin']).toBe('*');
        expect(headers!['cross-origin-resource-policy']).toBe('cross-origin');
        expect(headers!['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(headers!['content-type']).toMatch(/javascript/);
      }
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  });

  it('draw in English with lang="en"', async () => {
    const { page, problems, close } = await open('/en');
    try {
      const donutText = await readyText(page, 'donut');
      expect(donutText).toContain('Equity');
      expect(donutText).not.toContain('Azionario');
      const wealthText = await readyText(page, 'wealth');
      expect(wealthText).toMatch(/1,250,000/);
      expect(wealthText).toContain('Real estate');
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  });
});
