// Planning against the real server (mf-planning, issue 18), as an adviser uses it in a client's yearly review: the
// PRO adds a salary and a life policy on the human-capital page and the overview's flux carries the salary; adds a
// goal through the guided tour (Next waits for the description and the amount; the tour ends on the position page's
// goals panel and records addGoal) and sees its probability; builds a simulation that pays off a mortgage and sells a
// house, with the cash toasts, calculates and compares the bands with today's. BASIC reads its own plan in English.
import type { Page, Response } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { dismissToasts, lastToast, rowsOf } from './support/page-kit.ts';
import { portalSuite } from './support/suite.ts';

const suite = portalSuite();
let rossi = 0;

interface Dashboard {
  flux: { humanCapital: number };
}
interface Calculus {
  graph: Array<{ name: string; data: number[] }>;
}
interface Wealth {
  current: Calculus;
  simulation: Calculus;
  currentTotals: { gross: number; debt: number; net: number };
  simulationTotals: { gross: number; debt: number; net: number };
}

/** Money as the pages show it in Italian: 2 decimals, de-DE digits. */
const money = (v: number) =>
  new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(v);

/** Opens a path and takes the JSON answer of the first call matching `url` that the page makes on the way. */
async function openAndRead<T>(page: Page, path: string, url: (u: string) => boolean): Promise<T> {
  const answer = page.waitForResponse((r: Response) => url(r.url()) && r.request().method() === 'GET', {
    timeout: 60_000,
  });
  await page.goto(path);
  return (await (await answer).json()) as T;
}

beforeAll(async () => {
  const page = await suite.signedIn('pro');
  const clients = await suite.api<{ item: Array<{ id: number; firstName: string | null; lastName: string | null }> }>(
    page,
    '/api/v1/user/client?size=10000',
  );
  rossi = clients.item.find((c) => c.firstName === 'Mario' && c.lastName === 'Rossi')!.id;
  await page.context().close();
});

describe('planning, as a PRO with Mario Rossi', () => {
  test("a salary and a life policy on the human-capital page; the overview's flux carries the salary", async () => {
    const page = await suite.signedIn('pro');
    const isDashboard = (u: string) => u.includes(`/api/v1/dashboard/${rossi}`);
    const before = await openAndRead<Dashboard>(page, `/client/${rossi}/overview`, isDashboard);
    await page.getByTestId('overview-flux').waitFor({ timeout: 30_000 });

    await page.goto(`/client/${rossi}/human-capital`);
    await page.getByTestId('human-capital-page').waitFor();
    await page.getByTestId('hc-add-flow').click();
    await page.getByTestId('hc-flow-description').fill('Consulenza estera');
    await page.getByTestId('hc-flow-category').selectOption('SALARY');
    await expect.poll(() => page.getByTestId('hc-flow-direction').inputValue()).toBe('IN');
    await page.getByTestId('hc-flow-amount').fill('2500');
    await page.getByTestId('dialog-submit').click();
    await expect.poll(() => lastToast(page, 'success')).toContain('aggiunto');
    await page.getByTestId('tab-WORK_FLOWS').click();
    await expect.poll(async () => (await rowsOf(page, 'human-capital-flows')).join('|')).toContain('Consulenza estera');

    await dismissToasts(page);
    await page.getByTestId('hc-add-policy').click();
    await page.getByTestId('hc-policy-insurer').fill('Reale Mutua');
    await page.getByTestId('hc-policy-type').selectOption('TERM_LIFE');
    await page.getByTestId('hc-policy-insured').fill('Mario Rossi');
    await page.getByTestId('hc-policy-beneficiary').fill('Anna Rossi');
    await page.getByTestId('hc-policy-capital').fill('150000');
    await page.getByTestId('hc-policy-premium').fill('320');
    await page.getByTestId('hc-policy-frequency').selectOption('YEARLY');
    await page.getByTestId('dialog-submit').click();
    await expect.poll(() => lastToast(page, 'success')).toContain('aggiunt');
    await expect.poll(async () => (await rowsOf(page, 'human-capital-policies')).join('|')).toContain('Reale Mutua');
    // The insured capital of the demo's two policies (300,000 and 50,000) and the new one.
    await expect.poll(() => page.getByTestId('human-capital-page').textContent()).toContain(money(500_000));

    // The salary starts today: the overview's flux of the last 12 months has 2,500 more of human capital.
    const after = await openAndRead<Dashboard>(page, `/client/${rossi}/overview`, isDashboard);
    expect(after.flux.humanCapital).toBeCloseTo(before.flux.humanCapital + 2500, 2);
    await page.getByTestId('overview-flux').waitFor({ timeout: 30_000 });
    await page.context().close();
  });

  test('a goal added through the guided tour; its probability on the goals page and on the position page', async () => {
    const page = await suite.signedIn('pro');
    // Twice today's wealth in ten years (the tour's default date): neither certain nor out of reach.
    const today = await suite.api<{ richComposition: Record<string, number> }>(page, `/api/v1/dashboard/${rossi}`);
    const target = Math.round(2 * Object.values(today.richComposition).reduce((s, v) => s + v, 0));
    await page.goto(`/client/${rossi}/goals`);
    await page.getByTestId('goals-page').waitFor();
    await page.getByTestId('goals-list').waitFor({ timeout: 30_000 });
    await page.getByTestId('tour-launcher').click();
    await page.getByTestId('tour-start-addGoal').click();
    const popover = page.locator('.driver-popover');
    const next = popover.getByTestId('tour-next');
    const step = () => popover.getAttribute('data-step');
    await expect.poll(step).toBe('goals-add');
    await next.click();
    await expect.poll(step).toBe('goal-description');
    expect(await next.isDisabled()).toBe(true);
    await page.getByTestId('goal-description').fill('Barca a vela');
    await expect.poll(() => next.isDisabled()).toBe(false);
    await next.click();
    await expect.poll(step).toBe('goal-amount');
    expect(await next.isDisabled()).toBe(true);
    await page.getByTestId('goal-amount').fill(String(target));
    await expect.poll(() => next.isDisabled()).toBe(false);
    await next.click();
    await expect.poll(step).toBe('goal-date');
    await next.click();
    await expect.poll(step).toBe('goal-submit');
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/v1/goal') && r.request().method() === 'POST');
    await next.click();
    expect((await saved).status()).toBe(200);
    await page.waitForURL((u) => u.pathname === `/client/${rossi}/position`);
    await expect.poll(step, { timeout: 30_000 }).toBe('position-goals');
    await expect.poll(() => page.locator('[data-tour="position-goals"]').textContent()).toContain('Barca a vela');
    const recorded = page.waitForResponse(
      (r) => r.url().endsWith('/api/v1/user/data-tour') && r.request().method() === 'PATCH',
    );
    await next.click();
    expect(await (await recorded).text()).toContain('addGoal');

    // The goals page: the new goal with its probability as a percentage, as the projection gives it.
    const projection = await openAndRead<{ goals: Array<{ description: string; probability: number }> }>(
      page,
      `/client/${rossi}/goals`,
      (u) => u.includes('/api/v1/goal/projection'),
    );
    const goal = projection.goals.find((g) => g.description === 'Barca a vela')!;
    expect(goal.probability).toBeGreaterThan(0);
    expect(goal.probability).toBeLessThan(1);
    const row = page.getByTestId('goal-row').filter({ hasText: 'Barca a vela' });
    await expect.poll(() => row.getByTestId('goal-probability').textContent()).toMatch(/\d+\s?%/);
    await page.getByTestId('goals-projection').locator('.apexcharts-canvas').first().waitFor({ timeout: 30_000 });
    await page.context().close();
  });

  test('a simulation that pays off a mortgage and sells a house: the cash toasts, then the bands against today', async () => {
    const page = await suite.signedIn('pro');
    await page.goto(`/client/${rossi}/goals?tab=simulations`);
    await page
      .getByTestId('simulations-list')
      .or(page.getByTestId('simulations-empty'))
      .first()
      .waitFor({ timeout: 30_000 });
    await page.getByTestId('simulation-new').click();
    await page.getByTestId('simulation-editor').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('simulation-calculate').isDisabled()).toBe(true);

    await page.getByTestId('simulation-remove-mortgage').first().click();
    await expect.poll(() => lastToast(page, 'info')).toMatch(/tolti dalla liquidità/);
    await expect.poll(() => page.getByTestId('simulation-calculate').isDisabled()).toBe(false);
    await dismissToasts(page);
    const houses = await page.getByTestId('simulation-property').count();
    await page.getByTestId('simulation-sell-property').last().click();
    await expect.poll(() => lastToast(page, 'info')).toMatch(/aggiunti alla liquidità/);
    await expect.poll(() => page.getByTestId('simulation-property').count()).toBe(houses - 1);

    const computed = page.waitForResponse(
      (r) => r.url().endsWith('/api/v1/gc/wealth') && r.request().method() === 'POST',
    );
    await page.getByTestId('simulation-calculate').click();
    const response = await computed;
    const wealth = (await response.json()) as Wealth;
    expect(response.status(), JSON.stringify(wealth).slice(0, 300)).toBe(200);
    const median = (c: Calculus) => c.graph.find((g) => g.name === '60%')!.data;
    expect(median(wealth.simulation)).not.toEqual(median(wealth.current));
    expect(wealth.simulationTotals.debt).toBeLessThan(wealth.currentTotals.debt);
    for (const id of ['simulation-chart-current', 'simulation-chart-simulation'])
      await page.getByTestId(id).locator('.apexcharts-canvas').first().waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByTestId('simulation-calculate').isDisabled()).toBe(true);

    // Saved under a name, it is listed.
    await page.getByTestId('simulation-save').click();
    await page.getByTestId('simulation-save-name').fill('Estinzione e vendita');
    await page.getByTestId('dialog-submit').click();
    await expect.poll(() => lastToast(page, 'success')).toBeTruthy();
    const list = await suite.api<{ item: Array<{ name: string }> }>(page, `/api/v1/gc?clientId=${rossi}`);
    expect(list.item.map((s) => s.name)).toContain('Estinzione e vendita');
    await page.context().close();
  });
});

describe('planning, as the client (BASIC) in English', () => {
  test('its own human capital and goals, in English, with no client named in the calls', async () => {
    const page = await suite.signedIn('client');
    await page.evaluate(() => localStorage.setItem('patrimonio.locale', 'en'));
    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/v1/human-capital') || r.url().includes('/api/v1/goal')) calls.push(r.url());
    });
    await page.goto('/human-capital');
    await page.getByTestId('human-capital-page').waitFor();
    await expect.poll(() => page.locator('#mf-container h1').first().textContent()).toBe('Human capital');
    await expect.poll(async () => (await rowsOf(page, 'human-capital-flows')).length).toBeGreaterThan(0);
    await page.goto('/goals');
    await page.getByTestId('goals-list').waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByTestId('goals-page').textContent()).toContain('Università dei figli');
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.filter((u) => u.includes('clientId='))).toEqual([]);
    await page.context().close();
  });
});
