/// <reference types="mocha" />
// The file log page (/file-log, issue 17) in real Chromium, from the built mf-admin on the built shared-ui, with the
// server as a test double of window.fetch answering the contract's calls (shared-api contract/exchange.ts).
import { expect } from '@esm-bundle/chai';
import type { FileEntry } from '@patrimonio/shared-api';
import { setLocale } from '@patrimonio/shared-ui';
import { choose, FetchDouble, json, q, until, user } from '../../../tests/support/web-app.tsx';
import { action, adminApp, cellWith, optionValues, refusal, rowIndex, rowsOf, toasts } from '../browser.ts';
import { fileFixture, runFixture } from '../fixtures.ts';

const SHA = `3f2a9c1b7d4e${'0'.repeat(52)}`;
const FILES: FileEntry[] = [
  fileFixture(1, { name: 'MOV_20261120.cbi', sha256: SHA, size: 2048 }),
  fileFixture(2, {
    name: 'estratto.xml',
    serverId: 2,
    serverName: 'Cartella demo',
    counterpartId: null,
    counterpartName: null,
    status: 'NO_COUNTERPART',
    format: null,
    lastRunId: null,
  }),
];
const SERVER_NAMES = [
  { id: 1, name: 'SFTP Intesa', protocol: 'SFTP' },
  { id: 2, name: 'Cartella demo', protocol: 'LOCAL' },
];

const server = { reloadRefusal: null as { status: number; code?: string } | null, downloadStatus: 200 };

const double = new FetchDouble(({ path: p, url }) => {
  if (p === '/api/v1/log') {
    const status = url.searchParams.get('status');
    const serverId = url.searchParams.get('serverId');
    const item = FILES.filter(
      (f) => (!status || f.status === status) && (!serverId || f.serverId === Number(serverId)),
    );
    return json({ item, total: item.length });
  }
  if (p === '/api/v1/external-server/names') return json(SERVER_NAMES);
  const one = /^\/api\/v1\/log\/(\d+)\/(reload|download)$/.exec(p);
  if (one) {
    const file = FILES.find((f) => f.id === Number(one[1]));
    if (!file) return refusal(404);
    if (one[2] === 'reload')
      return server.reloadRefusal
        ? refusal(server.reloadRefusal.status, server.reloadRefusal.code)
        : json(runFixture(20, { fileId: file.id, status: 'QUEUED' }));
    return server.downloadStatus === 200
      ? new Response('<Document/>', {
          headers: { 'content-type': 'application/xml', 'content-disposition': `attachment; filename="${file.name}"` },
        })
      : refusal(server.downloadStatus);
  }
  return refusal(404);
});
const { callsTo } = double;

/** What the page copied to the clipboard. */
let copied: string[] = [];
const clipboardWrite = navigator.clipboard.writeText;

const app = adminApp(double, {
  downloads: true,
  reset: () => {
    server.reloadRefusal = null;
    server.downloadStatus = 200;
    copied = [];
    navigator.clipboard.writeText = async (value: string) => {
      copied.push(value);
    };
  },
});
afterEach(() => {
  navigator.clipboard.writeText = clipboardWrite;
});
const TABLE = 'file-log';

async function open(role: 'ADMIN' | 'BACK_OFFICE', path = '/file-log') {
  await app.visit(user(role), path);
  await until(() => rowsOf(TABLE).length > 0, 'the files');
}

describe('/file-log', () => {
  it('lists every file: server, counterpart, name, size, SHA-256 shortened (whole on hover, copied), time, status, format', async () => {
    await open('ADMIN');
    expect(callsTo('GET', '/api/v1/log')[0]!.query).to.equal('?size=10000');
    const mov = rowsOf(TABLE)[rowIndex(TABLE, 'MOV_20261120.cbi')]!;
    expect(mov).to.include.members(['SFTP Intesa', 'Banca 1', '2.048', '3f2a9c1b7d4e…', 'Importato']);
    expect(mov.some((c) => c.startsWith('20/11/2026 '))).to.equal(true);
    expect(cellWith(TABLE, '3f2a9c1b7d4e…')!.title).to.equal(SHA);
    expect(cellWith(TABLE, 'Nessuna controparte')!.dataset.ptTone).to.equal('warning');
    action(TABLE, rowIndex(TABLE, 'MOV_20261120.cbi'), 'copy')!.click();
    await until(() => toasts('success').includes('SHA-256 copiato'), 'the toast');
    expect(copied).to.deep.equal([SHA]);
    // A file with a run leads to it.
    expect(action(TABLE, rowIndex(TABLE, 'estratto.xml'), 'run')).to.equal(null);
    action(TABLE, rowIndex(TABLE, 'MOV_20261120.cbi'), 'run')!.click();
    await until(() => window.location.pathname === '/import-activity', 'the import activity');
    expect(window.location.search).to.equal('?run=1');
  });

  it('the admin filters by status and by server', async () => {
    await open('ADMIN');
    await until(() => optionValues(q('filter-server')).length === 2, 'the servers');
    choose(q<HTMLSelectElement>('filter-server')!, '2');
    await until(() => rowsOf(TABLE).length === 1, 'the demo folder’s file');
    expect(window.location.search).to.equal('?serverId=2');
    expect(callsTo('GET', '/api/v1/log').at(-1)!.query).to.equal('?size=10000&serverId=2');
    choose(q<HTMLSelectElement>('filter-status')!, 'IMPORTED');
    await until(() => q('table-file-log')!.textContent!.includes('Nessun file con questi filtri.'), 'none');
    expect(window.location.search).to.equal('?status=IMPORTED&serverId=2');
  });

  it('the back office filters by status only, and asks nothing of the servers', async () => {
    await open('BACK_OFFICE', '/file-log?serverId=2');
    expect(q('filter-server')).to.equal(null);
    expect(callsTo('GET', '/api/v1/log')[0]!.query).to.equal('?size=10000');
    expect(callsTo('GET', '/api/v1/external-server/names')).to.have.length(0);
    expect(double.calls.every((c) => !c.path.startsWith('/api/v1/external-server'))).to.equal(true);
    choose(q<HTMLSelectElement>('filter-status')!, 'NO_COUNTERPART');
    await until(() => rowsOf(TABLE).length === 1, 'the file without counterpart');
  });

  it("Reload and Download: the spec's toasts, run_busy in its own words", async () => {
    await open('BACK_OFFICE');
    const row = rowIndex(TABLE, 'MOV_20261120.cbi');
    action(TABLE, row, 'reload')!.click();
    await until(() => toasts('success').length > 0, 'the toast');
    expect(toasts('success')).to.deep.equal(['Reload ok!']);
    expect(callsTo('GET', '/api/v1/log/1/reload')).to.have.length(1);

    server.reloadRefusal = { status: 409, code: 'run_busy' };
    action(TABLE, row, 'reload')!.click();
    await until(() => toasts('error').length > 0, 'the refusal');
    expect(toasts('error')).to.deep.equal([
      "Il file è già in importazione: ricaricalo quando l'importazione in corso sarà finita.",
    ]);
    server.reloadRefusal = { status: 404 };
    action(TABLE, row, 'reload')!.click();
    await until(() => toasts('error').length > 1, 'the failure');
    expect(toasts('error')[1]).to.equal('Reload failed');

    action(TABLE, rowIndex(TABLE, 'estratto.xml'), 'download')!.click();
    await until(() => app.downloads.length === 1, 'the download');
    expect(app.downloads.map((d) => d.name)).to.deep.equal(['estratto.xml']);
    server.downloadStatus = 500;
    action(TABLE, row, 'download')!.click();
    await until(() => toasts('error').length > 2, 'the download failure');
    expect(toasts('error')[2]).to.equal('Download failed');
  });

  it('at 1366 px with the side menu open the row actions are in view', async () => {
    await app.besideMenu(async () => {
      await open('ADMIN');
      const row = rowsOf(TABLE).findIndex((r) => r.some((c) => c.startsWith('MOV_')));
      await app.actionsInView(TABLE, row, ['reload', 'download', 'copy', 'run']);
    });
  });

  it('speaks English', async () => {
    await setLocale('en');
    await open('ADMIN');
    expect(cellWith(TABLE, 'Imported')).to.not.equal(undefined);
    expect(cellWith(TABLE, 'No counterpart')).to.not.equal(undefined);
  });
});
