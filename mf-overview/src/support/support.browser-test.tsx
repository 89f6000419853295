/// <reference types="mocha" />
// The support page (/support, issue 19) in real Chromium, from the built mf-overview (npm run build -- shared-ui
// mf-overview) mounted through its single-spa lifecycles. The server is a test double of window.fetch answering the
// support calls as the contract says (shared-api contract/support.ts): a client's empty list, a new ticket with an
// attachment (the multipart fields and the file), the ticket's thread and a reply; the staff's view with the assignee
// filter, "assign to me" and close; a phone's width; English.
import { expect } from '@esm-bundle/chai';
import type { Ticket, TicketSummary } from '@patrimonio/shared-api';
import { queryClient, setLocale } from '@patrimonio/shared-ui';
import { emulateMedia, setViewport } from '@web/test-runner-commands';
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
  type,
  until,
  user,
  type WebApp,
} from '../../../tests/support/web-app.tsx';

const server = { tickets: [] as Ticket[], nextId: 7 };
const NOW = '2026-11-20T10:00:00.000Z';
const summary = ({ thread: _t, ...s }: Ticket): TicketSummary => s;

function ticket(id: number, subject: string, over: Partial<Ticket> = {}): Ticket {
  return {
    id,
    category: 'REPORT',
    subject,
    state: 'OPEN',
    openedBy: { id: 5, name: 'Mario Rossi' },
    assignee: null,
    messages: 1,
    createdAt: NOW,
    updatedAt: NOW,
    thread: [
      { id: id * 10, author: 'Mario Rossi', staff: false, body: 'Il report è vuoto', attachment: null, createdAt: NOW },
    ],
    ...over,
  };
}

const double = new FetchDouble(({ method, path: p, body }) => {
  if (p === '/api/v1/support/ticket' && method === 'GET')
    return json({ item: server.tickets.map(summary), total: server.tickets.length, page: 1, size: 10 });
  if (p === '/api/v1/support/staff') return json([{ id: 1, name: 'Back Office' }]);
  if (p === '/api/v1/support/ticket' && method === 'POST') {
    const f = formFields(body as FormData);
    const file = (body as FormData).get('file') as File | null;
    const t = ticket(server.nextId++, f.subject!, {
      category: f.category as Ticket['category'],
      thread: [
        {
          id: 1,
          author: 'Mario Rossi',
          staff: false,
          body: f.text!,
          attachment: file ? { id: 99, fileName: file.name, mediaType: 'image/png', sizeBytes: file.size } : null,
          createdAt: NOW,
        },
      ],
    });
    server.tickets.push(t);
    return json(t);
  }
  const one = /^\/api\/v1\/support\/ticket\/(\d+)(\/reply)?$/.exec(p);
  const t = one ? server.tickets.find((x) => x.id === Number(one[1])) : undefined;
  if (one && !t) return json({ statusCode: 404, message: 'Not found' }, 404);
  if (t && one![2] && method === 'POST') {
    const f = formFields(body as FormData);
    t.thread.push({
      id: t.thread.length + 1,
      author: 'Back Office',
      staff: true,
      body: f.text!,
      attachment: null,
      createdAt: NOW,
    });
    t.messages = t.thread.length;
    t.state = 'IN_PROGRESS';
    return json(t);
  }
  if (t && method === 'PATCH') {
    const b = body as { assigneeId?: number | null; state?: Ticket['state'] };
    if (b.assigneeId !== undefined) t.assignee = b.assigneeId ? { id: b.assigneeId, name: 'Back Office' } : null;
    if (b.state) t.state = b.state;
    return json(t);
  }
  if (t) return json(t);
  return json({ statusCode: 404, message: 'not here' }, 404);
});
const { callsTo } = double;

let app: WebApp;
let removeBeside: () => void;
let startPath: string;

const rows = () => Array.from(document.querySelectorAll('[data-testid="ticket-row"]'));

before(async () => {
  await emulateMedia({ reducedMotion: 'reduce' });
  app = await loadApp('mf-overview');
  startPath = window.location.pathname + window.location.search;
});

beforeEach(async () => {
  await setViewport({ width: 1366, height: 900 });
  await setLocale('it');
  queryClient.clear();
  server.tickets = [];
  server.nextId = 7;
  double.install();
  window.history.replaceState(null, '', '/support');
  removeBeside = renderBeside();
});

afterEach(async () => {
  await app.unmount();
  removeBeside();
  double.restore();
  window.history.replaceState(null, '', startPath);
});

describe('support (/support)', () => {
  it('a client with no tickets opens one with a PNG: the multipart fields, then the ticket with its thread', async () => {
    signIn(user('BASIC', { id: '5', clientId: 42, name: 'Mario Rossi' }));
    await app.mount();
    await until(() => q('support-empty') !== null, 'the empty state');
    expect(q('support-filter-assignee')).to.equal(null);
    q<HTMLButtonElement>('support-new')!.click();
    await until(() => q('ticket-dialog') !== null, 'the dialog');
    q<HTMLButtonElement>('ticket-submit')!.click();
    await until(() => q('ticket-dialog')!.querySelectorAll('.pt-field__error').length === 3, 'the required fields');
    expect(callsTo('POST', '/api/v1/support/ticket')).to.have.length(0);
    choose(q<HTMLSelectElement>('ticket-category')!, 'ACCESS');
    type(q<HTMLInputElement>('ticket-subject')!, 'Non vedo il conto');
    type(q<HTMLTextAreaElement>('ticket-text')!, 'Dopo il login il conto non compare.');
    pickFile(
      q<HTMLInputElement>('ticket-file-input')!,
      new File([new Uint8Array(2048)], 'schermata.png', { type: 'image/png' }),
    );
    await until(() => q('ticket-file-file') !== null, 'the chosen file');
    expect(q('ticket-file-file')!.textContent).to.contain('2 kb');
    q<HTMLButtonElement>('ticket-submit')!.click();
    await until(() => callsTo('POST', '/api/v1/support/ticket').length === 1, 'the POST');
    expect(formFields(callsTo('POST', '/api/v1/support/ticket')[0]!.body as FormData)).to.deep.equal({
      category: 'ACCESS',
      subject: 'Non vedo il conto',
      text: 'Dopo il login il conto non compare.',
      file: 'file:schermata.png',
    });
    await until(() => q('ticket-detail') !== null, 'the new ticket');
    expect(window.location.search).to.equal('?ticket=7');
    expect(q('ticket-state')!.textContent).to.equal('Aperto');
    expect(q('ticket-attachment')!.textContent).to.contain('schermata.png');
    expect(q('ticket-assignee')).to.equal(null);
  });

  it('the staff filter by assignee, assign to themselves, reply and close; a phone shows it without overflow', async () => {
    server.tickets = [ticket(3, 'Il report è vuoto')];
    signIn(user('BACK_OFFICE', { id: '1', name: 'Back Office' }));
    await app.mount();
    await until(() => rows().length === 1, 'the ticket');
    choose(q<HTMLSelectElement>('support-filter-assignee')!, 'none');
    await until(
      () => callsTo('GET', '/api/v1/support/ticket').some((c) => c.query.includes('unassigned=true')),
      'the filter',
    );
    await until(() => rows().length === 1, 'the unassigned ticket');
    rows()[0]!.querySelector('a')!.click();
    expect(window.location.search).to.equal('?ticket=3');
    // single-spa is not started here: the routing event it sends after a navigation in the portal is sent by hand.
    window.dispatchEvent(new PopStateEvent('popstate'));
    await until(() => q('ticket-detail') !== null, 'the ticket');
    q<HTMLButtonElement>('ticket-assign-me')!.click();
    await until(() => callsTo('PATCH', '/api/v1/support/ticket/3').length === 1, 'the assignment');
    expect(callsTo('PATCH', '/api/v1/support/ticket/3')[0]!.body).to.deep.equal({ assigneeId: 1 });
    type(q<HTMLTextAreaElement>('ticket-reply-text')!, 'Ci pensiamo noi');
    q<HTMLButtonElement>('ticket-reply-send')!.click();
    await until(() => document.querySelectorAll('[data-testid="ticket-message"]').length === 2, 'the reply');
    expect(q('ticket-state')!.textContent).to.equal('In lavorazione');
    q<HTMLButtonElement>('ticket-close')!.click();
    await until(() => q('ticket-reopen') !== null, 'closed');
    expect(q('ticket-reply')).to.equal(null);
    await setViewport({ width: 360, height: 740 });
    await until(() => document.documentElement.scrollWidth <= 360, 'no sideways scroll on a phone');
  });

  it("a link to a ticket that is not there, or not the caller's, says so and leads back to the list", async () => {
    server.tickets = [ticket(3, 'Il report è vuoto')];
    window.history.replaceState(null, '', '/support?ticket=99');
    signIn(user('BASIC', { id: '5', clientId: 42 }));
    await app.mount();
    await until(() => q('ticket-not-found') !== null, 'not found');
    q<HTMLButtonElement>('ticket-close-view')!.click();
    window.dispatchEvent(new PopStateEvent('popstate'));
    await until(() => rows().length === 1, 'the list');
  });

  it('speaks English', async () => {
    server.tickets = [ticket(3, 'Empty report', { state: 'CLOSED' })];
    await setLocale('en');
    signIn(user('PRO', { id: '9' }));
    await app.mount();
    await until(() => rows().length === 1, 'the ticket');
    expect(q('support-page')!.textContent).to.contain('My tickets');
    expect(rows()[0]!.textContent).to.contain('Closed');
  });
});
