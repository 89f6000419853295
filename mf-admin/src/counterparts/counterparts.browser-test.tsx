/// <reference types="mocha" />
// The counterparts page (/counterparts, issue 17) in real Chromium, from the built mf-admin on the built shared-ui,
// with the server as a test double of window.fetch answering the contract's calls (shared-api contract/exchange.ts).
import { expect } from '@esm-bundle/chai';
import type { Counterpart } from '@patrimonio/shared-api';
import { setLocale } from '@patrimonio/shared-ui';
import { choose, FetchDouble, json, q, type, until, user } from '../../../tests/support/web-app.tsx';
import { action, adminApp, optionValues, refusal, rowIndex, rowsOf, toasts } from '../browser.ts';
import { counterpartFixture } from '../fixtures.ts';

const COUNTERPARTS: Counterpart[] = [
  counterpartFixture(1, {
    name: 'Intesa Sanpaolo',
    formats: [
      { format: 'CBI', filePattern: '*.cbi', layout: null },
      { format: 'CAMT053', filePattern: 'CAMT_*.xml', layout: null },
    ],
  }),
  counterpartFixture(2, {
    name: 'Fineco',
    abi: '03015',
    intermediaryId: null,
    intermediaryName: null,
    serverId: null,
    serverName: null,
    formats: [],
    lastFileAt: null,
  }),
];
const INTERMEDIARIES = [
  { id: 5, name: 'Intesa Sanpaolo', fiType: 'CREDIT_INSTITUTE' },
  { id: 6, name: 'Fineco Bank', fiType: 'CREDIT_INSTITUTE' },
];
const SERVER_NAMES = [
  { id: 1, name: 'SFTP Intesa', protocol: 'SFTP' },
  { id: 2, name: 'Cartella demo', protocol: 'LOCAL' },
];

const server = { counterparts: [] as Counterpart[], deleteRefusal: null as string | null };

const double = new FetchDouble(({ method, path: p, body }) => {
  if (p === '/api/v1/counterpart' && method === 'GET') return json(server.counterparts);
  if (p === '/api/v1/counterpart' && method === 'POST') {
    const created = { ...counterpartFixture(9), ...(body as object) } as Counterpart;
    server.counterparts = [...server.counterparts, created];
    return json(created);
  }
  const one = /^\/api\/v1\/counterpart\/(\d+)$/.exec(p);
  if (one) {
    const id = Number(one[1]);
    const found = server.counterparts.find((c) => c.id === id);
    if (!found) return refusal(404);
    if (method === 'PUT') return json({ ...found, ...(body as object) });
    if (method === 'DELETE') {
      if (server.deleteRefusal) return refusal(409, server.deleteRefusal, 'Files of it were received');
      server.counterparts = server.counterparts.filter((c) => c.id !== id);
      return json({ id });
    }
  }
  if (p === '/api/v1/financial-intermediary/menu') return json(INTERMEDIARIES);
  if (p === '/api/v1/external-server/names') return json(SERVER_NAMES);
  return refusal(404);
});
const { callsTo } = double;
const app = adminApp(double, {
  reset: () => {
    server.counterparts = COUNTERPARTS.map((c) => ({ ...c }));
    server.deleteRefusal = null;
  },
});
const TABLE = 'counterparts';

async function open(role: 'ADMIN' | 'BACK_OFFICE' = 'ADMIN') {
  await app.visit(user(role), '/counterparts');
  await until(() => rowsOf(TABLE).length === 2, 'the two counterparts');
}

describe('/counterparts', () => {
  it('lists the counterparts: ABI, intermediary, server, formats with their patterns, last file', async () => {
    await open();
    const intesa = rowsOf(TABLE)[rowIndex(TABLE, 'Intesa Sanpaolo')]!;
    expect(intesa).to.include.members(['03069', 'SFTP Intesa', 'CBI (*.cbi), camt.053 (CAMT_*.xml)']);
    expect(intesa.some((c) => c.startsWith('20/11/2026 '))).to.equal(true);
    const fineco = rowsOf(TABLE)[rowIndex(TABLE, 'Fineco')]!;
    expect(fineco).to.include('03015');
  });

  it('adds a counterpart with a CBI format and a layout: required columns are marked and checked', async () => {
    await open('BACK_OFFICE');
    q('counterpart-add')!.click();
    await until(() => q('counterpart-dialog') !== null, 'the dialog');
    const dialog = q('counterpart-dialog')!;
    await until(() => optionValues(q('counterpart-intermediary')).length === 2, 'the intermediaries');
    await until(() => optionValues(q('counterpart-server')).length === 2, 'the servers');
    expect(callsTo('GET', '/api/v1/financial-intermediary/menu')[0]!.query).to.equal('');
    type(q<HTMLInputElement>('counterpart-name')!, 'Banca Generali');
    type(q<HTMLInputElement>('counterpart-abi')!, '3075');
    choose(q<HTMLSelectElement>('counterpart-intermediary')!, '6');
    choose(q<HTMLSelectElement>('counterpart-server')!, '2');

    q('format-add')!.click();
    await until(() => q('format-0') !== null, 'the first format');
    choose(q<HTMLSelectElement>('format-0-format')!, 'CBI');
    type(q<HTMLInputElement>('format-0-pattern')!, 'BG_*.cbi');
    q('format-add')!.click();
    await until(() => q('format-1') !== null, 'the second format');
    choose(q<HTMLSelectElement>('format-1-format')!, 'LAYOUT');
    await until(() => q('format-1-kind') !== null, 'the layout fields');
    type(q<HTMLInputElement>('format-1-pattern')!, 'POS_*.csv');
    choose(q<HTMLSelectElement>('format-1-kind')!, 'POSITIONS');
    await until(() => q('format-1-columns') !== null, 'the columns');
    // The required columns are marked, the optional one (price) is not.
    const marked = (field: string) =>
      q(`format-1-column-${field}`)!.closest('.pt-field')!.querySelector('.pt-field__required') !== null;
    expect(['account', 'date', 'instrument', 'quantity', 'currency'].every(marked)).to.equal(true);
    expect(marked('price')).to.equal(false);
    type(q<HTMLInputElement>('format-1-column-account')!, 'Dossier');

    q('counterpart-submit')!.click();
    // ABI of four digits; the layout's account kind, date format, decimal separator and four columns missing.
    await until(() => dialog.querySelectorAll('.pt-field__error').length === 8, 'the errors');
    expect(callsTo('POST', '/api/v1/counterpart')).to.have.length(0);

    type(q<HTMLInputElement>('counterpart-abi')!, '03075');
    choose(q<HTMLSelectElement>('format-1-account-ref')!, 'DOSSIER');
    choose(q<HTMLSelectElement>('format-1-date-format')!, 'DD/MM/YYYY');
    choose(q<HTMLSelectElement>('format-1-decimal')!, ',');
    type(q<HTMLInputElement>('format-1-column-date')!, 'Data');
    type(q<HTMLInputElement>('format-1-column-instrument')!, 'ISIN');
    type(q<HTMLInputElement>('format-1-column-quantity')!, 'Quantità');
    type(q<HTMLInputElement>('format-1-column-currency')!, 'Divisa');
    q('counterpart-submit')!.click();
    await until(() => q('counterpart-dialog') === null, 'the dialog closed');
    expect(callsTo('POST', '/api/v1/counterpart')[0]!.body).to.deep.equal({
      name: 'Banca Generali',
      abi: '03075',
      intermediaryId: 6,
      serverId: 2,
      folder: null,
      formats: [
        { format: 'CBI', filePattern: 'BG_*.cbi', layout: null },
        {
          format: 'LAYOUT',
          filePattern: 'POS_*.csv',
          layout: {
            kind: 'POSITIONS',
            accountRef: 'DOSSIER',
            dateFormat: 'DD/MM/YYYY',
            decimalSeparator: ',',
            columns: { account: 'Dossier', date: 'Data', instrument: 'ISIN', quantity: 'Quantità', currency: 'Divisa' },
          },
        },
      ],
    });
    await until(() => toasts('success').includes('Controparte aggiunta'), 'the toast');
    await until(() => rowsOf(TABLE).length === 3, 'the list refetched');
  });

  it('edits a counterpart: its formats come back, one is removed', async () => {
    await open();
    action(TABLE, rowIndex(TABLE, 'Intesa Sanpaolo'), 'edit')!.click();
    await until(() => q('format-1') !== null, 'the two formats');
    expect(q<HTMLSelectElement>('format-1-format')!.value).to.equal('CAMT053');
    await until(() => optionValues(q('counterpart-intermediary')).length === 2, 'the intermediaries');
    expect(q<HTMLSelectElement>('counterpart-intermediary')!.value).to.equal('5');
    q('format-0-remove')!.click();
    await until(() => q('format-1') === null, 'one format left');
    q('counterpart-submit')!.click();
    await until(() => callsTo('PUT', '/api/v1/counterpart/1').length === 1, 'the edit');
    expect((callsTo('PUT', '/api/v1/counterpart/1')[0]!.body as Counterpart).formats).to.deep.equal([
      { format: 'CAMT053', filePattern: 'CAMT_*.xml', layout: null },
    ]);
    await until(() => toasts('success').includes('Controparte modificata'), 'the toast');
  });

  it('a counterpart with files received cannot be deleted, and says so', async () => {
    server.deleteRefusal = 'counterpart_in_use';
    await open();
    const row = rowIndex(TABLE, 'Fineco');
    action(TABLE, row, 'delete')!.click();
    await until(() => action(TABLE, row, 'delete')!.getAttribute('aria-label') === 'Conferma: Elimina', 'armed');
    action(TABLE, row, 'delete')!.click();
    await until(() => toasts('error').length > 0, 'the refusal');
    expect(toasts('error')).to.deep.equal(['La controparte ha già dei file ricevuti: non può essere eliminata.']);

    server.deleteRefusal = null;
    action(TABLE, row, 'delete')!.click();
    await until(() => action(TABLE, row, 'delete')!.getAttribute('aria-label') === 'Conferma: Elimina', 'armed');
    action(TABLE, row, 'delete')!.click();
    await until(() => toasts('success').includes('Controparte eliminata'), 'the toast');
    await until(() => rowsOf(TABLE).length === 1, 'the row gone');
  });

  it('a row leads to its mapping and to its imports', async () => {
    await open();
    action(TABLE, rowIndex(TABLE, 'Intesa Sanpaolo'), 'mapping')!.click();
    await until(() => window.location.pathname === '/caronte-mapping', 'the mapping');
    expect(window.location.search).to.equal('?counterpartId=1');
  });

  it('speaks English', async () => {
    await setLocale('en');
    await open();
    expect(rowsOf(TABLE)[rowIndex(TABLE, 'Intesa Sanpaolo')]).to.include('CBI (*.cbi), camt.053 (CAMT_*.xml)');
    expect(q('counterpart-add')!.textContent).to.equal('New counterpart');
  });
});
