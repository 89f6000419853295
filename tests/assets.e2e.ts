// The family business and art and luxury pages (mf-realestate) against the real server (issue 6): a PRO adds a
// company (with a loss) to a client and sees it in the shares table and in the year's revenue / profit / EBITDA
// chart, edits it with a second year and deletes it; adds an art item and sees the totals and the donut, adds
// evaluations to its history (a duplicate date shows the API's 409 on the field) and deletes it; a family view shows
// the owner column and offers the members as holders; a DELEGATE may write too; a BASIC user reads its own pages
// with no add, edit or delete; both pages in English.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, newContext, signIn } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

/** Luca Verdi (demo client of the PRO, on trial): the client the journey writes to. */
const VERDI_TAX_CODE = 'VRDLCU62C12L219G';
let VERDI = 0;
const COMPANY = 'Officine Verdi E2E S.r.l.';
const ITEM = 'Natura morta E2E, olio su tela';

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  context = await newContext(browser, server.url);
  page = await context.newPage();
  await signIn(page, 'pro');
  await page.waitForURL((u) => u.pathname === '/clients');
  const clients = await api<{ item: Array<{ id: number; taxCode: string | null }> }>(
    page,
    '/api/v1/user/client?size=10000',
  );
  VERDI = clients.item.find((c) => c.taxCode === VERDI_TAX_CODE)?.id ?? 0;
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

/** A call to the API with the page's own access token (the sign-in record in localStorage). */
async function api<T>(on: Page, path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const answer = await on.evaluate(
    async ({ url, method, body }) => {
      let token = '';
      for (let i = 0; i < localStorage.length; i++) {
        const key = localStorage.key(i) ?? '';
        if (key.startsWith('oidc.user:')) token = JSON.parse(localStorage.getItem(key) ?? '{}').access_token;
      }
      const r = await fetch(url, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      return { status: r.status, body: await r.text() };
    },
    { url: path, method: init.method ?? 'GET', body: init.body },
  );
  if (answer.status >= 400) throw new Error(`${init.method ?? 'GET'} ${path}: ${answer.status} ${answer.body}`);
  return JSON.parse(answer.body) as T;
}

/** Money as the pages show it: 2 decimals, de-DE in Italian and en-US in English, the symbol after. */
const money = (v: number, locale: 'de-DE' | 'en-US' = 'de-DE') =>
  `${new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(v)} €`;

/** The cells of the row headed `name` in a chart's data table (the table screen readers get). */
const chartRow = (on: Page, section: string, name: string) =>
  on
    .getByTestId(section)
    .getByTestId('chart-data')
    .locator('tbody tr', { has: on.locator('th', { hasText: name }) })
    .first();

interface ShareRow {
  companyId: number;
  legalName: string;
  year: number;
  ratio: number;
  shareValue: number;
  revenue: number;
  profit: number;
  ebitda: number;
  ownerList: Array<{ name: string; percentage: number }>;
}
interface LuxRow {
  id: number;
  description: string;
  category: string;
  evaluation: number;
  evaluationDate: string;
}
interface LuxStats {
  totalValue: number;
  yearlyIncome: number;
  linkedDebt: number;
  yearlyMaintenance: number;
}

describe('family business and art and luxury pages', () => {
  test('a PRO adds a company with a loss, sees it in the table and the chart, edits it and deletes it', async () => {
    expect(VERDI).toBeGreaterThan(0);
    await page.goto(`/client/${VERDI}/family-business`);
    await page.getByTestId('family-business-page').waitFor();
    await expect.poll(() => page.locator('#mf-container h1').first().textContent()).toBe('Partecipazioni');

    await page.getByTestId('add-company').click();
    const dialog = page.getByTestId('company-dialog');
    await dialog.waitFor();
    await dialog.getByTestId('company-legalName').fill(COMPANY);
    // In a client's view the only holder on offer is the client, already chosen.
    expect(await dialog.getByTestId('holder-client-0').inputValue()).toBe(String(VERDI));
    await dialog.getByTestId('holder-share-0').fill('100');
    await dialog.getByTestId('figures-year-0').fill('2024');
    await dialog.getByTestId('figures-revenue-0').fill('1.200.000');
    await dialog.getByTestId('figures-profit-0').fill('-35.000,50');
    await dialog.getByTestId('figures-ebitda-0').fill('90.000');
    await dialog.getByTestId('figures-value-0').fill('2.400.000');
    await dialog.getByTestId('dialog-submit').click();
    await page.getByTestId('toast-success').filter({ hasText: 'Azienda aggiunta' }).waitFor();
    await dialog.waitFor({ state: 'detached' });

    // Stored as typed: the whole company held by the client, so the share is worth the company's value.
    const shares = await api<{ item: ShareRow[] }>(page, `/api/v1/share?clientId=${VERDI}&size=10000&sort=year,desc`);
    const row = shares.item.find((s) => s.legalName === COMPANY);
    expect(row).toMatchObject({
      year: 2024,
      ratio: 100,
      shareValue: 2_400_000,
      revenue: 1_200_000,
      profit: -35_000.5,
      ebitda: 90_000,
      ownerList: [{ name: 'Luca Verdi', percentage: 100 }],
    });

    // The table: one row, owners as 'name percentage'.
    const table = page.getByTestId('table-family-business-shares');
    const tableRow = table.locator('.ht_master tr', { hasText: COMPANY });
    await tableRow.first().waitFor();
    expect(await tableRow.first().textContent()).toContain('Luca Verdi 100,00%');
    // No totals row: a row is one company's year, and a sum would count a holding once per year.
    expect(await table.locator('.ht_master td[data-pt-total]').count()).toBe(0);

    // The chart of 2024: the company's revenue, loss and EBITDA (the hidden data table holds what the bars show).
    await page.getByTestId('chart-year').selectOption('2024');
    const graph = await api<{ item: Array<{ legalName: string; value: number }> }>(
      page,
      `/api/v1/share/graph/profit/2024?clientId=${VERDI}`,
    );
    expect(graph.item.find((p) => p.legalName === COMPANY)?.value).toBe(-35_000.5);
    await expect
      .poll(() => chartRow(page, 'shares-chart', COMPANY).locator('td').allTextContents())
      .toEqual([money(1_200_000), money(-35_000.5), money(90_000)]);
    expect(await page.getByTestId('shares-chart').getByTestId('chart-figure').getAttribute('aria-label')).toContain(
      '2024',
    );

    // Edit: a second year; the table then has a row per year.
    await tableRow.first().getByRole('button', { name: 'Modifica' }).click();
    await dialog.waitFor();
    await expect.poll(() => dialog.getByTestId('company-legalName').inputValue()).toBe(COMPANY);
    expect(await dialog.getByTestId('figures-year-0').getAttribute('readonly')).not.toBeNull();
    await dialog.getByTestId('add-figures').click();
    await dialog.getByTestId('figures-year-1').fill('2025');
    await dialog.getByTestId('figures-revenue-1').fill('1.300.000');
    await dialog.getByTestId('figures-profit-1').fill('40.000');
    await dialog.getByTestId('figures-ebitda-1').fill('110.000');
    await dialog.getByTestId('figures-value-1').fill('2.600.000');
    await dialog.getByTestId('dialog-submit').click();
    await page.getByTestId('toast-success').filter({ hasText: 'Azienda modificata' }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    const company = await api<{ figures: Array<{ year: number; value: number }> }>(
      page,
      `/api/v1/share/company/${row!.companyId}`,
    );
    expect(company.figures.map((f) => [f.year, f.value])).toEqual([
      [2025, 2_600_000],
      [2024, 2_400_000],
    ]);
    await expect.poll(() => tableRow.count()).toBe(2);

    // Delete: the first click arms the button, the second deletes the company with all its years.
    await tableRow.first().getByRole('button', { name: 'Elimina' }).click();
    await tableRow.first().locator('.pt-table__action--confirm').click();
    await page.getByTestId('toast-success').filter({ hasText: 'Azienda eliminata' }).waitFor();
    const after = await api<{ item: ShareRow[] }>(page, `/api/v1/share?clientId=${VERDI}&size=10000`);
    expect(after.item.some((s) => s.legalName === COMPANY)).toBe(false);
    await expect.poll(() => tableRow.count()).toBe(0);
  });

  test('a PRO adds an art item, sees the totals and the donut, and keeps its evaluation history', async () => {
    const before = await api<LuxStats>(page, `/api/v1/lux/dashboard/stat?clientId=${VERDI}`);
    await page.goto(`/client/${VERDI}/art-luxury`);
    await page.getByTestId('art-luxury-page').waitFor();

    await page.getByTestId('add-lux').click();
    const dialog = page.getByTestId('lux-dialog');
    await dialog.getByTestId('lux-description').fill(ITEM);
    await dialog.getByTestId('lux-category').selectOption({ label: 'Arte' });
    await dialog.getByTestId('lux-evaluation').fill('85.000');
    await dialog.getByTestId('lux-evaluationDate').fill('2025-06-30');
    await dialog.getByTestId('lux-buyCost').fill('60.000');
    await dialog.getByTestId('lux-yearlyIncome').fill('1.700');
    await dialog.getByTestId('dialog-submit').click();
    await page.getByTestId('toast-success').filter({ hasText: 'Bene aggiunto' }).waitFor();
    await dialog.waitFor({ state: 'detached' });

    const items = await api<{ item: LuxRow[] }>(page, `/api/v1/lux?clientId=${VERDI}&sort=evaluation,desc`);
    const item = items.item.find((i) => i.description === ITEM);
    expect(item).toMatchObject({ category: 'ART', evaluation: 85_000, evaluationDate: '2025-06-30' });

    // The totals and the donut follow.
    const stats = await api<LuxStats>(page, `/api/v1/lux/dashboard/stat?clientId=${VERDI}`);
    expect(stats.totalValue).toBe(before.totalValue + 85_000);
    expect(stats.yearlyIncome).toBe(before.yearlyIncome + 1_700);
    await expect
      .poll(() => page.getByTestId('lux-totalValue').locator('.pt-figure__value').textContent())
      .toBe(money(stats.totalValue));
    const pie = await api<Array<{ category: string; value: number }>>(
      page,
      `/api/v1/lux/dashboard/pie?clientId=${VERDI}`,
    );
    const art = pie.find((p) => p.category === 'ART')!.value;
    await expect.poll(() => chartRow(page, 'lux-donut', 'Arte').locator('td').first().textContent()).toBe(money(art));

    // The history opens on the new item: its first evaluation.
    const panel = page.getByTestId('evaluation-panel');
    await panel.waitFor();
    expect(await panel.getByRole('heading', { level: 2 }).textContent()).toBe(ITEM);
    const history = panel.getByTestId('evaluation-history').locator('tbody tr');
    // Its only evaluation: no delete (the API keeps an item's last evaluation).
    await expect.poll(() => history.allTextContents()).toEqual([`30/06/2025${money(85_000)}`]);

    // A second evaluation on the same date: the API's 409, on the date field; nothing stored.
    const form = panel.getByTestId('evaluation-form');
    await form.getByTestId('evaluation-date').fill('2025-06-30');
    await form.getByTestId('evaluation-value').fill('90.000');
    await form.getByTestId('evaluation-submit').click();
    await form.getByText('Esiste già una valutazione in questa data').first().waitFor();
    const stored = await api<{ total: number }>(page, `/api/v1/lux/${item!.id}/evaluation`);
    expect(stored.total).toBe(1);

    // A later date: the history lists it first and the item takes its value.
    await form.getByTestId('evaluation-date').fill('2025-12-31');
    await form.getByTestId('evaluation-value').fill('92.000');
    await form.getByTestId('evaluation-submit').click();
    await page.getByTestId('toast-success').filter({ hasText: 'Valutazione aggiunta' }).waitFor();
    await expect.poll(() => history.count()).toBe(2);
    expect(await history.first().locator('th').textContent()).toBe('31/12/2025');
    const updated = await api<LuxRow>(page, `/api/v1/lux/${item!.id}`);
    expect(updated).toMatchObject({ evaluation: 92_000, evaluationDate: '2025-12-31' });
    const tableRow = page.getByTestId('table-art-luxury-items').locator('.ht_master tr', { hasText: ITEM });
    await expect.poll(() => tableRow.first().textContent()).toContain(money(92_000));

    // Delete with the two-step button.
    await tableRow.first().getByRole('button', { name: 'Elimina' }).click();
    await tableRow.first().locator('.pt-table__action--confirm').click();
    await page.getByTestId('toast-success').filter({ hasText: 'Bene eliminato' }).waitFor();
    const after = await api<{ item: LuxRow[] }>(page, `/api/v1/lux?clientId=${VERDI}`);
    expect(after.item.some((i) => i.id === item!.id)).toBe(false);
    await expect.poll(() => panel.count()).toBe(0);
  });

  test('a family view lists each member as owner', async () => {
    const families = await api<{ item: Array<{ id: number; name: string }> }>(page, '/api/v1/family?size=10000');
    const family = families.item.find((f) => f.name === 'Famiglia Rossi Bianchi')!;
    await page.goto(`/family/${family.id}/art-luxury`);
    const table = page.getByTestId('table-art-luxury-items');
    await table.locator('.ht_clone_top th[data-pt-col="owner"]').first().waitFor();
    // The boat is Giulia Bianchi's, the painting Mario Rossi's.
    await expect
      .poll(() => table.locator('.ht_master tr', { hasText: 'Beneteau Oceanis 46.1' }).first().textContent())
      .toContain('Giulia Bianchi');
    await page.goto(`/family/${family.id}/family-business`);
    const shares = page.getByTestId('table-family-business-shares');
    await shares.locator('.ht_clone_top th[data-pt-col="owner"]').first().waitFor();
    // A new company's holders are chosen among the family's members.
    await page.getByTestId('add-company').click();
    const dialog = page.getByTestId('company-dialog');
    await expect
      .poll(async () => (await dialog.getByTestId('holder-client-0').locator('option').allTextContents()).sort())
      .toEqual(['Giulia Bianchi', 'Mario Rossi', 'Scegli un cliente']);
    await dialog.getByRole('button', { name: 'Annulla' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  test("a DELEGATE works on the PRO's clients: the add actions are there", async () => {
    const delegateContext = await newContext(browser, server.url);
    const delegate = await delegateContext.newPage();
    await signIn(delegate, 'delegate', `/client/${VERDI}/family-business`);
    await delegate.getByTestId('add-company').waitFor();
    await delegate.goto(`/client/${VERDI}/art-luxury`);
    await delegate.getByTestId('add-lux').waitFor();
    await delegateContext.close();
  });

  test('in English both pages speak English and format numbers en-US', async () => {
    await page.goto(`/client/${VERDI}/art-luxury`);
    await page.getByTestId('art-luxury-page').waitFor();
    await page.getByTestId('language-switcher').click();
    await page.getByTestId('lang-en').click();
    await expect.poll(() => page.locator('#mf-container h1').first().textContent()).toBe('Art and luxury');
    const stats = await api<LuxStats>(page, `/api/v1/lux/dashboard/stat?clientId=${VERDI}`);
    expect(await page.getByTestId('lux-totalValue').locator('.pt-figure__label').textContent()).toBe('Total value');
    await expect
      .poll(() => page.getByTestId('lux-totalValue').locator('.pt-figure__value').textContent())
      .toBe(money(stats.totalValue, 'en-US'));
    await page.goto(`/client/${VERDI}/family-business`);
    await page.getByTestId('family-business-page').waitFor();
    await page.getByRole('heading', { name: 'Revenue, profit and EBITDA' }).waitFor();
    await page.getByRole('button', { name: 'New company' }).waitFor();
    // Back to Italian for whoever comes next.
    await page.getByTestId('language-switcher').click();
    await page.getByTestId('lang-it').click();
  });

  test('a BASIC user reads its own pages, with no add, edit or delete, and the API refuses its writes', async () => {
    const basicContext = await newContext(browser, server.url);
    const basic = await basicContext.newPage();
    await signIn(basic, 'client', '/family-business');
    await basic.waitForURL((u) => u.pathname === '/family-business');
    const shares = basic.getByTestId('table-family-business-shares');
    await shares.locator('.ht_master tr', { hasText: 'Cantine Rossi Bianchi S.r.l.' }).first().waitFor();
    expect(await basic.getByTestId('add-company').count()).toBe(0);
    expect(await shares.getByRole('button', { name: 'Modifica' }).count()).toBe(0);
    expect(await shares.getByRole('button', { name: 'Elimina' }).count()).toBe(0);

    await basic.goto('/art-luxury');
    const items = basic.getByTestId('table-art-luxury-items');
    const painting = items.locator('.ht_master tr', { hasText: 'Giorgio Morandi' }).first();
    await painting.waitFor();
    expect(await basic.getByTestId('add-lux').count()).toBe(0);
    expect(await items.getByRole('button', { name: 'Modifica' }).count()).toBe(0);
    // The history reads, without the form to add an evaluation.
    await painting.getByRole('button', { name: 'Storico delle valutazioni' }).click();
    const panel = basic.getByTestId('evaluation-panel');
    await panel.getByTestId('evaluation-history').waitFor();
    expect(await panel.getByTestId('evaluation-form').count()).toBe(0);

    const own = await api<{ item: LuxRow[] }>(basic, '/api/v1/lux');
    await expect(
      api(basic, `/api/v1/lux/${own.item[0]!.id}`, { method: 'PUT', body: { description: 'x', category: 'ART' } }),
    ).rejects.toThrow(/: 403 /);
    await basicContext.close();
  });
});
