// Tables advisers can work in (issue 22), against the real server: a PRO reaches a client's accounts and movements
// from the side menu ("Movimenti" under Financial) and from the position page's accounts; switches client from the
// top bar by keyboard (search by tax code, arrows, Enter; Escape closes; recent clients while empty), the tab title
// naming the client; and, at 1280 px in compact density, the position's securities show every header and amount
// whole, in Italian and in English.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { portalSuite } from './support/suite.ts';

const suite = portalSuite();
let page: Page;

/** Demo clients of the PRO: 1 Mario Rossi, 2 Giulia Bianchi. */
const ROSSI = 1;
const BIANCHI_TAX_CODE = 'BNCGLI75M45F205M';

beforeAll(async () => {
  page = await suite.signedIn('pro');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.waitForURL((u) => u.pathname === '/clients');
});

/** The headers, amounts and dates of a table whose text is wider than its box. */
const cutTexts = (table: string) =>
  page.evaluate((id) => {
    const root = document.querySelector(`[data-testid="table-${id}"]`);
    const cut: string[] = [];
    for (const el of root?.querySelectorAll<HTMLElement>(
      '.ht_clone_top th .colHeader, .ht_master td.pt-table__cell--num, .ht_master td.pt-table__cell--date',
    ) ?? []) {
      if (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1) cut.push(el.textContent ?? '');
    }
    return cut;
  }, table);

describe('accounts and movements of a client', () => {
  test('the side menu has "Movimenti" under Financial, to /client/{id}/financials', async () => {
    await page.goto(`/client/${ROSSI}/position`);
    await page.getByTestId('position-page').waitFor();
    const entry = page.locator('nav a', { hasText: /^Movimenti$/ });
    expect(await entry.getAttribute('href')).toBe(`/client/${ROSSI}/financials`);
    await entry.click();
    await page.getByTestId('financials-page').waitFor();
    expect(new URL(page.url()).pathname).toBe(`/client/${ROSSI}/financials`);
  });

  test("the position page's accounts link to the accounts and to their movements", async () => {
    await page.goto(`/client/${ROSSI}/position`);
    await page.getByTestId('position-movements-link').click();
    await page.getByTestId('financials-page').waitFor();
    const url = new URL(page.url());
    expect(url.pathname).toBe(`/client/${ROSSI}/financials`);
    expect(url.searchParams.get('tab')).toBe('movements');
    await page.goto(`/client/${ROSSI}/position`);
    await page.getByTestId('position-accounts-link').click();
    await page.getByTestId('financials-page').waitFor();
    expect(new URL(page.url()).searchParams.get('tab')).toBe('accounts');
  });
});

describe('quick client switcher', () => {
  test('by keyboard: search by tax code, arrows and Enter open the client on the same page; the title names it', async () => {
    await page.goto(`/client/${ROSSI}/position`);
    await page.getByTestId('position-page').waitFor();
    await expect.poll(() => page.title()).toBe('Patrimonio - Posizione - Mario Rossi');
    const input = page.getByTestId('client-switcher-input');
    await input.focus();
    await input.pressSequentially(BIANCHI_TAX_CODE.slice(0, 8));
    const option = page.getByTestId('client-switcher-option');
    // (The recent clients show until the search answers.)
    await option.filter({ hasText: 'Giulia Bianchi' }).waitFor();
    expect(await option.allTextContents()).toEqual([`Giulia Bianchi${BIANCHI_TAX_CODE}`]);
    expect(await input.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('ArrowDown');
    const active = await input.getAttribute('aria-activedescendant');
    expect(await page.locator(`[id="${active}"]`).getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('Enter');
    await page.waitForURL(
      (u) => /^\/client\/\d+\/position$/.test(u.pathname) && !u.pathname.startsWith(`/client/${ROSSI}/`),
    );
    await page.getByTestId('position-page').waitFor();
    await expect.poll(() => page.title()).toBe('Patrimonio - Posizione - Giulia Bianchi');
  });

  test('while empty it lists the recent clients, newest first; Escape closes the list', async () => {
    const input = page.getByTestId('client-switcher-input');
    await input.focus();
    const option = page.getByTestId('client-switcher-option');
    await option.first().waitFor();
    const names = await page.locator('.pt-client-switcher__name').allTextContents();
    expect(names.slice(0, 2)).toEqual(['Giulia Bianchi', 'Mario Rossi']);
    await page.keyboard.press('Escape');
    expect(await input.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => option.first().isVisible()).toBe(false);
    // Arrow Up opens it again on the last option.
    await page.keyboard.press('ArrowUp');
    expect(await input.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Escape');
  });
});

describe('compact density at 1280 px', () => {
  test.each(['it', 'en'])('the securities show every header and amount whole (%s)', async (locale) => {
    await page.evaluate((l) => localStorage.setItem('patrimonio.locale', l), locale);
    await page.goto(`/client/${ROSSI}/position`);
    const table = page.getByTestId('table-position-stocks');
    await table.locator('.ht_master td[data-pt-row]').first().waitFor();
    const toggle = table.getByTestId('table-density');
    if ((await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.click();
    await expect.poll(() => table.locator('.pt-table__grid').getAttribute('data-density')).toBe('compact');
    // The widths follow the measured figures once the grid has its width.
    await expect.poll(() => cutTexts('position-stocks')).toEqual([]);
    // The totals row sums the market values, in euros.
    expect(await table.locator('td[data-pt-total="cMkt"]').textContent()).toMatch(/^\d{1,3}([.,]\d{3})*[.,]\d\d\s€$/);
  });
});
