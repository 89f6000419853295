/// <reference types="mocha" />
// The delegates page (issue 19) in real Chromium, from the built mf-overview (npm run build -- shared-ui mf-overview)
// mounted through its single-spa lifecycles on /delegates as in the portal. The server is a test double of
// window.fetch that keeps the delegates and answers as the contract says (shared-api contract/delegates.ts): the
// table with the states, the empty and error states, the invitation (the POST body, a taken address said in the
// dialog), the permission toggles, suspend, the two-step remove, and English.
import { expect } from '@esm-bundle/chai';
import type { Delegate } from '@patrimonio/shared-api';
import { queryClient, setLocale } from '@patrimonio/shared-ui';
import { emulateMedia, setViewport } from '@web/test-runner-commands';
import {
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

const delegate = (id: number, name: string, over: Partial<Delegate> = {}): Delegate => ({
  id,
  name,
  email: `${name.split(' ')[0]!.toLowerCase()}@studio.it`,
  permissions: ['APPROVE_MOVEMENT'],
  state: 'active',
  lastSignInAt: '2026-11-20T09:30:00Z',
  createdAt: '2026-11-01T09:30:00Z',
  ...over,
});

const server = { delegates: [] as Delegate[], fail: false, nextId: 10 };

const double = new FetchDouble(({ method, path: p, body }) => {
  if (p === '/api/v1/delegates' && method === 'GET')
    return server.fail
      ? json({ statusCode: 500, message: 'Internal server error' }, 500)
      : json({ item: server.delegates });
  if (p === '/api/v1/delegates' && method === 'POST') {
    const b = body as { name: string; email: string; permissions: Delegate['permissions'] };
    if (server.delegates.some((d) => d.email.toLowerCase() === b.email.toLowerCase()))
      return json({ statusCode: 409, error: 'Conflict', code: 'login_taken', message: 'taken' }, 409);
    const d = delegate(server.nextId++, b.name, { ...b, state: 'invited', lastSignInAt: null });
    server.delegates.push(d);
    return json({ delegate: d, invitation: { sent: true, email: b.email, expiresAt: '2026-11-28T09:00:00Z' } });
  }
  const one = /^\/api\/v1\/delegates\/(\d+)$/.exec(p);
  const found = one ? server.delegates.find((d) => d.id === Number(one[1])) : undefined;
  if (found && method === 'PUT') {
    const b = body as { permissions: Delegate['permissions']; active: boolean };
    found.permissions = b.permissions;
    found.state = b.active ? (found.state === 'invited' ? 'invited' : 'active') : 'suspended';
    return json(found);
  }
  if (found && method === 'DELETE') {
    server.delegates = server.delegates.filter((d) => d !== found);
    return json({ id: found.id });
  }
  if (p === '/api/v1/user/data-tour') return json('-1');
  return json({ statusCode: 404, error: 'Not Found', message: 'not here' }, 404);
});
const { callsTo } = double;

let app: WebApp;
let removeBeside: () => void;
let startPath: string;

const rows = () =>
  Array.from(document.querySelectorAll('[data-testid="delegates-page"] tbody tr')).map((tr) =>
    Array.from(tr.querySelectorAll('th, td')).map((c) => (c.textContent ?? '').trim()),
  );
const rowOf = (name: string) =>
  Array.from(document.querySelectorAll<HTMLTableRowElement>('[data-testid="delegates-page"] .ht_master tbody tr')).find(
    (tr) => tr.textContent?.includes(name),
  )!;
const button = (within: ParentNode, label: string) =>
  Array.from(within.querySelectorAll<HTMLButtonElement>('button')).find(
    (b) => b.getAttribute('aria-label') === label || b.textContent?.trim() === label,
  );

async function openPage() {
  signIn(user('PRO'));
  await app.mount();
  await until(() => q('delegates-page') !== null, 'the delegates page');
}

before(async () => {
  await setViewport({ width: 1366, height: 900 });
  await emulateMedia({ reducedMotion: 'reduce' });
  app = await loadApp('mf-overview');
  startPath = window.location.pathname + window.location.search;
});

beforeEach(async () => {
  await setLocale('it');
  localStorage.clear();
  queryClient.clear();
  server.delegates = [
    delegate(1, 'Anna Bianchi', { permissions: ['APPROVE_MOVEMENT', 'MANAGE_CONTROL'] }),
    delegate(2, 'Carlo Verdi', { state: 'invited', permissions: [], lastSignInAt: null }),
  ];
  server.fail = false;
  double.install();
  window.history.replaceState(null, '', '/delegates');
  removeBeside = renderBeside();
});

afterEach(async () => {
  await app.unmount();
  removeBeside();
  double.restore();
  window.history.replaceState(null, '', startPath);
});

describe('delegates (/delegates)', () => {
  it('lists the delegates with their permissions and state', async () => {
    await openPage();
    await until(() => rows().length === 2, 'two delegates');
    const anna = rowOf('Anna Bianchi').textContent!;
    expect(anna).to.contain('Approva i movimenti, Gestisce i controlli');
    expect(anna).to.contain('Attivo');
    const carlo = rowOf('Carlo Verdi').textContent!;
    expect(carlo).to.contain('Nessuno');
    expect(carlo).to.contain('Invitato');
  });

  it('says when there is no delegate', async () => {
    server.delegates = [];
    await openPage();
    await until(() => q('delegates-page')!.textContent!.includes('Nessun delegato'), 'the empty state');
  });

  it('says when the list cannot be loaded', async () => {
    server.fail = true;
    // No retries in this test: the failed list shows its error state at once, not after the back-off.
    const defaults = queryClient.getDefaultOptions();
    queryClient.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retry: false } });
    await openPage();
    await until(
      () => q('delegates-page')?.textContent?.includes('Impossibile caricare i delegati') ?? false,
      'the error state',
    );
    queryClient.setDefaultOptions(defaults);
  });

  it('invites a delegate: the POST body; a taken address is said in the dialog', async () => {
    await openPage();
    await until(() => rows().length === 2, 'the delegates');
    q<HTMLButtonElement>('delegate-add')!.click();
    await until(() => q('delegate-dialog') !== null, 'the dialog');
    type(q<HTMLInputElement>('delegate-name')!, 'Anna Doppia');
    type(q<HTMLInputElement>('delegate-email')!, 'ANNA@studio.it');
    q<HTMLButtonElement>('delegate-submit')!.click();
    await until(() => q('delegate-dialog')!.textContent!.includes('Esiste già un account'), 'the 409 in words');
    type(q<HTMLInputElement>('delegate-name')!, ' Sara Neri ');
    type(q<HTMLInputElement>('delegate-email')!, 'sara@studio.it');
    q<HTMLInputElement>('delegate-permission-APPROVE_MOVEMENT')!.click();
    q<HTMLButtonElement>('delegate-submit')!.click();
    await until(() => callsTo('POST', '/api/v1/delegates').length === 2, 'the second POST');
    expect(callsTo('POST', '/api/v1/delegates')[1]!.body).to.deep.equal({
      name: 'Sara Neri',
      email: 'sara@studio.it',
      permissions: ['APPROVE_MOVEMENT'],
    });
    await until(() => rows().length === 3, 'the new delegate listed');
    expect(rowOf('Sara Neri').textContent).to.contain('Invitato');
  });

  it('suspends, then removes with the two-step confirmation', async () => {
    await openPage();
    await until(() => rows().length === 2, 'the delegates');
    button(rowOf('Anna Bianchi'), 'Sospendi')!.click();
    await until(() => callsTo('PUT', '/api/v1/delegates/1').length === 1, 'the PUT');
    expect(callsTo('PUT', '/api/v1/delegates/1')[0]!.body).to.deep.equal({
      permissions: ['APPROVE_MOVEMENT', 'MANAGE_CONTROL'],
      active: false,
    });
    await until(() => rowOf('Anna Bianchi').textContent!.includes('Sospeso'), 'suspended');
    button(rowOf('Carlo Verdi'), 'Rimuovi')!.click();
    expect(callsTo('DELETE', '/api/v1/delegates/2')).to.have.length(0);
    await until(() => button(rowOf('Carlo Verdi'), 'Conferma: Rimuovi') !== undefined, 'the confirm button');
    button(rowOf('Carlo Verdi'), 'Conferma: Rimuovi')!.click();
    await until(() => callsTo('DELETE', '/api/v1/delegates/2').length === 1, 'the DELETE');
    await until(() => rows().length === 1, 'one delegate left');
  });

  it('in English', async () => {
    await setLocale('en');
    await openPage();
    await until(() => rows().length === 2, 'the delegates');
    expect(q('delegates-page')!.textContent).to.contain('Invite a delegate');
    expect(rowOf('Carlo Verdi').textContent).to.contain('Invited');
  });
});
