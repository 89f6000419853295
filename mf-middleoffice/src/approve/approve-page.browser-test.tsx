/// <reference types="mocha" />
// The pending-movements page (issue 16) in real Chromium, from the built mf-middleoffice (npm run build --
// mf-middleoffice) on the built shared-ui, mounted through its single-spa lifecycles on /approve as in the portal,
// with the side menu's badge hook of the shell (root-config) beside it on the same shared query cache. The server is
// a test double of window.fetch that keeps the pending movements and answers the middle office's calls as the
// contract says (shared-api contract/middle-office.ts).
import { expect } from '@esm-bundle/chai';
import type { Decision, Movement, UserProfile } from '@patrimonio/shared-api';
import { QueryProvider, queryClient, setLocale } from '@patrimonio/shared-ui';
import { sendKeys, setViewport } from '@web/test-runner-commands';
import { usePendingCount } from '../../../root-config/src/shell/pending-count.ts';
import { clientFixture } from '../../../tests/support/fixtures.ts';
import {
  choose,
  FetchDouble,
  formFields,
  json,
  loadApp,
  pickFile,
  q,
  renderBeside,
  signIn,
  sleep,
  type,
  until,
  user,
  type WebApp,
} from '../../../tests/support/web-app.tsx';
import { pendingMovement } from './fixtures.ts';

const DAY = 86_400_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

const movement = (id: number, over: Partial<Movement> = {}): Movement =>
  pendingMovement(id, { createdAt: ago(3 * DAY + 3_600_000), ...over });

const PENDING: Movement[] = [
  movement(1),
  movement(2, {
    cause: 'FEE',
    subcause: 'GESTIONE',
    instrumentId: null,
    isin: null,
    instrumentName: null,
    quantity: null,
    price: null,
    amount: 12.5,
    origin: 'FILE_EXCHANGE',
    author: null,
  }),
  movement(3, {
    cause: 'SELL',
    owner: 'Anna Bianchi',
    portfolios: ['Portafoglio Bianchi', 'Simulazione'],
    ownerId: 43,
    origin: 'CLIENT',
    author: 'Anna Bianchi',
    createdAt: ago(DAY + 60_000),
  }),
];
const REJECTED: Movement[] = [
  movement(9, {
    status: 'REJECTED',
    rejectReason: 'Duplicato del 19/11',
    decidedBy: 'Back office Rossi',
    decidedAt: '2026-11-21T08:30:00Z',
  }),
];

const stock = (id: number, isin: string, name: string) => ({
  id,
  isin,
  name,
  currency: 'EUR',
  currencySymbol: '€',
  assetClass: 'Azionario Italia',
  macroAssetClass: 'Equity',
  couponRate: null,
  couponFrequency: null,
  firstCouponDate: null,
  maturityDate: null,
  lastPrice: 10,
  lastPriceDate: '2026-11-20',
  lastPriceSource: 'demo',
});
const STOCKS = [
  stock(7, 'IT0003132476', 'Eni'),
  stock(8, 'IT0000072618', 'Intesa Sanpaolo'),
  stock(9, 'IT0005239360', 'Unicredit'),
];

const page = (item: Movement[]) => ({ item, total: item.length });

/** The server double's state: the pending movements, what approve and reject answer. */
const server = {
  pending: [] as Movement[],
  /** A refusal the next approve answers with (status and body), once. */
  approveRefusal: null as { status: number; body: object } | null,
  /** Ids someone else decided first: approve and reject leave them as they are. */
  decidedElsewhere: [] as number[],
  listStatus: 200,
  /** What the next movement upload answers: the rows it rejects (none: every row is stored, PENDING). */
  uploadRejects: [] as object[],
};

const client = (id: number, name: string, taxCode: string) => clientFixture({ id, name, taxCode });
const CLIENTS = [
  client(42, 'Mario Rossi', 'RSSMRA80A01H501U'),
  client(43, 'Anna Bianchi', 'BNCNNA75B41F205X'),
  client(44, 'Luca Verdi', 'VRDLCU60C01H501T'),
];
const menuAccount = (id: number, name: string, type: string, clientId: number, user: string) => ({
  id,
  name,
  accountType: type,
  iban: null,
  clientId,
  user,
  intermediary: 'Fineco',
  currencySymbol: '€',
  testing: false,
});
const ACCOUNTS = [
  menuAccount(10, 'Deposito Fineco', 'CUSTODIA_TITOLI', 42, 'Mario Rossi'),
  menuAccount(11, 'Conto Fineco', 'CONTO_CORRENTE', 42, 'Mario Rossi'),
  menuAccount(20, 'Conto Bianchi', 'CONTO_CORRENTE', 43, 'Anna Bianchi'),
];

function decide(ids: number[]): Decision {
  const done = ids.filter((id) => server.pending.some((m) => m.id === id) && !server.decidedElsewhere.includes(id));
  server.pending = server.pending.filter((m) => !done.includes(m.id) && !server.decidedElsewhere.includes(m.id));
  return { done, alreadyDecided: ids.filter((id) => !done.includes(id)) };
}

/** The server: answers the middle office's calls as the contract says, and records them. */
const double = new FetchDouble(({ method, path: p, url, body }) => {
  if (p === '/api/v1/movement/temporary/waiting') {
    if (server.listStatus !== 200)
      return json({ statusCode: server.listStatus, error: 'Forbidden', message: 'no' }, server.listStatus);
    return json(page(server.pending));
  }
  if (p === '/api/v1/movement/temporary/count') return json({ count: server.pending.length });
  if (p === '/api/v1/movement/temporary/rejected') return json(page(REJECTED));
  if (p === '/api/v1/movement/temporary/approve') {
    const refusal = server.approveRefusal;
    server.approveRefusal = null;
    if (refusal) return json(refusal.body, refusal.status);
    return json(decide((body as { ids: number[] }).ids));
  }
  if (p === '/api/v1/movement/temporary/reject') return json(decide((body as { ids: number[] }).ids));
  const edit = /^\/api\/v1\/movement\/temporary\/(\d+)$/.exec(p);
  if (edit && method === 'PUT') {
    const id = Number(edit[1]);
    const m = server.pending.find((x) => x.id === id)!;
    Object.assign(m, body);
    return json(m);
  }
  if (p === '/api/v1/stock') {
    const term = (url.searchParams.get('q') ?? '').toLowerCase();
    const found = STOCKS.filter((st) => st.isin.toLowerCase().includes(term) || st.name.toLowerCase().includes(term));
    return json({ item: found, total: found.length });
  }
  if (p === '/api/v1/account/menu') {
    const clientId = Number(url.searchParams.get('clientId'));
    return json(ACCOUNTS.filter((a) => !clientId || a.clientId === clientId));
  }
  if (p === '/api/v1/user/client') return json({ item: CLIENTS, total: CLIENTS.length, page: 1, size: 10000 });
  if (p === '/api/v1/movement/upload' && method === 'POST') {
    if (server.uploadRejects.length) return json(server.uploadRejects);
    // Two rows stored, waiting for approval.
    const accountId = Number((body as FormData).get('accountId'));
    const next = Math.max(...server.pending.map((m) => m.id), 100) + 1;
    server.pending.push(
      movement(next, { accountId, origin: 'IMPORT', cause: 'DEPOSIT', instrumentId: null, isin: null }),
      movement(next + 1, { accountId, origin: 'IMPORT', cause: 'TAX', instrumentId: null, isin: null }),
    );
    return new Response('[]', {
      status: 200,
      headers: { 'content-type': 'application/json', 'x-stored-rows': '2' },
    });
  }
  return json({ statusCode: 404, message: 'not here' }, 404);
});
const { callsTo } = double;

let app: WebApp;
let removeBeside: () => void;
let startPath: string;

const toasts = (kind: string) =>
  Array.from(document.querySelectorAll(`[data-testid="toast-${kind}"] .pt-toast__message`)).map((e) => e.textContent);
/** The shown rows' cells, as text (the grid's master table). */
const cells = () =>
  Array.from(document.querySelectorAll('[data-testid="table-approve-pending"] .ht_master table.htCore tbody tr')).map(
    (tr) => Array.from(tr.querySelectorAll('td')).map((td) => (td.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ')),
  );
const rowCount = () => Number(q('approve-count')?.dataset.count ?? -1);
const rowAction = (row: number, id: string) =>
  document.querySelector<HTMLButtonElement>(
    `[data-testid="table-approve-pending"] .ht_master td[data-pt-row="${row}"] button[data-pt-action="${id}"]`,
  );
const selectRow = (row: number) =>
  document
    .querySelector<HTMLInputElement>(
      `[data-testid="table-approve-pending"] .ht_master td[data-pt-row="${row}"][data-pt-kind="select"] input`,
    )!
    .click();

/** The side menu's badge as the shell computes it (root-config pending-count.ts). */
function Badge() {
  const count = usePendingCount(true);
  return <output data-testid="badge">{count === null ? 'none' : String(count)}</output>;
}

const waitForRows = (n: number) => until(() => rowCount() === n && cells().length === n, `${n} rows`);
/** Signs in, mounts the page on /approve and waits for the three pending rows. */
async function openPage(profile: UserProfile) {
  signIn(profile);
  await app.mount();
  await waitForRows(3);
}

before(async () => {
  // Wide enough for every column: the grid renders only the columns in view.
  await setViewport({ width: 3200, height: 1200 });
  app = await loadApp('mf-middleoffice');
  startPath = window.location.pathname + window.location.search;
});

beforeEach(async () => {
  await setLocale('it');
  localStorage.clear();
  queryClient.clear();
  server.pending = PENDING.map((m) => ({ ...m }));
  server.approveRefusal = null;
  server.decidedElsewhere = [];
  server.listStatus = 200;
  server.uploadRejects = [];
  double.install();
  window.history.replaceState(null, '', '/approve');
  removeBeside = renderBeside(
    <QueryProvider>
      <Badge />
    </QueryProvider>,
  );
});

afterEach(async () => {
  await app.unmount();
  removeBeside();
  double.restore();
  window.history.replaceState(null, '', startPath);
});

describe('pending movements (/approve)', () => {
  it('lists every pending movement with client, account, cause, instrument, origin, author and age', async () => {
    await openPage(user('BACK_OFFICE'));
    expect(callsTo('GET', '/api/v1/movement/temporary/waiting')[0]!.query).to.equal('?size=100000&lastMonth=0');
    expect(q('approve-count')!.textContent).to.equal('3 movimenti in attesa');
    const rossi = cells().find((r) => r.includes('Commissione / Gestione'))!;
    expect(rossi).to.include.members(['Mario Rossi', 'Portafoglio Fineco', 'Deposito Fineco', '3 giorni']);
    // The portfolio column follows the client's.
    expect(rossi.indexOf('Portafoglio Fineco')).to.equal(rossi.indexOf('Mario Rossi') + 1);
    const anna = cells().find((r) => r.includes('Anna Bianchi'))!;
    expect(anna).to.include.members(['Portafoglio Bianchi, Simulazione', 'Vendita', 'IT0003132476 · Eni', '1 giorno']);
    // The origin, the author and the price are in the column menu (the row actions stay in view at 1366 px).
    expect(rossi).not.to.include('Flusso banca');
    q<HTMLButtonElement>('table-columns')!.click();
    await until(() => q('table-column-toggle-author') !== null, 'the column menu');
    q<HTMLButtonElement>('table-column-toggle-origin')!.click();
    await until(() => cells()[0]!.length === rossi.length + 1, 'the origin column shown');
    q<HTMLButtonElement>('table-column-toggle-author')!.click();
    await until(() => cells()[0]!.length === rossi.length + 2, 'the author column shown');
    expect(cells().find((r) => r.includes('Commissione / Gestione'))).to.include.members(['Flusso banca']);
    expect(cells().find((r) => r.includes('Anna Bianchi'))).to.include.members(['Inserito dal cliente']);
    expect(cells().find((r) => r.includes('Acquisto'))).to.include.members(['Import da file', 'Back office Rossi']);
    await until(() => q('badge')!.textContent === '3', 'the badge');
  });

  it('approves one row: the toast counts it, the list and the badge are asked again', async () => {
    await openPage(user('PRO'));
    await until(() => q('badge')!.textContent === '3', 'the badge');
    const counts = callsTo('GET', '/api/v1/movement/temporary/count').length;
    const row = cells().findIndex((r) => r.includes('Acquisto'));
    rowAction(row, 'approve')!.click();
    await until(() => toasts('success').length > 0, 'the success toast');
    expect(toasts('success')).to.deep.equal(['1 movimento approvato.']);
    expect(callsTo('POST', '/api/v1/movement/temporary/approve')[0]!.body).to.deep.equal({ ids: [1] });
    await waitForRows(2);
    await until(() => q('badge')!.textContent === '2', 'the badge refreshed');
    expect(callsTo('GET', '/api/v1/movement/temporary/count').length).to.be.greaterThan(counts);
  });

  it('approves the selected rows and says how many someone else had already decided', async () => {
    signIn(user('DELEGATE', { permissions: ['APPROVE_MOVEMENT'] }));
    server.decidedElsewhere = [3];
    await app.mount();
    await waitForRows(3);
    expect(q<HTMLButtonElement>('approve-selected')!.disabled).to.equal(true);
    for (const row of [0, 1, 2]) selectRow(row);
    await until(() => q('approve-selected')!.textContent === 'Approva 3 selezionati', 'three selected');
    q<HTMLButtonElement>('approve-selected')!.click();
    await until(() => toasts('success').length > 0, 'the toast');
    expect(
      [...(callsTo('POST', '/api/v1/movement/temporary/approve')[0]!.body as { ids: number[] }).ids].sort(),
    ).to.deep.equal([1, 2, 3]);
    expect(toasts('success')[0]).to.equal(
      '2 movimenti approvati. 1 era già stato approvato o rifiutato da qualcun altro ed è rimasto com’era.',
    );
    await until(() => rowCount() === 0, 'the list emptied');
    await until(
      () =>
        document
          .querySelector('[data-testid="table-approve-pending"]')
          ?.textContent?.includes('Nessun movimento in attesa') ?? false,
      'the empty state',
    );
  });

  it('shows a 409 oversold with the line the server names, and approves nothing', async () => {
    signIn(user('PRO'));
    server.approveRefusal = {
      status: 409,
      body: {
        statusCode: 409,
        error: 'Conflict',
        code: 'oversold',
        message:
          'Approving would sell more than is held: SELL of 10.5 IT0003132476 Eni on 2026-11-20, account Deposito Fineco, with 0 held',
        params: {
          movementId: 3,
          date: '2026-11-20',
          cause: 'SELL',
          isin: 'IT0003132476',
          instrumentName: 'Eni',
          accountId: 10,
          accountName: 'Deposito Fineco',
          held: 0,
          sold: 10.5,
        },
      },
    };
    await app.mount();
    await waitForRows(3);
    const row = cells().findIndex((r) => r.includes('Vendita'));
    rowAction(row, 'approve')!.click();
    await until(() => toasts('error').length > 0, 'the error toast');
    expect(toasts('error')[0]).to.contain('una vendita supera la quantità posseduta');
    expect(toasts('error')[0]).to.contain(
      'Vendita di 10,5 IT0003132476 Eni del 20/11/2026 sul conto Deposito Fineco: se ne possiedono 0.',
    );
    await until(() => q('approve-refusal') !== null, 'the refusal kept on the page');
    expect(q('approve-refusal')!.getAttribute('role')).to.equal('alert');
    expect(q('approve-refusal')!.textContent).to.contain('Vendita di 10,5 IT0003132476 Eni del 20/11/2026');
    await waitForRows(3);
  });

  it('rejects the selected rows only with a reason', async () => {
    await openPage(user('PRO'));
    selectRow(0);
    selectRow(1);
    await until(() => !q<HTMLButtonElement>('reject-selected')!.disabled, 'reject enabled');
    q<HTMLButtonElement>('reject-selected')!.click();
    await until(() => q('reject-dialog') !== null, 'the reject dialog');
    expect(q('reject-dialog')!.textContent).to.contain('Rifiuta 2 movimenti');
    type(q<HTMLTextAreaElement>('reject-reason')!, '   ');
    q<HTMLButtonElement>('reject-submit')!.click();
    await until(() => q('reject-dialog')!.querySelector('.pt-field__error') !== null, 'the reason is required');
    expect(callsTo('POST', '/api/v1/movement/temporary/reject')).to.have.length(0);
    type(q<HTMLTextAreaElement>('reject-reason')!, '  Duplicati del file di ieri ');
    q<HTMLButtonElement>('reject-submit')!.click();
    await until(() => toasts('success').length > 0, 'the toast');
    const sent = callsTo('POST', '/api/v1/movement/temporary/reject')[0]!.body as { ids: number[]; reason: string };
    expect(sent.reason).to.equal('Duplicati del file di ieri');
    expect(sent.ids).to.have.length(2);
    expect(toasts('success')[0]).to.equal('2 movimenti rifiutati.');
    await until(() => q('reject-dialog') === null, 'the dialog closed');
    await waitForRows(1);
  });

  it('edits a movement, then approves it (cause, FEE subcause, account of the same client)', async () => {
    await openPage(user('PRO'));
    const row = cells().findIndex((r) => r.includes('Acquisto'));
    rowAction(row, 'edit')!.click();
    await until(() => q('edit-pending-dialog') !== null, 'the edit dialog');
    expect(q<HTMLSelectElement>('edit-cause')!.value).to.equal('BUY');
    expect(q<HTMLSelectElement>('edit-instrument')!.value).to.equal('7');
    await until(() => q<HTMLSelectElement>('edit-account')!.options.length === 2, 'the client’s accounts');
    expect(callsTo('GET', '/api/v1/account/menu')[0]!.query).to.equal('?clientId=42');
    expect(q('edit-subcause')).to.equal(null);
    choose(q<HTMLSelectElement>('edit-cause')!, 'FEE');
    await until(() => q('edit-subcause') !== null, 'the subcause for a FEE');
    choose(q<HTMLSelectElement>('edit-subcause')!, 'GESTIONE');
    choose(q<HTMLSelectElement>('edit-instrument')!, '');
    choose(q<HTMLSelectElement>('edit-account')!, '11');
    q<HTMLInputElement>('edit-and-approve')!.click();
    await until(() => q('edit-submit')!.textContent === 'Salva e approva', 'the submit reads Salva e approva');
    q<HTMLButtonElement>('edit-submit')!.click();
    await until(() => callsTo('POST', '/api/v1/movement/temporary/approve').length === 1, 'the approval');
    expect(callsTo('PUT', '/api/v1/movement/temporary/1')[0]!.body).to.deep.equal({
      cause: 'FEE',
      subcause: 'GESTIONE',
      instrumentId: null,
      accountId: 11,
    });
    expect(callsTo('POST', '/api/v1/movement/temporary/approve')[0]!.body).to.deep.equal({ ids: [1] });
    await until(() => q('edit-pending-dialog') === null, 'the dialog closed');
    await waitForRows(2);
  });

  it('finds an instrument by name and sends its id; Enter in the search does not submit', async () => {
    await openPage(user('PRO'));
    rowAction(
      cells().findIndex((r) => r.includes('Vendita')),
      'edit',
    )!.click();
    await until(() => q('edit-pending-dialog') !== null, 'the edit dialog');
    const search = q<HTMLInputElement>('edit-instrument-search')!;
    search.focus();
    type(search, 'intesa');
    await sendKeys({ press: 'Enter' });
    await until(
      () => [...q<HTMLSelectElement>('edit-instrument')!.options].some((o) => o.value === '8'),
      'the search result in the list',
    );
    expect(callsTo('GET', '/api/v1/stock').at(-1)!.query).to.contain('q=intesa');
    expect(callsTo('PUT', '/api/v1/movement/temporary/3')).to.have.length(0);
    choose(q<HTMLSelectElement>('edit-instrument')!, '8');
    q<HTMLButtonElement>('edit-submit')!.click();
    await until(() => callsTo('PUT', '/api/v1/movement/temporary/3').length === 1, 'the edit');
    expect(callsTo('PUT', '/api/v1/movement/temporary/3')[0]!.body).to.deep.equal({
      cause: 'SELL',
      subcause: null,
      instrumentId: 8,
      accountId: 10,
    });
    await until(() => toasts('success').includes('Movimento modificato'), 'the toast');
    expect(callsTo('POST', '/api/v1/movement/temporary/approve')).to.have.length(0);
  });

  it('a trade needs its instrument: nothing is sent without one', async () => {
    await openPage(user('PRO'));
    rowAction(
      cells().findIndex((r) => r.includes('Acquisto')),
      'edit',
    )!.click();
    await until(() => q('edit-pending-dialog') !== null, 'the edit dialog');
    choose(q<HTMLSelectElement>('edit-instrument')!, '');
    q<HTMLButtonElement>('edit-submit')!.click();
    await until(() => q('edit-pending-dialog')!.querySelector('.pt-field__error') !== null, 'the instrument required');
    expect(callsTo('PUT', '/api/v1/movement/temporary/1')).to.have.length(0);
  });

  it('"last month only" asks with lastMonth=1', async () => {
    await openPage(user('PRO'));
    q<HTMLInputElement>('approve-last-month')!.click();
    await until(
      () => callsTo('GET', '/api/v1/movement/temporary/waiting').some((c) => c.query === '?size=100000&lastMonth=1'),
      'the last month asked',
    );
  });

  it('lists the rejected movements with reason, who and when', async () => {
    await openPage(user('PRO'));
    q<HTMLButtonElement>('tab-rejected')!.click();
    await until(
      () =>
        (document.querySelector('[data-testid="table-approve-rejected"] .ht_master tbody')?.textContent ?? '').includes(
          'Duplicato del 19/11',
        ),
      'the rejected row',
    );
    const text = document.querySelector('[data-testid="table-approve-rejected"] .ht_master tbody')!.textContent!;
    expect(text).to.contain('Back office Rossi');
    expect(text).to.contain('Portafoglio Fineco');
    expect(text).to.contain('21/11/2026');
  });

  it('speaks English', async () => {
    await setLocale('en');
    await openPage(user('PRO'));
    expect(q('approve-count')!.textContent).to.equal('3 pending movements');
    const fee = cells().find((r) => r.some((c) => c.startsWith('Fee')))!;
    expect(fee).to.include.members(['Mario Rossi', '3 days']);
  });

  it('a DELEGATE without APPROVE_MOVEMENT gets the notice and no call', async () => {
    signIn(user('DELEGATE', { permissions: ['MANAGE_CONTROL'] }));
    await app.mount();
    await until(() => q('approve-forbidden') !== null, 'the notice');
    expect(q('approve-forbidden')!.textContent).to.contain('Non hai il permesso di approvare i movimenti');
    expect(callsTo('GET', '/api/v1/movement/temporary/waiting')).to.have.length(0);
  });

  it('a 403 from the server shows the same notice, not the table', async () => {
    signIn(user('PRO'));
    server.listStatus = 403;
    await app.mount();
    await until(() => q('approve-forbidden') !== null, 'the notice after a 403');
    expect(q('table-approve-pending')).to.equal(null);
  });
});

/** Picks a CSV file in the dialog's file input, as a user would. */
const pickCsv = (name: string, text: string) =>
  pickFile(q<HTMLInputElement>('upload-file')!, new File([text], name, { type: 'text/csv' }));
const options = (testId: string) =>
  [...(q<HTMLSelectElement>(testId)?.options ?? [])].map((o) => o.value).filter(Boolean);
const SAMPLE = 'date;cause;subcause;isin;quantity;price;amount;currency;description\n2026-11-20;DEPOSIT;;;;;100;;\n';

describe("the back office's import (Importa movimenti)", () => {
  it('is offered to the back office and an admin, not to an adviser nor a delegate', async () => {
    for (const profile of [user('BACK_OFFICE'), user('ADMIN')]) {
      await openPage(profile);
      expect(q('approve-import')?.textContent, profile.role).to.equal('Importa movimenti');
      await app.unmount();
    }
    for (const profile of [user('PRO'), user('DELEGATE', { permissions: ['APPROVE_MOVEMENT'] })]) {
      await openPage(profile);
      expect(q('approve-import'), profile.role).to.equal(null);
      await app.unmount();
    }
    await openPage(user('BACK_OFFICE'));
  });

  it("client, then that client's account, then the file: posts accountId; the list, the badge and the rejected list follow", async () => {
    await openPage(user('BACK_OFFICE'));
    await until(() => q('badge')!.textContent === '3', 'the badge');
    // The rejected list has been seen once: it is in the cache, and must be asked again after the import.
    q<HTMLButtonElement>('tab-rejected')!.click();
    await until(() => callsTo('GET', '/api/v1/movement/temporary/rejected').length === 1, 'the rejected list');
    q<HTMLButtonElement>('tab-pending')!.click();
    await waitForRows(3);
    const asked = {
      waiting: callsTo('GET', '/api/v1/movement/temporary/waiting').length,
      count: callsTo('GET', '/api/v1/movement/temporary/count').length,
    };

    q<HTMLButtonElement>('approve-import')!.click();
    await until(() => q('movement-upload-dialog') !== null, 'the dialog');
    await until(() => options('import-client').length === 3, 'the clients');
    expect(callsTo('GET', '/api/v1/user/client')[0]!.query).to.contain('size=10000');
    // In name order, with the tax code; no account before a client.
    expect([...q<HTMLSelectElement>('import-client')!.options].map((o) => o.textContent)).to.deep.equal([
      'Scegli il cliente',
      'Anna Bianchi · BNCNNA75B41F205X',
      'Luca Verdi · VRDLCU60C01H501T',
      'Mario Rossi · RSSMRA80A01H501U',
    ]);
    expect(q<HTMLSelectElement>('upload-account')!.disabled).to.equal(true);
    expect(callsTo('GET', '/api/v1/account/menu')).to.have.length(0);

    // The search narrows the clients.
    type(q<HTMLInputElement>('import-client-search')!, 'rossi');
    await until(() => options('import-client').length === 1, 'the search');
    expect(options('import-client')).to.deep.equal(['42']);
    choose(q<HTMLSelectElement>('import-client')!, '42');
    await until(() => options('upload-account').length === 2, "the client's accounts");
    expect(callsTo('GET', '/api/v1/account/menu').at(-1)!.query).to.equal('?clientId=42');
    choose(q<HTMLSelectElement>('upload-account')!, '10');
    await until(() => options('upload-offset-account').length === 1, 'the offset accounts');
    choose(q<HTMLSelectElement>('upload-offset-account')!, '11');
    pickCsv('movimenti.csv', SAMPLE);
    q<HTMLButtonElement>('dialog-submit')!.click();

    await until(() => toasts('success').length > 0, 'the success toast');
    expect(toasts('success')).to.deep.equal(["2 movimenti arrivati: attendono l'approvazione."]);
    expect(formFields(callsTo('POST', '/api/v1/movement/upload')[0]!.body as FormData)).to.deep.equal({
      accountId: '10',
      offsetAccountId: '11',
      file: 'file:movimenti.csv',
    });
    await until(() => q('movement-upload-dialog') === null, 'the dialog closed');
    await waitForRows(5);
    await until(() => q('badge')!.textContent === '5', 'the badge');
    expect(callsTo('GET', '/api/v1/movement/temporary/waiting').length).to.be.greaterThan(asked.waiting);
    expect(callsTo('GET', '/api/v1/movement/temporary/count').length).to.be.greaterThan(asked.count);
    q<HTMLButtonElement>('tab-rejected')!.click();
    await until(() => callsTo('GET', '/api/v1/movement/temporary/rejected').length === 2, 'the rejected list again');
  });

  it('another client resets the account; without a client or a file nothing is sent', async () => {
    await openPage(user('ADMIN'));
    q<HTMLButtonElement>('approve-import')!.click();
    await until(() => q('movement-upload-dialog') !== null, 'the dialog');
    q<HTMLButtonElement>('dialog-submit')!.click();
    await until(
      () => q('movement-upload-dialog')!.querySelectorAll('.pt-field__error').length === 3,
      'client, account and file required',
    );
    await until(() => options('import-client').length === 3, 'the clients');
    choose(q<HTMLSelectElement>('import-client')!, '42');
    await until(() => options('upload-account').length === 2, "Rossi's accounts");
    choose(q<HTMLSelectElement>('upload-account')!, '11');
    choose(q<HTMLSelectElement>('import-client')!, '43');
    await until(() => options('upload-account').join() === '20', "Bianchi's account");
    expect(q<HTMLSelectElement>('upload-account')!.value).to.equal('');
    q<HTMLButtonElement>('dialog-submit')!.click();
    await sleep(100);
    expect(callsTo('POST', '/api/v1/movement/upload')).to.have.length(0);
  });

  it('rejected rows are listed in the dialog, nothing is stored nor asked again', async () => {
    server.uploadRejects = [
      { row: 3, code: 'unknownCause', params: { value: 'NOPE' }, reason: 'unknown cause "NOPE"', field: 'cause' },
    ];
    await openPage(user('BACK_OFFICE'));
    await until(() => q('badge')!.textContent === '3', 'the badge');
    const counts = callsTo('GET', '/api/v1/movement/temporary/count').length;
    q<HTMLButtonElement>('approve-import')!.click();
    await until(() => options('import-client').length === 3, 'the clients');
    choose(q<HTMLSelectElement>('import-client')!, '43');
    await until(() => options('upload-account').length === 1, "Bianchi's account");
    choose(q<HTMLSelectElement>('upload-account')!, '20');
    pickCsv('movimenti.csv', SAMPLE);
    q<HTMLButtonElement>('dialog-submit')!.click();
    await until(() => q('rejected-rows') !== null, 'the rejected rows');
    expect(q('rejected-rows')!.textContent).to.contain('causale sconosciuta "NOPE"');
    expect(formFields(callsTo('POST', '/api/v1/movement/upload')[0]!.body as FormData)).to.deep.equal({
      accountId: '20',
      file: 'file:movimenti.csv',
    });
    expect(q('movement-upload-dialog')).not.to.equal(null);
    await sleep(100);
    expect(callsTo('GET', '/api/v1/movement/temporary/count').length).to.equal(counts);
    expect(rowCount()).to.equal(3);
  });

  it('speaks English', async () => {
    await setLocale('en');
    await openPage(user('BACK_OFFICE'));
    expect(q('approve-import')!.textContent).to.equal('Import movements');
    q<HTMLButtonElement>('approve-import')!.click();
    await until(() => options('import-client').length === 3, 'the clients');
    choose(q<HTMLSelectElement>('import-client')!, '42');
    await until(() => options('upload-account').length === 2, "the client's accounts");
    choose(q<HTMLSelectElement>('upload-account')!, '10');
    pickCsv('movements.csv', SAMPLE);
    q<HTMLButtonElement>('dialog-submit')!.click();
    await until(() => toasts('success').length > 0, 'the success toast');
    expect(toasts('success')).to.deep.equal(['2 movements arrived: they wait for approval.']);
  });
});
