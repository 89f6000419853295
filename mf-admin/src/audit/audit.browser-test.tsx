/// <reference types="mocha" />
// The audit (/caronte-audit, issue 17) in real Chromium, from the built mf-admin on the built shared-ui, with the
// server as a test double of window.fetch answering the contract's calls (shared-api contract/admin.ts listAudit,
// auditEntities, listUsers): the rows, the filters kept in the URL and sent as the query, a write's detail.
import { expect } from '@esm-bundle/chai';
import type { AuditEntry } from '@patrimonio/shared-api';
import { choose, FetchDouble, go, json, q, type, until, user } from '../../../tests/support/web-app.tsx';
import { action, adminApp, refusal, rowIndex, rowsOf, text } from '../browser.ts';

const entry = (id: number, over: Partial<AuditEntry> = {}): AuditEntry => ({
  id,
  at: '2026-11-20T09:30:00Z',
  actorId: '2',
  actorName: 'Mario Rossi',
  actorRole: 'PRO',
  impersonatorId: null,
  impersonatorName: null,
  action: 'update',
  entity: 'client',
  entityId: '40',
  before: null,
  after: null,
  ...over,
});

const ENTRIES: AuditEntry[] = [
  entry(3, {
    at: '2026-11-21T10:00:00Z',
    action: 'update',
    entity: 'client',
    entityId: '40',
    before: { name: 'Bianchi', email: 'a@example.it', city: 'Roma' },
    after: { name: 'Bianchi', email: 'b@example.it', city: 'Milano' },
    impersonatorId: '1',
    impersonatorName: 'Anna Admin',
  }),
  entry(2, {
    at: '2026-11-20T09:00:00Z',
    action: 'create',
    entity: 'external_server',
    entityId: '7',
    actorId: '1',
    actorName: 'Anna Admin',
    actorRole: 'ADMIN',
    after: { name: 'SFTP Fineco', port: 22 },
  }),
];

const double = new FetchDouble(({ path: p, url }) => {
  if (p === '/api/v1/audit/entities') return json(['client', 'external_server']);
  if (p === '/api/v1/users')
    return json({
      item: [
        { id: 1, login: 'admin', name: 'Anna Admin' },
        { id: 2, login: 'rossi', name: 'Mario Rossi' },
      ],
      total: 2,
      page: 1,
      size: 10000,
    });
  if (p === '/api/v1/audit') {
    const entity = url.searchParams.get('entity');
    const item = ENTRIES.filter((e) => !entity || e.entity === entity);
    return json({
      item,
      total: url.searchParams.get('action') === 'many' ? 250000 : item.length,
      page: 1,
      size: 100000,
    });
  }
  return refusal(404);
});
const { callsTo } = double;
const app = adminApp(double);
const TABLE = 'audit';

async function open(path = '/caronte-audit') {
  await app.visit(user('ADMIN'), path);
  await until(() => rowsOf(TABLE).length > 0, 'the audit');
}

describe('/caronte-audit', () => {
  it('one row per write, newest first: when, who, for whom impersonating, action, entity, id', async () => {
    await open();
    expect(callsTo('GET', '/api/v1/audit')[0]!.query).to.equal('?size=100000');
    const rows = rowsOf(TABLE);
    expect(rows[0]).to.include.members(['Mario Rossi', 'Anna Admin', 'update', 'client', '40']);
    expect(rows[1]).to.include.members(['Anna Admin', 'create', 'external_server', '7']);
    expect(q<HTMLSelectElement>('filter-entity')!.options.length).to.equal(3);
  });

  it('filters by user, entity, action and days, kept in the URL and sent as the query', async () => {
    await open();
    choose(q<HTMLSelectElement>('filter-entity')!, 'external_server');
    await until(() => rowsOf(TABLE).length === 1, 'the servers’ writes');
    expect(window.location.search).to.equal('?entity=external_server');
    choose(q<HTMLSelectElement>('filter-user')!, '1');
    await until(() => window.location.search === '?userId=1&entity=external_server', 'the user in the URL');
    expect(callsTo('GET', '/api/v1/audit').at(-1)!.query).to.equal('?size=100000&userId=1&entity=external_server');

    await app.unmount();
    go('/caronte-audit?action=create&from=2026-11-20&to=2026-11-01');
    await app.mount();
    await until(() => callsTo('GET', '/api/v1/audit').some((c) => c.query.includes('action=create')), 'the query');
    expect(callsTo('GET', '/api/v1/audit').at(-1)!.query).to.equal(
      '?size=100000&action=create&from=2026-11-01&to=2026-11-20',
    );
    expect(q<HTMLInputElement>('filter-action')!.value).to.equal('create');
    type(q<HTMLInputElement>('filter-action')!, 'delete');
    await until(() => callsTo('GET', '/api/v1/audit').at(-1)!.query.includes('action=delete'), 'the typed action');
    expect(window.location.search).to.equal('?action=delete&from=2026-11-20&to=2026-11-01');
  });

  it('says when the newest rows are only part of the total', async () => {
    await app.visit(user('ADMIN'), '/caronte-audit?action=many');
    await until(() => q('audit-capped') !== null, 'the note');
    expect(text('audit-capped')).to.contain('2');
  });

  it('a write in detail: the changed keys before and after, or the whole row as JSON', async () => {
    await open();
    action(TABLE, rowIndex(TABLE, 'update'), 'open')!.click();
    await until(() => q('audit-diff') !== null, 'the changes');
    expect(q('audit-diff-name')).to.equal(null);
    expect(text('audit-diff-email')).to.contain('"a@example.it"');
    expect(text('audit-diff-email')).to.contain('"b@example.it"');
    expect(text('audit-diff-city')).to.contain('"Milano"');
    expect(text('audit-dialog')).to.contain('impersonato da Anna Admin');
    q('audit-dialog')!.querySelector<HTMLButtonElement>('.pt-btn--ghost')!.click();
    await until(() => q('audit-dialog') === null, 'closed');

    action(TABLE, rowIndex(TABLE, 'create'), 'open')!.click();
    await until(() => q('audit-after') !== null, 'the row created');
    expect(text('audit-before')).to.equal('—');
    expect(JSON.parse(text('audit-after'))).to.deep.equal({ name: 'SFTP Fineco', port: 22 });
  });

  it('anyone else is told the audit is the admin’s, and nothing is asked', async () => {
    await app.visit(user('BACK_OFFICE'), '/caronte-audit');
    await until(() => q('audit-page') !== null, 'the page');
    expect(q('error-state')).to.not.equal(null);
    expect(callsTo('GET', '/api/v1/audit')).to.have.length(0);
  });

  it('on a phone the page fits the width, and a write opens from its row and closes with Escape', async () => {
    await app.onPhone(async () => {
      await open();
      app.fitsPhone();
      app.clickFirstRow(TABLE);
      await until(() => q('audit-dialog') !== null, 'the detail');
      app.fitsPhone();
      await app.escapeCloses('audit-dialog', 'the detail closed');
    });
  });
});
