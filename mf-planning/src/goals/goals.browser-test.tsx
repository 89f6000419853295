/// <reference types="mocha" />
// The goals page (issue 18) in real Chromium, from the built mf-planning (npm run build -- shared-ui mf-planning)
// mounted through its single-spa lifecycles on /client/42/goals as in the portal. The server is a test double of
// window.fetch that keeps the goals and answers the goal calls as the contract says (shared-api contract/planning.ts):
// the list with each goal's probability and median wealth, the band chart with the goals marked, adding a goal (the
// POST body), the two-step delete, the guided tour's add-goal section over the real form, and English.
import { expect } from '@esm-bundle/chai';
import type { Goal, GoalProjection } from '@patrimonio/shared-api';
import {
  addYearsIso,
  closeTour,
  formatDate,
  getTourState,
  queryClient,
  setLocale,
  startTour,
  todayIso,
} from '@patrimonio/shared-ui';
import { emulateMedia, setViewport } from '@web/test-runner-commands';
import {
  FetchDouble,
  json,
  loadApp,
  q,
  renderBeside,
  signIn,
  type,
  until,
  user,
  type WebApp,
} from '../../../tests/support/web-app.tsx';

const TODAY = todayIso();
const goal = (id: number, description: string, years: number, amount: number): Goal => ({
  id,
  clientId: 42,
  description,
  amount,
  initDate: addYearsIso(TODAY, years),
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
});

const server = {
  goals: [] as Goal[],
  nextId: 10,
  /** The probability the projection gives each goal, by id (0.5 when not listed). */
  probability: new Map<number, number>(),
  tour: [] as string[],
};

function projection(): GoalProjection {
  const dates = Array.from({ length: 21 }, (_, k) => addYearsIso(TODAY, k));
  const band = (growth: number) => dates.map((_, k) => Math.round(500000 * growth ** k));
  return {
    date: TODAY,
    calculus: {
      dates,
      endDate: dates[20]!,
      inflation: band(0.98),
      graph: [
        { name: '90%', data: band(1.01) },
        { name: '60%', data: band(1.03) },
        { name: '20%', data: band(1.05) },
      ],
      maxValue: 500000 * 1.05 ** 20,
      percentage: [],
    },
    yearlyFlows: [],
    goals: server.goals.map((g) => ({
      id: g.id,
      description: g.description,
      amount: g.amount,
      initDate: g.initDate,
      probability: server.probability.get(g.id) ?? 0.5,
      median: 612345.67,
      years: 5,
    })),
    recalculationInProgress: false,
  };
}

const double = new FetchDouble(({ method, path: p, body }) => {
  if (p === '/api/v1/goal' && method === 'GET')
    return json({ item: server.goals, total: server.goals.length, page: 1, size: 100000 });
  if (p === '/api/v1/goal/projection') return json(projection());
  if (p === '/api/v1/goal' && method === 'POST') {
    const b = body as { description: string; amount: number; initDate: string };
    const id = server.nextId++;
    server.goals.push({ ...goal(id, b.description, 1, b.amount), initDate: b.initDate });
    return json({ id });
  }
  const one = /^\/api\/v1\/goal\/(\d+)$/.exec(p);
  if (one && method === 'DELETE') {
    server.goals = server.goals.filter((g) => g.id !== Number(one[1]));
    return json({ id: Number(one[1]) });
  }
  if (one && method === 'PUT') {
    const g = server.goals.find((x) => x.id === Number(one[1]))!;
    Object.assign(g, body);
    return json(g);
  }
  if (p === '/api/v1/user/data-tour' && method === 'PATCH') {
    const step = (body as { tourStep: string }).tourStep;
    server.tour.push(step);
    return new Response(JSON.stringify(step), { status: 200, headers: { 'content-type': 'application/json' } });
  }
  if (p === '/api/v1/user/data-tour') return json('-1');
  return json({ statusCode: 404, message: 'not here' }, 404);
});
const { callsTo } = double;

let app: WebApp;
let removeBeside: () => void;
let startPath: string;

const rows = () =>
  Array.from(document.querySelectorAll('[data-testid="goal-row"]')).map((tr) =>
    Array.from(tr.querySelectorAll('th, td')).map((c) => (c.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ').trim()),
  );
const toasts = (kind: string) =>
  Array.from(document.querySelectorAll(`[data-testid="toast-${kind}"] .pt-toast__message`)).map((e) => e.textContent);
const input = (testId: string) => q<HTMLInputElement>(testId)!;

async function openPage() {
  signIn(user('PRO'), { kind: 'client', id: 42, status: 'succeded' });
  await app.mount();
  await until(() => q('goals-page') !== null, 'the goals page');
}

before(async () => {
  await setViewport({ width: 1366, height: 900 });
  await emulateMedia({ reducedMotion: 'reduce' });
  app = await loadApp('mf-planning');
  startPath = window.location.pathname + window.location.search;
});

beforeEach(async () => {
  await setLocale('it');
  localStorage.clear();
  queryClient.clear();
  server.goals = [goal(1, 'Università dei figli', 8, 120000), goal(2, 'Casa al mare', 5, 250000)];
  server.probability = new Map([
    [1, 0.7349],
    [2, 0.3],
  ]);
  server.nextId = 10;
  server.tour = [];
  double.install();
  window.history.replaceState(null, '', '/client/42/goals');
  removeBeside = renderBeside(<section data-tour="position-goals">position</section>);
});

afterEach(async () => {
  closeTour();
  await app.unmount();
  removeBeside();
  double.restore();
  window.history.replaceState(null, '', startPath);
});

describe('goals (/client/42/goals)', () => {
  it('lists the goals by date with their probability (rounded, in words) and the median wealth at their date', async () => {
    await openPage();
    await until(() => rows().length === 2 && rows()[0]![3] !== '…', 'the goals with their probability');
    expect(callsTo('GET', '/api/v1/goal')[0]!.query).to.equal('?clientId=42&size=100000');
    expect(callsTo('GET', '/api/v1/goal/projection')[0]!.query).to.equal('?clientId=42');
    const [house, school] = rows();
    expect(house!.slice(0, 5)).to.deep.equal([
      'Casa al mare',
      '250.000,00 €',
      house![2],
      '30%Improbabile',
      '612.345,67 €',
    ]);
    expect(school!.slice(0, 4)).to.deep.include.members(['Università dei figli', '120.000,00 €', '73%Probabile']);
    expect(q('goals-list')!.querySelector('[data-level="high"]')!.textContent).to.contain('73%');
    // The band chart marks each goal at its date and amount (its data table lists them by year).
    await until(() => q('goals-projection')!.querySelector('[data-testid="chart-data"]') !== null, 'the chart');
    const table = q('goals-projection')!.querySelector('[data-testid="chart-data"]')!;
    expect(table.querySelector('thead')!.textContent).to.contain('Obiettivi');
    expect(table.textContent!.replace(/[\u00a0\u202f]/g, ' ')).to.contain('Casa al mare: 250.000,00 €');
  });

  it('adds a goal: description, amount, the date moved on by a quick button; the POST body and the refreshed list', async () => {
    await openPage();
    await until(() => rows().length === 2, 'the goals');
    q<HTMLButtonElement>('goals-add')!.click();
    await until(() => q('goal-dialog') !== null, 'the dialog');
    // A new goal is due in 10 years until a date is chosen (shown day first).
    expect(input('goal-date').value).to.equal(formatDate(addYearsIso(TODAY, 10)));
    q<HTMLButtonElement>('goal-submit')!.click();
    await until(() => q('goal-dialog')!.querySelectorAll('.pt-field__error').length === 2, 'description, amount');
    expect(callsTo('POST', '/api/v1/goal')).to.have.length(0);
    type(input('goal-description'), '  Barca a vela ');
    type(input('goal-amount'), '80.000');
    q<HTMLButtonElement>('goal-dialog')!.querySelector<HTMLButtonElement>('[data-years="5"]')!.click();
    await until(() => input('goal-date').value === formatDate(addYearsIso(TODAY, 15)), 'the date 15 years on');
    q<HTMLButtonElement>('goal-submit')!.click();
    await until(() => callsTo('POST', '/api/v1/goal').length === 1, 'the POST');
    expect(callsTo('POST', '/api/v1/goal')[0]!.body).to.deep.equal({
      clientId: 42,
      description: 'Barca a vela',
      amount: 80000,
      initDate: addYearsIso(TODAY, 15),
    });
    await until(() => toasts('success').includes('Obiettivo aggiunto'), 'the toast');
    await until(() => rows().length === 3, 'the list asked again');
    expect(rows()[2]![0]).to.equal('Barca a vela');
    expect(callsTo('GET', '/api/v1/goal/projection').length).to.be.greaterThan(1);
  });

  it('deletes a goal with the two-step button', async () => {
    await openPage();
    await until(() => rows().length === 2, 'the goals');
    const del = document.querySelector<HTMLButtonElement>('[data-testid="goal-row"] [data-testid="goal-delete"]')!;
    del.click();
    await until(() => del.dataset.armed === 'true', 'the confirm step');
    expect(callsTo('DELETE', '/api/v1/goal/2')).to.have.length(0);
    del.click();
    await until(() => callsTo('DELETE', '/api/v1/goal/2').length === 1, 'the DELETE');
    await until(() => rows().length === 1, 'the list asked again');
  });

  it('without goals: a sentence and the add button', async () => {
    server.goals = [];
    await openPage();
    await until(() => q('goals-empty') !== null, 'the empty state');
    expect(q('goals-empty')!.textContent).to.contain('Un obiettivo è una somma da raggiungere entro una data');
    expect(q('goals-empty')!.querySelector('[data-tour="goals-add"]')).not.to.equal(null);
  });

  it('keeps the chosen tab in the URL', async () => {
    await openPage();
    q<HTMLButtonElement>('tab-simulations')!.click();
    await until(() => window.location.search === '?tab=simulations', 'the tab in the query');
    q<HTMLButtonElement>('tab-goals')!.click();
    await until(() => window.location.search === '', 'the default tab');
  });

  it('the add-goal tour runs over the real form: Next waits for description and amount; the submit saves, then the position step and PATCH', async () => {
    await openPage();
    await until(() => rows().length === 2, 'the goals');
    const navigations: string[] = [];
    expect(
      startTour('addGoal', { basePath: '/client/42', goToStart: false, navigate: (to) => navigations.push(to) }),
    ).to.equal(true);
    const popover = () => document.querySelector<HTMLElement>('.driver-popover');
    const step = () => (popover()?.style.display === 'none' ? null : (popover()?.dataset.step ?? null));
    const next = () => popover()!.querySelector<HTMLButtonElement>('[data-testid="tour-next"]')!;
    await until(() => step() === 'goals-add', 'step 1');
    next().click();
    await until(() => step() === 'goal-description', 'step 2: the dialog opened');
    expect(next().disabled).to.equal(true);
    type(input('goal-description'), 'Casa in montagna');
    await until(() => !next().disabled, 'Next once the description is filled');
    next().click();
    await until(() => step() === 'goal-amount', 'step 3');
    expect(next().disabled).to.equal(true);
    type(input('goal-amount'), '0');
    await new Promise((r) => setTimeout(r, 60));
    expect(next().disabled, 'an amount of 0 is not a goal').to.equal(true);
    type(input('goal-amount'), '300.000');
    await until(() => !next().disabled, 'Next once the amount is filled');
    next().click();
    await until(() => step() === 'goal-date', 'step 4');
    next().click();
    await until(() => step() === 'goal-submit', 'step 5');
    next().click();
    expect(navigations).to.deep.equal(['/client/42/position']);
    await until(() => callsTo('POST', '/api/v1/goal').length === 1, 'the goal saved');
    expect(callsTo('POST', '/api/v1/goal')[0]!.body).to.deep.equal({
      clientId: 42,
      description: 'Casa in montagna',
      amount: 300000,
      initDate: addYearsIso(TODAY, 10),
    });
    await until(() => step() === 'position-goals', 'step 6 on the position page');
    next().click();
    await until(() => !getTourState().active, 'the tour closed');
    await until(() => server.tour.length === 1, 'the PATCH');
    expect(server.tour).to.deep.equal(['addGoal']);
  });

  it('fits a 375 px phone: nothing wider than the screen but the tables, which scroll in their frame', async () => {
    await setViewport({ width: 375, height: 800 });
    try {
      await openPage();
      await until(() => rows().length === 2, 'the goals');
      await until(() => q('goals-projection')!.querySelector('.apexcharts-canvas') !== null, 'the chart drawn');
      expect(document.documentElement.scrollWidth).to.be.at.most(375);
      q<HTMLButtonElement>('goals-add')!.click();
      await until(() => q('goal-dialog') !== null, 'the dialog');
      expect(q('goal-dialog')!.getBoundingClientRect().width).to.be.at.most(375);
      expect(document.documentElement.scrollWidth).to.be.at.most(375);
    } finally {
      await setViewport({ width: 1366, height: 900 });
    }
  });

  it('speaks English', async () => {
    await setLocale('en');
    await openPage();
    await until(() => rows().length === 2 && rows()[0]![3] !== '…', 'the goals');
    expect(q('tab-goals')!.textContent).to.equal('Goals');
    expect(q('tab-simulations')!.textContent).to.equal('Simulations');
    expect(q('goals-add')!.textContent).to.equal('Add goal');
    expect(rows()[0]!.slice(1, 4)).to.deep.include.members(['250,000.00 €', '30%Unlikely']);
    q<HTMLButtonElement>('goals-add')!.click();
    await until(() => q('goal-dialog') !== null, 'the dialog');
    expect(q('goal-dialog')!.textContent).to.contain('New goal');
    expect(q('goal-dialog')!.textContent).to.contain('Target date');
  });
});
