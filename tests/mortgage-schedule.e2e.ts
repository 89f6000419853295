// The mortgage schedule in the real-estate detail panel (issue 13): a house with a yearly installment of 7,500 shows
// each installment as it falls due, 7.500,00 € a year, not only its monthly equivalent (625,00 €), and the residual
// debt today as the API gives it. A PRO on the demo client Mario Rossi, then the BASIC user on the same house.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, newContext, signIn } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let CLIENT = 0;
const HOUSE = 'Casa mutuo annuale E2E';
/** 75,000 at 0%, CONST, YEARLY, 10 installments from 2020-06-30: 7,500 due every 30 June from 2021 to 2030. */
const MORTGAGE = {
  amount: 75000,
  initDate: '2020-06-30',
  rataType: 'YEARLY',
  totalRata: 10,
  interestRateType: 'FIX',
  amortization: 'CONST',
  interestRate: 0,
};

interface Schedule {
  date: string;
  residualDebtAt: number;
  installmentsDueAt: number;
  rows: Array<{ number: number; date: string; installment: number; residualDebt: number }>;
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  context = await newContext(browser, server.url);
  page = await context.newPage();
  await signIn(page, 'pro');
  await page.waitForURL((u) => u.pathname === '/clients');
  const clients = await api<{ item: Array<{ id: number; firstName: string | null; lastName: string | null }> }>(
    '/api/v1/user/client?size=10000',
  );
  CLIENT = clients.item.find((c) => c.firstName === 'Mario' && c.lastName === 'Rossi')!.id;
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

/** A call to the API as the user signed in on `on`, with the portal's stored access token. */
async function api<T>(path: string, init: { method?: string; body?: unknown } = {}, on: Page = page): Promise<T> {
  const token = await on.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:'));
    return key ? (JSON.parse(localStorage.getItem(key) ?? '{}').access_token as string) : '';
  });
  const res = await fetch(`${server.url}${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${token}`, ...(init.body ? { 'content-type': 'application/json' } : {}) },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Amounts, money and dates as the page shows them in Italian. */
const amount = (v: number) =>
  new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(v);
const money = (v: number) => `${amount(v)} €`;
const day = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/** Opens the house's panel from the house table and unfolds its schedule; answers the schedule element. */
async function openSchedule(on: Page) {
  await on.goto(`/client/${CLIENT}/real-estate`);
  await on.getByTestId('real-estate-page').waitFor();
  await on.getByTestId('table-real-estate-houses').getByText(HOUSE, { exact: true }).first().click();
  const panel = on.getByTestId('real-estate-panel');
  await expect.poll(() => panel.getByRole('heading', { level: 2 }).textContent()).toBe(HOUSE);
  // The panel still shows the monthly equivalent of the next installment, 7,500 / 12 = 625.
  await panel.getByTestId('panel-mortgage').getByText(money(625)).waitFor();
  const schedule = panel.getByTestId('panel-mortgage-schedule');
  await schedule.getByText('Piano di ammortamento').click();
  await schedule.getByRole('table', { name: 'Piano di ammortamento' }).waitFor();
  return schedule;
}

describe('the mortgage schedule in the detail panel', () => {
  test('a PRO sees every yearly installment of 7.500,00 € and the residual debt today', async () => {
    const created = await api<{ id: number }>('/api/v1/real-estate', {
      method: 'POST',
      body: {
        clientId: CLIENT,
        typology: 'RESIDENTIAL',
        destination: 'FIRST_HOUSE',
        conservationState: 'NORMAL',
        typeProperty: 'PROPERTY',
        currencyId: 1,
        description: HOUSE,
        selectedEvaluation: 200000,
        percOwned: 1,
        address: 'Via Roma',
        city: 'Bologna',
        country: 'IT',
        provinceCode: 'BO',
        mortgage: MORTGAGE,
      },
    });
    const house = await api<{ mortgageId: number }>(`/api/v1/real-estate/${created.id}?clientId=${CLIENT}`);
    const expected = await api<Schedule>(
      `/api/v1/real-estate/${created.id}/mortgage/${house.mortgageId}/schedule?clientId=${CLIENT}`,
    );
    // The API's worked figures: 10 rows of 7,500, due every 30 June; the residual after k of them 75,000 - 7,500 k.
    expect(expected.rows).toHaveLength(10);
    expect(expected.rows[0]).toMatchObject({ number: 1, date: '2021-06-30', installment: 7500, residualDebt: 67500 });
    expect(expected.residualDebtAt).toBe(75000 - 7500 * expected.installmentsDueAt);

    const schedule = await openSchedule(page);
    const rows = schedule.locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(10);
    expect(await rows.nth(0).locator('td').allTextContents()).toEqual([
      '1',
      '30/06/2021',
      amount(7500),
      amount(0),
      amount(7500),
      amount(67500),
    ]);
    expect(await rows.nth(9).locator('td').allTextContents()).toEqual([
      '10',
      '30/06/2030',
      amount(7500),
      amount(0),
      amount(7500),
      amount(0),
    ]);
    expect(await schedule.getByTestId('schedule-residual').textContent()).toBe(
      `Debito residuo al ${day(expected.date)}: ${money(expected.residualDebtAt)} (${expected.installmentsDueAt} di 10 rate scadute)`,
    );
    expect(await schedule.locator('tbody tr[data-due="true"]').count()).toBe(expected.installmentsDueAt);
    await schedule.getByText('Importi in €').waitFor();
  });

  test('the BASIC user reads the same schedule of its own house', async () => {
    const basicContext = await newContext(browser, server.url);
    const basic = await basicContext.newPage();
    await signIn(basic, 'client', '/real-estate');
    await basic.waitForURL((u) => u.pathname === '/real-estate');
    await basic.getByTestId('real-estate-page').waitFor();
    await basic.getByTestId('table-real-estate-houses').getByText(HOUSE, { exact: true }).first().click();
    const schedule = basic.getByTestId('real-estate-panel').getByTestId('panel-mortgage-schedule');
    await schedule.getByText('Piano di ammortamento').click();
    await expect.poll(() => schedule.locator('tbody tr').count()).toBe(10);
    await basicContext.close();
  });
});
