// Widgets with a widget token on an adviser's own site (issue 20, docs/widgets.md): the demo PRO issues a token for
// Mario Rossi with three widgets and the site's origin; a plain page of that origin (a second loopback server) loads
// the self-contained file and writes the three elements with `src` and `token`: they draw the client's real figures
// (the wealth total is the portal's own dashboard total), in Italian and in English. The same page on an origin the
// token does not list is refused (every widget in its error state, no figure); from the allowed page the token cannot
// ask for another client, cannot write and is no key to the rest of the API; once revoked, the widgets say the token
// is not valid. Needs the build (npm run build).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { apiAs, launchBrowser, newContext, signIn } from './support/browser.ts';
import { type RunningServer, repoRoot, startServer } from './support/server.ts';
import { openSite, type Site, startSite, widgetText } from './support/site.ts';

const manifestPath = join(repoRoot, 'widgets', 'dist', 'manifest.json');
if (!existsSync(manifestPath)) throw new Error('widgets not built: run npm run build (or npm run build -- widgets)');
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { files: Record<string, string> };

const KINDS = ['wealth-total', 'portfolio-donut', 'performance-bars'] as const;

let server: RunningServer;
let browser: Browser;
let allowed: Site;
let other: Site;
let token = '';

/** The adviser's page: the script tag and the three elements, as the portal's snippet gives them. */
function sitePage(lang: 'it' | 'en'): string {
  const product = server.url;
  const elements = KINDS.map(
    (k) => `<pt-${k} id="${k}" lang="${lang}" src="${product}/api/v1/widget-data/${k}" token="${token}"></pt-${k}>`,
  ).join('\n');
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<title>Studio Rossi</title>
<script type="module" src="${product}/widgets/${manifest.files.all}"></script>
</head>
<body>
<h1>Studio Rossi</h1>
${elements}
</body>
</html>`;
}
const pages = (path: string) => (path === '/' ? sitePage('it') : path === '/en' ? sitePage('en') : null);

/** A signed-in page of the demo PRO on the portal, for its API calls. */
let pro: Page;
let clientId = 0;
let otherClientId = 0;
let tokenId = 0;

beforeAll(async () => {
  server = await startServer();
  allowed = await startSite(pages);
  other = await startSite(pages);
  browser = await launchBrowser();
  const context = await newContext(browser, server.url);
  pro = await context.newPage();
  await signIn(pro, 'pro');
  await pro.waitForURL((u) => u.pathname === '/clients');
  const clients = await apiAs<{ item: Array<{ id: number; firstName: string | null; lastName: string | null }> }>(
    pro,
    server.url,
    '/api/v1/user/client?size=10000',
  );
  const mario = clients.item.find((c) => c.firstName === 'Mario' && c.lastName === 'Rossi');
  expect(mario).toBeDefined();
  clientId = mario!.id;
  otherClientId = clients.item.find((c) => c.id !== clientId)!.id;
  const expiresOn = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const issued = await apiAs<{ token: string; item: { id: number } }>(
    pro,
    server.url,
    `/api/v1/clients/${clientId}/widget-tokens`,
    { method: 'POST', body: { label: 'Sito dello studio', widgets: KINDS, origins: [allowed.url], expiresOn } },
  );
  token = issued.token;
  tokenId = issued.item.id;
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await allowed?.close();
  await other?.close();
  await server?.stop();
});

/** The client's whole wealth as the portal's overview computes it, formatted as the widget shows it. */
async function portalTotal(locale: 'de-DE' | 'en-US'): Promise<string> {
  const dashboard = await apiAs<{ richComposition: Record<string, number> }>(
    pro,
    server.url,
    `/api/v1/dashboard/${clientId}`,
  );
  const total = Object.values(dashboard.richComposition).reduce((a, b) => a + b, 0);
  expect(total).toBeGreaterThan(0);
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(total);
}

describe('widgets with a widget token on the adviser’s site', () => {
  test('three widgets draw the client’s real figures in Italian, with no request blocked', async () => {
    const site = await openSite(browser, `${allowed.url}/`);
    try {
      const total = await widgetText(site.page, 'wealth-total');
      expect(total).toContain(await portalTotal('de-DE'));
      expect(total).toContain('Finanziario');
      const donut = await widgetText(site.page, 'portfolio-donut');
      expect(donut).toMatch(/Azionario|Obbligazionario|Alternativo/);
      await site.page.waitForFunction(
        () => !!document.getElementById('portfolio-donut')?.shadowRoot?.querySelector('svg path'),
        null,
        { timeout: 60_000 },
      );
      const bars = await widgetText(site.page, 'performance-bars');
      expect(bars).toMatch(/Azionario|Obbligazionario|Alternativo/);
      expect(site.problems).toEqual([]);

      // From the site's page the token reads its own client's figures only, and writes nothing.
      const tries = await site.page.evaluate(
        async ({ product, key, otherId }) => {
          const auth = { authorization: `Bearer ${key}` };
          const status = async (url: string, init: RequestInit = {}) => {
            try {
              return (await fetch(url, { ...init, headers: auth, credentials: 'omit' })).status;
            } catch {
              return 'blocked';
            }
          };
          return {
            otherClient: await status(`${product}/api/v1/widget-data/wealth-total?clientId=${otherId}`),
            write: await status(`${product}/api/v1/widget-data/wealth-total`, { method: 'POST' }),
            rest: await status(`${product}/api/v1/dashboard/${otherId}`),
          };
        },
        { product: server.url, key: token, otherId: otherClientId },
      );
      // The browser reads none of them: a query naming a client is refused before any token check (a 400 without
      // CORS headers, checked below from outside the browser), the write is stopped by the preflight (GET only) and
      // the rest of the API answers no other origin.
      expect(tries).toEqual({ otherClient: 'blocked', write: 'blocked', rest: 'blocked' });
      const named = await fetch(`${server.url}/api/v1/widget-data/wealth-total?clientId=${otherClientId}`, {
        headers: { authorization: `Bearer ${token}`, origin: allowed.url },
      });
      expect(named.status).toBe(400);
    } finally {
      await site.close();
    }
  });

  test('the same widgets in English with lang="en"', async () => {
    const site = await openSite(browser, `${allowed.url}/en`);
    try {
      const total = await widgetText(site.page, 'wealth-total');
      expect(total).toContain(await portalTotal('en-US'));
      expect(total).toContain('Financial');
      expect(await widgetText(site.page, 'portfolio-donut')).toMatch(/Equity|Bond|Alternative/);
      expect(site.problems).toEqual([]);
    } finally {
      await site.close();
    }
  });

  test('on an origin the token does not list, every widget is refused and shows no figure', async () => {
    const site = await openSite(browser, `${other.url}/`);
    try {
      for (const kind of KINDS) {
        const text = await widgetText(site.page, kind, 'error');
        expect(text, kind).toContain('Dati non disponibili');
        expect(text, kind).not.toMatch(/Finanziario|Azionario/);
      }
    } finally {
      await site.close();
    }
  });

  test('once the PRO revokes the token, the widgets say it is not valid', async () => {
    await apiAs(pro, server.url, `/api/v1/widget-tokens/${tokenId}/revoke`, { method: 'POST' });
    const site = await openSite(browser, `${allowed.url}/`);
    try {
      for (const kind of KINDS) {
        const text = await widgetText(site.page, kind, 'error');
        expect(text, kind).toContain('Il token del widget non è valido');
      }
    } finally {
      await site.close();
    }
    const list = await apiAs<{ item: Array<{ id: number; state: string; uses: number }> }>(
      pro,
      server.url,
      `/api/v1/clients/${clientId}/widget-tokens`,
    );
    const row = list.item.find((t) => t.id === tokenId);
    expect(row?.state).toBe('revoked');
    // Counted: three widgets on the Italian page, two of them in English before the revocation (and the call with a
    // client's id, refused, is not a use).
    expect(row?.uses).toBeGreaterThanOrEqual(6);
  });
});
