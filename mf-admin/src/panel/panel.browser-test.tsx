/// <reference types="mocha" />
// The admin's panel (/caronte-panel, issue 17) in real Chromium, from the built mf-admin on the built shared-ui, with
// the server as a test double of window.fetch answering the contract's calls (shared-api contract/exchange.ts
// adminDashboard, contract/admin.ts users): what needs attention with its links, the all-clear state, the users tab
// kept in the URL, the user dialogs' bodies and the 409 codes in words.
import { expect } from '@esm-bundle/chai';
import type { AdminDashboard, AdminUser } from '@patrimonio/shared-api';
import { queryClient } from '@patrimonio/shared-ui';
import { sendKeys } from '@web/test-runner-commands';
import { choose, FetchDouble, go, json, q, type, until, user } from '../../../tests/support/web-app.tsx';
import { action, adminApp, refusal, rowIndex, rowsOf, text, toasts } from '../browser.ts';

const adminUser = (id: number, over: Partial<AdminUser> = {}): AdminUser => ({
  id,
  login: `user${id}`,
  name: `Utente ${id}`,
  email: `user${id}@example.it`,
  role: 'PRO',
  permissions: [],
  active: true,
  passwordSet: true,
  lastSignInAt: '2026-11-20T08:00:00Z',
  createdAt: '2026-01-10T08:00:00Z',
  clientId: null,
  clientName: null,
  proId: null,
  proName: null,
  ...over,
});

const USERS: AdminUser[] = [
  adminUser(1, { login: 'admin', name: 'Anna Admin', role: 'ADMIN' }),
  adminUser(2, { login: 'rossi', name: 'Mario Rossi', role: 'PRO' }),
  adminUser(3, {
    login: 'bianchi',
    name: 'Luca Bianchi',
    role: 'BASIC',
    clientId: 40,
    clientName: 'Bianchi Luca',
    lastSignInAt: null,
  }),
  adminUser(4, {
    login: 'verdi',
    name: 'Sara Verdi',
    role: 'DELEGATE',
    permissions: ['APPROVE_MOVEMENT'],
    proId: 2,
    proName: 'Mario Rossi',
    active: false,
  }),
];

const perDay = Array.from({ length: 30 }, (_, i) => ({
  date: `2026-11-${String(i + 1).padStart(2, '0')}`,
  files: i % 3,
  rows: (i % 3) * 10,
}));
const BUSY: AdminDashboard = {
  failedFetches: [
    { serverId: 2, serverName: 'SFTP Fineco', at: '2026-11-26T05:00:00Z', message: 'connection refused' },
  ],
  runsFailed: 3,
  runsToMap: 2,
  pendingMovements: 7,
  controlsWithDifferences: 1,
  trialsEnding: [{ clientId: 40, name: 'Bianchi Luca', trialUntil: '2026-11-30' }],
  perDay,
};
const CLEAR: AdminDashboard = {
  failedFetches: [],
  runsFailed: 0,
  runsToMap: 0,
  pendingMovements: 0,
  controlsWithDifferences: 0,
  trialsEnding: [],
  perDay,
};

const server = {
  dashboard: BUSY,
  users: [] as AdminUser[],
  createRefusal: null as string | null,
  updateRefusal: null as string | null,
};

const double = new FetchDouble(({ method, path: p, url, body }) => {
  if (p === '/api/v1/admin/dashboard') return json(server.dashboard);
  if (p === '/api/v1/user/client')
    return json({
      item: [
        { id: 40, name: 'Bianchi Luca', firstName: 'Luca', lastName: 'Bianchi' },
        { id: 41, name: 'Neri Paola', firstName: 'Paola', lastName: 'Neri' },
      ],
      total: 2,
      page: 1,
      size: 10000,
    });
  if (p === '/api/v1/users' && method === 'GET') {
    const role = url.searchParams.get('role');
    const item = server.users.filter((u) => !role || u.role === role);
    return json({ item, total: item.length, page: 1, size: 10000 });
  }
  if (p === '/api/v1/users' && method === 'POST') {
    if (server.createRefusal) return refusal(409, server.createRefusal);
    const created = adminUser(9, { ...(body as Partial<AdminUser>), passwordSet: false, lastSignInAt: null });
    server.users = [...server.users, created];
    return json({ user: created, reset: { sent: true, email: created.email, expiresAt: '2026-11-27T10:00:00Z' } });
  }
  const one = /^\/api\/v1\/users\/(\d+)(\/reset-password)?$/.exec(p);
  if (one) {
    const found = server.users.find((u) => u.id === Number(one[1]));
    if (!found) return refusal(404);
    if (one[2]) return json({ sent: true, email: found.email, expiresAt: '2026-11-27T10:00:00Z' });
    if (method === 'PUT') {
      if (server.updateRefusal) return refusal(409, server.updateRefusal);
      const edited = { ...found, ...(body as Partial<AdminUser>) };
      server.users = server.users.map((u) => (u.id === found.id ? edited : u));
      return json(edited);
    }
    return json(found);
  }
  return refusal(404);
});
const { callsTo } = double;
const app = adminApp(double, {
  reset: () => {
    server.dashboard = BUSY;
    server.users = USERS.map((u) => ({ ...u }));
    server.createRefusal = null;
    server.updateRefusal = null;
  },
});
const TABLE = 'users';

async function open(path = '/caronte-panel') {
  await app.visit(user('ADMIN'), path);
  await until(() => q('panel-page') !== null, 'the panel');
}
const openUsers = async () => {
  await open('/caronte-panel?tab=users');
  await until(() => rowsOf(TABLE).length > 0, 'the users');
};

describe('/caronte-panel: today', () => {
  it('each thing that needs attention with its count and its link, and the chart of files and rows per day', async () => {
    await open();
    await until(() => q('attention-fetches') !== null, 'the dashboard');
    expect(text('attention-fetches-count')).to.equal('1');
    expect(text('attention-fetches')).to.contain('connection refused');
    expect(q('attention-fetch-2')!.getAttribute('href')).to.equal('/caronte-server');
    expect(text('attention-failed-count')).to.equal('3');
    expect(q('link-failed')!.getAttribute('href')).to.equal('/import-activity?status=FAILED');
    expect(text('attention-to-map-count')).to.equal('2');
    expect(q('link-to-map')!.getAttribute('href')).to.equal('/import-activity?status=TO_MAP');
    expect(q('link-mapping')!.getAttribute('href')).to.equal('/caronte-mapping');
    expect(text('attention-movements-count')).to.equal('7');
    expect(text('attention-movements')).to.contain('Movimenti da approvare');
    expect(q('link-approve')!.getAttribute('href')).to.equal('/approve');
    expect(text('attention-controls-count')).to.equal('1');
    expect(text('attention-controls')).to.contain('Controllo con differenze');
    expect(q('link-controls')!.getAttribute('href')).to.equal('/controls');
    expect(text('attention-trials')).to.contain('Bianchi Luca');
    expect(text('attention-trials')).to.contain('30/11/2026');
    expect(q('attention-trial-40')!.getAttribute('href')).to.equal('/client/40/infos');
    expect(q('attention-clear')).to.equal(null);
    const charts = [...q('imported-per-day')!.querySelectorAll('[role="img"]')].map((c) =>
      c.getAttribute('aria-label'),
    );
    expect(charts).to.deep.equal([
      'File importati al giorno negli ultimi 30 giorni',
      'Righe importate al giorno negli ultimi 30 giorni',
    ]);
    // The figures are in each chart's table too: the second day had 1 file and 10 rows.
    const secondDay = [...q('imported-per-day')!.querySelectorAll('table')].map(
      (table) => [...table.querySelectorAll('tbody tr')][1]!.textContent,
    );
    expect(secondDay).to.deep.equal(['02/11/20261', '02/11/202610']);

    q('link-failed')!.click();
    await until(() => window.location.pathname === '/import-activity', 'the import activity');
    expect(window.location.search).to.equal('?status=FAILED');
  });

  it('all clear when nothing needs attention, and an error state when the dashboard cannot be read', async () => {
    server.dashboard = CLEAR;
    await open();
    await until(() => q('attention-clear') !== null, 'the all-clear');
    expect(text('attention-clear')).to.contain('Tutto in ordine');
    expect(document.querySelector('[data-testid^="attention-"][data-testid$="-count"]')).to.equal(null);
    await app.unmount();
    queryClient.clear();
    double.restore();
    const failing = new FetchDouble(() => refusal(403));
    failing.install();
    go('/caronte-panel');
    await app.mount();
    await until(() => q('error-state') !== null, 'the error');
    failing.restore();
    double.install();
  });

  it('anyone else is told the panel is the admin’s, and nothing is asked', async () => {
    await app.visit(user('BACK_OFFICE'), '/caronte-panel');
    await until(() => q('panel-page') !== null, 'the page');
    expect(q('error-state')).to.not.equal(null);
    expect(callsTo('GET', '/api/v1/admin/dashboard')).to.have.length(0);
  });
});

describe('/caronte-panel: the users tab', () => {
  it('the tab is kept in the URL and chosen by keyboard', async () => {
    await open();
    expect(q('tab-today')!.getAttribute('aria-selected')).to.equal('true');
    q('tab-today')!.focus();
    await sendKeys({ press: 'ArrowRight' });
    await until(() => window.location.search === '?tab=users', 'the users tab in the URL');
    expect(q('tab-users')!.getAttribute('aria-selected')).to.equal('true');
    expect(document.activeElement).to.equal(q('tab-users'));
    await until(() => rowsOf(TABLE).length === 4, 'the users');
    await sendKeys({ press: 'ArrowLeft' });
    await until(() => window.location.search === '' && q('attention') !== null, 'back to today');
  });

  it('every user with role, state, last sign-in and link; filtered by role; the size is the spec’s 10000', async () => {
    await openUsers();
    expect(callsTo('GET', '/api/v1/users')[0]!.query).to.equal('?size=10000');
    const bianchi = rowsOf(TABLE)[rowIndex(TABLE, 'bianchi')]!;
    expect(bianchi).to.include.members(['Luca Bianchi', 'user3@example.it', 'Cliente', 'Attivo', 'Bianchi Luca']);
    const verdi = rowsOf(TABLE)[rowIndex(TABLE, 'verdi')]!;
    expect(verdi).to.include.members(['Delegato', 'Disattivato', 'Mario Rossi']);
    choose(q<HTMLSelectElement>('filter-role')!, 'PRO');
    await until(() => rowsOf(TABLE).length === 1, 'the PRO users');
    expect(window.location.search).to.equal('?tab=users&role=PRO');
    expect(callsTo('GET', '/api/v1/users').at(-1)!.query).to.equal('?size=10000&role=PRO');
  });

  it('creates a BASIC user with its client; 409 login_taken in words; the body is the contract’s', async () => {
    await openUsers();
    q('user-add')!.click();
    await until(() => q('user-dialog') !== null, 'the dialog');
    expect(q('user-client')).to.equal(null);
    choose(q<HTMLSelectElement>('user-role')!, 'BASIC');
    await until(() => q<HTMLSelectElement>('user-client')?.options.length === 3, 'the clients');
    type(q<HTMLInputElement>('user-login')!, 'neri');
    type(q<HTMLInputElement>('user-name')!, 'Paola Neri');
    type(q<HTMLInputElement>('user-email')!, 'paola@example.it');
    q('user-submit')!.click();
    await until(() => q('user-dialog')!.querySelectorAll('.pt-field__error').length === 1, 'the client required');
    expect(callsTo('POST', '/api/v1/users')).to.have.length(0);
    choose(q<HTMLSelectElement>('user-client')!, '41');

    server.createRefusal = 'login_taken';
    q('user-submit')!.click();
    await until(() => q('user-error') !== null, 'the refusal');
    expect(text('user-error')).to.contain('Questo login è già di un altro utente');
    expect(callsTo('POST', '/api/v1/users')[0]!.body).to.deep.equal({
      login: 'neri',
      name: 'Paola Neri',
      email: 'paola@example.it',
      role: 'BASIC',
      permissions: [],
      clientId: 41,
      proId: null,
    });

    server.createRefusal = 'client_already_registered';
    q('user-submit')!.click();
    await until(() => text('user-error').includes('Questo cliente ha già un utente'), 'the second refusal');

    server.createRefusal = null;
    q('user-submit')!.click();
    await until(() => q('user-dialog') === null, 'the dialog closed');
    await until(() => toasts('success').includes('Utente creato'), 'the toast');
    await until(() => rowsOf(TABLE).length === 5, 'the list refetched');
  });

  it('creates a DELEGATE with its PRO and permissions', async () => {
    await openUsers();
    q('user-add')!.click();
    await until(() => q('user-dialog') !== null, 'the dialog');
    choose(q<HTMLSelectElement>('user-role')!, 'DELEGATE');
    await until(() => q<HTMLSelectElement>('user-pro')?.options.length === 2, 'the PRO users');
    expect(callsTo('GET', '/api/v1/users').some((c) => c.query === '?role=PRO&size=10000')).to.equal(true);
    type(q<HTMLInputElement>('user-login')!, 'gialli');
    type(q<HTMLInputElement>('user-name')!, 'Ugo Gialli');
    type(q<HTMLInputElement>('user-email')!, 'ugo@example.it');
    choose(q<HTMLSelectElement>('user-pro')!, '2');
    q<HTMLInputElement>('user-permission-MANAGE_CONTROL')!.click();
    q('user-submit')!.click();
    await until(() => callsTo('POST', '/api/v1/users').length === 1, 'the creation');
    expect(callsTo('POST', '/api/v1/users')[0]!.body).to.deep.equal({
      login: 'gialli',
      name: 'Ugo Gialli',
      email: 'ugo@example.it',
      role: 'DELEGATE',
      permissions: ['MANAGE_CONTROL'],
      clientId: null,
      proId: 2,
    });
  });

  it('edits a delegate: its permissions and state in the body', async () => {
    await openUsers();
    action(TABLE, rowIndex(TABLE, 'verdi'), 'edit')!.click();
    await until(() => q('user-dialog') !== null, 'the dialog');
    expect(q('user-role')).to.equal(null);
    expect(q('user-login')).to.equal(null);
    await until(() => q<HTMLSelectElement>('user-pro')?.value === '2', 'the PRO chosen');
    expect(q<HTMLInputElement>('user-permission-APPROVE_MOVEMENT')!.checked).to.equal(true);
    q<HTMLInputElement>('user-permission-MANAGE_CONTROL')!.click();
    q<HTMLInputElement>('user-active')!.click();
    q('user-submit')!.click();
    await until(() => callsTo('PUT', '/api/v1/users/4').length === 1, 'the edit');
    expect(callsTo('PUT', '/api/v1/users/4')[0]!.body).to.deep.equal({
      name: 'Sara Verdi',
      email: 'user4@example.it',
      permissions: ['APPROVE_MOVEMENT', 'MANAGE_CONTROL'],
      clientId: null,
      proId: 2,
      active: true,
    });
    await until(() => toasts('success').includes('Utente modificato'), 'the toast');
  });

  it('deactivates in two steps (409 self in words), activates, and sends the password link to the address', async () => {
    await openUsers();
    const row = rowIndex(TABLE, 'admin');
    server.updateRefusal = 'self';
    action(TABLE, row, 'deactivate')!.click();
    await until(() => action(TABLE, row, 'deactivate')!.getAttribute('aria-label') === 'Conferma: Disattiva', 'armed');
    action(TABLE, row, 'deactivate')!.click();
    await until(() => toasts('error').length > 0, 'the refusal');
    expect(toasts('error')).to.deep.equal([
      'Non puoi disattivare il tuo stesso utente: chiedilo a un altro amministratore.',
    ]);
    expect((callsTo('PUT', '/api/v1/users/1')[0]!.body as { active: boolean }).active).to.equal(false);

    server.updateRefusal = null;
    const verdi = rowIndex(TABLE, 'verdi');
    expect(action(TABLE, verdi, 'deactivate')).to.equal(null);
    expect(action(TABLE, verdi, 'reset')).to.equal(null);
    action(TABLE, verdi, 'activate')!.click();
    await until(() => toasts('success').includes('Utente riattivato'), 'activated');
    expect((callsTo('PUT', '/api/v1/users/4')[0]!.body as { active: boolean }).active).to.equal(true);

    action(TABLE, rowIndex(TABLE, 'rossi'), 'reset')!.click();
    await until(() => toasts('success').includes('Link per la password inviato a user2@example.it'), 'the link');
    expect(callsTo('POST', '/api/v1/users/2/reset-password')).to.have.length(1);
  });

  it('the signed-in admin is offered no deactivation of itself', async () => {
    await app.visit(user('ADMIN', { id: '1' }), '/caronte-panel?tab=users');
    await until(() => rowsOf(TABLE).length === 4, 'the users');
    expect(action(TABLE, rowIndex(TABLE, 'admin'), 'deactivate')).to.equal(null);
    expect(action(TABLE, rowIndex(TABLE, 'rossi'), 'deactivate')).to.not.equal(null);
  });

  it('on a phone the panel and the users fit the width', async () => {
    await app.onPhone(async () => {
      await open();
      await until(() => q('attention-fetches') !== null, 'the dashboard');
      app.fitsPhone();
      q('tab-users')!.click();
      await until(() => rowsOf(TABLE).length === 4, 'the users');
      app.fitsPhone();
      q('user-add')!.click();
      await until(() => q('user-dialog') !== null, 'the dialog');
      app.fitsPhone();
      await app.escapeCloses('user-dialog', 'the dialog closed');
    });
  });
});
