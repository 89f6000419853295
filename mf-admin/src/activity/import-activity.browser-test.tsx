/// <reference types="mocha" />
// The import activity page (/import-activity, issue 17) in real Chromium, from the built mf-admin on the built
// shared-ui, with the server as a test double of window.fetch answering the contract's calls (shared-api
// contract/exchange.ts): the runs, a run's detail, reload and the original file's download.
import { expect } from '@esm-bundle/chai';
import type { ImportRun } from '@patrimonio/shared-api';
import { setLocale } from '@patrimonio/shared-ui';
import { choose, FetchDouble, go, json, q, realFetch, sleep, until, user } from '../../../tests/support/web-app.tsx';
import { action, adminApp, cellWith, refusal, rowIndex, rowsOf, text, toasts } from '../browser.ts';
import { IMPORT_POLL_MS } from '../common/constants.ts';
import { counterpartFixture, runFixture } from '../fixtures.ts';

const RUNS: ImportRun[] = [
  runFixture(1, { createdAt: '2026-11-18T05:01:00Z', fileName: 'MOV_18.cbi' }),
  runFixture(3, {
    createdAt: '2026-11-20T05:01:00Z',
    fileName: 'CAMT_20.xml',
    format: 'CAMT053',
    counterpartId: 2,
    counterpartName: 'Fineco',
    status: 'TO_MAP',
    endedAt: '2026-11-20T05:01:03Z',
    rowsRead: 5,
    rowsStored: 0,
    rowsPending: 0,
    rowsRejected: 0,
    unmapped: [{ kind: 'CAUSE', code: '48', direction: 'CREDIT', rows: 2 }],
  }),
  runFixture(2, {
    createdAt: '2026-11-19T05:01:00Z',
    fileName: 'MOV_19.cbi',
    status: 'FAILED',
    rowsStored: 0,
    rowsPending: 0,
    rowsRejected: 0,
    errors: [
      { line: 4, message: 'record 61 without 62' },
      { line: null, message: 'file truncated' },
    ],
  }),
];
const COUNTERPARTS = [counterpartFixture(1, { name: 'Banca 1' }), counterpartFixture(2, { name: 'Fineco' })];

const server = {
  runs: [] as ImportRun[],
  reloadRefusal: null as { status: number; code?: string } | null,
  downloadStatus: 200,
};

const double = new FetchDouble(({ path: p, url }) => {
  if (p === '/api/v1/counterpart') return json(COUNTERPARTS);
  if (p === '/api/v1/log-imported') {
    const status = url.searchParams.get('status');
    const counterpartId = url.searchParams.get('counterpartId');
    const item = server.runs.filter(
      (r) => (!status || r.status === status) && (!counterpartId || r.counterpartId === Number(counterpartId)),
    );
    return json({ item, total: item.length });
  }
  const one = /^\/api\/v1\/log-imported\/(\d+)(\/reload|\/download)?$/.exec(p);
  if (one) {
    const run = server.runs.find((r) => r.id === Number(one[1]));
    if (!run) return refusal(404);
    if (one[2] === '/reload') {
      if (server.reloadRefusal) return refusal(server.reloadRefusal.status, server.reloadRefusal.code);
      const queued = runFixture(10 + run.id, {
        ...run,
        id: 10 + run.id,
        status: 'QUEUED',
        createdAt: '2026-11-21T08:00:00Z',
      });
      server.runs = [...server.runs, queued];
      return json(queued);
    }
    if (one[2] === '/download') {
      if (server.downloadStatus !== 200) return refusal(server.downloadStatus);
      return new Response('RH0306920261120\n', {
        headers: {
          'content-type': 'application/octet-stream',
          'content-disposition': `attachment; filename="${run.fileName}"`,
        },
      });
    }
    return json(run);
  }
  return refusal(404);
});
const { callsTo } = double;

const app = adminApp(double, {
  downloads: true,
  reset: () => {
    server.runs = RUNS.map((r) => ({ ...r }));
    server.reloadRefusal = null;
    server.downloadStatus = 200;
  },
});
const TABLE = 'import-activity';

async function open(path = '/import-activity', role: 'ADMIN' | 'BACK_OFFICE' = 'BACK_OFFICE') {
  await app.visit(user(role), path);
  await until(() => rowsOf(TABLE).length > 0, 'the runs');
}

describe('/import-activity', () => {
  it('one row per run, newest first, with its status in words and colour and the rows read, stored, pending, rejected', async () => {
    await open();
    expect(callsTo('GET', '/api/v1/log-imported')[0]!.query).to.equal('?size=10000');
    expect(rowsOf(TABLE).map((r) => r.find((c) => /\.(cbi|xml)$/.test(c)))).to.deep.equal([
      'CAMT_20.xml',
      'MOV_19.cbi',
      'MOV_18.cbi',
    ]);
    const done = rowsOf(TABLE)[rowIndex(TABLE, 'MOV_18.cbi')]!;
    expect(done).to.include.members(['Banca 1', 'Completata', '12', '3', '8', '1']);
    expect(cellWith(TABLE, 'Completata')!.dataset.ptTone).to.equal('positive');
    expect(cellWith(TABLE, 'Da mappare')!.dataset.ptTone).to.equal('warning');
    expect(cellWith(TABLE, 'Fallita')!.dataset.ptTone).to.equal('negative');
  });

  it('filters by status and counterpart, kept in the URL', async () => {
    await open();
    choose(q<HTMLSelectElement>('filter-status')!, 'FAILED');
    await until(() => rowsOf(TABLE).length === 1, 'the failed run');
    expect(window.location.search).to.equal('?status=FAILED');
    expect(callsTo('GET', '/api/v1/log-imported').at(-1)!.query).to.equal('?size=10000&status=FAILED');
    choose(q<HTMLSelectElement>('filter-status')!, '');
    choose(q<HTMLSelectElement>('filter-counterpart')!, '2');
    await until(() => rowsOf(TABLE).length === 1 && rowIndex(TABLE, 'CAMT_20.xml') === 0, 'the Fineco run');
    expect(window.location.search).to.equal('?counterpartId=2');
  });

  it("a run's detail: the first errors, or the codes it waits for with the way to the mapping", async () => {
    await open();
    action(TABLE, rowIndex(TABLE, 'MOV_19.cbi'), 'open')!.click();
    await until(() => q('run-errors') !== null, 'the errors');
    expect(window.location.search).to.equal('?run=2');
    expect(text('run-errors')).to.contain('riga 4: record 61 without 62');
    expect(text('run-errors')).to.contain('file truncated');
    expect(text('run-status')).to.equal('Fallita');
    q<HTMLButtonElement>('run-dialog')!.querySelector<HTMLButtonElement>('.pt-btn--ghost')!.click();
    await until(() => q('run-dialog') === null, 'the dialog closed');
    expect(window.location.search).to.equal('');

    await app.unmount();
    go('/import-activity?run=3');
    await app.mount();
    await until(() => q('run-unmapped') !== null, 'the codes waited for');
    expect(text('run-unmapped')).to.contain('Causale «48» · Accrediti · righe: 2');
    expect(q('run-to-mapping')!.getAttribute('href')).to.equal('/caronte-mapping?counterpartId=2');
    q('run-to-mapping')!.click();
    await until(() => window.location.pathname === '/caronte-mapping', 'the mapping');
  });

  it("Reload: 'Reload ok!' and the new run polled until it ends; run_busy in words; 'Reload failed' otherwise", async function () {
    this.timeout(30_000);
    await open();
    action(TABLE, rowIndex(TABLE, 'MOV_19.cbi'), 'reload')!.click();
    await until(() => toasts('success').length > 0, 'the toast');
    expect(toasts('success')).to.deep.equal(['Reload ok!']);
    expect(callsTo('GET', '/api/v1/log-imported/2/reload')).to.have.length(1);
    // The queued run appears, and the list is asked again by itself while it is under way.
    await until(() => cellWith(TABLE, 'In coda') !== undefined, 'the queued run');
    expect(q('runs-polling')).to.not.equal(null);
    const asked = callsTo('GET', '/api/v1/log-imported').length;
    server.runs = server.runs.map((r) => (r.id === 12 ? { ...r, status: 'RUNNING' } : r));
    await until(() => cellWith(TABLE, 'In corso') !== undefined, 'the run polled: running');
    expect(callsTo('GET', '/api/v1/log-imported').length).to.be.greaterThan(asked);
    server.runs = server.runs.map((r) => (r.id === 12 ? { ...r, status: 'DONE', errors: [] } : r));
    await until(() => cellWith(TABLE, 'In corso') === undefined, 'the run polled: ended');
    await until(() => q('runs-polling') === null, 'the polling note gone');
    // Every run has ended: the list is not asked again.
    const last = callsTo('GET', '/api/v1/log-imported').length;
    await sleep(IMPORT_POLL_MS * 1.5);
    expect(callsTo('GET', '/api/v1/log-imported').length).to.equal(last);

    server.reloadRefusal = { status: 409, code: 'run_busy' };
    action(TABLE, rowIndex(TABLE, 'MOV_18.cbi'), 'reload')!.click();
    await until(() => toasts('error').length > 0, 'the refusal');
    expect(toasts('error')).to.deep.equal([
      "Il file è già in importazione: ricaricalo quando l'importazione in corso sarà finita.",
    ]);
    server.reloadRefusal = { status: 500 };
    action(TABLE, rowIndex(TABLE, 'MOV_18.cbi'), 'reload')!.click();
    await until(() => toasts('error').length > 1, 'the failure');
    expect(toasts('error')[1]).to.equal('Reload failed');
  });

  it("Download saves the original file under its Content-Disposition name; a failure says 'Download failed'", async () => {
    await open();
    action(TABLE, rowIndex(TABLE, 'CAMT_20.xml'), 'download')!.click();
    await until(() => app.downloads.length === 1, 'the download');
    expect(app.downloads[0]!.name).to.equal('CAMT_20.xml');
    expect(await (await realFetch(app.downloads[0]!.href)).text()).to.equal('RH0306920261120\n');
    expect(callsTo('GET', '/api/v1/log-imported/3/download')).to.have.length(1);

    server.downloadStatus = 500;
    action(TABLE, rowIndex(TABLE, 'MOV_18.cbi'), 'download')!.click();
    await until(() => toasts('error').length > 0, 'the failure');
    expect(toasts('error')).to.deep.equal(['Download failed']);
    expect(app.downloads).to.have.length(1);
  });

  it('at 1366 px with the side menu open the row actions are in view', async () => {
    await app.besideMenu(async () => {
      await open();
      const row = rowsOf(TABLE).findIndex((r) => r.some((c) => c.startsWith('MOV_')));
      await app.actionsInView(TABLE, row, ['open', 'reload', 'download']);
    });
  });

  it('speaks English, with the spec’s reload and download toasts the same', async () => {
    await setLocale('en');
    await open('/import-activity', 'ADMIN');
    expect(cellWith(TABLE, 'To map')).to.not.equal(undefined);
    expect(cellWith(TABLE, 'Done')).to.not.equal(undefined);
    action(TABLE, rowIndex(TABLE, 'MOV_18.cbi'), 'reload')!.click();
    await until(() => toasts('success').length > 0, 'the toast');
    expect(toasts('success')).to.deep.equal(['Reload ok!']);
    server.downloadStatus = 404;
    action(TABLE, rowIndex(TABLE, 'MOV_18.cbi'), 'download')!.click();
    await until(() => toasts('error').length > 0, 'the failure');
    expect(toasts('error')).to.deep.equal(['Download failed']);
  });

  it('on a phone the page fits the width, and a run opens from its row and closes with Escape', async () => {
    await app.onPhone(async () => {
      await open();
      app.fitsPhone();
      // The row's actions are beyond the width (the grid scrolls sideways): the row itself opens its run.
      app.clickFirstRow(TABLE);
      await until(() => q('run-dialog') !== null, 'the detail');
      await until(() => q('run-dialog')!.contains(document.activeElement), 'the focus in the dialog');
      app.fitsPhone();
      await app.escapeCloses('run-dialog', 'the detail closed');
    });
  });

  it('others than the admin and the back office are told so, and nothing is asked', async () => {
    await app.visit(user('PRO'), '/import-activity');
    await until(() => q('error-state') !== null, 'the notice');
    expect(double.calls).to.have.length(0);
  });
});
