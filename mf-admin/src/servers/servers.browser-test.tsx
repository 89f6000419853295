/// <reference types="mocha" />
// The external servers page (/caronte-server, issue 17) in real Chromium, from the built mf-admin (npm run build --
// mf-admin) on the built shared-ui, mounted through its single-spa lifecycles as in the portal. The server is a test
// double of window.fetch answering the file exchange's calls as the contract says (shared-api contract/exchange.ts).
import { expect } from '@esm-bundle/chai';
import type { ExternalServer, FetchResult, ServerCheck } from '@patrimonio/shared-api';
import { setLocale } from '@patrimonio/shared-ui';
import { sendKeys } from '@web/test-runner-commands';
import { choose, FetchDouble, json, q, type, until, user } from '../../../tests/support/web-app.tsx';
import { action, adminApp, cellWith, refusal, rowIndex, rowsOf, text, toasts } from '../browser.ts';
import { serverFixture } from '../fixtures.ts';

const SERVERS: ExternalServer[] = [
  serverFixture(1, { name: 'SFTP Intesa' }),
  serverFixture(2, {
    name: 'Cartella demo',
    protocol: 'LOCAL',
    host: null,
    port: null,
    username: null,
    folder: 'demo-bank',
    filePattern: '*.xml',
    schedule: null,
    enabled: false,
    hasPassword: false,
    lastFetchAt: '2026-11-19T05:00:00Z',
    lastFetchOk: false,
    lastFetchMessage: 'folder not found',
  }),
];

const CHECK_OK: ServerCheck = {
  ok: true,
  message: 'Connected; 2 files in /out',
  files: [
    { name: 'MOV_20261120.cbi', size: 2048, modifiedAt: '2026-11-20T04:00:00Z' },
    { name: 'readme.txt', size: 10, modifiedAt: null },
  ],
  matching: 1,
};

/** The server double's state: what it answers. */
const server = {
  servers: [] as ExternalServer[],
  check: CHECK_OK as ServerCheck | null,
  fetch: { ok: true, message: 'ok', received: 2, known: 1 } as FetchResult,
  deleteRefusal: null as string | null,
  listStatus: 200,
};

const double = new FetchDouble(({ method, path: p, body }) => {
  if (p === '/api/v1/external-server' && method === 'GET')
    return server.listStatus === 200 ? json(server.servers) : refusal(server.listStatus);
  if (p === '/api/v1/external-server' && method === 'POST') {
    const created = { ...serverFixture(9), ...(body as object), hasPassword: true, hasPrivateKey: false };
    server.servers = [...server.servers, created as ExternalServer];
    return json(created);
  }
  const one = /^\/api\/v1\/external-server\/(\d+)(\/check|\/fetch)?$/.exec(p);
  if (one) {
    const id = Number(one[1]);
    const found = server.servers.find((s) => s.id === id);
    if (!found) return refusal(404);
    if (one[2] === '/check') return server.check ? json(server.check) : refusal(500);
    if (one[2] === '/fetch') return json(server.fetch);
    if (method === 'PUT') return json({ ...found, ...(body as object) });
    if (method === 'DELETE') {
      if (server.deleteRefusal) return refusal(409, server.deleteRefusal, 'Server in use by counterparts');
      server.servers = server.servers.filter((s) => s.id !== id);
      return json({ id });
    }
  }
  return refusal(404);
});
const { callsTo } = double;
const app = adminApp(double, {
  reset: () => {
    server.servers = SERVERS.map((s) => ({ ...s }));
    server.check = CHECK_OK;
    server.fetch = { ok: true, message: 'ok', received: 2, known: 1 };
    server.deleteRefusal = null;
    server.listStatus = 200;
  },
});
const TABLE = 'servers';

async function open(role: 'ADMIN' | 'BACK_OFFICE' = 'ADMIN') {
  await app.visit(user(role), '/caronte-server');
  if (role === 'ADMIN') await until(() => rowsOf(TABLE).length === 2, 'the two servers');
}

describe('/caronte-server', () => {
  it('lists the servers: protocol, address and folder, pattern, schedule in words, state, last fetch and outcome', async () => {
    await open();
    const sftp = rowsOf(TABLE)[rowIndex(TABLE, 'SFTP Intesa')]!;
    expect(sftp).to.include.members(['sftp://sftp.banca.it:22/out', '*.cbi', 'Alle 06:00', 'Attivo', 'Riuscito']);
    expect(sftp.some((c) => c.startsWith('20/11/2026 '))).to.equal(true);
    const local = rowsOf(TABLE)[rowIndex(TABLE, 'Cartella demo')]!;
    expect(local).to.include.members(['demo-bank', '*.xml', 'Solo su richiesta', 'Disattivato', 'Fallito']);
    expect(cellWith(TABLE, 'Fallito')!.dataset.ptTone).to.equal('negative');
    expect(cellWith(TABLE, 'Fallito')!.title).to.equal('folder not found');
    expect(cellWith(TABLE, 'Riuscito')!.dataset.ptTone).to.equal('positive');
    expect(cellWith(TABLE, 'Alle 06:00')!.title).to.equal('0 6 * * *');
  });

  it('adds an SFTP server: host, user and a secret are required; the body is the contract’s', async () => {
    await open();
    q('server-add')!.click();
    await until(() => q('server-dialog') !== null, 'the dialog');
    const dialog = q('server-dialog')!;
    expect(q<HTMLSelectElement>('server-protocol')!.value).to.equal('LOCAL');
    expect(q('server-sftp')).to.equal(null);
    choose(q<HTMLSelectElement>('server-protocol')!, 'SFTP');
    await until(() => q('server-sftp') !== null, 'the SFTP fields');
    expect(q<HTMLInputElement>('server-port')!.value).to.equal('22');
    expect(q<HTMLInputElement>('server-password')!.type).to.equal('password');
    type(q<HTMLInputElement>('server-name')!, 'SFTP Fineco');
    type(q<HTMLInputElement>('server-folder')!, '/flussi');
    type(q<HTMLInputElement>('server-pattern')!, '*.cbi');
    q('server-submit')!.click();
    await until(() => dialog.querySelectorAll('.pt-field__error').length === 3, 'host, user and secret required');
    expect(dialog.textContent).to.contain('Serve una password o una chiave privata');
    expect(callsTo('POST', '/api/v1/external-server')).to.have.length(0);

    type(q<HTMLInputElement>('server-host')!, 'sftp.fineco.it');
    type(q<HTMLInputElement>('server-username')!, 'pat');
    type(q<HTMLInputElement>('server-password')!, 'segreta');
    choose(q<HTMLSelectElement>('server-schedule-choice')!, '0 6 * * 1-5');
    await until(() => q<HTMLInputElement>('server-schedule')!.value === '0 6 * * 1-5', 'the preset in the cron box');
    expect(text('server-schedule-text')).to.equal('Quando: Alle 06:00, lunedì al venerdì');
    q('server-submit')!.click();
    await until(() => q('server-dialog') === null, 'the dialog closed');
    expect(callsTo('POST', '/api/v1/external-server')[0]!.body).to.deep.equal({
      name: 'SFTP Fineco',
      protocol: 'SFTP',
      host: 'sftp.fineco.it',
      port: 22,
      username: 'pat',
      folder: '/flussi',
      filePattern: '*.cbi',
      schedule: '0 6 * * 1-5',
      enabled: true,
      password: 'segreta',
    });
    await until(() => toasts('success').includes('Server aggiunto'), 'the toast');
    await until(() => rowsOf(TABLE).length === 3, 'the list refetched');
  });

  it('edits a server: an empty secret is kept, a stored one can be removed, a custom cron is explained or refused', async () => {
    server.servers[0] = { ...server.servers[0]!, hasPrivateKey: true };
    await open();
    action(TABLE, rowIndex(TABLE, 'SFTP Intesa'), 'edit')!.click();
    await until(() => q('server-dialog') !== null, 'the dialog');
    const dialog = q('server-dialog')!;
    expect(q<HTMLInputElement>('server-password')!.value).to.equal('');
    expect(dialog.textContent).to.contain('Lascia vuoto per mantenere quella salvata.');
    expect(q<HTMLSelectElement>('server-schedule-choice')!.value).to.equal('0 6 * * *');
    q<HTMLInputElement>('server-remove-private-key')!.click();
    await until(() => q<HTMLTextAreaElement>('server-private-key')!.disabled, 'the key box disabled');

    choose(q<HTMLSelectElement>('server-schedule-choice')!, 'custom');
    type(q<HTMLInputElement>('server-schedule')!, '0 25 * * *');
    q('server-submit')!.click();
    await until(() => dialog.textContent!.includes('Espressione cron non valida'), 'the cron refused');
    expect(callsTo('PUT', '/api/v1/external-server/1')).to.have.length(0);
    type(q<HTMLInputElement>('server-schedule')!, '30 7 * * 1');
    await until(() => text('server-schedule-text') === 'Quando: Alle 07:30, solo il lunedì', 'the explanation');
    expect(q<HTMLSelectElement>('server-schedule-choice')!.value).to.equal('custom');
    q('server-submit')!.click();
    await until(() => callsTo('PUT', '/api/v1/external-server/1').length === 1, 'the edit');
    const sent = callsTo('PUT', '/api/v1/external-server/1')[0]!.body as Record<string, unknown>;
    expect(sent).to.not.have.property('password');
    expect(sent.privateKey).to.equal(null);
    expect(sent.schedule).to.equal('30 7 * * 1');
    await until(() => toasts('success').includes('Server modificato'), 'the toast');
  });

  it("Check: 'Check ok!' and the files seen; 'Check failed' with the reason; 'Check failed' on an error", async () => {
    await open();
    action(TABLE, rowIndex(TABLE, 'SFTP Intesa'), 'check')!.click();
    await until(() => toasts('success').length > 0, 'the toast');
    expect(toasts('success')).to.deep.equal(['Check ok!']);
    expect(callsTo('GET', '/api/v1/external-server/1/check')).to.have.length(1);
    await until(() => q('check-result') !== null, 'the result');
    expect(text('check-result')).to.contain('Connessione riuscita.');
    expect(text('check-count')).to.equal('File nella cartella: 2; corrispondono al modello «*.cbi»: 1.');
    await until(() => cellWith('server-check-files', 'MOV_20261120.cbi') !== undefined, 'the files listed');
    await app.escapeCloses('check-dialog', 'the dialog closed');

    server.check = { ok: false, message: 'Authentication failed (publickey)', files: [], matching: 0 };
    action(TABLE, rowIndex(TABLE, 'SFTP Intesa'), 'check')!.click();
    await until(() => toasts('error').length > 0, 'the failure toast');
    expect(toasts('error')).to.deep.equal(['Check failed']);
    await until(() => q('check-reason') !== null, 'the reason');
    expect(text('check-reason')).to.equal('Authentication failed (publickey)');
    await sendKeys({ press: 'Escape' });

    server.check = null;
    action(TABLE, rowIndex(TABLE, 'Cartella demo'), 'check')!.click();
    await until(() => toasts('error').length > 1, 'the error toast');
    expect(toasts('error')[1]).to.equal('Check failed');
  });

  it('Fetch now says how many files arrived and how many were known, and asks the list again', async () => {
    await open();
    const lists = callsTo('GET', '/api/v1/external-server').length;
    action(TABLE, rowIndex(TABLE, 'SFTP Intesa'), 'fetch')!.click();
    await until(() => toasts('success').length > 0, 'the toast');
    expect(toasts('success')).to.deep.equal(['2 file nuovi ricevuti, 1 già noto.']);
    expect(callsTo('POST', '/api/v1/external-server/1/fetch')).to.have.length(1);
    await until(() => callsTo('GET', '/api/v1/external-server').length > lists, 'the list refetched');

    server.fetch = { ok: false, message: 'Connection refused', received: 0, known: 0 };
    action(TABLE, rowIndex(TABLE, 'SFTP Intesa'), 'fetch')!.click();
    await until(() => toasts('error').length > 0, 'the failure');
    expect(toasts('error')).to.deep.equal(['Impossibile recuperare i file: Connection refused']);
  });

  it('deletes with the two-step confirmation; a server in use is refused in words', async () => {
    server.deleteRefusal = 'server_in_use';
    await open();
    const row = rowIndex(TABLE, 'SFTP Intesa');
    action(TABLE, row, 'delete')!.click();
    await until(() => action(TABLE, row, 'delete')!.getAttribute('aria-label') === 'Conferma: Elimina', 'armed');
    expect(callsTo('DELETE', '/api/v1/external-server/1')).to.have.length(0);
    action(TABLE, row, 'delete')!.click();
    await until(() => toasts('error').length > 0, 'the refusal');
    expect(toasts('error')).to.deep.equal([
      'Il server è usato da almeno una controparte: assegna alle controparti un altro server, poi eliminalo.',
    ]);
    expect(rowsOf(TABLE)).to.have.length(2);

    server.deleteRefusal = null;
    action(TABLE, row, 'delete')!.click();
    await until(() => action(TABLE, row, 'delete')!.getAttribute('aria-label') === 'Conferma: Elimina', 'armed');
    action(TABLE, row, 'delete')!.click();
    await until(() => toasts('success').includes('Server eliminato'), 'the toast');
    await until(() => rowsOf(TABLE).length === 1, 'the row gone');
  });

  it('at 1366 px with the side menu open the row actions are in view', async () => {
    await app.besideMenu(async () => {
      await open();
      await app.actionsInView(TABLE, 0, ['check', 'fetch', 'edit', 'delete']);
    });
  });

  it('the back office is told servers are the admin’s, and nothing is asked', async () => {
    await open('BACK_OFFICE');
    await until(() => q('error-state') !== null, 'the notice');
    expect(text('error-state')).to.contain('Solo un amministratore gestisce i server dei file.');
    expect(q('server-add')).to.equal(null);
    expect(double.calls).to.have.length(0);
  });

  it('speaks English, with the spec’s check toast the same', async () => {
    await setLocale('en');
    await open();
    expect(rowsOf(TABLE)[rowIndex(TABLE, 'SFTP Intesa')]).to.include.members(['At 06:00', 'Enabled', 'Succeeded']);
    expect(text('server-add')).to.equal('New server');
    action(TABLE, rowIndex(TABLE, 'SFTP Intesa'), 'check')!.click();
    await until(() => toasts('success').length > 0, 'the toast');
    expect(toasts('success')).to.deep.equal(['Check ok!']);
    await until(() => text('check-result').includes('Connection succeeded.'), 'the result in English');
  });

  it('on a phone the page fits the width, and the dialog is reached and left with the keyboard', async () => {
    await app.onPhone(async () => {
      await open();
      app.fitsPhone();
      q('server-add')!.focus();
      await sendKeys({ press: 'Enter' });
      await until(() => q('server-dialog') !== null, 'the dialog');
      await until(() => q('server-dialog')!.contains(document.activeElement), 'the focus in the dialog');
      app.fitsPhone();
      await app.escapeCloses('server-dialog', 'the dialog closed');
    });
  });

  it('a refused list says so', async () => {
    server.listStatus = 403;
    await app.visit(user('ADMIN'), '/caronte-server');
    await until(() => q('table-error') !== null, 'the error');
    expect(text('table-error')).to.contain('Impossibile caricare i server.');
  });
});
