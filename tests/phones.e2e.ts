// Phones and small screens (issue 22): a BASIC client reads every own page at 375 x 812 without the page panning
// sideways (no element wider than the window), opens the side menu from the top bar's menu button, and downloads
// the report through a dialog that fits the screen; an adviser's clients list, and a client's overview and position,
// fit at 375 and 768 px (in English). With the system's dark setting the overview is dark and axe finds no text
// without enough contrast, on a phone and on a wide screen.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { signIn } from './support/browser.ts';
import { portalSuite } from './support/suite.ts';

const suite = portalSuite();
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** BASIC's own pages (spec section 2, "Routes by role": all roles and BASIC only). */
const BASIC_PAGES = [
  '/overview',
  '/financials',
  '/position',
  '/performance',
  '/real-estate',
  '/family-business',
  '/human-capital',
  '/art-luxury',
  '/goals',
  '/infos',
  '/support',
];

async function phonePage(
  login: string,
  path: string,
  size: { width: number; height: number },
  locale = 'it',
  colorScheme: 'light' | 'dark' = 'light',
) {
  const context = await suite.context();
  await context.addInitScript((l) => localStorage.setItem('patrimonio.locale', l), locale);
  const page = await context.newPage();
  await page.setViewportSize(size);
  await page.emulateMedia({ colorScheme });
  await signIn(page, login, path);
  return page;
}

/** Waits until the page's heading is shown and nothing is loading any more (requests, skeletons, spinners). */
async function settled(page: Page): Promise<void> {
  await page.locator('#pt-main h1').first().waitFor();
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => !document.querySelector('#pt-main .pt-skeleton, #pt-main .pt-table__skeleton'));
}

/** How far the document reaches beyond the window, and what sticks out (for the failure message). */
function overflow(page: Page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const wider = [...document.querySelectorAll<HTMLElement>('#pt-main *, .pt-topbar *')]
      .filter((el) => el.getBoundingClientRect().right > width + 0.5 && el.checkVisibility())
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}`);
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth: width, wider };
  });
}

async function expectNoSidewaysPan(page: Page, what: string) {
  const o = await overflow(page);
  expect(o.scrollWidth, `${what}: ${o.wider.join(', ')}`).toBeLessThanOrEqual(o.innerWidth);
}

describe('a BASIC client on a phone (375 x 812)', () => {
  test('every own page fits the width, and the top bar menu button opens the side menu', async () => {
    const page = await phonePage('client', '/overview', { width: 375, height: 812 });
    for (const path of BASIC_PAGES) {
      await page.goto(path);
      await settled(page);
      await expectNoSidewaysPan(page, path);
      // The shell has collapsed to the top bar: no rail, the menu behind the button.
      expect(await page.getByTestId('side-menu').evaluate((el) => el.getBoundingClientRect().width)).toBe(0);
      await expect(page.getByTestId('menu-overview').isVisible()).resolves.toBe(false);
    }

    const button = page.getByTestId('menu-button');
    await button.click();
    await expect(button.getAttribute('aria-expanded')).resolves.toBe('true');
    await page.getByTestId('menu-position').click();
    await page.waitForURL((u) => u.pathname === '/position');
    // The drawer closes on the way (the aside itself has no width on a phone: attached, not visible).
    await page.locator('[data-testid="side-menu"][data-state="closed"]').waitFor({ state: 'attached' });
    await settled(page);
    await expectNoSidewaysPan(page, '/position after the menu');

    // The report dialog, from the menu, lies within the screen.
    await button.click();
    await page.getByTestId('menu-report').click();
    const dialog = page.getByRole('dialog', { name: 'Scarica il report' });
    await dialog.waitFor();
    const box = await dialog.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
    });
    expect(box.left).toBeGreaterThanOrEqual(0);
    expect(box.right).toBeLessThanOrEqual(375);
    expect(box.top).toBeGreaterThanOrEqual(0);
    expect(box.bottom).toBeLessThanOrEqual(812);
    await expectNoSidewaysPan(page, 'the report dialog');
  });
});

describe('an adviser on small screens (in English)', () => {
  test('the clients list at 375 px, a client overview and position at 375 and 768 px fit the width', async () => {
    const page = await phonePage('pro', '/clients', { width: 375, height: 812 }, 'en');
    await settled(page);
    await expectNoSidewaysPan(page, '/clients');
    await page.getByTestId('menu-button').click();
    await page.getByTestId('menu-clients').waitFor();

    const clients = await suite.api<{ item: Array<{ id: number; firstName: string | null; lastName: string | null }> }>(
      page,
      '/api/v1/user/client?size=10000',
    );
    const id = clients.item.find((c) => c.firstName === 'Mario' && c.lastName === 'Rossi')?.id;
    expect(id).toBeTypeOf('number');
    for (const width of [375, 768]) {
      await page.setViewportSize({ width, height: 900 });
      for (const section of ['overview', 'position']) {
        await page.goto(`/client/${id}/${section}`);
        await settled(page);
        await expectNoSidewaysPan(page, `${section} at ${width} px`);
      }
    }
    // At 768 px the menu is the rail again, without the phone's button.
    await expect(page.getByTestId('menu-button').isVisible()).resolves.toBe(false);
  });
});

describe('the dark theme (the system setting)', () => {
  test('the shell and the overview are dark, and their text keeps its contrast (axe color-contrast)', async () => {
    const page = await phonePage('client', '/overview', { width: 1280, height: 900 }, 'it', 'dark');
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/overview');
      await settled(page);
      const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      const channels = (background.match(/\d+/g) ?? []).slice(0, 3).map(Number);
      expect(
        channels.every((c) => c < 64),
        background,
      ).toBe(true);
      // Evaluated by the browser's debugging protocol, which the portal's Content-Security-Policy does not govern.
      await page.evaluate(axeSource);
      const results = await page.evaluate(async () => {
        const { axe } = window as unknown as { axe: { run: (c: Document, o: object) => Promise<AxeResults> } };
        await Promise.all(
          document
            .getAnimations()
            .filter((a) => a instanceof CSSTransition)
            .map((a) => a.finished),
        );
        const r = await axe.run(document, { runOnly: { type: 'rule', values: ['color-contrast'] } });
        return {
          passes: r.passes.reduce((n, rule) => n + rule.nodes.length, 0),
          violations: r.violations.flatMap((v) => v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary}`)),
        };
      });
      expect(results.violations, `${width} px`).toEqual([]);
      expect(results.passes).toBeGreaterThan(10);
    }
  });
});
