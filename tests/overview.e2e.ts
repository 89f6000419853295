// The overview and the clients and families pages in Chromium against the real server (issue 5): a BASIC user sees
// only their own overview; a PRO adds a client (and gets the 409 toast for a duplicate), builds a family whose
// overview weighs its members, and exports the clients table; a DELEGATE without permissions has no middle office.

import { trialDaysLeft } from '@patrimonio/shared-api/constants';
import type { Browser, Page } from 'playwright-core';
import { readSheet } from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, newContext, signIn, watchCspViolations } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { taxCode } from './support/tax-code.ts';

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

interface ApiClient {
  id: number;
  demoUser: boolean;
  firstName: string | null;
  lastName: string | null;
  companyName: string | null;
  name: string | null;
  vat: string | null;
  taxCode: string | null;
  atokaId: string | null;
  email: string | null;
  company: boolean;
  subscribe: boolean;
  trial: boolean;
  trialUntil: string | null;
}
interface Dashboard {
  richComposition: Record<string, number>;
}

/** A GET of the API with the page's own access token (the sign-in record in localStorage). */
async function apiGet<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (url) => {
    let token = '';
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i) ?? '';
      if (key.startsWith('oidc.user:')) token = JSON.parse(localStorage.getItem(key) ?? '{}').access_token;
    }
    const r = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    if (!r.ok) throw new Error(`${url}: ${r.status}`);
    return r.json();
  }, path) as Promise<T>;
}

const totalOf = (d: Dashboard) => Object.values(d.richComposition).reduce((s, v) => s + v, 0);
const displayName = (c: ApiClient) =>
  c.name || c.companyName || [c.firstName, c.lastName].filter(Boolean).join(' ') || c.vat || c.taxCode || '';

// Anna Neri, born on 1 January 1990 in Rome.
const NEW_TAX_CODE = taxCode('NRENNA90A41H501');

/** The total of the overview card as a number (its data-value), once loaded. */
async function overviewTotal(page: Page): Promise<{ value: number; text: string }> {
  const total = page.getByTestId('overview-total');
  await total.waitFor({ timeout: 60_000 });
  return { value: Number(await total.getAttribute('data-value')), text: (await total.textContent()) ?? '' };
}

describe('overview and clients', () => {
  test('a BASIC user sees their own overview with the total and the charts, and no client list (also in English)', async () => {
    const context = await newContext(browser, server.url);
    const violations = await watchCspViolations(context);
    const page = await context.newPage();
    const listCalls: string[] = [];
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (path === '/api/v1/user/client' || path === '/api/v1/family') listCalls.push(path);
    });
    await signIn(page, 'client');
    await page.waitForURL((u) => u.pathname === '/overview');

    const me = await apiGet<{ clientId: number }>(page, '/api/v1/user/me');
    const dashboard = await apiGet<Dashboard>(page, `/api/v1/dashboard/${me.clientId}?iso=EUR`);
    const { value, text } = await overviewTotal(page);
    expect(value).toBeGreaterThan(0);
    expect(Math.abs(value - totalOf(dashboard))).toBeLessThanOrEqual(0.01);
    // Italian money format: 1.234,56 €
    expect(text.replace(/\s/g, ' ')).toMatch(/^\d{1,3}(\.\d{3})*,\d{2} €$/);

    // The composition donut (a widget in its own shadow root), the value line, the projection and the flux bars.
    for (const kind of ['donut', 'line', 'band', 'bar']) {
      await page.locator(`[data-testid="overview"] [data-chart="${kind}"]`).first().waitFor({ timeout: 30_000 });
    }
    await expect(page.getByTestId('overview-split').locator('[data-kind]').count()).resolves.toBe(4);

    // No Clients in the menu; /clients sends the user away (to / and so home).
    expect(await page.getByTestId('menu-clients').count()).toBe(0);
    await page.goto('/clients');
    await page.waitForURL((u) => u.pathname === '/overview');
    await page.getByTestId('overview-total').waitFor();

    // English: titles and the en-US money format.
    await page.getByTestId('language-switcher').click();
    await page.getByTestId('lang-en').click();
    await expect.poll(() => page.locator('#mf-container h1').first().textContent()).toBe('Overview');
    await expect.poll(() => page.locator('#pt-ov-total-title').textContent()).toBe('Total wealth');
    expect(((await page.getByTestId('overview-total').textContent()) ?? '').replace(/\s/g, ' ')).toMatch(
      /^\d{1,3}(,\d{3})*\.\d{2} €$/,
    );

    expect(listCalls).toEqual([]);
    // Signing in and the overview with its charts ran under the Content-Security-Policy without a refusal.
    expect(violations).toEqual([]);
    await context.close();
  });

  test('the total shows before any chart code is asked for; the charts are skeletons until it arrives (issue 21)', async () => {
    const context = await newContext(browser, server.url);
    // In the page: when the total first shows as a number, on the clock of the page's Resource Timing.
    await context.addInitScript({
      content: `new MutationObserver((_, observer) => {
        const total = document.querySelector('[data-testid="overview-total"]');
        if (total && /[0-9]/.test(total.textContent || '')) {
          window.__totalShownAt = performance.now();
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true, characterData: true });`,
    });
    const page = await context.newPage();
    await signIn(page, 'client');
    await page.waitForURL((u) => u.pathname === '/overview');
    await page.getByTestId('overview-total').waitFor();

    // A fresh load with ApexCharts' chunks held back: the total and the split show, the charts stay skeletons.
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const held: string[] = [];
    await context.route(/\/shared-ui\/chunks\/apexcharts[-.][^/]*\.js$/, async (route) => {
      held.push(new URL(route.request().url()).pathname);
      await released;
      await route.continue();
    });
    await page.reload();
    const { value } = await overviewTotal(page);
    expect(value).toBeGreaterThan(0);
    await expect(page.getByTestId('overview-split').locator('[data-kind]').count()).resolves.toBe(4);
    const canvases = page.locator('[data-testid="overview"] .pt-chart__canvas');
    for (const kind of ['donut', 'line', 'band', 'bar']) {
      const canvas = page.locator(`[data-testid="overview"] [data-chart="${kind}"] .pt-chart__canvas`).first();
      await canvas.waitFor({ timeout: 30_000 });
      expect(await canvas.getAttribute('data-state')).toBe('loading');
    }
    await expect.poll(() => held.length).toBeGreaterThan(0);

    // The chart code arrives: every chart is drawn.
    release();
    await expect
      .poll(async () => (await canvases.evaluateAll((els) => els.map((e) => e.getAttribute('data-state')))).join(), {
        timeout: 30_000,
      })
      .toMatch(/^ready(,ready)*$/);
    expect(await canvases.count()).toBeGreaterThanOrEqual(4);
    // Every chart chunk was asked for after the total had shown, not only answered after it.
    const order = await page.evaluate(() => ({
      totalShownAt: (window as unknown as { __totalShownAt?: number }).__totalShownAt ?? null,
      chartRequests: performance
        .getEntriesByType('resource')
        .filter((e) => /\/shared-ui\/chunks\/apexcharts[-.]/.test(e.name))
        .map((e) => e.startTime),
    }));
    expect(order.totalShownAt).not.toBeNull();
    expect(order.chartRequests.length).toBeGreaterThan(0);
    expect(Math.min(...order.chartRequests)).toBeGreaterThan(order.totalShownAt!);
    await context.close();
  });

  test('while figures are recalculated the overview says so and polls every 15 s; a failed load offers a retry', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await signIn(page, 'client');
    await page.waitForURL((u) => u.pathname === '/overview');
    await page.getByTestId('overview-total').waitFor();

    // The first answer says the figures are being recalculated, the next ones do not.
    const calls: number[] = [];
    await page.route('**/api/v1/dashboard/**', async (route) => {
      calls.push(Date.now());
      const response = await route.fetch();
      const body = await response.json();
      await route.fulfill({ response, json: { ...body, recalculationInProgress: calls.length === 1 } });
    });
    await page.reload();
    const notice = page.getByTestId('recalculation-notice');
    await notice.waitFor();
    await page.getByTestId('overview-total').waitFor();
    await notice.waitFor({ state: 'detached', timeout: 30_000 });
    expect(calls.length).toBe(2);
    expect(calls[1]! - calls[0]!).toBeGreaterThanOrEqual(14_000);
    await page.unroute('**/api/v1/dashboard/**');

    // A failed load: the error state with a retry, which loads the overview.
    await page.route('**/api/v1/dashboard/**', (route) =>
      route.fulfill({ status: 404, json: { statusCode: 404, error: 'Not Found', message: 'Not Found' } }),
    );
    await page.reload();
    await page.getByTestId('error-state').waitFor();
    await page.unroute('**/api/v1/dashboard/**');
    await page.getByTestId('error-state').getByRole('button', { name: 'Riprova' }).click();
    await page.getByTestId('overview-total').waitFor();
    await context.close();
  });

  test('a client with neither subscription nor trial sends the adviser to /', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await signIn(page, 'pro');
    await page.waitForURL((u) => u.pathname === '/clients');
    const clients = await apiGet<{ item: ApiClient[] }>(page, '/api/v1/user/client?size=10000');
    const closed = clients.item.find((c) => !c.subscribe && !c.trial);
    expect(closed).toBeDefined();
    await page.goto(`/client/${closed!.id}/overview`);
    await page.waitForURL((u) => u.pathname === '/clients');
    await context.close();
  });

  test('a PRO adds a person client and sees it in the table; adding it again shows the 409 toast naming it', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await signIn(page, 'pro');
    await page.waitForURL((u) => u.pathname === '/clients');

    await page.getByTestId('add-client').click();
    const dialog = page.getByTestId('client-dialog');
    await dialog.waitFor();
    await page.getByTestId('field-firstName').fill('Anna');
    await page.getByTestId('field-lastName').fill('Neri');
    // A wrong check character first: the validation's reason shows on the field.
    await page.getByTestId('field-taxCode').fill(`${NEW_TAX_CODE.slice(0, 15)}${NEW_TAX_CODE[15] === 'A' ? 'B' : 'A'}`);
    await page.getByTestId('client-save').click();
    await dialog.getByText('Il codice fiscale non è valido').waitFor();

    await page.getByTestId('field-taxCode').fill(NEW_TAX_CODE.toLowerCase());
    await page.getByTestId('client-save').click();
    await page.getByTestId('toast-success').filter({ hasText: 'Aggiunto correttamente' }).waitFor();
    await dialog.waitFor({ state: 'detached' });

    await page.getByTestId('table-search').fill('Neri');
    await page.getByTestId('clients-page').getByText('Anna Neri').first().waitFor();
    await page.getByTestId('clients-page').getByText(NEW_TAX_CODE).first().waitFor();
    const clients = await apiGet<{ item: ApiClient[] }>(page, '/api/v1/user/client?size=10000');
    const added = clients.item.find((c) => c.taxCode === NEW_TAX_CODE);
    expect(added).toMatchObject({ firstName: 'Anna', lastName: 'Neri', trial: true });

    // The same tax code again: the add answers 409 and the toast names the client already present.
    await page.getByTestId('add-client').click();
    await dialog.waitFor();
    await page.getByTestId('field-taxCode').fill(NEW_TAX_CODE);
    const conflict = page.waitForResponse((r) => r.url().includes('/api/v1/client/empty/') && r.status() === 409);
    await page.getByTestId('client-save').click();
    await conflict;
    const toast = page.getByTestId('toast-error').filter({ hasText: 'Il cliente Anna Neri è già presente' });
    await toast.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // Delete in two steps: the first press asks for confirmation, the second deletes.
    const row = page.locator('tr', { hasText: NEW_TAX_CODE }).first();
    await row.locator('[data-pt-action="delete"]').click();
    await row.locator('[data-pt-action="delete"]').click();
    await page.getByTestId('toast-success').filter({ hasText: 'Eliminato correttamente' }).waitFor();
    const after = await apiGet<{ item: ApiClient[] }>(page, '/api/v1/user/client?size=10000');
    expect(after.item.some((c) => c.taxCode === NEW_TAX_CODE)).toBe(false);
    await context.close();
  });

  test('a PRO creates a family of two clients with weights 1 and 0.5: its total is A + 0.5 x B', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await signIn(page, 'pro');
    await page.waitForURL((u) => u.pathname === '/clients');
    const clients = await apiGet<{ item: ApiClient[] }>(page, '/api/v1/user/client?size=10000');
    const byName = (n: string) => clients.item.find((c) => displayName(c) === n)!;
    const a = byName('Mario Rossi');
    const b = byName('Luca Verdi');

    // The tabs work from the keyboard: arrow right moves to Families and selects it.
    await page.getByTestId('tab-clients').focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.getByTestId('tab-families').getAttribute('aria-selected')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('tab-families');
    await page.waitForURL((u) => u.search === '?tab=families');
    await page.getByTestId('add-family').click();
    await page.getByTestId('family-name').fill('Famiglia Rossi Verdi');
    await page.getByTestId('family-save').click();
    const members = page.getByTestId('members-dialog');
    await members.waitFor();
    await page.getByTestId('member-candidate').selectOption({ label: 'Mario Rossi' });
    await page.getByTestId('member-add').click();
    await page.getByTestId('member-candidate').selectOption({ label: 'Luca Verdi' });
    await page.getByTestId('member-candidate-weight').fill('0,5');
    await page.getByTestId('member-add').click();
    await expect(page.getByTestId(`member-weight-${a.id}`).inputValue()).resolves.toBe('1');
    await page.getByTestId('members-save').click();
    await page.getByTestId('toast-success').filter({ hasText: 'Modificato correttamente' }).waitFor();
    await members.waitFor({ state: 'detached' });

    const families = await apiGet<{
      item: Array<{ id: number; name: string; users: { id: number; weight: number }[] }>;
    }>(page, '/api/v1/family?size=10000');
    const family = families.item.find((f) => f.name === 'Famiglia Rossi Verdi')!;
    expect(family.users.map((u) => [u.id, u.weight]).sort()).toEqual(
      [
        [a.id, 1],
        [b.id, 0.5],
      ].sort(),
    );

    // The same name again: the 409 toast names the family.
    await page.getByTestId('add-family').click();
    await page.getByTestId('family-name').fill('Famiglia Rossi Verdi');
    await page.getByTestId('family-save').click();
    await page
      .getByTestId('toast-error')
      .filter({ hasText: 'La famiglia «Famiglia Rossi Verdi» è già presente' })
      .waitFor();
    await page.keyboard.press('Escape');

    const [da, db] = await Promise.all([
      apiGet<Dashboard>(page, `/api/v1/dashboard/${a.id}?clientId=${a.id}&iso=EUR`),
      apiGet<Dashboard>(page, `/api/v1/dashboard/${b.id}?clientId=${b.id}&iso=EUR`),
    ]);
    const expected = totalOf(da) + 0.5 * totalOf(db);
    await page.goto(`/family/${family.id}/overview`);
    const { value } = await overviewTotal(page);
    // The server weighs the members' positions before rounding to the cent: A + 0.5 x B of the rounded totals
    // can differ from it by a cent (a half cent of B's odd cents, plus rounding).
    expect(Math.abs(value - expected)).toBeLessThanOrEqual(0.02);
    expect(await page.locator('.pt-page-head__subtitle').textContent()).toBe('Famiglia Rossi Verdi');
    await context.close();
  });

  test('the clients table exports an XLSX that reads back with the same rows', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await signIn(page, 'pro');
    await page.waitForURL((u) => u.pathname === '/clients');
    await page.getByTestId('table-export').waitFor();
    const clients = await apiGet<{ item: ApiClient[] }>(page, '/api/v1/user/client?size=10000');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('table-export').click()]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const rows = await readSheet(await download.path());
    const [header, ...body] = rows;
    expect(header).toEqual(['Nominativo', 'Tipo', 'Codice fiscale / Partita IVA', 'Email', 'Stato']);
    expect(body).toHaveLength(clients.item.length);
    // A trial counts its days left (the browser's today); a past trial says it ended.
    const today = new Date().toLocaleDateString('sv');
    const trialText = (c: ApiClient) => {
      const days = trialDaysLeft(c.trialUntil, today);
      return `In prova · ${days === 1 ? '1 giorno' : `${days} giorni`}`;
    };
    const status = (c: ApiClient) =>
      c.subscribe ? 'Abbonato' : c.trial ? trialText(c) : c.trialUntil ? 'Prova terminata' : 'Non attivo';
    const kind = (c: ApiClient) => (c.demoUser ? 'Utente demo' : c.company ? 'Società' : 'Persona fisica');
    const expected = clients.item
      .map((c) => [displayName(c), kind(c), (c.company ? (c.vat ?? c.atokaId) : c.taxCode) ?? null, c.email, status(c)])
      .map((r) => JSON.stringify(r))
      .sort();
    expect(body.map((r) => JSON.stringify(r.map((v) => v ?? null))).sort()).toEqual(expected);
    await context.close();
  });

  test('a DELEGATE without permissions has no middle office; one with both permissions has both entries', async () => {
    for (const [login, entries] of [
      ['delegate2', 0],
      ['delegate', 2],
    ] as const) {
      const context = await newContext(browser, server.url);
      const page = await context.newPage();
      await signIn(page, login);
      await page.waitForURL((u) => u.pathname === '/clients');
      const menu = page.getByTestId('side-menu');
      await page.getByTestId('menu-clients').waitFor();
      const found =
        (await page.getByTestId('menu-pendingMovements').count()) + (await page.getByTestId('menu-controls').count());
      expect(found).toBe(entries);
      expect((await menu.textContent())?.includes('Middle office')).toBe(entries > 0);
      // The clients page is theirs too: the list of their PRO's clients.
      await page.getByTestId('tab-clients').waitFor();
      await context.close();
    }
  });
});
