// The financial pages against the real server (mf-financial), as one journey from a new client: a PRO adds a client,
// opens it, adds a portfolio and an account, imports the sample movements of docs/import and sees the position and
// the performance change (checked against the API before and after, once the recalculation is over); a bad file lists its rejected row and stores nothing;
// a ';' file with decimal dots is refused with Italian reasons, by row or (ambiguous numbers) as a whole;
// the movements table exports an XLSX that reads back with the same rows; the stocks page lists the demo
// instruments; and the position in English.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { readSheet } from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, newContext, signIn } from './support/browser.ts';
import { type RunningServer, repoRoot, startServer } from './support/server.ts';
import { taxCode } from './support/tax-code.ts';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let work: string;

/** The client the journey adds (Luca Verdi, born on 15 March 1985 in Milan), and its id once added. */
const CLIENT_TAX_CODE = taxCode('VRDLCU85C15F205');
let CLIENT = 0;
const PORTFOLIO_NAME = 'Portafoglio E2E';
const ACCOUNT_NAME = 'Deposito E2E';
const SAMPLE = join(repoRoot, 'docs/import/movement-sample.csv');
/** A BTP not in the demo catalogue. */
const SAMPLE_BTP = 'IT0005438004';

/** What the journey created, for the later tests. */
const created = { portfolioId: 0, accountId: 0 };

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  context = await newContext(browser, server.url);
  page = await context.newPage();
  work = mkdtempSync(join(tmpdir(), 'patrimonio-financial-'));
  await signIn(page, 'pro');
  await page.waitForURL((u) => u.pathname === '/clients');
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

/** The signed-in user's access token, from the portal's stored sign-in. */
const accessToken = () =>
  page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:'));
    return key ? (JSON.parse(localStorage.getItem(key) ?? '{}').access_token as string) : '';
  });

/** A call to the API as the signed-in user. */
async function api<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const res = await fetch(`${server.url}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${await accessToken()}`,
      ...(init.body ? { 'content-type': 'application/json' } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

interface Sintetico {
  recalculationInProgress: boolean;
  reportSinteticoTotalComposition: Array<{ controvalore: number; stocksValue: number; cashValue: number }>;
}
interface Performance {
  recalculationInProgress: boolean;
  result: number | null;
  resultMW: number | null;
  resultMWAnnualised: number | null;
  data: Array<{ date: string; total: number }>;
}

const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};
/** The spec's default range: the day before 1 January of this year, to today. */
const defaultFrom = () => `${Number(today().slice(0, 4)) - 1}-12-31`;

const sintetico = (ptf: number) => api<Sintetico>(`/api/v1/report/${ptf}/sintetico?clientId=${CLIENT}&date=${today()}`);
const performance = (ptf: number) =>
  api<Performance>(
    `/api/v2/report/${ptf}/performance?clientId=${CLIENT}&dateFrom=${defaultFrom()}&dateTo=${today()}&fullData=true`,
  );

/** Waits until the report has no recalculation in progress and passes the check. */
async function settled<T extends { recalculationInProgress: boolean }>(
  load: () => Promise<T>,
  ok: (value: T) => boolean,
  timeoutMs = 60_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await load();
    if (!value.recalculationInProgress && ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`report not settled: ${JSON.stringify(value).slice(0, 300)}`);
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/** Money and percent as the pages show them in Italian (de-DE) and English (en-US). */
const money = (v: number, locale: 'de-DE' | 'en-US' = 'de-DE') =>
  `${new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(v)} €`;
const percent = (v: number) =>
  `${new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2, signDisplay: 'negative' }).format(v)}%`;

const figure = (id: string) => page.getByTestId(id).locator('.pt-figure__value');
const movementTotal = async (ptf: number) =>
  (
    await api<{ total: number }>(`/api/v1/movement/list?ptfId=${ptf}&page=1&size=50&sort=dateTime,desc`, {
      method: 'POST',
      body: {},
    })
  ).total;

describe('financial pages', () => {
  test('an ADMIN adds a bond to the instrument registry on the stocks page', async () => {
    // A BTP the demo catalogue does not hold (the sample file's instruments are all in it).
    const adminContext = await newContext(browser, server.url);
    const admin = await adminContext.newPage();
    await signIn(admin, 'admin', '/stocks');
    await admin.waitForURL((u) => u.pathname === '/stocks');
    await admin.getByTestId('add-stock').click();
    const dialog = admin.getByTestId('stock-dialog');
    await dialog.getByTestId('stock-isin').fill(SAMPLE_BTP);
    await dialog.getByTestId('stock-name').fill('BTP 1,50% 30/04/2045');
    await dialog.getByTestId('stock-currency').selectOption('EUR');
    await dialog.getByTestId('stock-macroAssetClass').selectOption('Bond');
    await dialog.getByTestId('stock-assetClass').fill('Titoli di Stato');
    await dialog.getByTestId('stock-couponRate').fill('1,5');
    await dialog.getByTestId('stock-couponFrequency').selectOption('2');
    await dialog.getByTestId('stock-maturityDate').fill('2045-04-30');
    await dialog.getByTestId('dialog-submit').click();
    await dialog.waitFor({ state: 'detached' });
    const found = await api<{ item: Array<{ isin: string; macroAssetClass: string; couponRate: number | null }> }>(
      `/api/v1/stock?q=${SAMPLE_BTP}`,
    );
    expect(found.item).toEqual([
      expect.objectContaining({ isin: SAMPLE_BTP, macroAssetClass: 'Bond', couponRate: 0.015 }),
    ]);
    await adminContext.close();
  });

  test('a PRO adds a client, a portfolio and an account, imports the sample and sees position and performance change', async () => {
    // A new client, from the clients page; it opens on its overview (a new client has a trial).
    await page.getByTestId('add-client').click();
    const clientDialog = page.getByTestId('client-dialog');
    await clientDialog.waitFor();
    await page.getByTestId('field-firstName').fill('Luca');
    await page.getByTestId('field-lastName').fill('Verdi');
    await page.getByTestId('field-taxCode').fill(CLIENT_TAX_CODE);
    await page.getByTestId('client-save').click();
    await page.getByTestId('toast-success').filter({ hasText: 'Aggiunto correttamente' }).waitFor();
    await clientDialog.waitFor({ state: 'detached' });
    await page.getByTestId('table-search').fill('Verdi');
    await page.getByTestId('clients-page').getByText('Luca Verdi').first().click();
    await page.waitForURL((u) => /^\/client\/\d+\/overview$/.test(u.pathname));
    CLIENT = Number(new URL(page.url()).pathname.split('/')[2]);
    const clients = await api<{ item: Array<{ id: number; taxCode: string | null; trial: boolean }> }>(
      '/api/v1/user/client?size=10000',
    );
    expect(clients.item.find((c) => c.id === CLIENT)).toMatchObject({ taxCode: CLIENT_TAX_CODE, trial: true });
    // No portfolio yet: the menu has at most the aggregate, with no movement.
    const empty = await api<Array<{ id: number | null; firstMovementDate: string | null }>>(
      `/api/v1/portfolio/menu?clientId=${CLIENT}`,
    );
    expect(empty.filter((p) => p.id !== null)).toEqual([]);
    await page.getByTestId('side-menu').getByRole('link', { name: 'Posizione' }).click();
    await page.getByTestId('position-page').waitFor();

    // A new portfolio: the context bar selects it, and the API says it is empty.
    await page.getByTestId('add-portfolio').click();
    const portfolioDialog = page.getByTestId('portfolio-dialog');
    await portfolioDialog.getByTestId('portfolio-name').fill(PORTFOLIO_NAME);
    await portfolioDialog.getByTestId('dialog-submit').click();
    await portfolioDialog.waitFor({ state: 'detached' });
    await expect.poll(() => new URL(page.url()).searchParams.get('ptf'), { timeout: 15_000 }).toMatch(/^\d+$/);
    created.portfolioId = Number(new URL(page.url()).searchParams.get('ptf'));
    const menu = await api<Array<{ id: number | null; name: string }>>(`/api/v1/portfolio/menu?clientId=${CLIENT}`);
    expect(menu.find((p) => p.id === created.portfolioId)?.name).toBe(PORTFOLIO_NAME);
    await expect.poll(() => page.getByTestId('portfolio-select').inputValue()).toBe(String(created.portfolioId));

    const before = await settled(
      () => sintetico(created.portfolioId),
      () => true,
    );
    expect(before.reportSinteticoTotalComposition[0]?.controvalore ?? 0).toBe(0);
    const performanceBefore = await settled(
      () => performance(created.portfolioId),
      () => true,
    );
    expect(performanceBefore.data.every((d) => d.total === 0)).toBe(true);
    await expect.poll(() => figure('position-controvalore').textContent()).toBe(money(0));

    // A securities account at Intesa Sanpaolo, in the new portfolio (ticked by default: it is the selected one).
    await page.getByTestId('add-account').click();
    const accountDialog = page.getByTestId('account-dialog');
    await accountDialog.getByTestId('account-type').selectOption('CUSTODIA_TITOLI');
    await accountDialog.getByTestId('account-name').fill(ACCOUNT_NAME);
    await accountDialog.getByTestId('account-intermediary').selectOption({ label: 'Intesa Sanpaolo' });
    expect(await accountDialog.getByLabel(PORTFOLIO_NAME).isChecked()).toBe(true);
    await accountDialog.getByTestId('dialog-submit').click();
    await accountDialog.waitFor({ state: 'detached' });
    const accounts = await api<{ item: Array<{ id: number; name: string; portfolioIds: number[] }> }>(
      `/api/v1/account?clientId=${CLIENT}&size=10000`,
    );
    const account = accounts.item.find((a) => a.name === ACCOUNT_NAME);
    expect(account?.portfolioIds).toEqual([created.portfolioId]);
    created.accountId = account!.id;

    // The sample file into it: the dialog closes on success.
    await page.getByTestId('upload-movements').click();
    const upload = page.getByTestId('movement-upload-dialog');
    await upload.getByTestId('upload-account').selectOption(String(created.accountId));
    await upload.getByTestId('upload-file').setInputFiles(SAMPLE);
    await upload.getByTestId('dialog-submit').click();
    await upload.waitFor({ state: 'detached', timeout: 30_000 });
    expect(await movementTotal(created.portfolioId)).toBe(20);

    // The position changes: the API, once recalculated, and the page (which polls while recalculating).
    const after = await settled(
      () => sintetico(created.portfolioId),
      (s) => (s.reportSinteticoTotalComposition[0]?.controvalore ?? 0) > 0,
    );
    const totals = after.reportSinteticoTotalComposition[0]!;
    expect(totals.stocksValue).toBeGreaterThan(0);
    await expect
      .poll(() => figure('position-controvalore').textContent(), { timeout: 45_000 })
      .toBe(money(totals.controvalore));
    expect(await figure('position-stocks').textContent()).toBe(money(totals.stocksValue));
    expect(await figure('position-cash').textContent()).toBe(money(totals.cashValue));

    // The performance changes too: the context (portfolio and range) follows to the performance page.
    const performanceAfter = await settled(
      () => performance(created.portfolioId),
      (p) => p.result !== null,
    );
    expect(performanceAfter.data.at(-1)?.total ?? 0).toBeGreaterThan(0);
    await page.getByTestId('side-menu').getByRole('link', { name: 'Performance' }).click();
    await page.getByTestId('performance-page').waitFor();
    expect(new URL(page.url()).searchParams.get('ptf')).toBe(String(created.portfolioId));
    await expect
      .poll(() => figure('performance-twr').textContent(), { timeout: 45_000 })
      .toBe(percent(performanceAfter.result!));
    expect(await figure('performance-value').textContent()).toBe(money(performanceAfter.data.at(-1)!.total));
    // The period's MWR and its annualised rate (issue 13), from the API's full-precision figures shown with 2 decimals.
    expect(performanceAfter.resultMWAnnualised).not.toBeNull();
    expect(await figure('performance-mwr').textContent()).toBe(percent(performanceAfter.resultMW!));
    expect(await figure('performance-mwr-annualised').textContent()).toBe(
      percent(performanceAfter.resultMWAnnualised!),
    );
  });

  test('a file with an unknown ISIN lists the rejected row and stores nothing', async () => {
    expect(created.accountId).toBeGreaterThan(0);
    const bad = join(work, 'bad-movements.csv');
    writeFileSync(
      bad,
      [
        'date;cause;subcause;isin;quantity;price;amount;currency;description',
        '02/02/2024;DEPOSIT;;;;;1.000,00;EUR;Versamento',
        '03/02/2024;BUY;;XS0000000009;10;100,00;;EUR;Titolo sconosciuto',
      ].join('\n'),
    );
    const total = await movementTotal(created.portfolioId);
    await page.goto(`/client/${CLIENT}/financials?tab=accounts`);
    await page.getByTestId('financials-page').waitFor();
    await page.getByTestId('upload-movements').click();
    const upload = page.getByTestId('movement-upload-dialog');
    await upload.getByTestId('upload-account').selectOption(String(created.accountId));
    await upload.getByTestId('upload-file').setInputFiles(bad);
    await upload.getByTestId('dialog-submit').click();
    const rejected = upload.getByTestId('rejected-rows');
    await rejected.waitFor({ timeout: 30_000 });
    const cells = await rejected.locator('tbody tr').first().locator('td').allTextContents();
    expect(cells[0]).toBe('3');
    expect(cells[1]).toBe('isin');
    expect(cells[2]).toContain('XS0000000009');
    // Nothing stored, and the dialog stays open on the rejected rows.
    expect(await movementTotal(created.portfolioId)).toBe(total);
    expect(await upload.isVisible()).toBe(true);
    await upload.getByRole('button', { name: 'Annulla' }).click();
    await upload.waitFor({ state: 'detached' });
  });

  test("a ';' file with decimal dots is refused in Italian: rows by row, an ambiguous file as a whole", async () => {
    expect(created.accountId).toBeGreaterThan(0);
    const header = 'date;cause;subcause;isin;quantity;price;amount;currency;description';
    const misread = join(work, 'misread-movements.csv');
    writeFileSync(
      misread,
      [header, '03/02/2024;BUY;;IE00B4L5Y983;117.998;60.94;;EUR;Acquisto', '03/02/2024;FEE;;;;;9.95;EUR;'].join('\n'),
    );
    const ambiguous = join(work, 'ambiguous-movements.csv');
    writeFileSync(ambiguous, [header, '04/02/2024;DEPOSIT;;;;;117.998;EUR;Versamento'].join('\n'));
    const total = await movementTotal(created.portfolioId);
    await page.goto(`/client/${CLIENT}/financials?tab=accounts`);
    await page.getByTestId('financials-page').waitFor();
    await page.getByTestId('upload-movements').click();
    const upload = page.getByTestId('movement-upload-dialog');
    await upload.getByTestId('upload-account').selectOption(String(created.accountId));
    await upload.getByTestId('upload-file').setInputFiles(misread);
    await upload.getByTestId('dialog-submit').click();
    const rejected = upload.getByTestId('rejected-rows');
    await rejected.waitFor({ timeout: 30_000 });
    const rows = await rejected
      .locator('tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')));
    expect(rows.map((r) => r.slice(0, 2))).toEqual([
      ['2', 'quantity'],
      ['2', 'price'],
      ['3', 'amount'],
    ]);
    expect(rows[1]![2]).toBe(
      '"60.94": in questo file il separatore decimale è «,» e «.» separa le migliaia, quindi «.» deve essere seguito da esattamente tre cifre',
    );
    for (const r of rows) expect(r[2]).not.toMatch(/ the | in this file/);

    await upload.getByTestId('upload-file').setInputFiles(ambiguous);
    await upload.getByTestId('dialog-submit').click();
    const failure = upload.getByTestId('upload-failure');
    await failure.waitFor({ timeout: 30_000 });
    expect(await failure.textContent()).toBe(
      'Il file non è stato accettato: Il file separa le colonne con il punto e virgola, quindi la virgola è il separatore decimale e il punto separa le migliaia; i suoi numeri usano solo il punto seguito da tre cifre ("117.998" alla riga 2), che si può leggere in due modi: scrivi i decimali con la virgola (117,998) o togli il separatore delle migliaia (117998).',
    );
    expect(await movementTotal(created.portfolioId)).toBe(total);
    await upload.getByRole('button', { name: 'Annulla' }).click();
    await upload.waitFor({ state: 'detached' });
  });

  test('the movements table exports an XLSX that reads back with the same rows', async () => {
    await page.goto(`/client/${CLIENT}/financials?tab=movements&ptf=${created.portfolioId}`);
    const table = page.getByTestId('table-financials-movements');
    await expect.poll(() => table.getByTestId('table-range').textContent(), { timeout: 30_000 }).toMatch(/20/);
    const list = await api<{ total: number; item: Array<{ dateTime: string; classification: string | null }> }>(
      `/api/v1/movement/list?ptfId=${created.portfolioId}&page=1&size=50&sort=dateTime,desc`,
      { method: 'POST', body: {} },
    );
    expect(list.total).toBe(20);

    const [download] = await Promise.all([page.waitForEvent('download'), table.getByTestId('table-export').click()]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const file = join(work, download.suggestedFilename());
    await download.saveAs(file);
    const [header, ...rows] = await readSheet(file);
    expect(header).toContain('Descrizione');
    expect(header).toContain('Causale');
    expect(rows).toHaveLength(list.total);
    const description = header!.indexOf('Descrizione');
    expect(rows.map((r) => r[description]).sort()).toEqual(list.item.map((m) => m.classification).sort());
  });

  test('the stocks page lists the demo instruments', async () => {
    await page.goto('/stocks');
    const count = page.getByTestId('stocks-count');
    await expect
      .poll(async () => Number(await count.getAttribute('data-count')), { timeout: 30_000 })
      .toBeGreaterThanOrEqual(11);
    const stocks = await api<{ total: number; item: Array<{ name: string }> }>(
      '/api/v1/stock?size=100000&sort=name,asc',
    );
    expect(Number(await count.getAttribute('data-count'))).toBe(stocks.total);
    // Sorted by name: the first instrument is in the first rows of the grid.
    await page.getByTestId('table-stocks').getByText(stocks.item[0]!.name, { exact: true }).first().waitFor();
  });

  test('in English, the position speaks English and formats numbers en-US', async () => {
    await page.goto(`/client/${CLIENT}/position?ptf=${created.portfolioId}`);
    await page.getByTestId('position-page').waitFor();
    await page.getByTestId('language-switcher').click();
    await page.getByTestId('lang-en').click();
    await expect.poll(() => page.locator('#mf-container h1').first().textContent()).toBe('Position');
    const totals = (await sintetico(created.portfolioId)).reportSinteticoTotalComposition[0]!;
    expect(await page.getByTestId('position-controvalore').locator('.pt-figure__label').textContent()).toBe(
      'Market value',
    );
    await expect.poll(() => figure('position-controvalore').textContent()).toBe(money(totals.controvalore, 'en-US'));
    // Back to Italian for whoever comes next.
    await page.getByTestId('language-switcher').click();
    await page.getByTestId('lang-it').click();
  });
  test('deleting the selected portfolio resets the context to the aggregate', async () => {
    await page.goto(`/client/${CLIENT}/financials?tab=portfolios&ptf=${created.portfolioId}&from=2026-02-01`);
    await page.getByTestId('financials-page').waitFor();
    const menu = await api<Array<{ aggregate: boolean; firstMovementDate: string | null }>>(
      `/api/v1/portfolio/menu?clientId=${CLIENT}`,
    );
    const first = menu.find((p) => p.aggregate)?.firstMovementDate ?? null;
    // Spec: the range becomes the first movement date, clamped against the end of the previous year, to today.
    const dayBefore = first
      ? new Date(Date.parse(`${first}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10)
      : defaultFrom();
    const [expectedFrom] = [dayBefore, defaultFrom()].sort().reverse();

    const row = page.getByTestId('table-financials-portfolios').locator('.ht_master tr', { hasText: PORTFOLIO_NAME });
    await row.getByRole('button', { name: 'Elimina' }).click();
    await row.locator('.pt-table__action--confirm').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('ptf'), { timeout: 15_000 }).toBe('aggregate');
    const url = new URL(page.url());
    expect([url.searchParams.get('from'), url.searchParams.get('to')]).toEqual([expectedFrom, today()]);
    const after = await api<Array<{ id: number | null }>>(`/api/v1/portfolio/menu?clientId=${CLIENT}`);
    expect(after.some((p) => p.id === created.portfolioId)).toBe(false);
    // The position opens on the aggregate too (the context is kept per client).
    await page.getByTestId('side-menu').getByRole('link', { name: 'Posizione' }).click();
    await page.getByTestId('position-page').waitFor();
    expect(new URL(page.url()).searchParams.get('ptf')).toBe('aggregate');
  });

  test('an ADMIN uploads prices over part of a demo series: the panel says it mixes; a currency change is refused in Italian', async () => {
    const ISIN = 'IE00B4ND3602';
    const [stock] = (await api<{ item: Array<{ name: string; currency: string }> }>(`/api/v1/stock?q=${ISIN}`)).item;
    const adminContext = await newContext(browser, server.url);
    const admin = await adminContext.newPage();
    await signIn(admin, 'admin', '/stocks');
    await admin.waitForURL((u) => u.pathname === '/stocks');
    await admin.getByRole('button', { name: 'Importa prezzi' }).click();
    const dialog = admin.getByTestId('price-upload-dialog');
    const file = join(work, 'prices.csv');
    writeFileSync(file, `isin;date;price;currency\n${ISIN};01/03/2024;10,10;\n${ISIN};28/03/2024;10,20;\n`);
    await dialog.getByTestId('upload-file').setInputFiles(file);
    await dialog.getByTestId('dialog-submit').click();
    await dialog.waitFor({ state: 'detached', timeout: 30_000 });

    const table = admin.getByTestId('table-stocks');
    await table.getByTestId('table-search').fill(ISIN);
    // The search applies after its 500 ms pause: the grid then holds the one instrument.
    await expect.poll(() => table.locator('.ht_master tbody tr').count()).toBe(1);
    const row = table.locator('tr').filter({ hasText: ISIN }).first();
    await row.getByText(stock!.name, { exact: true }).click();
    const notice = admin.getByTestId('price-panel').getByTestId('price-sources-mixed');
    await notice.waitFor({ timeout: 30_000 });
    expect(await notice.locator('p').textContent()).toBe(
      'Questa serie di prezzi unisce prezzi dimostrativi e prezzi caricati.',
    );
    expect(await notice.locator('li[data-source="upload"]').allTextContents()).toEqual([
      'Caricati: dal 01/03/2024 al 28/03/2024 (2)',
    ]);
    expect(await notice.locator('li[data-source="demo"]').count()).toBe(2);

    // With the panel closed the grid shows its action columns again; the search leaves one row: its edit action.
    await admin.getByTestId('price-panel').getByRole('button', { name: 'Chiudi' }).click();
    await table.locator('button[data-pt-action="edit"]').first().click();
    const edit = admin.getByTestId('stock-dialog');
    await expect.poll(() => edit.getByTestId('stock-isin').inputValue()).toBe(ISIN);
    await edit.getByTestId('stock-currency').selectOption(stock!.currency === 'USD' ? 'EUR' : 'USD');
    await edit.getByTestId('dialog-submit').click();
    const reason = edit.getByTestId('stock-currency-in-use');
    await reason.waitFor({ timeout: 30_000 });
    expect(await reason.textContent()).toMatch(
      new RegExp(
        `^Non puoi cambiare la valuta: lo strumento ha prezzi o movimenti in ${stock!.currency} \\(prezzi: \\d+, movimenti: \\d+\\), che verrebbero rietichettati senza essere convertiti\\.$`,
      ),
    );
    expect((await api<{ item: Array<{ currency: string }> }>(`/api/v1/stock?q=${ISIN}`)).item[0]!.currency).toBe(
      stock!.currency,
    );
    await adminContext.close();
  });
});
