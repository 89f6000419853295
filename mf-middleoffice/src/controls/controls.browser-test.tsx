/// <reference types="mocha" />
// The controls pages in real Chromium, from the built mf-middleoffice (npm run build -- mf-middleoffice) on the built
// shared-ui, mounted through the app's single-spa lifecycles on /controls and /controls/:clientId/:portfolioId as in
// the portal. The server is a test double of window.fetch answering the contract's calls (issue 16).
import { expect } from '@esm-bundle/chai';
import type { ControlDetail, ControlRow, RejectedRow } from '@patrimonio/shared-api';
import { queryClient, setLocale } from '@patrimonio/shared-ui';
import { sendKeys, setViewport } from '@web/test-runner-commands';
import {
  choose,
  FetchDouble,
  go,
  json,
  loadApp,
  pickFile,
  q,
  renderBeside,
  signIn,
  type,
  until,
  user,
  type WebApp,
} from '../../../tests/support/web-app.tsx';

const ROWS: ControlRow[] = [
  {
    clientId: 1,
    client: 'Mario Rossi',
    portfolioId: 11,
    portfolio: 'Principale',
    lastCheckDate: '2024-11-22',
    status: 'DIFFERENCES',
    differences: 2,
    lastQuantityCheckOkDate: '2024-10-31',
  },
  {
    clientId: 1,
    client: 'Mario Rossi',
    portfolioId: 12,
    portfolio: 'Previdenza',
    lastCheckDate: '2024-11-22',
    status: 'OK',
    differences: 0,
    lastQuantityCheckOkDate: '2024-11-22',
  },
  {
    clientId: 2,
    client: 'Anna Bianchi',
    portfolioId: 21,
    portfolio: 'Unico',
    lastCheckDate: null,
    status: 'NO_BANK_DATA',
    differences: 0,
    lastQuantityCheckOkDate: null,
  },
];

const detailAt = (date: string): ControlDetail => ({
  clientId: 1,
  client: 'Mario Rossi',
  portfolioId: 11,
  portfolio: 'Principale',
  date,
  bankDates: ['2024-11-22', '2024-10-31'],
  previousCheckDate: date === '2024-11-22' ? '2024-10-31' : null,
  status: date === '2024-11-22' ? 'DIFFERENCES' : 'OK',
  differences: date === '2024-11-22' ? 2 : 0,
  lastQuantityCheckOkDate: '2024-10-31',
  balances: [
    {
      accountId: 5,
      accountName: 'Conto corrente',
      iban: 'IT60X0542811101000000123456',
      currency: 'EUR',
      ours: 1000,
      bank: date === '2024-11-22' ? 950 : 1000,
      difference: date === '2024-11-22' ? 50 : 0,
      ok: date !== '2024-11-22',
    },
  ],
  quantities: [
    {
      accountId: 6,
      accountName: 'Dossier titoli',
      instrumentId: 9,
      isin: 'IT0003128367',
      instrumentName: 'Enel',
      ours: 100,
      bank: date === '2024-11-22' ? 90 : 100,
      difference: date === '2024-11-22' ? 10 : 0,
      ok: date !== '2024-11-22',
    },
  ],
  transactions: [],
  prices: [
    {
      accountId: 6,
      accountName: 'Dossier titoli',
      isin: 'IT0003128367',
      instrumentName: 'Enel',
      currency: 'EUR',
      ourPrice: 6.5,
      ourPriceDate: '2024-11-21',
      bankPrice: 6.4,
      gapPercent: 1.5625,
    },
  ],
  accepted: null,
  recalculationInProgress: false,
});

/** The server double's state: what it answers. */
const server = {
  rows: ROWS,
  listStatus: 200,
  detailStatus: 200,
  upload: [] as RejectedRow[],
  accepted: null as ControlDetail['accepted'],
};

/** The server: answers the contract's calls, and records them. */
const double = new FetchDouble(({ path: p, url, body }) => {
  if (p === '/api/v1/controls')
    return server.listStatus === 200
      ? json({ item: server.rows, total: server.rows.length, page: 0, size: 100000 })
      : json({ statusCode: server.listStatus, message: 'no' }, server.listStatus);
  if (p === '/api/v1/controls/upload/balances' || p === '/api/v1/controls/upload/positions') return json(server.upload);
  if (p === '/api/v1/controls/1/11/accept') {
    const sent = body as { date: string; note: string };
    server.accepted = { date: sent.date, note: sent.note, by: 'Utente PRO', at: '2024-11-23T10:00:00Z' };
    return json({ ...detailAt(sent.date), status: 'OK', differences: 0, accepted: server.accepted });
  }
  if (p === '/api/v1/controls/1/11') {
    if (server.detailStatus !== 200)
      return json({ statusCode: server.detailStatus, message: 'no' }, server.detailStatus);
    const date = url.searchParams.get('date') ?? '2024-11-22';
    const accepted = server.accepted?.date === date ? server.accepted : null;
    return json(accepted ? { ...detailAt(date), status: 'OK', differences: 0, accepted } : detailAt(date));
  }
  if (p === '/api/v1/controls/1/99') return json({ statusCode: 404, message: 'Not Found' }, 404);
  return json({ statusCode: 404, message: 'not here' }, 404);
});
const { callsTo } = double;

let app: WebApp;
let removeBeside: () => void;
const startUrl = window.location.pathname + window.location.search;

const text = (testId: string) => q(testId)?.textContent ?? '';
/** The grid's data cells of a table, row by row, as shown. */
const cells = (tableId: string) =>
  Array.from(q(`table-${tableId}`)?.querySelectorAll<HTMLElement>('td[data-pt-row]') ?? []);
const cellWith = (tableId: string, content: string) => cells(tableId).find((c) => c.textContent === content);

before(async () => {
  app = await loadApp('mf-middleoffice');
});

beforeEach(async () => {
  await setLocale('it');
  queryClient.clear();
  server.rows = ROWS;
  server.listStatus = 200;
  server.detailStatus = 200;
  server.upload = [];
  server.accepted = null;
  double.install();
  signIn(user('PRO'));
  removeBeside = renderBeside();
});

afterEach(async () => {
  await app.unmount();
  removeBeside();
  double.restore();
  window.history.replaceState(null, '', startUrl);
  await setViewport({ width: 1280, height: 800 });
});

async function open(path: string) {
  go(path);
  await app.mount();
}

describe('/controls', () => {
  it('lists one row per portfolio with its status in words and colour, and filters by status and client', async () => {
    await open('/controls');
    await until(() => cellWith('controls', 'Differenze') !== undefined, 'the rows');
    expect(cellWith('controls', 'Differenze')!.dataset.ptTone).to.equal('negative');
    // The colour shows (the grid's read-only cells take theirs from Handsontable's variables): the danger red.
    expect(getComputedStyle(cellWith('controls', 'Differenze')!).color).to.equal('rgb(179, 38, 30)');
    expect(getComputedStyle(cellWith('controls', 'OK')!).color).to.equal('rgb(47, 125, 79)');
    expect(cellWith('controls', 'OK')!.dataset.ptTone).to.equal('positive');
    expect(cellWith('controls', 'Nessun dato banca')!.dataset.ptTone).to.equal('neutral');
    expect(callsTo('GET', '/api/v1/controls')[0]!.query).to.equal('?size=100000');

    choose(q<HTMLSelectElement>('filter-status')!, 'DIFFERENCES');
    await until(() => cellWith('controls', 'OK') === undefined, 'the OK row filtered out');
    expect(window.location.search).to.equal('?status=DIFFERENCES');
    expect(cellWith('controls', 'Principale')).to.not.equal(undefined);

    choose(q<HTMLSelectElement>('filter-status')!, '');
    choose(q<HTMLSelectElement>('filter-client')!, '2');
    await until(() => cellWith('controls', 'Principale') === undefined, 'the other client filtered out');
    expect(cellWith('controls', 'Unico')).to.not.equal(undefined);
    expect(window.location.search).to.equal('?clientId=2');
    // The client choices: each client once, by name.
    const options = Array.from(q<HTMLSelectElement>('filter-client')!.options).map((o) => o.textContent);
    expect(options).to.deep.equal(['Tutti', 'Anna Bianchi', 'Mario Rossi']);
  });

  it('a row opens its detail', async () => {
    await open('/controls');
    await until(() => cellWith('controls', 'Principale') !== undefined, 'the rows');
    cellWith('controls', 'Principale')!.click();
    await until(() => window.location.pathname === '/controls/1/11', 'the detail');
  });

  it('says so when there is no portfolio, and when the caller may not manage the controls', async () => {
    server.rows = [];
    await open('/controls');
    await until(() => q('controls-empty') !== null, 'the empty state');
    expect(text('controls-empty')).to.contain('Nessun portafoglio');
    await app.unmount();

    // A DELEGATE without MANAGE_CONTROL is told so, and nothing is asked of the server.
    queryClient.clear();
    double.calls = [];
    signIn(user('DELEGATE', { permissions: ['APPROVE_MOVEMENT'] }));
    await app.mount();
    await until(() => q('error-state') !== null, 'the notice');
    expect(text('error-state')).to.contain('Non hai il permesso di gestire i controlli.');
    expect(q('upload-balances')).to.equal(null);
    expect(callsTo('GET', '/api/v1/controls')).to.have.length(0);
    await app.unmount();

    // A refusal of the server (the permission withdrawn meanwhile) says the same.
    server.listStatus = 403;
    signIn(user('DELEGATE', { permissions: ['MANAGE_CONTROL'] }));
    await app.mount();
    await until(() => q('error-state') !== null, 'the refusal');
    expect(text('error-state')).to.contain('Non hai il permesso di gestire i controlli.');
    expect(callsTo('GET', '/api/v1/controls')).to.have.length(1);
  });

  it('uploads bank balances: rejected rows with their reasons, then success refreshes the controls and the menu', async () => {
    await open('/controls');
    await until(() => cellWith('controls', 'Principale') !== undefined, 'the rows');
    queryClient.setQueryData(['portfolioMenu', null, { clientId: 1 }], []);
    q('upload-balances')!.click();
    await until(() => q('bank-balances-dialog') !== null, 'the dialog');
    const dialog = q('bank-balances-dialog')!;
    expect(text('template-columns')).to.contain('account, date, balance, currency');

    server.upload = [
      {
        row: 3,
        code: 'unknownAccount',
        params: { value: 'IT00X000' },
        reason: 'Unknown account IT00X000',
        field: 'account',
      },
      {
        row: 4,
        code: 'accountType',
        params: { value: '6', type: 'CUSTODIA_TITOLI', expected: 'CONTO_CORRENTE' },
        reason: 'account "6" is a securities account: this file is for current accounts',
        field: 'account',
      },
    ];
    pickFile(
      q<HTMLInputElement>('upload-file', dialog)!,
      new File(['account;date;balance;currency\n'], 'saldi.csv', { type: 'text/csv' }),
    );
    q('dialog-submit', dialog)!.click();
    await until(() => q('rejected-rows') !== null, 'the rejected rows');
    const reasons = Array.from(q('rejected-rows')!.querySelectorAll('tbody tr')).map((tr) => tr.textContent);
    expect(reasons[0]).to.contain('conto sconosciuto "IT00X000"');
    expect(reasons[1]).to.contain('il conto "6" è un conto di custodia titoli: questo file è per i conti correnti');
    expect(reasons.join(' ')).to.not.contain('Unknown account');
    expect(reasons.join(' ')).to.not.contain('securities account');
    const sent = callsTo('POST', '/api/v1/controls/upload/balances')[0]!.body as FormData;
    expect((sent.get('file') as File).name).to.equal('saldi.csv');

    const listCalls = callsTo('GET', '/api/v1/controls').length;
    server.upload = [];
    q('dialog-submit', dialog)!.click();
    await until(() => q('bank-balances-dialog') === null, 'the dialog closed');
    await until(() => callsTo('GET', '/api/v1/controls').length > listCalls, 'the controls refetched');
    expect(queryClient.getQueryState(['portfolioMenu', null, { clientId: 1 }])!.isInvalidated).to.equal(true);
  });

  it('speaks English', async () => {
    await setLocale('en');
    await open('/controls');
    await until(() => cellWith('controls', 'Differences') !== undefined, 'the rows');
    expect(q('upload-balances')!.textContent).to.equal('Upload bank balances');
    expect(cellWith('controls', 'No bank data')).to.not.equal(undefined);
  });
});

describe('/controls/:clientId/:portfolioId', () => {
  it('shows the latest bank date, the summary and the differences in words and colour', async () => {
    await open('/controls/1/11');
    await until(() => q('control-summary') !== null, 'the summary');
    expect(callsTo('GET', '/api/v1/controls/1/11')[0]!.query).to.equal('');
    const date = q<HTMLSelectElement>('control-date')!;
    expect(date.value).to.equal('2024-11-22');
    expect(Array.from(date.options).map((o) => o.textContent)).to.deep.equal(['22/11/2024 (ultima)', '31/10/2024']);
    expect(text('control-status')).to.contain('Differenze');
    expect(q('control-status')!.dataset.tone).to.equal('down');
    expect(text('control-differences')).to.contain('2');
    expect(text('control-previous')).to.contain('31/10/2024');
    expect(text('control-last-ok')).to.contain('31/10/2024');
    await until(() => cellWith('controls-balances', 'Differenza') !== undefined, 'the balances');
    expect(cellWith('controls-balances', 'Differenza')!.dataset.ptTone).to.equal('negative');
    expect(cellWith('controls-balances', '50,00 EUR')!.dataset.ptTone).to.equal('negative');
    await until(() => cellWith('controls-quantities', 'Differenza') !== undefined, 'the quantities');
    // The gap in percent, rounded for display only.
    await until(() => cellWith('controls-prices', '1,56%') !== undefined, 'the prices');
    expect(text('table-controls-transactions')).to.contain('Nessun movimento in questo periodo.');
    expect(q('controls-back')!.getAttribute('href')).to.equal('/controls');
  });

  it('another date is asked for and kept in the URL', async () => {
    await open('/controls/1/11');
    await until(() => q('control-date') !== null, 'the date chooser');
    choose(q<HTMLSelectElement>('control-date')!, '2024-10-31');
    await until(() => text('control-status').includes('OK'), 'the check at 31/10');
    expect(window.location.search).to.equal('?date=2024-10-31');
    expect(callsTo('GET', '/api/v1/controls/1/11').at(-1)!.query).to.equal('?date=2024-10-31');
    expect(q('accept-open')).to.equal(null);
    await until(() => cellWith('controls-balances', 'Coincide') !== undefined, 'the matching balance');
    expect(cellWith('controls-balances', 'Coincide')!.dataset.ptTone).to.equal('positive');
  });

  it('accepts the differences with a mandatory note, then shows who accepted them and refetches', async () => {
    await open('/controls/1/11');
    await until(() => q('accept-open') !== null, 'the accept button');
    queryClient.setQueryData(['portfolioMenu', null, { clientId: 1 }], []);
    q('accept-open')!.click();
    await until(() => q('accept-dialog') !== null, 'the dialog');
    const dialog = q('accept-dialog')!;
    q('accept-submit', dialog)!.click();
    await until(() => dialog.querySelector('.pt-field__error') !== null, 'the note required');
    expect(callsTo('POST', '/api/v1/controls/1/11/accept')).to.have.length(0);

    type(q<HTMLTextAreaElement>('accept-note', dialog)!, '  Cedola accreditata il giorno dopo  ');
    q('accept-submit', dialog)!.click();
    await until(() => q('accept-dialog') === null, 'the dialog closed');
    expect(callsTo('POST', '/api/v1/controls/1/11/accept')[0]!.body).to.deep.equal({
      date: '2024-11-22',
      note: 'Cedola accreditata il giorno dopo',
    });
    await until(() => q('control-accepted') !== null, 'the acceptance shown');
    expect(text('control-accepted')).to.contain('Utente PRO');
    expect(text('control-accepted')).to.contain('Cedola accreditata il giorno dopo');
    expect(q('accept-open')).to.equal(null);
    expect(queryClient.getQueryState(['portfolioMenu', null, { clientId: 1 }])!.isInvalidated).to.equal(true);
  });

  it('a refused DELEGATE is told so; an unknown portfolio is not found', async () => {
    server.detailStatus = 403;
    signIn(user('DELEGATE', { permissions: ['MANAGE_CONTROL'] }));
    await open('/controls/1/11');
    await until(() => q('error-state') !== null, 'the refusal');
    expect(text('error-state')).to.contain('Non hai il permesso di gestire i controlli.');
    await app.unmount();

    signIn(user('PRO'));
    go('/controls/1/99');
    await app.mount();
    await until(() => q('control-not-found') !== null, 'not found');
    await app.unmount();

    go('/controls/1/abc');
    await app.mount();
    await until(() => q('control-not-found') !== null, 'not found for a bad id');
  });

  it('without bank data says so and offers the uploads', async () => {
    server.detailStatus = 200;
    const empty: ControlDetail = {
      ...detailAt('2024-11-22'),
      date: null,
      bankDates: [],
      previousCheckDate: null,
      status: 'NO_BANK_DATA',
      differences: 0,
      balances: [],
      quantities: [],
      prices: [],
    };
    window.fetch = (async (input: RequestInfo | URL, init?: RequestInit) =>
      new URL(String(input), window.location.origin).pathname === '/api/v1/controls/1/11'
        ? json(empty)
        : double.fetch(input, init)) as typeof window.fetch;
    await open('/controls/1/11');
    await until(() => q('control-no-bank-data') !== null, 'the empty state');
    expect(text('control-no-bank-data')).to.contain('Nessun dato della banca per questo portafoglio');
    expect(q('control-no-bank-data')!.querySelector('[data-testid="upload-positions"]')).to.not.equal(null);
  });

  it('on a phone the page fits the width, and the accept dialog is reached and left with the keyboard', async () => {
    await setViewport({ width: 360, height: 740 });
    await open('/controls/1/11');
    await until(() => q('accept-open') !== null, 'the accept button');
    expect(document.documentElement.scrollWidth).to.be.at.most(360);
    q('accept-open')!.focus();
    await sendKeys({ press: 'Enter' });
    await until(() => q('accept-dialog') !== null, 'the dialog');
    await until(() => q('accept-dialog')!.contains(document.activeElement), 'the focus in the dialog');
    await sendKeys({ press: 'Escape' });
    await until(() => q('accept-dialog') === null, 'the dialog closed');
  });
});
