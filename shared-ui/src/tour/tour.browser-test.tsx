/// <reference types="mocha" />
// The guided tour in real Chromium, from the built shared-ui, over small pages carrying the data-tour targets:
// steps advance one at a time, Next stays disabled until the required field is filled, the goal submit step goes
// to the position page and the next step shows 300 ms later, the last step records the section with PATCH
// /user/data-tour; Escape closes (and resets the tour form), a window under 1024 x 650 closes it, and the texts
// follow the language.
import { expect } from '@esm-bundle/chai';
import { I18nProvider } from '@lingui/react';
import {
  CurrencyInput,
  closeTour,
  DatePicker,
  getTourState,
  i18n,
  initI18n,
  injectStyles,
  loadLocale,
  Modal,
  queryClient,
  sessionStore,
  setLocale,
  startTour,
  TextInput,
  TourLauncher,
  type UserProfile,
} from '@patrimonio/shared-ui';
import { emulateMedia, sendKeys, sendMouse, setViewport } from '@web/test-runner-commands';
import { type ReactNode, useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';

const user = (role: UserProfile['role']): UserProfile => ({
  id: `${role.toLowerCase()}-1`,
  role,
  name: 'Giulia Bianchi',
  permissions: [],
  clientId: role === 'BASIC' ? 42 : null,
  proId: null,
  impersonator: null,
});

let root: Root;
let host: HTMLElement;
const until = async (check: () => boolean, what: string, tries = 150) => {
  for (let i = 0; i < tries; i++) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`timed out waiting for ${what}`);
};
const tick = (ms = 30) => new Promise((r) => setTimeout(r, ms));

function render(node: ReactNode) {
  flushSync(() => root.render(<I18nProvider i18n={i18n}>{node}</I18nProvider>));
}

/** The shown popover (driver.js keeps it in the body), its step and buttons. */
const popover = () => {
  const el = document.querySelector<HTMLElement>('.driver-popover');
  return el && el.style.display !== 'none' ? el : null;
};
const step = () => popover()?.dataset.step ?? null;
const nextButton = () => popover()!.querySelector<HTMLButtonElement>('[data-testid="tour-next"]')!;
const backButton = () => popover()!.querySelector<HTMLButtonElement>('[data-testid="tour-back"]')!;
const byTestId = <T extends HTMLElement = HTMLElement>(id: string) =>
  document.querySelector<T>(`[data-testid="${id}"]`)!;

async function clickWithMouse(el: HTMLElement) {
  const r = el.getBoundingClientRect();
  await sendMouse({ type: 'click', position: [Math.round(r.x + r.width / 2), Math.round(r.y + r.height / 2)] });
}

// The tour state on the server, through a stub of fetch.
let tourCalls: Array<{ method: string; body: string | null }> = [];
let serverState = '-1';
const realFetch = window.fetch;
function stubFetch() {
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    if (!url.includes('/api/v1/user/data-tour')) return realFetch(input, init);
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? init.body : null;
    tourCalls.push({ method, body });
    const answer = method === 'PATCH' ? (JSON.parse(body ?? '{}') as { tourStep: string }).tourStep : serverState;
    return new Response(answer, { status: 200, headers: { 'content-type': 'text/plain' } });
  };
}

// ---- Pages with the targets -----------------------------------------------------------------------------

let navigations: string[] = [];
let submitted: unknown[] = [];
let goTo: (path: string) => void = () => {};
const navigate = (to: string) => {
  navigations.push(to);
  goTo(to);
};

function GoalsAndPosition() {
  const [path, setPath] = useState('/client/42/goals');
  goTo = setPath;
  const [open, setOpen] = useState(false);
  const [description, setDescription] = useState('');
  const [amount, setAmount] = useState<number | null>(null);
  const [date, setDate] = useState<string | null>(null);
  if (path === '/client/42/position')
    return (
      <section data-tour="position-goals" style={{ height: 160 }}>
        Obiettivi
      </section>
    );
  return (
    <main>
      <button type="button" data-testid="opener">
        opener
      </button>
      <button type="button" data-tour="goals-add" onClick={() => setOpen(true)}>
        Aggiungi obiettivo
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title="Nuovo obiettivo" data-testid="goal-dialog">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            submitted.push({ description, amount, date });
            setOpen(false);
          }}
        >
          <TextInput
            label="Descrizione"
            value={description}
            onChange={setDescription}
            required
            data-tour="goal-description"
            data-testid="goal-description"
          />
          <CurrencyInput
            label="Importo"
            value={amount}
            onChange={setAmount}
            required
            data-tour="goal-amount"
            data-testid="goal-amount"
          />
          <DatePicker label="Data" value={date} onChange={setDate} data-tour="goal-date" />
          <button type="submit" data-tour="goal-submit">
            Salva
          </button>
        </form>
      </Modal>
    </main>
  );
}

function ClientsPage() {
  const [open, setOpen] = useState(false);
  const [taxCode, setTaxCode] = useState('');
  return (
    <main>
      <button type="button" data-tour="clients-add" data-testid="clients-add" onClick={() => setOpen(true)}>
        Aggiungi cliente
      </button>
      {open ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            submitted.push({ taxCode });
          }}
        >
          <TextInput
            label="Codice fiscale"
            value={taxCode}
            onChange={setTaxCode}
            uppercase
            data-tour="client-tax-code"
          />
          <button type="submit" data-tour="client-submit">
            Salva
          </button>
        </form>
      ) : null}
    </main>
  );
}

function OverviewPage() {
  return (
    <main style={{ display: 'grid', gap: 16, padding: 16 }}>
      <button type="button" data-testid="opener">
        opener
      </button>
      {['overview-total', 'overview-composition', 'overview-trend', 'overview-projection'].map((t) => (
        <section key={t} data-tour={t} style={{ height: 80, border: '1px solid #ccc' }}>
          {t}
        </section>
      ))}
    </main>
  );
}

before(async () => {
  injectStyles();
  await initI18n();
  // No animation: each step shows at once.
  await emulateMedia({ reducedMotion: 'reduce' });
});
beforeEach(async () => {
  localStorage.clear();
  await setLocale('it');
  await setViewport({ width: 1366, height: 800 });
  tourCalls = [];
  serverState = '-1';
  // Each test asks the server afresh (the completion of a section updates the cached answer).
  queryClient.clear();
  navigations = [];
  submitted = [];
  stubFetch();
  sessionStore.set({
    status: 'signed-in',
    user: user('PRO'),
    selection: { kind: 'client', id: 42, status: 'succeded' },
  });
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
});
afterEach(() => {
  closeTour();
  root.unmount();
  host.remove();
  window.fetch = realFetch;
});

describe('guided tour: add goal', () => {
  it('advances one step at a time, Next disabled until filled, position page 300 ms after submit, PATCH at the end', async () => {
    render(<GoalsAndPosition />);
    expect(startTour('addGoal', { basePath: '/client/42', goToStart: false, navigate })).to.equal(true);
    await until(() => step() === 'goals-add', 'step 1');
    expect(popover()!.textContent).to.contain('Passo 1 di 6');
    expect(backButton().disabled).to.equal(true);
    expect(getTourState()).to.include({ active: true, section: 'addGoal', index: 0, count: 6 });

    // Next presses the highlighted button: the dialog opens and the tour waits for its field.
    nextButton().click();
    await until(() => step() === 'goal-description', 'step 2');
    expect(byTestId('goal-dialog')).to.not.equal(null);
    expect(nextButton().disabled).to.equal(true);
    expect(popover()!.querySelector('.pt-tour__need')!.textContent).to.contain('Compila il campo');
    await until(() => document.activeElement === byTestId('goal-description'), 'focus on the description');
    nextButton().click();
    expect(step()).to.equal('goal-description');
    await sendKeys({ type: 'Casa al mare' });
    await until(() => !nextButton().disabled, 'Next enabled once the description is filled');
    expect(getTourState().form.goalDescription).to.equal('Casa al mare');

    // A real mouse press on Next: the dialog under the tour does not take it as a press outside itself.
    await clickWithMouse(nextButton());
    await until(() => step() === 'goal-amount', 'step 3');
    expect(document.querySelector('[data-testid="goal-dialog"]')).to.not.equal(null);
    expect(nextButton().disabled).to.equal(true);
    await until(() => document.activeElement === byTestId('goal-amount'), 'focus on the amount');
    await sendKeys({ type: '-5' });
    await tick(60);
    expect(nextButton().disabled, 'a negative amount is not filled in').to.equal(true);
    byTestId<HTMLInputElement>('goal-amount').select();
    await sendKeys({ type: '250.000' });
    await until(() => !nextButton().disabled, 'Next enabled once the amount is valid');

    nextButton().click();
    await until(() => step() === 'goal-date', 'step 4');
    expect(nextButton().disabled).to.equal(false);
    nextButton().click();
    await until(() => step() === 'goal-submit', 'step 5');

    // Submit: the form is sent, the tour goes to the position page and shows the last step 300 ms later.
    nextButton().click();
    const pressed = performance.now();
    expect(submitted).to.deep.equal([{ description: 'Casa al mare', amount: 250000, date: null }]);
    expect(navigations).to.deep.equal(['/client/42/position']);
    expect(getTourState().waiting).to.equal(true);
    expect(popover()).to.equal(null);
    await until(() => step() === 'position-goals', 'step 6 on the position page');
    expect(performance.now() - pressed).to.be.at.least(290);
    expect(popover()!.textContent).to.contain('Passo 6 di 6');
    expect(backButton().disabled, 'no way back across the page change').to.equal(true);
    expect(nextButton().textContent).to.equal('Fine');

    nextButton().click();
    await until(() => !getTourState().active && !document.querySelector('.driver-popover'), 'the tour to close');
    expect(document.body.classList.contains('driver-active')).to.equal(false);
    await until(() => tourCalls.some((c) => c.method === 'PATCH'), 'the PATCH');
    expect(tourCalls.filter((c) => c.method === 'PATCH').map((c) => JSON.parse(c.body!))).to.deep.equal([
      { tourStep: 'addGoal' },
    ]);
  });

  it('Escape closes the tour only (not the dialog under it), resets the tour form and returns focus', async () => {
    render(<GoalsAndPosition />);
    const opener = byTestId('opener');
    opener.focus();
    startTour('addGoal', { basePath: '/client/42', goToStart: false, navigate });
    await until(() => step() === 'goals-add', 'step 1');
    nextButton().click();
    await until(() => step() === 'goal-description', 'step 2');
    await until(() => document.activeElement === byTestId('goal-description'), 'focus on the description');
    await sendKeys({ type: 'Pensione' });
    await until(() => getTourState().form.goalDescription === 'Pensione', 'the tour form');

    await sendKeys({ press: 'Escape' });
    await until(() => !getTourState().active, 'the tour to close');
    expect(document.querySelector('.driver-popover')).to.equal(null);
    expect(document.querySelector('.driver-overlay')).to.equal(null);
    expect(getTourState().form).to.deep.equal({});
    expect(document.querySelector('[data-testid="goal-dialog"]')).to.not.equal(null);
    expect(document.activeElement).to.equal(opener);
    expect(
      tourCalls.some((c) => c.method === 'PATCH'),
      'no completion on Escape',
    ).to.equal(false);
  });
});

describe('guided tour: add client', () => {
  it('a click on the highlighted button advances; the tax code is required; Done saves and records', async () => {
    render(<ClientsPage />);
    expect(startTour('addClient', { goToStart: false, navigate })).to.equal(true);
    await until(() => step() === 'clients-add', 'step 1');
    await clickWithMouse(byTestId('clients-add'));
    await until(() => step() === 'client-tax-code', 'step 2');
    expect(nextButton().disabled).to.equal(true);
    await until(() => document.activeElement?.closest('[data-tour="client-tax-code"]') !== null, 'focus');
    await sendKeys({ type: 'rssmrc70a01h501z' });
    await until(() => !nextButton().disabled, 'Next enabled');
    nextButton().click();
    await until(() => step() === 'client-submit', 'step 3');
    expect(nextButton().textContent).to.equal('Fine');
    nextButton().click();
    expect(submitted).to.deep.equal([{ taxCode: 'RSSMRC70A01H501Z' }]);
    await until(() => tourCalls.some((c) => c.method === 'PATCH'), 'the PATCH');
    expect(JSON.parse(tourCalls.find((c) => c.method === 'PATCH')!.body!)).to.deep.equal({ tourStep: 'addClient' });
    expect(getTourState().active).to.equal(false);
  });

  it('is not for BASIC users, and needs a signed-in user with a role', () => {
    render(<ClientsPage />);
    sessionStore.set({ user: user('BASIC'), selection: null });
    expect(startTour('addClient', { goToStart: false, navigate })).to.equal(false);
    sessionStore.set({ user: null });
    expect(startTour('overview', { goToStart: false, navigate })).to.equal(false);
    expect(getTourState().active).to.equal(false);
  });
});

describe('guided tour: overview', () => {
  it('closes when the window gets smaller than 1024 x 650, and does not start there', async () => {
    render(<OverviewPage />);
    startTour('overview', { basePath: '/client/42', goToStart: false, navigate });
    await until(() => step() === 'overview-total', 'step 1');
    // The arrow keys move between steps while focus is in the popover.
    nextButton().focus();
    await sendKeys({ press: 'ArrowRight' });
    await until(() => step() === 'overview-composition', 'step 2 by the arrow key');
    await setViewport({ width: 1000, height: 800 });
    await until(() => !getTourState().active && !popover(), 'the tour to close under 1024 px');
    expect(startTour('overview', { basePath: '/client/42', goToStart: false, navigate })).to.equal(false);
    await setViewport({ width: 1366, height: 640 });
    expect(startTour('overview', { basePath: '/client/42', goToStart: false, navigate })).to.equal(false);
    await setViewport({ width: 1366, height: 800 });
    expect(startTour('overview', { basePath: '/client/42', goToStart: false, navigate })).to.equal(true);
    await until(() => step() === 'overview-total', 'the tour again');
    await setViewport({ width: 1366, height: 600 });
    await until(() => !getTourState().active, 'the tour to close under 650 px');
  });

  it('follows the language; the popover is at most 630 px wide and its close button is named', async () => {
    render(<OverviewPage />);
    startTour('overview', { basePath: '/client/42', goToStart: false, navigate });
    await until(() => step() === 'overview-total', 'step 1');
    expect(nextButton().textContent).to.equal('Avanti');
    expect(popover()!.querySelector('.driver-popover-title')!.textContent).to.equal('Patrimonio totale');
    expect(getComputedStyle(popover()!).maxWidth).to.equal('630px');
    expect(popover()!.getAttribute('role')).to.equal('dialog');
    // No landmark of its own beside the page's (driver.js writes <header> and <footer>; issue 22).
    const landmarks = [...popover()!.querySelectorAll('header, footer, [role="banner"], [role="contentinfo"]')];
    expect(landmarks.map((el) => el.getAttribute('role'))).to.deep.equal(['none', 'none']);
    await loadLocale('en');
    flushSync(() => void setLocale('en'));
    await until(() => step() === 'overview-total' && nextButton().textContent === 'Next', 'English buttons');
    expect(popover()!.querySelector('.driver-popover-title')!.textContent).to.equal('Total wealth');
    expect(popover()!.textContent).to.contain('Step 1 of 4');
    expect(popover()!.querySelector('[data-testid="tour-close"]')!.getAttribute('aria-label')).to.equal(
      'Close the tour',
    );
    // Four steps, the last one closes.
    for (const expected of ['overview-composition', 'overview-trend', 'overview-projection']) {
      nextButton().click();
      await until(() => step() === expected, expected);
    }
    expect(nextButton().textContent).to.equal('Done');
    nextButton().click();
    await until(() => !getTourState().active, 'the tour to close');
    await until(() => tourCalls.some((c) => c.method === 'PATCH'), 'the PATCH');
    expect(JSON.parse(tourCalls.find((c) => c.method === 'PATCH')!.body!)).to.deep.equal({ tourStep: 'overview' });
  });
});

describe('tour launcher', () => {
  it("lists the role's sections in order from GET /user/data-tour and starts one", async () => {
    serverState = 'addClient';
    render(
      <>
        <TourLauncher startOptions={{ goToStart: false, navigate }} />
        <OverviewPage />
      </>,
    );
    const launcher = byTestId<HTMLButtonElement>('tour-launcher');
    expect(launcher.getAttribute('aria-label')).to.equal('Tour guidato');
    await until(() => tourCalls.some((c) => c.method === 'GET'), 'the GET');
    launcher.click();
    await until(() => Boolean(document.querySelector('[data-testid="tour-start-overview"]')), 'the menu');
    const items = [...document.querySelectorAll<HTMLElement>('[data-testid^="tour-start-"]')];
    expect(items.map((i) => i.dataset.testid)).to.deep.equal([
      'tour-start-addClient',
      'tour-start-overview',
      'tour-start-addGoal',
      'tour-start-addAccount',
    ]);
    await until(() => (items[0]!.textContent ?? '').includes('completato'), 'add client marked completed');
    expect(items[1]!.textContent).to.not.contain('completato');
    byTestId('tour-start-overview').click();
    await until(() => step() === 'overview-total', 'the overview section');
    closeTour();
    await until(() => document.activeElement === launcher, 'focus back on the launcher');
  });

  it('offers only overview, goal and account to a BASIC user', async () => {
    sessionStore.set({ user: user('BASIC'), selection: null });
    render(<TourLauncher />);
    byTestId<HTMLButtonElement>('tour-launcher').click();
    await until(() => Boolean(document.querySelector('[data-testid="tour-start-overview"]')), 'the menu');
    const items = [...document.querySelectorAll<HTMLElement>('[data-testid^="tour-start-"]')];
    expect(items.map((i) => i.dataset.testid)).to.deep.equal([
      'tour-start-overview',
      'tour-start-addGoal',
      'tour-start-addAccount',
    ]);
  });

  it('renders nothing without a signed-in user', () => {
    sessionStore.set({ user: null, selection: null });
    render(<TourLauncher />);
    expect(document.querySelector('[data-testid="tour-launcher"]')).to.equal(null);
  });
});
