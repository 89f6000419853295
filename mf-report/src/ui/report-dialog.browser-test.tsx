/// <reference types="mocha" />
// The report, options and logo dialogs in real Chromium, from the built mf-report (npm run build -- mf-report) on
// the built shared-ui, mounted through its single-spa lifecycles and opened by the side menu's event, as in the
// portal. The server is a test double of window.fetch answering the dialog's calls (portal-and-report 7).
import { expect } from '@esm-bundle/chai';
import type { PortfolioMenuItem, ReportSettings } from '@patrimonio/shared-api';
import { openReportDialog, queryClient, type Selection, setLocale } from '@patrimonio/shared-ui';
import { sendKeys } from '@web/test-runner-commands';
import {
  FetchDouble,
  json,
  loadApp,
  pickFile,
  q,
  realFetch,
  renderBeside,
  signIn,
  until,
  user,
  type WebApp,
} from '../../../tests/support/web-app.tsx';

const menuItem = (item: Partial<PortfolioMenuItem> & { id: number | null }): PortfolioMenuItem => ({
  owner: 'Mario Rossi',
  ownerId: 42,
  familyId: null,
  name: `Portafoglio ${item.id}`,
  aggregate: false,
  currencySymbol: '€',
  firstMovementDate: '2019-05-10',
  lastQuantityCheckOkDate: '2024-11-22',
  testing: false,
  ...item,
});

// Eligible: 1 and 2. Not offered: the aggregate, 3 (testing) and 4 (no last check).
const MENU: PortfolioMenuItem[] = [
  menuItem({ id: null, aggregate: true, name: 'Aggregato' }),
  menuItem({ id: 1 }),
  menuItem({ id: 2, firstMovementDate: '2021-03-01', lastQuantityCheckOkDate: '2024-12-31' }),
  menuItem({ id: 3, testing: true }),
  menuItem({ id: 4, lastQuantityCheckOkDate: null }),
];
const ALL_SECTIONS: ReportSettings['sections'] = ['overview', 'financial', 'fees', 'realEstate', 'shares', 'artLux'];

interface HeldCall {
  path: string;
  signal: AbortSignal | null | undefined;
  release: () => void;
}

/** The server double's state: what it answers, and the calls it holds. */
const server = {
  settings: { sections: ALL_SECTIONS, portfolios: [1, 2] } as ReportSettings,
  logoSave: { status: 200, body: { type: 'png', mediaType: 'image/png', bytes: 68 } as unknown },
  hold: false,
  held: [] as HeldCall[],
  /** GET /user/client/42, the report's subject; the report fails without it. */
  client: null as Record<string, unknown> | null,
  releaseAll() {
    for (const call of server.held.splice(0)) call.release();
  },
};

/**
 * The server: answers the dialog's calls, and records them. Any other call (the report's data and fonts) answers
 * 404, or with `hold` waits until released or aborted, as fetch does.
 */
const double = new FetchDouble(({ method, url, body, init }) => {
  if (url.pathname === '/api/v1/portfolio/menu') return json(MENU);
  if (url.pathname === '/api/v1/user/settings-report') {
    if (method === 'POST') server.settings = body as ReportSettings;
    return json(server.settings);
  }
  if (url.pathname === '/api/v1/user/logo-report')
    return method === 'POST'
      ? json(server.logoSave.body, server.logoSave.status)
      : json({ statusCode: 404, message: 'no logo' }, 404);
  // The report's fonts, emitted under /mf-report/ in the portal, are in the built dist here.
  if (url.pathname.startsWith('/mf-report/assets/'))
    return realFetch(url.pathname.replace('/mf-report/', '/mf-report/dist/'));
  if (url.pathname === '/api/v1/user/client/42' && server.client) return json(server.client);
  const notHere = () => json({ statusCode: 404, message: 'not here' }, 404);
  if (!server.hold) return notHere();
  return new Promise<Response>((resolve, reject) => {
    server.held.push({ path: url.pathname, signal: init.signal, release: () => resolve(notHere()) });
    init.signal?.addEventListener('abort', () => reject(new DOMException('The call was aborted', 'AbortError')));
  });
});
const { callsTo } = double;

let app: WebApp;
let removeBeside: () => void;

const button = (testId: string) => q<HTMLButtonElement>(testId);
const checkbox = (testId: string) => q<HTMLInputElement>(testId)!;
const pressed = (type: string) => button(`report-type-${type}`)?.getAttribute('aria-pressed');
const toastTexts = () => Array.from(document.querySelectorAll('[data-testid="toast-error"]')).map((e) => e.textContent);

const clientSelection: Selection = { kind: 'client', id: 42, status: 'succeded' };
const familySelection: Selection = { kind: 'family', id: 7, status: 'succeded' };

/** Opens the dialog and waits for the types (the menu and options loaded). */
async function openDialog() {
  openReportDialog();
  await until(() => q('report-dialog') !== null, 'the report dialog');
}
const waitForForm = () => until(() => button('report-type-synthetic') !== null, 'the report form');

before(async () => {
  app = await loadApp('mf-report');
});

beforeEach(async () => {
  await setLocale('it');
  sessionStorage.clear();
  queryClient.clear();
  server.settings = { sections: ALL_SECTIONS, portfolios: [1, 2] };
  server.logoSave = { status: 200, body: { type: 'png', mediaType: 'image/png', bytes: 68 } };
  server.hold = false;
  server.client = null;
  double.install();
  removeBeside = renderBeside();
  await app.mount();
});

afterEach(async () => {
  server.releaseAll();
  await app.unmount();
  removeBeside();
  double.restore();
});

describe('report dialog (portal-and-report 2 and 4)', () => {
  it('toggles the type, deselects it when tapped again, and enables Download only with a type', async () => {
    signIn(user('PRO'), clientSelection);
    await openDialog();
    await waitForForm();
    expect(button('report-download')!.disabled).to.equal(true);
    button('report-type-synthetic')!.click();
    await until(() => pressed('synthetic') === 'true', 'synthetic chosen');
    expect(button('report-download')!.disabled).to.equal(false);
    button('report-type-analytic')!.click();
    await until(() => pressed('analytic') === 'true', 'analytic chosen');
    expect(pressed('synthetic')).to.equal('false');
    button('report-type-analytic')!.click();
    await until(() => pressed('analytic') === 'false', 'analytic deselected');
    expect(button('report-download')!.disabled).to.equal(true);
  });

  it('starts on the default range of the eligible portfolios and needs both dates', async () => {
    signIn(user('PRO'), clientSelection);
    await openDialog();
    await waitForForm();
    // Portfolios 1 (2019-05-10..2024-11-22) and 2 (2021-03-01..2024-12-31): min 2019-05-09, max 2024-11-22, so
    // the default start is 31 December of the year before the end's.
    // Shown day first; the bounds are the calendar's (the hidden native date input beside the text).
    expect(q<HTMLInputElement>('report-from')!.value).to.equal('31/12/2023');
    expect(q<HTMLInputElement>('report-to')!.value).to.equal('22/11/2024');
    const calendar = (id: string) => q(id)!.parentElement!.querySelector<HTMLInputElement>('.pt-date__native')!;
    expect(calendar('report-from').min).to.equal('2019-05-09');
    expect(calendar('report-to').max).to.equal('2024-11-22');
    button('report-type-synthetic')!.click();
    await until(() => !button('report-download')!.disabled, 'download enabled');
    const from = q<HTMLInputElement>('report-from')!;
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(from, '');
    from.dispatchEvent(new Event('input', { bubbles: true }));
    await until(() => button('report-download')!.disabled, 'download disabled without a start');
  });

  it('offers no analytic type for a family, in the toggle and in the help text', async () => {
    signIn(user('PRO'), familySelection);
    await openDialog();
    await waitForForm();
    expect(button('report-type-analytic')).to.equal(null);
    expect(button('report-type-custom')).to.not.equal(null);
    expect(q('report-help')!.querySelectorAll('li').length).to.equal(2);
    expect(callsTo('GET', '/api/v1/portfolio/menu')[0]!.query).to.equal('?familyId=7');
  });

  it('Customize opens the options and selects custom', async () => {
    signIn(user('PRO'), clientSelection);
    await openDialog();
    await waitForForm();
    button('report-customize')!.click();
    await until(() => q('options-dialog') !== null, 'the options dialog');
    expect(pressed('custom')).to.equal('true');
  });

  it('closes on Escape and gives focus back to the opener', async () => {
    signIn(user('PRO'), clientSelection);
    const opener = document.createElement('button');
    opener.textContent = 'Scarica report';
    opener.addEventListener('click', openReportDialog);
    document.body.appendChild(opener);
    opener.focus();
    opener.click();
    await waitForForm();
    expect(q('report-dialog')!.contains(document.activeElement)).to.equal(true);
    await sendKeys({ press: 'Escape' });
    await until(() => q('report-dialog') === null, 'the dialog closed');
    expect(document.activeElement).to.equal(opener);
    opener.remove();
  });

  it('shows the generic error toast when the report fails, and goes back to the choices', async () => {
    // The double answers 404 to the report's own calls (the client, the fonts): the report cannot be made.
    signIn(user('PRO'), clientSelection);
    await openDialog();
    await waitForForm();
    button('report-type-synthetic')!.click();
    await until(() => !button('report-download')!.disabled, 'download enabled');
    button('report-download')!.click();
    await until(() => toastTexts().length > 0, 'the error toast');
    expect(toastTexts()).to.deep.equal(['Qualcosa è andato storto, riprova']);
    await until(() => button('report-download') !== null, 'back to the choices');
    expect(pressed('synthetic')).to.equal('true');
  });

  it('downloads the PDF by itself on completion and starts over', async () => {
    // The subject answers; every data call fails, which leaves its part empty (the cover still makes a PDF).
    server.client = { id: 42, name: 'Mario Rossi', firstName: 'Mario', lastName: 'Rossi', companyName: null };
    const downloads: { name: string; href: string }[] = [];
    const catchDownload = (event: MouseEvent) => {
      const link = event.target;
      if (!(link instanceof HTMLAnchorElement) || !link.download) return;
      event.preventDefault();
      downloads.push({ name: link.download, href: link.href });
    };
    document.addEventListener('click', catchDownload, true);
    try {
      signIn(user('PRO'), clientSelection);
      await openDialog();
      await waitForForm();
      button('report-type-synthetic')!.click();
      await until(() => !button('report-download')!.disabled, 'download enabled');
      button('report-download')!.click();
      await until(() => downloads.length === 1, 'the download');
      expect(downloads[0]!.name).to.equal('report-client-42-2023-12-31-2024-11-22.pdf');
      const pdf = await (await realFetch(downloads[0]!.href)).text();
      expect(pdf.startsWith('%PDF-')).to.equal(true);
      await until(() => button('report-download') !== null, 'the choices again');
      expect(pressed('synthetic')).to.equal('false');
      expect(button('report-download')!.disabled).to.equal(true);
      expect(q<HTMLInputElement>('report-from')!.value).to.equal('31/12/2023');
      expect(toastTexts()).to.deep.equal([]);
    } finally {
      document.removeEventListener('click', catchDownload, true);
    }
  });

  it('while creating shows the spinner, the warning and a cancel link that aborts the calls', async () => {
    server.hold = true;
    signIn(user('PRO'), clientSelection);
    await openDialog();
    await waitForForm();
    button('report-type-analytic')!.click();
    await until(() => !button('report-download')!.disabled, 'download enabled');
    button('report-download')!.click();
    await until(() => q('report-creating') !== null, 'the creating state');
    expect(q('report-creating')!.querySelector('.pt-spinner')).to.not.equal(null);
    expect(q('report-creating')!.querySelector('.rep-warning')).to.not.equal(null);
    expect(button('report-download')).to.equal(null);
    expect(document.activeElement).to.equal(button('report-cancel'));
    const client = () => server.held.find((c) => c.path === '/api/v1/user/client/42');
    await until(() => client() !== undefined, "the report's calls under way");
    expect(client()!.signal!.aborted).to.equal(false);
    button('report-cancel')!.click();
    await until(() => button('report-download') !== null, 'back to the choices');
    expect(client()!.signal!.aborted).to.equal(true);
    expect(pressed('analytic')).to.equal('true');
    expect(document.activeElement).to.equal(button('report-type-analytic'));
    expect(toastTexts()).to.deep.equal([]);
  });
});

describe('report dialog by role (portal-and-report 6)', () => {
  it('has no logo upload for a DELEGATE, and has it for a PRO', async () => {
    signIn(user('DELEGATE'), clientSelection);
    await openDialog();
    await waitForForm();
    expect(button('logo-open')).to.equal(null);
    await sendKeys({ press: 'Escape' });
    await until(() => q('report-dialog') === null, 'the dialog closed');
    signIn(user('PRO'), clientSelection);
    await openDialog();
    await waitForForm();
    expect(button('logo-open')).to.not.equal(null);
  });

  it('has no download for ADMIN and BACK_OFFICE: the dialog says so', async () => {
    for (const role of ['ADMIN', 'BACK_OFFICE'] as const) {
      signIn(user(role), clientSelection);
      await openDialog();
      expect(q('report-unavailable')).to.not.equal(null);
      expect(button('report-download')).to.equal(null);
      await sendKeys({ press: 'Escape' });
      await until(() => q('report-dialog') === null, 'the dialog closed');
    }
    expect(callsTo('GET', '/api/v1/portfolio/menu')).to.have.length(0);
  });
});

describe('options dialog (portal-and-report 4 and 5)', () => {
  async function openOptions(profile = user('PRO'), selection: Selection | null = clientSelection) {
    signIn(profile, selection);
    await openDialog();
    await waitForForm();
    button('report-customize')!.click();
    await until(() => q('options-dialog') !== null, 'the options dialog');
  }

  it('offers only the eligible portfolios', async () => {
    await openOptions();
    expect(q('options-portfolio-1')).to.not.equal(null);
    expect(q('options-portfolio-2')).to.not.equal(null);
    expect(q('options-portfolio-3')).to.equal(null);
    expect(q('options-portfolio-4')).to.equal(null);
  });

  it("shows 'undo edit' and enables Save only while the selection differs, and undo restores it", async () => {
    await openOptions();
    expect(button('options-undo')).to.equal(null);
    expect(button('options-save')!.disabled).to.equal(true);
    checkbox('options-section-shares').click();
    await until(() => button('options-undo') !== null, 'undo shown');
    expect(button('options-save')!.disabled).to.equal(false);
    checkbox('options-section-shares').click();
    await until(() => button('options-undo') === null, 'undo gone when back to the saved selection');
    expect(button('options-save')!.disabled).to.equal(true);
    checkbox('options-portfolio-2').click();
    await until(() => button('options-undo') !== null, 'undo shown');
    button('options-undo')!.click();
    await until(() => checkbox('options-portfolio-2').checked, 'portfolio 2 back');
    expect(button('options-save')!.disabled).to.equal(true);
  });

  it('saves on the server, refetches, and closing drops unsaved changes', async () => {
    await openOptions();
    expect(callsTo('GET', '/api/v1/user/settings-report')).to.have.length(1);
    checkbox('options-section-artLux').click();
    await until(() => !button('options-save')!.disabled, 'save enabled');
    button('options-save')!.click();
    await until(() => q('options-dialog') === null, 'the options dialog closed after saving');
    const posts = callsTo('POST', '/api/v1/user/settings-report');
    expect(posts).to.have.length(1);
    expect(posts[0]!.query).to.equal('?clientId=42');
    expect(posts[0]!.body).to.deep.equal({
      sections: ['overview', 'financial', 'fees', 'realEstate', 'shares'],
      portfolios: [1, 2],
    });
    await until(() => callsTo('GET', '/api/v1/user/settings-report').length === 2, 'the settings refetched');
    // Reopened: the saved selection; an unsaved change is dropped on close.
    button('report-customize')!.click();
    await until(() => q('options-dialog') !== null, 'the options dialog again');
    expect(checkbox('options-section-artLux').checked).to.equal(false);
    checkbox('options-section-overview').click();
    await until(() => !checkbox('options-section-overview').checked, 'overview off');
    await sendKeys({ press: 'Escape' });
    await until(() => q('options-dialog') === null, 'the options dialog closed');
    expect(q('report-dialog')).to.not.equal(null);
    button('report-customize')!.click();
    await until(() => q('options-dialog') !== null, 'the options dialog again');
    expect(checkbox('options-section-overview').checked).to.equal(true);
  });

  it('allows fees only with financial and a portfolio; the last portfolio unchecked removes fees', async () => {
    server.settings = { sections: ['financial', 'fees'], portfolios: [1] };
    await openOptions();
    expect(checkbox('options-section-fees').checked).to.equal(true);
    checkbox('options-portfolio-1').click();
    await until(() => !checkbox('options-section-fees').checked, 'fees removed with the last portfolio');
    expect(checkbox('options-section-fees').disabled).to.equal(true);
    checkbox('options-portfolio-2').click();
    await until(() => !checkbox('options-section-fees').disabled, 'fees allowed again');
    checkbox('options-section-fees').click();
    await until(() => checkbox('options-section-fees').checked, 'fees on');
    // Financial off: fees go, and the portfolio checkboxes are disabled.
    checkbox('options-section-financial').click();
    await until(() => checkbox('options-portfolio-2').disabled, 'portfolios disabled');
    expect(checkbox('options-portfolio-1').disabled).to.equal(true);
    expect(checkbox('options-section-fees').checked).to.equal(false);
    expect(checkbox('options-section-fees').disabled).to.equal(true);
  });

  it('keeps a BASIC user’s options in the tab, with no settings call', async () => {
    await openOptions(user('BASIC', { clientId: 42 }), null);
    checkbox('options-section-realEstate').click();
    await until(() => !button('options-save')!.disabled, 'save enabled');
    button('options-save')!.click();
    await until(() => q('options-dialog') === null, 'the options dialog closed after saving');
    expect(double.calls.filter((c) => c.path === '/api/v1/user/settings-report')).to.have.length(0);
    expect(JSON.parse(sessionStorage.getItem('patrimonio.report-options.client.42')!)).to.deep.equal({
      sections: ['overview', 'financial', 'fees', 'shares', 'artLux'],
      portfolios: [1, 2],
    });
    button('report-customize')!.click();
    await until(() => q('options-dialog') !== null, 'the options dialog again');
    expect(checkbox('options-section-realEstate').checked).to.equal(false);
  });
});

describe('logo dialog (portal-and-report 4, 5 and 8)', () => {
  const file = (name: string, size: number, type: string) => new File([new Uint8Array(size)], name, { type });
  const filesOf = (...files: File[]) => {
    const transfer = new DataTransfer();
    for (const f of files) transfer.items.add(f);
    return transfer;
  };
  const choose = (...files: File[]) => pickFile(q<HTMLInputElement>('logo-input')!, ...files);
  const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
  const png = () => new File([Uint8Array.from(atob(PNG), (c) => c.charCodeAt(0))], 'logo.png', { type: 'image/png' });

  async function openLogo() {
    signIn(user('PRO'), clientSelection);
    await openDialog();
    await waitForForm();
    button('logo-open')!.click();
    await until(() => q('logo-dialog') !== null, 'the logo dialog');
  }

  it('disables Save with no file and refuses two dropped files, an oversized one and a wrong type', async () => {
    await openLogo();
    expect(button('logo-save')!.disabled).to.equal(true);
    q('logo-drop')!.dispatchEvent(
      new DragEvent('drop', { dataTransfer: filesOf(png(), png()), bubbles: true, cancelable: true }),
    );
    await until(() => toastTexts().length === 1, 'the too-many-files toast');
    expect(toastTexts()).to.deep.equal(['Puoi caricare un solo file alla volta']);
    choose(file('logo.png', 15_000_001, 'image/png'));
    await until(() => toastTexts().length === 2, 'the file-too-large toast');
    expect(toastTexts()[1]).to.equal('Il file è troppo grande: la dimensione massima è 15 MB');
    choose(file('programma.exe', 100, 'application/x-msdownload'));
    await until(() => toastTexts().length === 3, 'the bad-file toast');
    expect(toastTexts()[2]).to.equal('File non valido: controlla il formato e riprova');
    expect(button('logo-save')!.disabled).to.equal(true);
    expect(q('logo-preview')).to.equal(null);
    expect(callsTo('POST', '/api/v1/user/logo-report')).to.have.length(0);
  });

  it('previews a picked png, saves it as a data URL and refetches the logo', async () => {
    await openLogo();
    await until(() => callsTo('GET', '/api/v1/user/logo-report').length === 1, 'the current logo fetched');
    choose(png());
    await until(() => q('logo-preview') !== null, 'the preview');
    expect(button('logo-save')!.disabled).to.equal(false);
    button('logo-save')!.click();
    await until(() => q('logo-dialog') === null, 'the logo dialog closed after saving');
    const posts = callsTo('POST', '/api/v1/user/logo-report');
    expect(posts).to.have.length(1);
    expect(posts[0]!.body).to.deep.equal({ logoStream: `data:image/png;base64,${PNG}` });
    await until(() => callsTo('GET', '/api/v1/user/logo-report').length === 2, 'the logo refetched');
  });

  it("shows the server's refusal as the same toasts", async () => {
    server.logoSave = { status: 413, body: { statusCode: 413, code: 'file_too_large', message: 'too large' } };
    await openLogo();
    choose(png());
    await until(() => !button('logo-save')!.disabled, 'save enabled');
    button('logo-save')!.click();
    await until(() => toastTexts().length === 1, 'the server refusal toast');
    expect(toastTexts()).to.deep.equal(['Il file è troppo grande: la dimensione massima è 15 MB']);
    expect(q('logo-dialog')).to.not.equal(null);
  });
});
