/// <reference types="mocha" />
// The quick client switcher (issue 22) in the top bar, in real Chromium from the built shared-ui, with the clients
// API stubbed: a combobox used by keyboard (type, arrows, Enter, Escape), the recent clients while empty, and none for
// a BASIC client.
import { expect } from '@esm-bundle/chai';
import { I18nProvider } from '@lingui/react';
import { AppShell, i18n, initI18n, injectStyles, setLocale, type UserProfile } from '@patrimonio/shared-ui';
import { sendKeys, setViewport } from '@web/test-runner-commands';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';

const user = (role: UserProfile['role']): UserProfile => ({
  id: '3',
  role,
  name: 'Paolo Consulente',
  permissions: [],
  clientId: null,
  proId: null,
  impersonator: null,
});

const CLIENTS = [
  { id: 2, firstName: 'Giulia', lastName: 'Bianchi', name: null, taxCode: 'BNCGLI75M45F205M', vat: null },
  { id: 7, companyName: 'Bianchi Srl', name: null, taxCode: null, vat: '01234567890' },
];

let root: Root;
let host: HTMLElement;
let queries: string[] = [];
const realFetch = window.fetch;
const until = async (check: () => boolean, what: string) => {
  for (let i = 0; i < 150; i++) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`timed out waiting for ${what}`);
};
const q = <T extends Element = HTMLElement>(sel: string) => document.querySelector<T>(sel);
const input = () => q<HTMLInputElement>('[data-testid="client-switcher-input"]')!;
const options = () => [...document.querySelectorAll<HTMLElement>('[data-testid="client-switcher-option"]')];
const activeText = () => {
  const id = input().getAttribute('aria-activedescendant');
  return id ? (document.getElementById(id)?.querySelector('.pt-client-switcher__name')?.textContent ?? null) : null;
};

function render(role: UserProfile['role'] = 'PRO') {
  flushSync(() =>
    root.render(
      <I18nProvider i18n={i18n}>
        <AppShell
          user={user(role)}
          selection={null}
          serverVersion="0.1.2"
          pendingCount={null}
          currentPath="/client/9/position"
          onLogout={() => {}}
          onOpenReport={() => {}}
        >
          <div id="mf-container" />
        </AppShell>
      </I18nProvider>,
    ),
  );
}

before(async () => {
  injectStyles();
  await initI18n();
});
beforeEach(async () => {
  localStorage.clear();
  queries = [];
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input), window.location.origin);
    if (url.pathname !== '/api/v1/user/client') return realFetch(input, init);
    queries.push(url.searchParams.get('q') ?? '');
    const term = (url.searchParams.get('q') ?? '').toLowerCase();
    const item = CLIENTS.filter((c) => JSON.stringify(c).toLowerCase().includes(term));
    return new Response(JSON.stringify({ item, total: item.length, page: 1, size: 8 }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  };
  await setLocale('it');
  await setViewport({ width: 1280, height: 800 });
  window.history.replaceState(null, '', '/client/9/position');
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
});
afterEach(() => {
  window.fetch = realFetch;
  root.unmount();
  host.remove();
});

describe('client switcher', () => {
  it('is a combobox: type, arrows move, Enter opens the client on the same section', async () => {
    render();
    const box = input();
    expect(box.getAttribute('role')).to.equal('combobox');
    expect(box.getAttribute('aria-label')).to.equal('Cambia cliente: cerca per nome, codice fiscale o partita IVA');
    box.focus();
    await sendKeys({ type: 'bianchi' });
    await until(() => options().length === 2, 'two clients found');
    expect(queries.at(-1)).to.equal('bianchi');
    expect(box.getAttribute('aria-expanded')).to.equal('true');
    expect(options().map((o) => o.textContent)).to.deep.equal([
      'Giulia BianchiBNCGLI75M45F205M',
      'Bianchi Srl01234567890',
    ]);
    expect(box.getAttribute('aria-activedescendant')).to.equal(null);
    await sendKeys({ press: 'ArrowDown' });
    expect(activeText()).to.equal('Giulia Bianchi');
    await sendKeys({ press: 'ArrowDown' });
    expect(activeText()).to.equal('Bianchi Srl');
    await sendKeys({ press: 'ArrowDown' });
    expect(activeText(), 'wraps to the first').to.equal('Giulia Bianchi');
    await sendKeys({ press: 'ArrowUp' });
    expect(activeText(), 'and back to the last').to.equal('Bianchi Srl');
    expect(options()[1]?.getAttribute('aria-selected')).to.equal('true');
    await sendKeys({ press: 'Enter' });
    await until(() => window.location.pathname === '/client/7/position', 'the chosen client on the same section');
    expect(box.getAttribute('aria-expanded')).to.equal('false');
    expect(box.value).to.equal('');
  });

  it('searches by VAT number; Escape closes the list, a second Escape clears the text', async () => {
    render();
    input().focus();
    await sendKeys({ type: '0123456' });
    await until(() => options().length === 1, 'the client by VAT');
    expect(options()[0]?.textContent).to.contain('Bianchi Srl');
    await sendKeys({ press: 'Escape' });
    expect(input().getAttribute('aria-expanded')).to.equal('false');
    expect(input().value).to.equal('0123456');
    await sendKeys({ press: 'Escape' });
    expect(input().value).to.equal('');
  });

  it('lists the recent clients while empty, kept per user', async () => {
    localStorage.setItem(
      'patrimonio.recentClients.3',
      JSON.stringify([{ id: 2, name: 'Giulia Bianchi', taxCode: 'BNCGLI75M45F205M', vat: null }]),
    );
    render();
    input().focus();
    await until(() => options().length === 1, 'the recent client');
    expect(q('.pt-client-switcher__group')?.textContent).to.equal('Recenti');
    expect(q('[role="listbox"]')?.getAttribute('aria-label')).to.equal('Clienti recenti');
    expect(queries, 'no search while empty').to.deep.equal([]);
    await sendKeys({ press: 'ArrowDown' });
    await sendKeys({ press: 'Enter' });
    await until(() => window.location.pathname === '/client/2/position', 'the recent client opened');
  });

  it('is not there for a BASIC client', async () => {
    render('BASIC');
    await until(() => Boolean(q('[data-testid="app-shell"]')), 'the shell');
    expect(q('[data-testid="client-switcher"]')).to.equal(null);
  });
});
