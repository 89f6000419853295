/// <reference types="mocha" />
// The simulations tab of the goals page (issue 18) in real Chromium, from the built mf-planning, on
// /client/42/goals?tab=simulations. The server is a test double of window.fetch answering the /gc calls as the contract
// says: a new simulation from GET /gc/init, selling a property (the toast with the money added to cash, "Calcola"
// enabled), "Calcola" (POST /gc/wealth) drawing both projections with the totals, saving under a name (POST /gc), a
// saved one opened and deleted, English.
import { expect } from '@esm-bundle/chai';
import type { SimulationBody } from '@patrimonio/shared-api';
import { queryClient, setLocale } from '@patrimonio/shared-ui';
import { setViewport } from '@web/test-runner-commands';
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
import { initSimulation, savedSimulation, wealthAnswer } from './fixtures.ts';

const server = { saved: [savedSimulation(5, 'Vendo la casa')] };

const double = new FetchDouble(({ method, path: p }) => {
  if (p === '/api/v1/gc' && method === 'GET')
    return json({
      item: server.saved.map((s) => ({ id: s.id, clientId: 42, name: s.name, gross: 915000, updatedAt: s.updatedAt })),
      total: server.saved.length,
      page: 1,
      size: 10000,
    });
  if (p === '/api/v1/gc/init') return json(initSimulation());
  if (p === '/api/v1/gc/wealth' && method === 'POST') return json(wealthAnswer());
  if (p === '/api/v1/gc' && method === 'POST') return json({ id: 9 });
  const one = /^\/api\/v1\/gc\/(\d+)$/.exec(p);
  if (one && method === 'GET') return json(server.saved.find((s) => s.id === Number(one[1])));
  if (one && method === 'DELETE') {
    server.saved = server.saved.filter((s) => s.id !== Number(one[1]));
    return json({ id: Number(one[1]) });
  }
  if (one && method === 'PUT') return json(server.saved[0]);
  return json({ statusCode: 404, message: 'not here' }, 404);
});
const { callsTo } = double;

let app: WebApp;
let removeBeside: () => void;
let startPath: string;

const plain = (s: string | null | undefined) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ');
const toasts = (kind: string) =>
  Array.from(document.querySelectorAll(`[data-testid="toast-${kind}"] .pt-toast__message`)).map((e) =>
    plain(e.textContent),
  );
const calculate = () => q<HTMLButtonElement>('simulation-calculate')!;
const properties = () =>
  Array.from(document.querySelectorAll('[data-testid="simulation-property"] h3')).map((h) => h.textContent);

async function openNew() {
  signIn(user('PRO'), { kind: 'client', id: 42, status: 'succeded' });
  await app.mount();
  await until(() => q('simulation-row') !== null, 'the saved simulations');
  q<HTMLButtonElement>('simulation-new')!.click();
  await until(() => q('simulation-editor') !== null, 'the editor');
}

before(async () => {
  await setViewport({ width: 1366, height: 900 });
  app = await loadApp('mf-planning');
  startPath = window.location.pathname + window.location.search;
});

beforeEach(async () => {
  await setLocale('it');
  localStorage.clear();
  queryClient.clear();
  server.saved = [savedSimulation(5, 'Vendo la casa')];
  double.install();
  window.history.replaceState(null, '', '/client/42/goals?tab=simulations');
  removeBeside = renderBeside();
});

afterEach(async () => {
  await app.unmount();
  removeBeside();
  double.restore();
  window.history.replaceState(null, '', startPath);
});

describe('simulations (/client/42/goals?tab=simulations)', () => {
  it('sells a property: the toast says what was added to cash and Calcola is enabled; Calcola draws both projections', async () => {
    await openNew();
    expect(callsTo('GET', '/api/v1/gc')[0]!.query).to.equal('?clientId=42');
    expect(callsTo('GET', '/api/v1/gc/init')[0]!.query).to.equal('?clientId=42');
    expect(calculate().disabled, 'nothing to calculate before a change').to.equal(true);
    expect(properties()).to.deep.equal(['Casa in città', 'Bilocale al mare']);

    document.querySelector<HTMLButtonElement>('[aria-label="Vendi Bilocale al mare"]')!.click();
    await until(() => toasts('info').length === 1, 'the cash toast');
    expect(toasts('info')).to.deep.equal(['180.000,00 € aggiunti alla liquidità']);
    expect(properties()).to.deep.equal(['Casa in città']);
    expect(q<HTMLInputElement>('simulation-cash')!.value).to.equal('230.000,00');
    expect(calculate().disabled).to.equal(false);

    calculate().click();
    await until(() => q('simulation-comparison') !== null, 'the comparison');
    const sent = callsTo('POST', '/api/v1/gc/wealth')[0]!.body as { clientId: number; simulation: SimulationBody };
    expect(sent.clientId).to.equal(42);
    expect(sent.simulation.realEstate.map((r) => r.description)).to.deep.equal(['Casa in città']);
    expect(sent.simulation.financial.cash).to.equal(230000);
    expect(calculate().disabled, 'calculated: nothing new to calculate').to.equal(true);
    await until(
      () => document.querySelectorAll('[data-testid="simulation-comparison"] [data-chart="band"]').length === 2,
      'both projections drawn',
    );
    const net = q('simulation-totals')!.querySelector('tr[data-key="net"]')!;
    expect(Array.from(net.children).map((c) => plain(c.textContent))).to.deep.equal([
      'Patrimonio netto',
      '625.000,00 €',
      '805.000,00 €',
      '180.000,00 €',
    ]);
  });

  it('paying off a mortgage removes money from cash; moving money to bonds too; the cash can go negative with a warning', async () => {
    await openNew();
    q<HTMLButtonElement>('simulation-remove-mortgage')!.click();
    await until(() => toasts('info').length === 1, 'the toast');
    expect(toasts('info')[0]).to.match(/^[\d.]+,\d\d € tolti dalla liquidità$/);
    expect(q('simulation-remove-mortgage')).to.equal(null);
    const bond = q<HTMLInputElement>('simulation-bond')!;
    bond.focus();
    type(bond, '400000');
    bond.blur();
    await until(() => toasts('info').length === 2, 'the second toast');
    expect(toasts('info')[1]).to.equal('320.000,00 € tolti dalla liquidità');
    await until(() => q('simulation-negative-cash') !== null, 'the negative cash warning');
  });

  it('saves a new simulation under a name (POST /gc), then opens and deletes a saved one', async () => {
    await openNew();
    document.querySelector<HTMLButtonElement>('[aria-label="Vendi Dipinto"]')!.click();
    q<HTMLButtonElement>('simulation-save')!.click();
    await until(() => q('simulation-save-dialog') !== null, 'the name asked');
    type(q<HTMLInputElement>('simulation-save-name')!, 'Senza il dipinto');
    q<HTMLButtonElement>('dialog-submit')!.click();
    await until(() => callsTo('POST', '/api/v1/gc').length === 1, 'the POST');
    const body = callsTo('POST', '/api/v1/gc')[0]!.body as SimulationBody & { clientId: number };
    expect(body.name).to.equal('Senza il dipinto');
    expect(body.clientId).to.equal(42);
    expect(body.artlux).to.deep.equal([]);
    expect(body.financial.cash).to.equal(75000);
    await until(() => q('simulation-name')!.textContent === 'Senza il dipinto', 'the name shown');

    q<HTMLButtonElement>('simulation-back')!.click();
    await until(() => q('simulation-row') !== null, 'the list');
    q<HTMLButtonElement>('simulation-open')!.click();
    await until(() => q('simulation-name')?.textContent === 'Vendo la casa', 'the saved one opened');
    expect(callsTo('GET', '/api/v1/gc/5')).to.have.length(1);
    expect(calculate().disabled, 'a saved simulation can be calculated at once').to.equal(false);
    q<HTMLButtonElement>('simulation-save')!.click();
    await until(() => callsTo('PUT', '/api/v1/gc/5').length === 1, 'the PUT');
    q<HTMLButtonElement>('simulation-back')!.click();
    await until(() => q('simulation-delete') !== null, 'the list');
    q<HTMLButtonElement>('simulation-delete')!.click();
    await until(() => q('simulation-delete')!.dataset.armed === 'true', 'the confirm step');
    q<HTMLButtonElement>('simulation-delete')!.click();
    await until(() => callsTo('DELETE', '/api/v1/gc/5').length === 1, 'the DELETE');
    await until(() => q('simulations-empty') !== null, 'the empty state');
  });

  it('fits a 375 px phone', async () => {
    await setViewport({ width: 375, height: 800 });
    try {
      await openNew();
      document.querySelector<HTMLButtonElement>('[aria-label="Vendi Bilocale al mare"]')!.click();
      await until(() => !calculate().disabled, 'Calcola enabled');
      calculate().click();
      await until(
        () => document.querySelectorAll('[data-testid="simulation-comparison"] .apexcharts-canvas').length === 2,
        'both projections drawn',
      );
      expect(document.documentElement.scrollWidth).to.be.at.most(375);
    } finally {
      await setViewport({ width: 1366, height: 900 });
    }
  });

  it('speaks English', async () => {
    await setLocale('en');
    await openNew();
    expect(calculate().textContent).to.equal('Calculate');
    document.querySelector<HTMLButtonElement>('[aria-label="Sell Bilocale al mare"]')!.click();
    await until(() => toasts('info').length === 1, 'the cash toast');
    expect(toasts('info')).to.deep.equal(['180,000.00 € added to cash']);
  });
});
