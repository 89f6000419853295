/// <reference types="mocha" />
// The mapping page (/caronte-mapping, issue 17) in real Chromium, from the built mf-admin on the built shared-ui,
// with the server as a test double of window.fetch that keeps the mapping and the codes waiting and answers the
// contract's calls (shared-api contract/exchange.ts).
import { expect } from '@esm-bundle/chai';
import type { Mapping, MappingInput, UnmappedCode } from '@patrimonio/shared-api';
import { setLocale } from '@patrimonio/shared-ui';
import { choose, FetchDouble, json, q, type, until, user } from '../../../tests/support/web-app.tsx';
import { action, adminApp, optionValues, refusal, rowIndex, rowsOf, toasts } from '../browser.ts';
import { counterpartFixture, mappingFixture, runFixture, unmappedFixture } from '../fixtures.ts';

const COUNTERPARTS = [counterpartFixture(1, { name: 'Intesa Sanpaolo' }), counterpartFixture(2, { name: 'Fineco' })];
const STOCKS = [
  { id: 7, isin: 'IT0003132476', name: 'Eni' },
  { id: 8, isin: 'IT0000072618', name: 'Intesa Sanpaolo' },
  { id: 9, isin: 'US0378331005', name: 'Apple' },
];
const ACCOUNTS = [
  {
    id: 11,
    name: 'Conto Rossi',
    accountType: 'CONTO_CORRENTE',
    iban: 'IT60X0542811101000000123456',
    clientId: 42,
    user: 'Mario Rossi',
    intermediary: 'Intesa Sanpaolo',
    currencySymbol: '€',
    testing: false,
  },
  {
    id: 12,
    name: 'Dossier Bianchi',
    accountType: 'CUSTODIA_TITOLI',
    iban: null,
    clientId: 43,
    user: 'Anna Bianchi',
    intermediary: 'Fineco',
    currencySymbol: '€',
    testing: false,
  },
];

/** The codes waiting: a CBI code of runs 7 and 8, and an instrument code of run 8. */
const WAITING: UnmappedCode[] = [
  unmappedFixture({ code: '48', direction: 'CREDIT', rows: 3, runIds: [7, 8] }),
  unmappedFixture({
    kind: 'INSTRUMENT',
    code: 'BTP-2030',
    direction: 'ANY',
    rows: 1,
    example: 'ACQUISTO BTP 2030',
    runIds: [8],
  }),
];

const server = {
  mappings: [] as Mapping[],
  unmapped: [] as UnmappedCode[],
  /** The next mapping write is refused with this code. */
  refusal: null as string | null,
  reloadRefusal: null as string | null,
};

const double = new FetchDouble(({ method, path: p, url, body }) => {
  if (p === '/api/v1/counterpart') return json(COUNTERPARTS);
  if (p === '/api/v1/mapping/unmapped') return json(server.unmapped);
  if (p === '/api/v1/mapping' && method === 'GET') {
    const counterpartId = url.searchParams.get('counterpartId');
    const kind = url.searchParams.get('kind');
    const item = server.mappings.filter(
      (m) => (!counterpartId || m.counterpartId === Number(counterpartId)) && (!kind || m.kind === kind),
    );
    return json({ item, total: item.length });
  }
  if (p === '/api/v1/mapping' && method === 'POST') {
    if (server.refusal) return refusal(409, server.refusal, 'Already mapped');
    const sent = body as MappingInput;
    const created = mappingFixture(50 + server.mappings.length, { ...sent, target: 'X' });
    server.mappings.push(created);
    // The code no longer waits; a run whose codes are all mapped leaves the list.
    server.unmapped = server.unmapped.filter((u) => !(u.code === sent.code && u.kind === sent.kind));
    return json(created);
  }
  const one = /^\/api\/v1\/mapping\/(\d+)$/.exec(p);
  if (one && method === 'PUT') return json({ ...mappingFixture(Number(one[1])), ...(body as object) });
  if (one && method === 'DELETE') {
    server.mappings = server.mappings.filter((m) => m.id !== Number(one[1]));
    return json({ id: Number(one[1]) });
  }
  const reload = /^\/api\/v1\/log-imported\/(\d+)\/reload$/.exec(p);
  if (reload) {
    if (server.reloadRefusal) return refusal(409, server.reloadRefusal, 'A run of the file is under way');
    return json(runFixture(100 + Number(reload[1]), { status: 'QUEUED' }));
  }
  if (p === '/api/v1/stock') return json({ item: STOCKS, total: STOCKS.length });
  if (p === '/api/v1/account/menu') return json(ACCOUNTS);
  return refusal(404);
});
const { callsTo } = double;
const app = adminApp(double, {
  viewport: { width: 2400, height: 1400 },
  reset: () => {
    server.mappings = [
      mappingFixture(1, { code: '26', cause: 'WITHDRAWAL', target: 'WITHDRAWAL' }),
      mappingFixture(2, {
        counterpartId: 2,
        kind: 'ACCOUNT',
        code: '000123',
        cause: null,
        accountId: 11,
        target: 'Conto Rossi (IT60X0542811101000000123456)',
      }),
    ];
    server.unmapped = WAITING.map((u) => ({ ...u }));
    server.refusal = null;
    server.reloadRefusal = null;
  },
});

async function open(role: 'ADMIN' | 'BACK_OFFICE' = 'BACK_OFFICE', path = '/caronte-mapping') {
  await app.visit(user(role), path);
  await until(() => rowsOf('mapping-unmapped').length === server.unmapped.length, 'the codes waiting');
}

describe('/caronte-mapping', () => {
  it('lists the codes waiting and the mapping, filtered by counterpart and kind in the URL', async () => {
    await open();
    const cbi = rowsOf('mapping-unmapped')[rowIndex('mapping-unmapped', '48')]!;
    expect(cbi).to.include.members(['Banca 1', 'Causale', 'Accrediti', '3', 'BONIFICO A VOSTRO FAVORE']);
    expect(q('mapping-unmapped')!.textContent).to.contain('Da mappare (2)');
    await until(() => rowsOf('mapping').length === 2, 'the mapping');
    expect(rowsOf('mapping')[rowIndex('mapping', '26')]).to.include.members(['Intesa Sanpaolo', 'Prelievo']);
    expect(rowsOf('mapping')[rowIndex('mapping', '000123')]).to.include.members([
      'Fineco',
      'Conto',
      'Conto Rossi (IT60X0542811101000000123456)',
    ]);
    expect(callsTo('GET', '/api/v1/mapping')[0]!.query).to.equal('?size=10000');

    choose(q<HTMLSelectElement>('filter-kind')!, 'ACCOUNT');
    await until(() => rowsOf('mapping').length === 1, 'the filtered mapping');
    expect(window.location.search).to.equal('?kind=ACCOUNT');
    expect(callsTo('GET', '/api/v1/mapping').at(-1)!.query).to.equal('?size=10000&kind=ACCOUNT');
    choose(q<HTMLSelectElement>('filter-counterpart')!, '1');
    await until(
      () => q('table-mapping')!.textContent!.includes('Nessuna mappatura con questi filtri.'),
      'nothing of Intesa for accounts',
    );
    expect(window.location.search).to.equal('?counterpartId=1&kind=ACCOUNT');
  });

  it('"Mappa" opens the dialog prefilled; a FEE with its subcause is sent; the run is offered for reload once ready', async () => {
    await open();
    action('mapping-unmapped', rowIndex('mapping-unmapped', '48'), 'map')!.click();
    await until(() => q('mapping-dialog') !== null, 'the dialog');
    await until(() => q<HTMLSelectElement>('mapping-counterpart')!.value === '1', 'the counterpart');
    expect(q<HTMLSelectElement>('mapping-kind')!.value).to.equal('CAUSE');
    expect(q<HTMLInputElement>('mapping-code')!.value).to.equal('48');
    expect(q<HTMLSelectElement>('mapping-direction')!.value).to.equal('CREDIT');
    q('mapping-submit')!.click();
    await until(() => q('mapping-dialog')!.querySelector('.pt-field__error') !== null, 'the cause required');
    expect(callsTo('POST', '/api/v1/mapping')).to.have.length(0);

    choose(q<HTMLSelectElement>('mapping-cause')!, 'FEE');
    await until(() => q('mapping-subcause') !== null, 'the subcause');
    choose(q<HTMLSelectElement>('mapping-subcause')!, 'CONTO_CORRENTE');
    q('mapping-submit')!.click();
    await until(() => q('mapping-dialog') === null, 'the dialog closed');
    expect(callsTo('POST', '/api/v1/mapping')[0]!.body).to.deep.equal({
      counterpartId: 1,
      kind: 'CAUSE',
      code: '48',
      direction: 'CREDIT',
      cause: 'FEE',
      subcause: 'CONTO_CORRENTE',
      instrumentId: null,
      accountId: null,
    });
    await until(() => toasts('success').includes('Mappatura aggiunta'), 'the toast');
    // Run 7 waited only for this code: ready; run 8 still waits for the instrument.
    await until(() => q('mapping-ready') !== null, 'the reload offered');
    expect(q('mapping-ready')!.textContent).to.contain(
      '1 importazione in attesa ha ora tutti i codici mappati: ricaricala per importarla. 1 aspetta ancora altri codici.',
    );

    q('mapping-reload')!.click();
    await until(() => toasts('success').includes('Reload ok!'), 'the reload toast');
    expect(callsTo('GET', '/api/v1/log-imported/7/reload')).to.have.length(1);
    expect(callsTo('GET', '/api/v1/log-imported/8/reload')).to.have.length(0);
    await until(() => q('mapping-ready') === null, 'the offer gone');

    // The instrument: searched in the stocks list; run 8 is then ready.
    action('mapping-unmapped', rowIndex('mapping-unmapped', 'BTP-2030'), 'map')!.click();
    await until(() => q('mapping-instrument') !== null, 'the instrument picker');
    await until(() => optionValues(q('mapping-instrument')).length === 3, 'the stocks');
    expect(callsTo('GET', '/api/v1/stock')[0]!.query).to.equal('?size=100000&sort=name%2Casc');
    type(q<HTMLInputElement>('mapping-instrument-search')!, 'apple');
    await until(() => optionValues(q('mapping-instrument')).join() === '9', 'the search');
    choose(q<HTMLSelectElement>('mapping-instrument')!, '9');
    q('mapping-submit')!.click();
    await until(() => callsTo('POST', '/api/v1/mapping').length === 2, 'the second mapping');
    expect(callsTo('POST', '/api/v1/mapping')[1]!.body).to.deep.equal({
      counterpartId: 1,
      kind: 'INSTRUMENT',
      code: 'BTP-2030',
      direction: 'ANY',
      cause: null,
      subcause: null,
      instrumentId: 9,
      accountId: null,
    });
    await until(() => q('mapping-ready') !== null, 'run 8 ready');
    server.reloadRefusal = 'run_busy';
    q('mapping-reload')!.click();
    await until(() => toasts('error').length > 0, 'the refusal');
    expect(toasts('error')).to.deep.equal([
      "Il file è già in importazione: ricaricalo quando l'importazione in corso sarà finita.",
    ]);
    expect(q('mapping-ready')).to.not.equal(null);
  });

  it('maps an account identifier to one of the accounts the caller sees', async () => {
    await open('ADMIN');
    q('mapping-add')!.click();
    await until(() => q('mapping-dialog') !== null, 'the dialog');
    choose(q<HTMLSelectElement>('mapping-counterpart')!, '2');
    choose(q<HTMLSelectElement>('mapping-kind')!, 'ACCOUNT');
    await until(() => optionValues(q('mapping-account')).length === 2, 'the accounts');
    expect(callsTo('GET', '/api/v1/account/menu')[0]!.query).to.equal('');
    expect(q('mapping-direction')).to.equal(null);
    type(q<HTMLInputElement>('mapping-code')!, ' 0099887 ');
    choose(q<HTMLSelectElement>('mapping-account')!, '12');
    q('mapping-submit')!.click();
    await until(() => callsTo('POST', '/api/v1/mapping').length === 1, 'the mapping');
    expect(callsTo('POST', '/api/v1/mapping')[0]!.body).to.deep.equal({
      counterpartId: 2,
      kind: 'ACCOUNT',
      code: '0099887',
      direction: 'ANY',
      cause: null,
      subcause: null,
      instrumentId: null,
      accountId: 12,
    });
  });

  it('a code already mapped is refused in words, and the dialog stays open', async () => {
    server.refusal = 'mapping_exists';
    await open();
    action('mapping-unmapped', rowIndex('mapping-unmapped', '48'), 'map')!.click();
    await until(() => q('mapping-cause') !== null, 'the dialog');
    await until(() => q<HTMLSelectElement>('mapping-counterpart')!.value === '1', 'the counterpart');
    choose(q<HTMLSelectElement>('mapping-cause')!, 'DEPOSIT');
    q('mapping-submit')!.click();
    const words =
      'Questo codice è già mappato per la controparte (stesso tipo e direzione): modifica la mappatura esistente.';
    await until(() => toasts('error').length > 0, 'the toast');
    expect(toasts('error')).to.deep.equal([words]);
    await until(() => q('form-error') !== null, 'the error in the dialog');
    expect(q('form-error')!.textContent).to.equal(words);
    expect(q('mapping-dialog')).to.not.equal(null);
  });

  it('edits and deletes a mapping', async () => {
    await open();
    await until(() => rowsOf('mapping').length === 2, 'the mapping');
    action('mapping', rowIndex('mapping', '26'), 'edit')!.click();
    await until(() => q<HTMLSelectElement>('mapping-cause')?.value === 'WITHDRAWAL', 'the mapping in the dialog');
    choose(q<HTMLSelectElement>('mapping-direction')!, 'DEBIT');
    q('mapping-submit')!.click();
    await until(() => callsTo('PUT', '/api/v1/mapping/1').length === 1, 'the edit');
    expect((callsTo('PUT', '/api/v1/mapping/1')[0]!.body as MappingInput).direction).to.equal('DEBIT');
    await until(() => toasts('success').includes('Mappatura modificata'), 'the toast');

    const row = rowIndex('mapping', '000123');
    action('mapping', row, 'delete')!.click();
    await until(() => action('mapping', row, 'delete')!.getAttribute('aria-label') === 'Conferma: Elimina', 'armed');
    action('mapping', row, 'delete')!.click();
    await until(() => toasts('success').includes('Mappatura eliminata'), 'the toast');
    await until(() => rowsOf('mapping').length === 1, 'the row gone');
  });

  it('without codes waiting says so, in English too', async () => {
    server.unmapped = [];
    await setLocale('en');
    await open();
    await until(() => q('table-mapping-unmapped')!.textContent!.includes('No code to map'), 'the empty state');
    expect(q('mapping-unmapped')!.textContent).to.contain('To map (0)');
  });
});
