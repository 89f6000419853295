/// <reference types="mocha" />
// The layout chrome in real Chromium, from the built shared-ui: guide drawer (search threshold, highlight,
// Escape, focus return), sidebar collapse below 1024 px, the hover-expanded rail that moves no entry, the phone's
// menu button and drawer, the dark theme's contrast, language switch, session modal (clamp, focus).
import { expect } from '@esm-bundle/chai';
// axe-core is a UMD script: imported for its effect, it sets window.axe.
import 'axe-core';
import { I18nProvider } from '@lingui/react';
import {
  AppShell,
  i18n,
  initI18n,
  injectStyles,
  loadLocale,
  NotFoundPage,
  SessionExpiringModal,
  setLocale,
  type UserProfile,
} from '@patrimonio/shared-ui';
import { emulateMedia, resetMouse, sendKeys, sendMouse, setViewport } from '@web/test-runner-commands';
import 'axe-core';
import type { AxeResults, RunOptions } from 'axe-core';
import type { ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';

const pro: UserProfile = {
  id: '3',
  role: 'PRO',
  name: 'Paolo Consulente',
  permissions: [],
  clientId: null,
  proId: null,
  impersonator: null,
};

const axe = (window as unknown as { axe: { run: (context: Element, options: RunOptions) => Promise<AxeResults> } }).axe;

const client: UserProfile = {
  id: '5',
  role: 'BASIC',
  name: 'Mario Rossi',
  permissions: [],
  clientId: 1,
  proId: null,
  impersonator: null,
};

/** The shell of `user` at `path`, with no client selected. */
const shellFor = (user: UserProfile, path: string, onOpenReport: () => void = () => {}) => (
  <AppShell
    user={user}
    selection={null}
    serverVersion="0.1.2"
    pendingCount={4}
    currentPath={path}
    onLogout={() => {}}
    onOpenReport={onOpenReport}
  >
    <div id="mf-container" />
  </AppShell>
);

let root: Root;
let host: HTMLElement;
const until = async (check: () => boolean, what: string) => {
  for (let i = 0; i < 100; i++) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`timed out waiting for ${what}`);
};
const q = <T extends Element = HTMLElement>(sel: string) => document.querySelector<T>(sel);

function render(node: ReactNode) {
  flushSync(() => root.render(<I18nProvider i18n={i18n}>{node}</I18nProvider>));
}
const shell = () => (
  <AppShell
    user={pro}
    selection={null}
    serverVersion="0.1.2"
    pendingCount={3}
    currentPath="/clients"
    onLogout={() => {}}
    onOpenReport={() => {}}
  >
    <div id="mf-container" />
  </AppShell>
);

before(async () => {
  injectStyles();
  await initI18n();
});
beforeEach(async () => {
  localStorage.clear();
  await setLocale('it');
  await setViewport({ width: 1366, height: 800 });
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
});
afterEach(() => {
  root.unmount();
  host.remove();
});

/** axe-core's serious and critical violations inside `el`, as 'rule: targets' lines. */
async function seriousViolations(el: Element, rules?: string[]): Promise<string[]> {
  const axe = (window as unknown as { axe: { run: (c: Element, o: object) => Promise<AxeResults> } }).axe;
  const results = await axe.run(el, rules ? { runOnly: { type: 'rule', values: rules } } : {});
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('accessibility (issue 22)', () => {
  it('names the user-menu button by the name and role it shows, then "menu", in both languages', async () => {
    render(shell());
    const button = q<HTMLButtonElement>('[data-testid="user-menu"]')!;
    // The text shown (the initials are hidden from assistive technology): name and role as two words.
    expect(button.querySelector('.pt-user-button__text')!.textContent).to.equal('Paolo Consulente Consulente');
    // Named by its content (no aria-label to differ from it): the initials are hidden, "menu" is hidden text.
    expect(button.hasAttribute('aria-label')).to.equal(false);
    expect(button.textContent).to.equal('PCPaolo Consulente Consulente, menu utente');
    expect(await seriousViolations(button)).to.deep.equal([]);
    await setLocale('en');
    render(shell());
    expect(q('[data-testid="user-menu"]')!.textContent).to.equal('PCPaolo Consulente Adviser, user menu');
  });

  it('draws the 404 number with enough contrast', async () => {
    render(<NotFoundPage backTo="/" />);
    expect(await seriousViolations(host, ['color-contrast'])).to.deep.equal([]);
  });
});

describe('guide drawer', () => {
  it('searches above 2 characters, highlights, opens matches, and closes on Escape returning focus', async () => {
    render(shell());
    const opener = q<HTMLButtonElement>('[data-testid="footer-guide"]')!;
    opener.focus();
    opener.click();
    await until(() => q('[data-testid="guide-drawer"]')?.dataset.state === 'open', 'the drawer to open');
    const search = q<HTMLInputElement>('[data-testid="guide-search"]')!;
    const type = (value: string) => {
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      setter.call(search, value);
      search.dispatchEvent(new Event('input', { bubbles: true }));
    };
    type('TW');
    await new Promise((r) => setTimeout(r, 50));
    expect(document.querySelectorAll('[data-testid="guide-drawer"] mark').length).to.equal(0);
    type('TWR');
    await until(() => document.querySelectorAll('[data-testid="guide-drawer"] mark').length > 0, 'highlights');
    const sections = [...document.querySelectorAll('[data-testid="guide-drawer"] [data-section]')];
    expect(sections.length).to.be.greaterThan(0);
    type('zzzqqq');
    await until(() => Boolean(q('[data-testid="guide-no-results"]')), 'the no-results message');

    q('[data-testid="guide-drawer"]')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    await until(() => q('[data-testid="guide-drawer"]')?.dataset.state === 'closed', 'the drawer to close');
    await until(() => document.activeElement === opener, 'focus back on the opener');
  });
});

describe('side menu', () => {
  it('is open on a wide window and collapses below 1024 px', async () => {
    render(shell());
    await until(() => q('[data-testid="side-menu"]')?.dataset.state === 'open', 'open side menu');
    await setViewport({ width: 900, height: 800 });
    await until(() => q('[data-testid="side-menu"]')?.dataset.state !== 'open', 'collapsed side menu');
  });
});

describe('side menu below 1024 px: the hover-expanded rail', () => {
  let reports = 0;
  const basicShell = () =>
    shellFor(client, '/overview', () => {
      reports += 1;
    });
  const entries = () => [...document.querySelectorAll<HTMLElement>('[data-testid="side-menu"] .pt-sidemenu__link')];
  const tops = () => entries().map((e) => Math.round(e.getBoundingClientRect().top));
  const center = (el: Element): [number, number] => {
    const r = el.getBoundingClientRect();
    return [Math.round(r.left + r.width / 2), Math.round(r.top + r.height / 2)];
  };
  afterEach(() => resetMouse());

  it('lies over the page with every entry where it was, so a click lands on the entry under the pointer', async () => {
    reports = 0;
    await setViewport({ width: 900, height: 800 });
    render(basicShell());
    const menu = q('[data-testid="side-menu"]')!;
    await until(() => menu.dataset.state === 'closed', 'the rail');
    const railTops = tops();
    const mainLeft = q('#pt-main')!.getBoundingClientRect().left;
    const report = q('[data-testid="menu-report"]')!;
    const [x, y] = center(report);

    await sendMouse({ type: 'move', position: [x, y] });
    await until(() => menu.dataset.state === 'hover', 'the hover-expanded rail');
    await until(() => q('.pt-sidemenu__panel')!.getBoundingClientRect().width > 200, 'the panel to widen');
    expect(tops()).to.deep.equal(railTops);
    expect(q('#pt-main')!.getBoundingClientRect().left).to.equal(mainLeft);
    expect(document.elementFromPoint(x, y)?.closest('[data-testid]')?.getAttribute('data-testid')).to.equal(
      'menu-report',
    );
    await sendMouse({ type: 'click', position: [x, y] });
    expect(reports).to.equal(1);
  });
});

describe('side menu on a phone (375 px)', () => {
  const basicShell = () => shellFor(client, '/overview');
  const shown = (sel: string) => (q(sel)?.getClientRects().length ?? 0) > 0;

  it('has no menu button on a wide window', async () => {
    render(basicShell());
    await until(() => shown('[data-testid="menu-overview"]'), 'the open menu');
    expect(shown('[data-testid="menu-button"]')).to.equal(false);
  });

  it('collapses to the top bar: its menu button opens the menu as a drawer, Escape closes it', async () => {
    await setViewport({ width: 375, height: 740 });
    render(basicShell());
    const button = q<HTMLButtonElement>('[data-testid="menu-button"]')!;
    const menu = q('[data-testid="side-menu"]')!;
    await until(() => shown('[data-testid="menu-button"]'), 'the menu button');
    expect(menu.dataset.state).to.equal('closed');
    expect(shown('[data-testid="menu-overview"]')).to.equal(false);
    expect(button.getAttribute('aria-expanded')).to.equal('false');
    expect(button.getAttribute('aria-label')).to.equal('Menu principale');
    expect(document.getElementById(button.getAttribute('aria-controls')!)?.tagName).to.equal('NAV');
    // No rail beside the page: the main area starts at the left edge and nothing is wider than the window.
    expect(q('[data-testid="side-menu"]')!.getBoundingClientRect().width).to.equal(0);
    expect(document.documentElement.scrollWidth).to.be.at.most(375);

    // By keyboard: Enter on the button opens the drawer and moves the focus to its first entry.
    button.focus();
    await sendKeys({ press: 'Enter' });
    await until(() => menu.dataset.state === 'open', 'the drawer');
    expect(button.getAttribute('aria-expanded')).to.equal('true');
    const first = q('[data-testid="menu-overview"]')!;
    await until(() => document.activeElement === first, 'focus on the first entry');
    const drawer = q('.pt-sidemenu__panel')!.getBoundingClientRect();
    expect(drawer.left).to.equal(0);
    expect(drawer.right).to.be.at.most(375);
    expect(shown('[data-testid="menu-report"]')).to.equal(true);

    await sendKeys({ press: 'Escape' });
    await until(() => menu.dataset.state === 'closed', 'the drawer to close');
    await until(() => document.activeElement === button, 'focus back on the menu button');
    expect(button.getAttribute('aria-expanded')).to.equal('false');

    // A press on the button toggles it (the press is not one outside the menu that would close and reopen it).
    button.click();
    await until(() => menu.dataset.state === 'open', 'the drawer again');
    const [x, y] = [
      Math.round(button.getBoundingClientRect().left + 10),
      Math.round(button.getBoundingClientRect().top + 10),
    ];
    await sendMouse({ type: 'click', position: [x, y] });
    await until(() => menu.dataset.state === 'closed', 'the drawer closed by its button');
    await resetMouse();
  });
});

describe('dark theme', () => {
  afterEach(() => emulateMedia({ colorScheme: 'light' }));

  it('follows the system setting, and the shell keeps its text readable (axe color-contrast)', async () => {
    const surface = () => getComputedStyle(q('.pt-topbar')!).backgroundColor;
    render(shellFor(client, '/position'));
    const light = surface();
    await emulateMedia({ colorScheme: 'dark' });
    await until(() => surface() !== light, 'the dark surfaces');
    // A dark surface: each channel of the top bar's background below a quarter of full brightness.
    const channels = (surface().match(/\d+/g) ?? []).slice(0, 3).map(Number);
    expect(channels.every((c) => c < 64)).to.equal(true);

    for (const [user, path] of [
      [client, '/position'],
      [pro, '/approve'],
    ] as const) {
      render(shellFor(user, path));
      await until(() => Boolean(q('[data-testid="side-menu"]')), 'the shell');
      // The colours' transitions (links, buttons) run to their end: axe reads the colours as they are shown.
      await Promise.all(
        document
          .getAnimations()
          .filter((a) => a instanceof CSSTransition)
          .map((a) => a.finished),
      );
      const results = await axe.run(q('[data-testid="app-shell"]')!, {
        runOnly: { type: 'rule', values: ['color-contrast'] },
      });
      const failing = results.violations.flatMap((v) =>
        v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary}`),
      );
      expect(failing, failing.join('\n')).to.deep.equal([]);
      expect(results.passes.length).to.be.greaterThan(0);
    }
  });
});

describe('language', () => {
  it('switching language re-renders the chrome text', async () => {
    render(shell());
    await until(() => Boolean(q('[data-testid="menu-clients"]')), 'the menu');
    expect(q('[data-testid="menu-clients"]')!.textContent).to.contain('Clienti');
    await loadLocale('en');
    flushSync(() => void setLocale('en'));
    await until(() => (q('[data-testid="menu-clients"]')!.textContent ?? '').includes('Clients'), 'English text');
    expect(document.documentElement.lang).to.equal('en');
  });
});

describe('session expiring modal', () => {
  it('clamps the countdown to 0..64 s and puts focus on keep alive', async () => {
    let kept = 0;
    const modal = (secondsLeft: number) => (
      <SessionExpiringModal open secondsLeft={secondsLeft} onKeepAlive={() => (kept += 1)} />
    );
    render(modal(120));
    await until(() => Boolean(q('[data-testid="session-expiring-modal"]')), 'the modal');
    const dialog = q('[data-testid="session-expiring-modal"]')!;
    expect(dialog.getAttribute('role')).to.equal('alertdialog');
    expect(dialog.textContent).to.contain('64');
    await until(() => document.activeElement === q('[data-testid="keep-alive"]'), 'focus on keep alive');
    render(modal(-7));
    expect(q('[data-testid="session-expiring-modal"]')!.textContent).to.match(/\b0\b/);
    q<HTMLButtonElement>('[data-testid="keep-alive"]')!.click();
    expect(kept).to.equal(1);
  });
});

describe('impersonation banner', () => {
  const impersonated: UserProfile = { ...pro, impersonator: '1', impersonatorName: 'Anna Amministratrice' };
  const shellAs = (user: UserProfile, onStop: () => Promise<void>) => (
    <AppShell
      user={user}
      selection={null}
      serverVersion="0.1.2"
      pendingCount={null}
      currentPath="/clients"
      onLogout={() => {}}
      onOpenReport={() => {}}
      onStopImpersonation={onStop}
    >
      <div id="mf-container" />
    </AppShell>
  );

  it('is absent from an own session', () => {
    render(shellAs(pro, async () => {}));
    expect(q('[data-testid="impersonation-banner"]')).to.equal(null);
  });

  it('names the PRO and the ADMIN in both languages, and its button stops the impersonation once', async () => {
    let stops = 0;
    render(
      shellAs(impersonated, async () => {
        stops += 1;
      }),
    );
    const banner = q('[data-testid="impersonation-banner"]')!;
    expect(banner.textContent).to.contain('Stai agendo come Paolo Consulente (Anna Amministratrice)');
    await loadLocale('en');
    flushSync(() => void setLocale('en'));
    await until(() => banner.textContent?.includes('You are acting as Paolo Consulente') ?? false, 'English banner');
    const stop = q<HTMLButtonElement>('[data-testid="impersonation-stop"]')!;
    expect(stop.textContent).to.equal('Stop impersonating');
    stop.click();
    await until(() => stop.disabled, 'the button to wait for the stop');
    expect(stops).to.equal(1);
  });

  it('fits a phone: the banner wraps within 375 px', async () => {
    await setViewport({ width: 375, height: 700 });
    render(shellAs(impersonated, async () => {}));
    const banner = q('[data-testid="impersonation-banner"]')!;
    expect(banner.scrollWidth).to.be.at.most(banner.clientWidth);
  });
});
