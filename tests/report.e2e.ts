// The wealth report end to end (issue 7): a PRO downloads synthetic, analytic and custom reports for a client and a
// family from the report dialog; each PDF is read back with pdfjs-dist and checked page by page: page count and
// order against the cover's contents, A4 landscape, Montserrat embedded, 'n / total' on every page, the section
// titles, totals equal to the API's figures, and the rules for an empty section, a failed sub-request and a failed
// map. The logo dialog accepts a png and an svg (stored without its script) and refuses 15,000,001 bytes, two files
// and a renamed executable; the next report carries the logo on every page. The overview's value chart is drawn with
// pdftoppm, a second renderer, and its line and gridlines are found in its pixels; a DELEGATE's cover names the
// client's PRO (issue 13).
import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { findColor, renderPdfPage } from '../mf-report/src/pdf/raster.testing.ts';
import { CHART_GRID_COLOR } from '../mf-report/src/report/charts/ink.ts';
import { VALUE_CHART } from '../mf-report/src/report/sections/layout.ts';
import { AGGREGATE_COLOR } from '../shared-ui/src/charts/palettes.ts';
import { launchBrowser, newContext, signIn } from './support/browser.ts';
import { isoOfShown } from './support/page-kit.ts';
import { type ReadPdf, readPdfFile } from './support/pdf.ts';
import { type RunningServer, startServer } from './support/server.ts';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

/** Mario Rossi, the demo client with every kind of wealth; a family of the PRO; a client without art and luxury. */
let ROSSI = 0;
let FAMILY = 0;
let NO_LUX = 0;

const SECTION_ORDER = ['Panoramica', 'Finanziario', 'Immobiliare', 'Partecipazioni', 'Arte e beni di lusso'];

interface Client {
  id: number;
  name: string | null;
  firstName: string | null;
  lastName: string | null;
  companyName: string | null;
}
/** The name the report prints for a client: its name, or company name, or first and last name. */
const displayName = (c: Client) => c.name || c.companyName || [c.firstName, c.lastName].filter(Boolean).join(' ');

interface MenuItem {
  id: number | null;
  name: string;
  aggregate: boolean;
  testing: boolean;
  firstMovementDate: string | null;
  lastQuantityCheckOkDate: string | null;
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  context = await newContext(browser, server.url);
  page = await context.newPage();
  await signIn(page, 'pro');
  await page.waitForURL((u) => u.pathname === '/clients');
  const clients = await api<{ item: Client[] }>(page, '/api/v1/user/client?size=10000');
  ROSSI = clients.item.find((c) => displayName(c) === 'Mario Rossi')?.id ?? 0;
  for (const client of clients.item) {
    const lux = await api<{ item: unknown[] }>(page, `/api/v1/lux?clientId=${client.id}&size=1`);
    const menu = await api<MenuItem[]>(page, `/api/v1/portfolio/menu?clientId=${client.id}`);
    if (lux.item.length === 0 && menu.some((p) => p.id !== null && p.lastQuantityCheckOkDate)) {
      NO_LUX = client.id;
      break;
    }
  }
  const families = await api<{ item: Array<{ id: number }> }>(page, '/api/v1/family?size=100');
  FAMILY = families.item[0]?.id ?? 0;
}, 180_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

/** A call to the API with the page's own access token (the sign-in record in localStorage). */
async function api<T>(on: Page, path: string): Promise<T> {
  const answer = await on.evaluate(async (url) => {
    let token = '';
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i) ?? '';
      if (key.startsWith('oidc.user:')) token = JSON.parse(localStorage.getItem(key) ?? '{}').access_token;
    }
    const r = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    return { status: r.status, body: await r.text(), type: r.headers.get('content-type') ?? '' };
  }, path);
  if (answer.status >= 400) throw new Error(`GET ${path}: ${answer.status} ${answer.body}`);
  return (answer.type.includes('json') ? JSON.parse(answer.body) : answer.body) as T;
}

/** Money as the report prints it in Italian: 2 decimals, de-DE digits, the symbol after. */
const money = (v: number) =>
  `${new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(v)} €`;

/** Opens the report dialog from the side menu on the scope's overview. */
async function openDialog(path: string): Promise<Locator> {
  await page.goto(path);
  await page.getByTestId('menu-report').click();
  const dialog = page.getByTestId('report-dialog');
  await dialog.getByTestId('report-download').waitFor();
  return dialog;
}

interface Downloaded {
  pdf: ReadPdf;
  /** The file as downloaded, for pdftoppm. */
  bytes: Uint8Array;
  from: string;
  to: string;
}

/** Chooses the type (unless custom was chosen through Customize), downloads and reads the PDF back. */
async function download(dialog: Locator, type?: 'synthetic' | 'analytic'): Promise<Downloaded> {
  if (type) await dialog.getByTestId(`report-type-${type}`).click();
  // Shown day first (dd/mm/yyyy); the API's YYYY-MM-DD for the calls that check the PDF.
  const from = isoOfShown(await dialog.getByTestId('report-from').inputValue());
  const to = isoOfShown(await dialog.getByTestId('report-to').inputValue());
  const [file] = await Promise.all([
    page.waitForEvent('download', { timeout: 120_000 }),
    dialog.getByTestId('report-download').click(),
  ]);
  expect(file.suggestedFilename()).toMatch(/\.pdf$/);
  const bytes = readFileSync((await file.path()) as string);
  return { pdf: await readPdfFile(new Uint8Array(bytes)), bytes: new Uint8Array(bytes), from, to };
}

interface ContentsLine {
  number: string;
  name: string;
  page: number;
}

/** The cover's numbered contents: '01', 'Panoramica', '2', ... after the heading 'Indice'. */
function coverContents(pdf: ReadPdf): ContentsLine[] {
  const texts = pdf.pages[0]!.texts;
  const lines: ContentsLine[] = [];
  for (let i = texts.indexOf('Indice') + 1; i + 2 < texts.length && /^\d\d$/.test(texts[i]!); i += 3) {
    lines.push({ number: texts[i]!, name: texts[i + 1]!, page: Number(texts[i + 2]) });
  }
  return lines;
}

/** The rules every report keeps, page by page; returns the contents. */
function checkPages(pdf: ReadPdf, subject: string): ContentsLine[] {
  const total = pdf.pages.length;
  expect(pdf.fonts.some((font) => font.startsWith('Montserrat'))).toBe(true);
  pdf.pages.forEach((p, i) => {
    expect([Math.round(p.width * 100) / 100, Math.round(p.height * 100) / 100]).toEqual([841.89, 595.28]);
    expect(p.texts).toContain(`${i + 1} / ${total}`);
  });
  const cover = pdf.pages[0]!.texts;
  expect(cover).toContain('WEALTH REPORT');
  expect(cover).toContain(subject);
  expect(cover).toContain('EUR');
  const contents = coverContents(pdf);
  // Sections in the fixed order, numbered from 01, each starting on its page with its numbered title; the pages
  // between two sections all carry the earlier section's title.
  expect(contents.map((c) => SECTION_ORDER.indexOf(c.name))).toEqual(
    [...contents.map((c) => SECTION_ORDER.indexOf(c.name))].sort((a, b) => a - b),
  );
  contents.forEach((line, i) => {
    expect(line.number).toBe(String(i + 1).padStart(2, '0'));
    const end = contents[i + 1]?.page ?? total + 1;
    expect(line.page).toBeLessThan(end);
    for (let n = line.page; n < end; n++) {
      expect(pdf.pages[n - 1]!.texts[0]!.startsWith(`${line.number} ${line.name}`)).toBe(true);
    }
  });
  expect(contents[0]?.page).toBe(2);
  return contents;
}

/** The pages of a section (by name), 1-based numbers. */
function sectionPages(pdf: ReadPdf, contents: ContentsLine[], name: string): number[] {
  const i = contents.findIndex((c) => c.name === name);
  if (i < 0) return [];
  const end = contents[i + 1]?.page ?? pdf.pages.length + 1;
  return Array.from({ length: end - contents[i]!.page }, (_, k) => contents[i]!.page + k);
}

const pageText = (pdf: ReadPdf, n: number) => pdf.pages[n - 1]!.texts.join('\n');

/** The menu's portfolios a report covers: not testing, both dates, overlapping the range. */
async function reportPortfolios(scope: string, from: string, to: string): Promise<MenuItem[]> {
  const menu = await api<MenuItem[]>(page, `/api/v1/portfolio/menu?${scope}`);
  return menu.filter(
    (p) =>
      p.id !== null &&
      !p.aggregate &&
      !p.testing &&
      p.firstMovementDate !== null &&
      p.lastQuantityCheckOkDate !== null &&
      p.firstMovementDate <= to &&
      p.lastQuantityCheckOkDate > from,
  );
}

async function totalWealth(scope: string, id: number, to: string): Promise<number> {
  const dashboard = await api<{ richComposition: Record<string, number> }>(
    page,
    `/api/v1/dashboard/${id}?${scope}&date=${to}&iso=EUR`,
  );
  return Object.values(dashboard.richComposition).reduce((sum, v) => sum + v, 0);
}

describe('the wealth report', () => {
  test('analytic for a client: every section, the totals of the API, the map on the real-estate summary', async () => {
    expect(ROSSI).toBeGreaterThan(0);
    const dialog = await openDialog(`/client/${ROSSI}/overview`);
    const { pdf, bytes, from, to } = await download(dialog, 'analytic');
    const contents = checkPages(pdf, 'Mario Rossi');
    expect(contents.map((c) => c.name)).toEqual(SECTION_ORDER);

    const scope = `clientId=${ROSSI}`;
    const overview = sectionPages(pdf, contents, 'Panoramica');
    expect(overview).toHaveLength(1);
    expect(pageText(pdf, overview[0]!)).toContain(money(await totalWealth(scope, ROSSI, to)));
    // The value chart drawn by a second renderer, poppler's pdftoppm (issue 13: the browser's ApexCharts writes
    // stroke-dasharray="0", which drew axes and labels but no line and no gridline there): the teal line runs
    // across the chart's box, and gridlines cross it.
    const drawn = renderPdfPage(bytes, overview[0]!);
    const line = findColor(drawn, VALUE_CHART, AGGREGATE_COLOR);
    expect(line.columns / line.width, 'the value line across the chart').toBeGreaterThan(0.6);
    expect(findColor(drawn, VALUE_CHART, CHART_GRID_COLOR).wideRows, 'gridlines').toBeGreaterThanOrEqual(3);

    // Financial: the comparison page, then summary, accounts, stocks and fees for each portfolio (long tables
    // may run onto more pages), with each portfolio's value at the end date as the API gives it.
    const portfolios = await reportPortfolios(scope, from, to);
    expect(portfolios.length).toBeGreaterThan(0);
    const financial = sectionPages(pdf, contents, 'Finanziario');
    expect(financial.length).toBeGreaterThanOrEqual(1 + 4 * portfolios.length);
    const comparison = pageText(pdf, financial[0]!);
    for (const portfolio of portfolios) {
      const sintetico = await api<{ reportSinteticoTotalComposition: Array<{ controvalore: number }> }>(
        page,
        `/api/v1/report/${portfolio.id}/sintetico?${scope}&date=${to}`,
      );
      expect(comparison).toContain(portfolio.name);
      expect(comparison).toContain(money(sintetico.reportSinteticoTotalComposition[0]!.controvalore));
      const titled = financial.filter((n) => pdf.pages[n - 1]!.texts[0]!.includes(portfolio.name));
      expect(titled.length).toBeGreaterThanOrEqual(4);
    }

    const realEstate = sectionPages(pdf, contents, 'Immobiliare');
    expect(realEstate.length).toBeGreaterThanOrEqual(2);
    const stat = await api<{ totalValue: number }>(page, `/api/v1/real-estate/dashboard/stat?${scope}`);
    expect(pageText(pdf, realEstate[0]!)).toContain(money(stat.totalValue));
    // The map, captured once it had drawn (no custom logo yet: it is the page's only image).
    expect(pdf.pages[realEstate[0]! - 1]!.images).toBe(1);

    const lux = await api<{ totalValue: number }>(page, `/api/v1/lux/dashboard/stat?${scope}`);
    expect(pageText(pdf, sectionPages(pdf, contents, 'Arte e beni di lusso')[0]!)).toContain(money(lux.totalValue));
  });

  test('synthetic for a client: cover, overview, the comparison and one summary per portfolio', async () => {
    const dialog = await openDialog(`/client/${ROSSI}/overview`);
    const { pdf, from, to } = await download(dialog, 'synthetic');
    const contents = checkPages(pdf, 'Mario Rossi');
    expect(contents.map((c) => c.name)).toEqual(['Panoramica', 'Finanziario']);
    const portfolios = await reportPortfolios(`clientId=${ROSSI}`, from, to);
    expect(pdf.pages).toHaveLength(3 + portfolios.length);
  });

  test('a family: no analytic type; synthetic, then custom with the sections chosen in the options', async () => {
    expect(FAMILY).toBeGreaterThan(0);
    const family = await api<{ name: string }>(page, `/api/v1/family/${FAMILY}`);
    const dialog = await openDialog(`/family/${FAMILY}/overview`);
    expect(await dialog.getByTestId('report-type-analytic').count()).toBe(0);
    const synthetic = await download(dialog, 'synthetic');
    const contents = checkPages(synthetic.pdf, family.name);
    expect(contents.map((c) => c.name)).toEqual(['Panoramica', 'Finanziario']);
    const scope = `familyId=${FAMILY}`;
    expect(pageText(synthetic.pdf, 2)).toContain(money(await totalWealth(scope, FAMILY, synthetic.to)));

    // Customize: only real estate and shares; saving selects the custom type.
    const again = await openDialog(`/family/${FAMILY}/overview`);
    await again.getByTestId('report-customize').click();
    const options = page.getByTestId('options-dialog');
    await options.waitFor();
    for (const section of ['overview', 'financial', 'fees', 'realEstate', 'shares', 'artLux']) {
      const box = options.getByTestId(`options-section-${section}`);
      const wanted = section === 'realEstate' || section === 'shares';
      if ((await box.isChecked()) !== wanted && (await box.isEnabled())) await box.click();
    }
    await options.getByTestId('options-save').click();
    await options.waitFor({ state: 'detached' });
    const custom = await download(again);
    const customContents = checkPages(custom.pdf, family.name);
    expect(customContents.map((c) => c.name)).toEqual(['Immobiliare', 'Partecipazioni']);
  });

  test('an empty section is left out: a client without art and luxury', async () => {
    expect(NO_LUX).toBeGreaterThan(0);
    const dialog = await openDialog(`/client/${NO_LUX}/overview`);
    const { pdf } = await download(dialog, 'analytic');
    const contents = checkPages(pdf, displayName(await api<Client>(page, `/api/v1/user/client/${NO_LUX}`)));
    expect(contents.map((c) => c.name)).not.toContain('Arte e beni di lusso');
  });

  test('a failed sub-request leaves its part empty and a failed map is dropped; the report is still made', async () => {
    const lux = await api<{ totalValue: number }>(page, `/api/v1/lux/dashboard/stat?clientId=${ROSSI}`);
    await page.route('**/api/v1/lux/dashboard/stat**', (r) => r.abort('failed'));
    await page.route(/\/chunks\/map\.[0-9a-f]+\.js/, (r) => r.abort('failed'));
    try {
      // A fresh page load, so the map's code has not been loaded yet.
      const dialog = await openDialog(`/client/${ROSSI}/overview`);
      await page.reload();
      await page.getByTestId('menu-report').click();
      await dialog.getByTestId('report-download').waitFor();
      const { pdf } = await download(dialog, 'analytic');
      const contents = checkPages(pdf, 'Mario Rossi');
      expect(contents.map((c) => c.name)).toEqual(SECTION_ORDER);
      const realEstate = sectionPages(pdf, contents, 'Immobiliare');
      expect(pdf.pages[realEstate[0]! - 1]!.images).toBe(0);
      const luxPages = sectionPages(pdf, contents, 'Arte e beni di lusso');
      expect(luxPages.length).toBeGreaterThanOrEqual(2);
      expect(pageText(pdf, luxPages[0]!)).not.toContain(money(lux.totalValue));
      expect(pageText(pdf, luxPages[0]!)).toContain('Dati non disponibili');
    } finally {
      await page.unrouteAll();
    }
  });

  test("a DELEGATE downloads a client's report: the cover names the client's PRO, not the DELEGATE", async () => {
    const delegateContext = await newContext(browser, server.url);
    const previous = page;
    page = await delegateContext.newPage();
    try {
      await signIn(page, 'delegate');
      await page.waitForURL((u) => u.pathname === '/clients');
      const me = await api<{ name: string }>(page, '/api/v1/user/me');
      const dialog = await openDialog(`/client/${ROSSI}/overview`);
      const { pdf } = await download(dialog, 'synthetic');
      checkPages(pdf, 'Mario Rossi');
      const cover = pdf.pages[0]!.texts;
      expect(cover[cover.indexOf('Consulente') + 1]).toBe('Paolo Consulente'); // the demo PRO, `pro`
      expect(cover).not.toContain(me.name);
    } finally {
      page = previous;
      await delegateContext.close();
    }
  });

  test('a BASIC client downloads its own report from /overview; the cover names no advisor', async () => {
    const basicContext = await newContext(browser, server.url);
    const previous = page;
    page = await basicContext.newPage();
    try {
      await signIn(page, 'client');
      await page.waitForURL((u) => u.pathname === '/overview');
      const dialog = await openDialog('/overview');
      expect(await dialog.getByTestId('logo-open').count()).toBe(0);
      const { pdf } = await download(dialog, 'synthetic');
      const contents = checkPages(pdf, 'Mario Rossi');
      expect(contents.map((c) => c.name)).toEqual(['Panoramica', 'Finanziario']);
      expect(pdf.pages[0]!.texts).not.toContain('Consulente');
    } finally {
      page = previous;
      await basicContext.close();
    }
  });
});

/** A 2 x 1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAIAAAB7QOjdAAAAD0lEQVR4nGMQaa7+//8/AAr0BBCg6Kc9AAAAAElFTkSuQmCC',
  'base64',
);

async function openLogoDialog(): Promise<Locator> {
  const dialog = await openDialog(`/client/${ROSSI}/overview`);
  await dialog.getByTestId('logo-open').click();
  const logo = page.getByTestId('logo-dialog');
  await logo.waitFor();
  return logo;
}

describe('the report logo', () => {
  test('refuses two files, 15,000,001 bytes and a renamed executable with the translated messages', async () => {
    const logo = await openLogoDialog();
    const input = logo.getByTestId('logo-input');
    expect(await logo.getByTestId('logo-save').isDisabled()).toBe(true);
    // Two files dropped at once (the picker takes one).
    const twoFiles = await page.evaluateHandle(
      (bytes) => {
        const transfer = new DataTransfer();
        for (const name of ['a.png', 'b.png']) {
          transfer.items.add(new File([new Uint8Array(bytes)], name, { type: 'image/png' }));
        }
        return transfer;
      },
      [...PNG],
    );
    await logo.getByTestId('logo-drop').dispatchEvent('drop', { dataTransfer: twoFiles });
    await page.getByText('Puoi caricare un solo file alla volta').first().waitFor();
    await input.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(15_000_001, 1) });
    await page.getByText('Il file è troppo grande: la dimensione massima è 15 MB').first().waitFor();
    // An executable renamed logo.png passes the name check; the server reads its bytes and refuses it.
    await input.setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: Buffer.concat([Buffer.from('MZ\x90\x00\x03'), Buffer.alloc(200)]),
    });
    await logo.getByTestId('logo-save').click();
    await page.getByText('File non valido: controlla il formato e riprova').first().waitFor();
    await expect(api(page, '/api/v1/user/logo-report')).rejects.toThrow(/404/);
  });

  test('stores an svg without its script, then a png that every page of the next report carries', async () => {
    let logo = await openLogoDialog();
    await logo.getByTestId('logo-input').setInputFiles({
      name: 'logo.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="150"><script>alert(1)</script><rect width="300" height="150" fill="#14837b"/></svg>',
      ),
    });
    await logo.getByTestId('logo-save').click();
    await logo.waitFor({ state: 'detached' });
    const svg = await api<string>(page, '/api/v1/user/logo-report');
    expect(svg).toContain('<rect');
    expect(svg).not.toContain('script');

    logo = await openLogoDialog();
    await logo.getByTestId('logo-input').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    await logo.getByTestId('logo-save').click();
    await logo.waitFor({ state: 'detached' });
    const dialog = page.getByTestId('report-dialog');
    // The logo is optional on a report: chosen here.
    await dialog.getByTestId('report-include-logo').check();
    const { pdf } = await download(dialog, 'synthetic');
    checkPages(pdf, 'Mario Rossi');
    for (const p of pdf.pages) expect(p.images).toBeGreaterThanOrEqual(1);
  });
});
