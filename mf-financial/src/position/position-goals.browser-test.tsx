/// <reference types="mocha" />
// The position page's goals panel (issue 18) in real Chromium, from the built mf-financial (npm run build --
// shared-ui mf-financial), mounted on /client/42/position. The server double answers GET /goal/projection; the
// page's other calls get a 404 (their sections show their error), which the panel does not depend on.
import { expect } from '@esm-bundle/chai';
import type { GoalProjection } from '@patrimonio/shared-api';
import { queryClient, setLocale } from '@patrimonio/shared-ui';
import { setViewport } from '@web/test-runner-commands';
import {
  FetchDouble,
  json,
  loadApp,
  q,
  renderBeside,
  signIn,
  until,
  user,
  type WebApp,
} from '../../../tests/support/web-app.tsx';

const outlook = (id: number, description: string, initDate: string, amount: number, probability: number) => ({
  id,
  description,
  amount,
  initDate,
  probability,
  median: amount,
  years: 5,
});
const server = { goals: [] as GoalProjection['goals'] };
const double = new FetchDouble(({ path: p }) => {
  if (p === '/api/v1/goal/projection')
    return json({
      date: '2026-01-15',
      calculus: {
        dates: ['2026-01-15', '2027-01-15'],
        endDate: '2027-01-15',
        inflation: [500000, 490000],
        graph: [
          { name: '90%', data: [500000, 490000] },
          { name: '60%', data: [500000, 520000] },
          { name: '20%', data: [500000, 560000] },
        ],
        maxValue: 560000,
        percentage: [],
      },
      yearlyFlows: [],
      goals: server.goals,
      recalculationInProgress: false,
    } satisfies GoalProjection);
  return json({ statusCode: 404, message: 'not here' }, 404);
});

let app: WebApp;
let removeBeside: () => void;
let startPath: string;
const plain = (s: string | null | undefined) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ').trim();
const rows = () =>
  Array.from(document.querySelectorAll('[data-testid="position-goal"]')).map((tr) =>
    Array.from(tr.children).map((c) => plain(c.textContent)),
  );

before(async () => {
  await setViewport({ width: 1366, height: 900 });
  app = await loadApp('mf-financial');
  startPath = window.location.pathname + window.location.search;
});
beforeEach(async () => {
  await setLocale('it');
  queryClient.clear();
  server.goals = [
    outlook(3, 'Università', '2034-09-01', 300000, 0.35),
    outlook(1, 'Auto', '2028-01-01', 40000, 0.97),
    outlook(2, 'Casa al mare', '2031-06-30', 250000, 0.6),
  ];
  double.install();
  removeBeside = renderBeside();
});
afterEach(async () => {
  await app.unmount();
  removeBeside();
  double.restore();
  window.history.replaceState(null, '', startPath);
});

async function mountAt(path: string) {
  window.history.replaceState(null, '', path);
  signIn(user('PRO'), { kind: 'client', id: 42, status: 'succeded' });
  await app.mount();
  await until(() => q('position-page') !== null, 'the position page');
}

describe("the position page's goals panel", () => {
  it("lists a client's goals with probability and how much today's wealth covers, nearest first", async () => {
    await mountAt('/client/42/position');
    await until(() => rows().length === 3, 'the goals');
    expect(double.callsTo('GET', '/api/v1/goal/projection')[0]!.query).to.equal('?clientId=42');
    expect(q('position-goals')!.dataset.tour).to.equal('position-goals');
    expect(rows()).to.deep.equal([
      ['Auto', '40.000,00 €', '01/01/2028', '97%Probabile', '100,00%'],
      ['Casa al mare', '250.000,00 €', '30/06/2031', '60%Incerto', '100,00%'],
      ['Università', '300.000,00 €', '01/09/2034', '35%Improbabile', '70,00%'],
    ]);
    expect(q<HTMLAnchorElement>('position-goals-link')!.getAttribute('href')).to.equal('/client/42/goals');
  });

  it('without goals: a sentence and a link to the goals page; English', async () => {
    server.goals = [];
    await setLocale('en');
    await mountAt('/client/42/position');
    await until(() => q('position-goals-empty') !== null, 'the empty state');
    expect(q('position-goals-empty')!.textContent).to.contain('No goals: add one');
    expect(q('position-goals-link')!.textContent).to.equal('Add a goal');
    expect(q<HTMLAnchorElement>('position-goals-link')!.getAttribute('href')).to.equal('/client/42/goals');
  });

  it('is not shown for a family', async () => {
    window.history.replaceState(null, '', '/family/3/position');
    signIn(user('PRO'), { kind: 'family', id: 3, status: 'succeded' });
    await app.mount();
    await until(() => q('position-page') !== null, 'the position page');
    expect(q('position-goals')).to.equal(null);
    expect(double.callsTo('GET', '/api/v1/goal/projection')).to.have.length(0);
  });
});
