/// <reference types="mocha" />
// The human-capital page (issue 18) in real Chromium, from the built mf-planning (npm run build -- mf-planning) on
// the built shared-ui, mounted through its single-spa lifecycles on /client/7/human-capital as in the portal. The
// server is a test double of window.fetch that keeps the planned flows and answers the human-capital calls as the
// contract says (shared-api contract/planning.ts).
import { expect } from '@esm-bundle/chai';
import type { Flow, FlowRecord, FlowRecordPage, HumanCapitalSummary, Policy } from '@patrimonio/shared-api';
import { queryClient, setLocale, todayIso } from '@patrimonio/shared-ui';
import { setViewport } from '@web/test-runner-commands';
import {
  choose,
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

const owner = { clientId: 7, owner: 'Mario Rossi', weight: 1 };

const flow = (id: number, over: Partial<Flow> = {}): Flow => ({
  id,
  ...owner,
  description: 'Spese di casa',
  direction: 'OUT',
  category: 'LIVING_COSTS',
  flowGroup: 'PERSONAL_FLOWS',
  amount: 1800,
  frequency: 'MONTHLY',
  startDate: '2024-01-01',
  endDate: null,
  growthRate: 0.02,
  note: null,
  yearlyAmount: 21600,
  updatedAt: '2026-11-20T10:00:00Z',
  ...over,
});

const FLOWS: Flow[] = [
  flow(1),
  flow(2, {
    description: 'Pensione integrativa',
    direction: 'IN',
    category: 'PENSION',
    amount: 900,
    yearlyAmount: 10800,
    growthRate: 0,
  }),
];

const RECORDS: FlowRecord[] = [
  {
    id: 11,
    flowId: 1,
    ...owner,
    description: 'Spese di casa',
    direction: 'OUT',
    category: 'LIVING_COSTS',
    flowGroup: 'PERSONAL_FLOWS',
    date: '2026-10-31',
    amount: 1750.5,
    note: 'ottobre',
  },
];

const POLICIES: Policy[] = [
  {
    id: 21,
    ...owner,
    insurer: 'Generali',
    policyType: 'TERM_LIFE',
    policyNumber: 'TL-1',
    insured: 'Mario Rossi',
    beneficiary: 'Anna Bianchi',
    capital: 250000,
    premium: 480,
    premiumFrequency: 'YEARLY',
    startDate: '2020-03-01',
    endDate: '2025-03-01',
    surrenderValue: null,
    note: null,
    yearlyPremium: 0,
    expired: true,
    updatedAt: '2026-11-20T10:00:00Z',
  },
];

const SUMMARY: HumanCapitalSummary = {
  date: '2026-11-21',
  humanCapital: 612345.67,
  futureIncome: 900000,
  futureExpense: 200000,
  last12Months: { income: 40000, expense: 21600, net: 18400 },
  next12Months: { income: 41000, expense: 22032, net: 18968 },
  yearlyNet: [18968, 19200, 19400],
  insuredCapital: 250000,
  yearlyPremiums: 0,
  surrenderValue: 0,
  members: [
    {
      clientId: 7,
      name: 'Mario Rossi',
      weight: 1,
      retirementDate: '2047-05-12',
      retirementSource: 'TAX_CODE',
      discountRate: 0.03,
      discountRateSet: false,
      humanCapital: 612345.67,
    },
  ],
};

/** The server double's state. */
const server = {
  flows: [] as Flow[],
  /** What the next POST /human-capital/flow answers, once (a 400 with fields). */
  createRefusal: null as { status: number; body: object } | null,
};

const page = <T,>(all: T[], url: URL) => {
  const p = Number(url.searchParams.get('page') ?? 1);
  const size = Number(url.searchParams.get('size') ?? 5);
  return { item: all.slice((p - 1) * size, p * size), total: all.length, page: p, size };
};

const double = new FetchDouble(({ method, path, url, body }) => {
  if (path === '/api/v1/human-capital/summary') return json(SUMMARY);
  if (path === '/api/v1/human-capital/flow' && method === 'GET') {
    const group = url.searchParams.get('flowGroup');
    return json(page(group ? server.flows.filter((f) => f.flowGroup === group) : server.flows, url));
  }
  if (path === '/api/v1/human-capital/flow' && method === 'POST') {
    const refusal = server.createRefusal;
    server.createRefusal = null;
    if (refusal) return json(refusal.body, refusal.status);
    const id = 100 + server.flows.length;
    server.flows.unshift(flow(id, { ...(body as Partial<Flow>), yearlyAmount: 0 }));
    return json({ id });
  }
  const one = /^\/api\/v1\/human-capital\/flow\/(\d+)$/.exec(path);
  if (one && method === 'DELETE') {
    server.flows = server.flows.filter((f) => f.id !== Number(one[1]));
    return json({ id: Number(one[1]) });
  }
  if (path === '/api/v1/human-capital/movement') {
    const answer: FlowRecordPage = {
      ...page(RECORDS, url),
      dateFrom: url.searchParams.get('dateFrom') ?? '',
      dateTo: url.searchParams.get('dateTo') ?? '',
      income: 0,
      expense: 1750.5,
      net: -1750.5,
    };
    return json(answer);
  }
  if (path === '/api/v1/human-capital/insurance') return json(page(POLICIES, url));
  if (path === '/api/v1/human-capital/settings' && method === 'PUT') return json(SUMMARY);
  return json({ statusCode: 404, message: 'not here' }, 404);
});
const { callsTo } = double;

let app: WebApp;
let removeBeside: () => void;
let startPath: string;

const toasts = (kind: string) =>
  Array.from(document.querySelectorAll(`[data-testid="toast-${kind}"] .pt-toast__message`)).map((e) => e.textContent);
const norm = (s: string | null) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ');
/** The shown rows' cells of a table, as text (the grid's master table). */
const cells = (id: string) =>
  Array.from(document.querySelectorAll(`[data-testid="table-${id}"] .ht_master table.htCore tbody tr`)).map((tr) =>
    Array.from(tr.querySelectorAll('td')).map((td) => norm(td.textContent)),
  );
const headers = (id: string) =>
  Array.from(document.querySelectorAll(`[data-testid="table-${id}"] .ht_master table.htCore thead th`)).map((th) =>
    norm(th.textContent).trim(),
  );
const rowAction = (id: string, row: number, action: string) =>
  document.querySelector<HTMLButtonElement>(
    `[data-testid="table-${id}"] .ht_master td[data-pt-row="${row}"] button[data-pt-action="${action}"]`,
  );
/** The error under the field whose control has this test id. */
const fieldErrorOf = (testId: string) =>
  q(testId)?.closest('.pt-field')?.querySelector('.pt-field__error')?.textContent ?? null;

async function openPage() {
  signIn(user('PRO'));
  await app.mount();
  await until(() => cells('human-capital-flows').length === 2, 'the planned flows');
  await until(() => cells('human-capital-records').length === 1, 'the recorded flows');
  await until(() => cells('human-capital-policies').length === 1, 'the policies');
}

before(async () => {
  await setViewport({ width: 3200, height: 1600 });
  app = await loadApp('mf-planning');
  startPath = window.location.pathname + window.location.search;
});

beforeEach(async () => {
  await setLocale('it');
  localStorage.clear();
  queryClient.clear();
  server.flows = FLOWS.map((f) => ({ ...f }));
  server.createRefusal = null;
  double.install();
  window.history.replaceState(null, '', '/client/7/human-capital');
  removeBeside = renderBeside();
});

afterEach(async () => {
  await app.unmount();
  removeBeside();
  double.restore();
  window.history.replaceState(null, '', startPath);
});

describe('human capital (/client/:id/human-capital)', () => {
  it('shows the figure with its basis, and the three tables of 5 rows from the API', async () => {
    await openPage();
    await until(() => q('hc-figure') !== null, 'the figure');
    expect(norm(q('hc-figure')!.textContent)).to.contain('612.345,67 €');
    expect(norm(q('hc-figure-basis')!.textContent)).to.equal(
      'Al 21/11/2026, scontato al 3,00% annuo fino alla pensione del 12/05/2047 (67 anni dal codice fiscale)',
    );
    expect(norm(q('hc-next-net')!.textContent)).to.contain('18.968,00 €');
    expect(norm(q('hc-insured-capital')!.textContent)).to.contain('250.000,00 €');
    const summaryQuery = new URLSearchParams(callsTo('GET', '/api/v1/human-capital/summary')[0]!.query);
    expect(Object.fromEntries(summaryQuery)).to.deep.equal({ clientId: '7' });

    // Planned flows: personal flows first, 5 a page; an expense reads as one and carries the minus sign.
    const flows = new URLSearchParams(callsTo('GET', '/api/v1/human-capital/flow')[0]!.query);
    expect(Object.fromEntries(flows)).to.deep.equal({
      clientId: '7',
      flowGroup: 'PERSONAL_FLOWS',
      page: '1',
      size: '5',
    });
    const home = cells('human-capital-flows').find((r) => r.includes('Spese di casa'))!;
    expect(home).to.include.members(['Spese di vita', 'Uscita', '-1.800,00 €', 'Mensile', '-21.600,00 €', '2,00%']);
    const pension = cells('human-capital-flows').find((r) => r.includes('Pensione integrativa'))!;
    expect(pension).to.include.members(['Pensione', 'Entrata', '900,00 €']);

    // Recorded flows: the range's totals, and the row.
    expect(norm(q('hc-records-totals')!.textContent)).to.contain('-1.750,50 €');
    expect(cells('human-capital-records')[0]).to.include.members(['31/10/2026', 'Spese di casa', '-1.750,50 €']);

    // Life insurance: the type and the state in words.
    expect(cells('human-capital-policies')[0]).to.include.members([
      'Generali',
      'Temporanea caso morte',
      'Anna Bianchi',
      '250.000,00 €',
      'Annuale',
      'Scaduta',
    ]);
    expect(q('hc-policies-pager')!.textContent).to.contain('Pagina 1 di 1');
  });

  it('asks the recorded flows of the default range: the start of the month one year ago to today', async () => {
    await openPage();
    const today = todayIso();
    const [year, month] = today.split('-');
    const asked = Object.fromEntries(new URLSearchParams(callsTo('GET', '/api/v1/human-capital/movement')[0]!.query));
    expect(asked).to.deep.equal({
      clientId: '7',
      flowGroup: 'PERSONAL_FLOWS',
      dateFrom: `${Number(year) - 1}-${month}-01`,
      dateTo: today,
      page: '1',
      size: '5',
    });
  });

  it('adds a salary: the category proposes income and work flows; the POST carries the body; the lists refetch', async () => {
    await openPage();
    const summaries = callsTo('GET', '/api/v1/human-capital/summary').length;
    q<HTMLButtonElement>('hc-add-flow')!.click();
    await until(() => q('hc-flow-dialog') !== null, 'the dialog');
    type(q<HTMLInputElement>('hc-flow-description')!, '  Stipendio Acme ');
    choose(q<HTMLSelectElement>('hc-flow-category')!, 'SALARY');
    await until(() => q<HTMLSelectElement>('hc-flow-direction')!.value === 'IN', 'income proposed');
    expect(q<HTMLSelectElement>('hc-flow-group')!.value).to.equal('WORK_FLOWS');
    type(q<HTMLInputElement>('hc-flow-amount')!, '2500');
    type(q<HTMLInputElement>('hc-flow-growth')!, '1,5');
    q<HTMLButtonElement>('dialog-submit')!.click();
    await until(() => callsTo('POST', '/api/v1/human-capital/flow').length === 1, 'the POST');
    expect(callsTo('POST', '/api/v1/human-capital/flow')[0]!.body).to.deep.equal({
      clientId: 7,
      description: 'Stipendio Acme',
      category: 'SALARY',
      direction: 'IN',
      flowGroup: 'WORK_FLOWS',
      amount: 2500,
      frequency: 'MONTHLY',
      startDate: todayIso(),
      endDate: null,
      growthRate: 0.015,
      note: null,
    });
    await until(() => toasts('success').includes('Flusso pianificato aggiunto correttamente'), 'the toast');
    await until(() => q('hc-flow-dialog') === null, 'the dialog closed');
    await until(() => callsTo('GET', '/api/v1/human-capital/summary').length > summaries, 'the figure asked again');
    // The new salary is a work flow: its tab lists it.
    q<HTMLButtonElement>('tab-WORK_FLOWS')!.click();
    await until(
      () => cells('human-capital-flows').some((r) => r.includes('Stipendio Acme')),
      'the salary in the work flows',
    );
    expect(
      Object.fromEntries(new URLSearchParams(callsTo('GET', '/api/v1/human-capital/flow').at(-1)!.query)),
    ).to.include({ flowGroup: 'WORK_FLOWS' });
  });

  it('a 400 naming a field lands on that field, and nothing closes', async () => {
    await openPage();
    server.createRefusal = {
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        message: 'body/description must NOT have more than 200 characters',
        fields: [{ field: 'body.description', message: 'too long' }],
      },
    };
    q<HTMLButtonElement>('hc-add-flow')!.click();
    await until(() => q('hc-flow-dialog') !== null, 'the dialog');
    type(q<HTMLInputElement>('hc-flow-description')!, 'Affitto Milano');
    choose(q<HTMLSelectElement>('hc-flow-category')!, 'RENT');
    type(q<HTMLInputElement>('hc-flow-amount')!, '1200');
    q<HTMLButtonElement>('dialog-submit')!.click();
    await until(() => fieldErrorOf('hc-flow-description') !== null, 'the error on the description');
    expect(fieldErrorOf('hc-flow-description')).to.equal('Valore rifiutato dal server');
    expect(fieldErrorOf('hc-flow-amount')).to.equal(null);
    expect(q('hc-flow-dialog')).not.to.equal(null);
    await until(() => toasts('error').includes('Controlla i campi evidenziati'), 'the error toast');
  });

  it('nothing is sent while the form breaks the contract: a missing category is marked', async () => {
    await openPage();
    q<HTMLButtonElement>('hc-add-flow')!.click();
    await until(() => q('hc-flow-dialog') !== null, 'the dialog');
    type(q<HTMLInputElement>('hc-flow-description')!, 'Qualcosa');
    type(q<HTMLInputElement>('hc-flow-amount')!, '10');
    q<HTMLButtonElement>('dialog-submit')!.click();
    await until(() => fieldErrorOf('hc-flow-category') !== null, 'the category marked');
    expect(callsTo('POST', '/api/v1/human-capital/flow')).to.have.length(0);
  });

  it('deletes a planned flow in two steps: the first click asks, the second sends DELETE', async () => {
    await openPage();
    const row = cells('human-capital-flows').findIndex((r) => r.includes('Spese di casa'));
    rowAction('human-capital-flows', row, 'delete')!.click();
    await until(
      () =>
        rowAction('human-capital-flows', row, 'delete')?.getAttribute('aria-label')?.startsWith('Conferma') ?? false,
      'the confirm step',
    );
    expect(callsTo('DELETE', '/api/v1/human-capital/flow/1')).to.have.length(0);
    rowAction('human-capital-flows', row, 'delete')!.click();
    await until(() => callsTo('DELETE', '/api/v1/human-capital/flow/1').length === 1, 'the DELETE');
    await until(() => toasts('success').includes('Flusso pianificato eliminato correttamente'), 'the toast');
    await until(() => cells('human-capital-flows').length === 1, 'the row gone');
  });

  it('saves the settings: the retirement date and a discount rate typed in percent, sent as a fraction', async () => {
    await openPage();
    await until(() => q<HTMLButtonElement>('hc-settings')?.disabled === false, 'the settings button');
    q<HTMLButtonElement>('hc-settings')!.click();
    await until(() => q('hc-settings-dialog') !== null, 'the settings dialog');
    // The figure uses the defaults: the form is empty.
    expect(q<HTMLInputElement>('hc-discount-rate')!.value).to.equal('');
    type(q<HTMLInputElement>('hc-discount-rate')!, '2,5');
    q<HTMLButtonElement>('dialog-submit')!.click();
    await until(() => callsTo('PUT', '/api/v1/human-capital/settings').length === 1, 'the PUT');
    expect(callsTo('PUT', '/api/v1/human-capital/settings')[0]!.body).to.deep.equal({
      clientId: 7,
      retirementDate: null,
      discountRate: 0.025,
    });
    await until(() => toasts('success').includes('Impostazioni salvate correttamente'), 'the toast');
  });

  it('pages the planned flows 5 at a time through the server', async () => {
    server.flows = [1, 2, 3, 4, 5, 6, 7].map((id) => flow(id, { description: `Spesa ${id}` }));
    signIn(user('PRO'));
    await app.mount();
    await until(() => cells('human-capital-flows').length === 5, 'the first 5');
    expect(q('hc-flows-pager')!.textContent).to.contain('Pagina 1 di 2');
    q<HTMLButtonElement>('pager-next', q('hc-flows-pager')!)!.click();
    await until(() => cells('human-capital-flows').length === 2, 'the last 2');
    expect(
      Object.fromEntries(new URLSearchParams(callsTo('GET', '/api/v1/human-capital/flow').at(-1)!.query)),
    ).to.include({ page: '2', size: '5' });
    expect(cells('human-capital-flows').map((r) => r[0])).to.deep.equal(['Spesa 6', 'Spesa 7']);
  });

  it('fits a 375 px phone: the tables scroll inside their cards, the page does not', async () => {
    await setViewport({ width: 375, height: 800 });
    try {
      await openPage();
      const page = q('human-capital-page')!;
      expect(page.getBoundingClientRect().width).to.be.at.most(375);
      expect(document.documentElement.scrollWidth).to.be.at.most(375);
    } finally {
      await setViewport({ width: 3200, height: 1600 });
    }
  });

  it('speaks English', async () => {
    await setLocale('en');
    await openPage();
    expect(headers('human-capital-flows')).to.include.members(['Description', 'Category', 'Type', 'Yearly amount']);
    const home = cells('human-capital-flows').find((r) => r.includes('Spese di casa'))!;
    expect(home).to.include.members(['Living costs', 'Expense', 'Monthly']);
    expect(cells('human-capital-policies')[0]).to.include.members(['Term life', 'Yearly', 'Expired']);
    expect(q('tab-PERSONAL_FLOWS')!.textContent).to.equal('Personal flows');
    expect(q('hc-records')!.textContent).to.contain('Recorded flows');
    expect(norm(q('hc-figure-basis')!.textContent)).to.equal(
      'At 21/11/2026, discounted at 3.00% a year to retirement on 12/05/2047 (age 67 from the tax code)',
    );
  });
});
