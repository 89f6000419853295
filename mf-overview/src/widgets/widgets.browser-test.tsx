/// <reference types="mocha" />
// The widget tokens page (issue 20) in real Chromium, from the built mf-overview (npm run build -- shared-ui
// mf-overview) mounted through its single-spa lifecycles on /client/7/widgets as in the portal. The server is a test
// double of window.fetch that keeps the tokens and answers as the contract says (shared-api contract/widgets.ts), and
// serves the self-contained build's manifest: the list with its states, the empty and error states, the form's
// checks (label, widgets, origins like the contract's WidgetOrigin, the 409 limit), the token shown once with the
// snippet, the placeholder snippet of an existing token, the two-step revoke and re-issue, English, a phone's width.
import { expect } from '@esm-bundle/chai';
import type { WidgetToken, WidgetTokenIssue } from '@patrimonio/shared-api';
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

const tokenOf = (n: number) => `ptw_${String(n).padStart(43, 'x')}`;
const token = (id: number, label: string, over: Partial<WidgetToken> = {}): WidgetToken => ({
  id,
  label,
  clientId: 7,
  familyId: null,
  widgets: ['portfolio-donut'],
  origins: ['https://www.studio-rossi.it'],
  expiresOn: '2027-06-30',
  state: 'active',
  hint: `ptw_xx…x${id}`,
  uses: 12,
  lastUsedAt: '2026-11-20T09:30:00Z',
  createdAt: '2026-11-01T09:30:00Z',
  revokedAt: null,
  ...over,
});

const MANIFEST = {
  files: {
    'portfolio-donut': 'pt-portfolio-donut.aaa111.js',
    'wealth-total': 'pt-wealth-total.bbb222.js',
    all: 'pt-widgets.ccc333.js',
  },
  sizes: {},
};
const server = { tokens: [] as WidgetToken[], fail: false, limit: false, refuseOrigin: false, nextId: 10 };

const double = new FetchDouble(({ method, path: p, body }) => {
  if (p === '/widgets/manifest.json') return json(MANIFEST);
  if (p === '/api/v1/clients/7/widget-tokens' && method === 'GET')
    return server.fail
      ? json({ statusCode: 500, message: 'Internal server error' }, 500)
      : json({ item: [...server.tokens].reverse() });
  if (p === '/api/v1/clients/7/widget-tokens' && method === 'POST') {
    if (server.limit)
      return json({ statusCode: 409, error: 'Conflict', code: 'widget_tokens_limit', message: 'limit' }, 409);
    if (server.refuseOrigin)
      return json(
        {
          statusCode: 400,
          error: 'Bad Request',
          message: 'body/origins/0 must match pattern',
          fields: [{ field: 'body.origins.0', message: 'must match pattern' }],
        },
        400,
      );
    const b = body as WidgetTokenIssue;
    const id = server.nextId++;
    const item = token(id, b.label, { ...b, uses: 0, lastUsedAt: null });
    server.tokens.push(item);
    return json({ token: tokenOf(id), item });
  }
  const one = /^\/api\/v1\/widget-tokens\/(\d+)\/(revoke|reissue)$/.exec(p);
  const found = one ? server.tokens.find((t) => t.id === Number(one[1])) : undefined;
  if (found && method === 'POST' && one![2] === 'revoke') {
    found.state = 'revoked';
    found.revokedAt = '2026-11-27T10:00:00Z';
    return json(found);
  }
  if (found && method === 'POST') {
    found.state = 'revoked';
    const id = server.nextId++;
    const item = token(id, found.label, { widgets: found.widgets, origins: found.origins, uses: 0, lastUsedAt: null });
    server.tokens.push(item);
    return json({ token: tokenOf(id), item });
  }
  if (p === '/api/v1/families/3/widget-tokens' && method === 'GET') return json({ item: [] });
  if (p === '/api/v1/families/3/widget-tokens' && method === 'POST') {
    const b = body as WidgetTokenIssue;
    const id = server.nextId++;
    return json({ token: tokenOf(id), item: token(id, b.label, { ...b, clientId: null, familyId: 3, uses: 0 }) });
  }
  if (p === '/api/v1/user/data-tour') return json('-1');
  return json({ statusCode: 404, error: 'Not Found', message: 'not here' }, 404);
});
const { callsTo } = double;

let app: WebApp;
let removeBeside: () => void;
let startPath: string;
let copied: string[] = [];
const clipboardWrite = navigator.clipboard.writeText;

const page = () => q('widgets-page')!;
const rows = () => Array.from(page().querySelectorAll('.ht_master tbody tr'));
const rowOf = (label: string) =>
  Array.from(page().querySelectorAll<HTMLTableRowElement>('.ht_master tbody tr')).find((tr) =>
    tr.textContent?.includes(label),
  )!;
const button = (within: ParentNode, label: string) =>
  Array.from(within.querySelectorAll<HTMLButtonElement>('button')).find(
    (b) => b.getAttribute('aria-label') === label || b.textContent?.trim() === label,
  );
/** A row's action button, once the grid has drawn it (the action columns come a frame after the rows). */
async function action(label: string, name: string) {
  await until(() => button(rowOf(label), name) !== undefined, `${name} on ${label}`);
  return button(rowOf(label), name)!;
}
const dialog = () => q('widget-token-dialog');
const check = (kind: string) => q<HTMLInputElement>(`widget-kind-${kind}`)!.click();

async function openPage() {
  signIn(user('PRO'));
  await app.mount();
  await until(() => q('widgets-page') !== null, 'the widgets page');
}

async function openForm() {
  await until(() => rows().length === server.tokens.length || server.tokens.length === 0, 'the tokens');
  q<HTMLButtonElement>('widget-token-add')!.click();
  await until(() => dialog() !== null, 'the form');
}

before(async () => {
  await emulateMedia({ reducedMotion: 'reduce' });
  app = await loadApp('mf-overview');
  startPath = window.location.pathname + window.location.search;
});

beforeEach(async () => {
  await setViewport({ width: 1366, height: 900 });
  await setLocale('it');
  localStorage.clear();
  queryClient.clear();
  server.tokens = [
    token(1, 'Sito dello studio', { widgets: ['portfolio-donut', 'wealth-total'] }),
    token(2, 'Vecchio sito', { state: 'expired', uses: 0, lastUsedAt: null, expiresOn: '2026-01-31' }),
  ];
  server.fail = false;
  server.limit = false;
  server.refuseOrigin = false;
  server.nextId = 10;
  copied = [];
  navigator.clipboard.writeText = async (value: string) => {
    copied.push(value);
  };
  double.install();
  window.history.replaceState(null, '', '/client/7/widgets');
  removeBeside = renderBeside();
});

afterEach(async () => {
  await app.unmount();
  removeBeside();
  double.restore();
  navigator.clipboard.writeText = clipboardWrite;
  window.history.replaceState(null, '', startPath);
});

describe('widget tokens (/client/:id/widgets)', () => {
  it('lists the tokens: label, widgets, origins, expiry, state and uses (last use and hint in the columns menu)', async () => {
    await openPage();
    await until(() => rows().length === 2, 'two tokens');
    const site = rowOf('Sito dello studio').textContent!;
    expect(site).to.contain('Portafoglio per asset class, Patrimonio totale');
    expect(site).to.contain('https://www.studio-rossi.it');
    expect(site).to.contain('30/06/2027');
    expect(site).to.contain('Attivo');
    expect(site).to.contain('12');
    expect(site).not.to.contain('ptw_xx…x1');
    expect(rowOf('Vecchio sito').textContent).to.contain('Scaduto');
    // Only a live token can be revoked; any can be re-issued.
    await action('Vecchio sito', 'Emetti di nuovo');
    await action('Sito dello studio', 'Revoca');
    expect(button(rowOf('Vecchio sito'), 'Revoca')).to.equal(undefined);
  });

  it('says when there is no token, and when the list cannot be loaded', async () => {
    server.tokens = [];
    await openPage();
    await until(() => page().textContent!.includes('Nessun token'), 'the empty state');
    await app.unmount();
    queryClient.clear();
    server.fail = true;
    const defaults = queryClient.getDefaultOptions();
    queryClient.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retry: false } });
    await app.mount();
    await until(() => page()?.textContent?.includes('Impossibile caricare i token') ?? false, 'the error state');
    queryClient.setDefaultOptions(defaults);
  });

  it('checks the form before sending: label, a widget, origins like the contract, the expiry a year ahead', async () => {
    await openPage();
    await openForm();
    const expiry = q<HTMLInputElement>('widget-token-expiry')!.value;
    const inAYear = new Date();
    inAYear.setFullYear(inAYear.getFullYear() + 1);
    // Shown day first (dd/mm/yyyy): the year is last; sent as YYYY-MM-DD.
    expect(expiry.slice(-5)).to.equal(`/${inAYear.getFullYear()}`);
    const expiresOn = expiry.split('/').reverse().join('-');
    q<HTMLButtonElement>('widget-token-submit')!.click();
    await until(() => dialog()!.textContent!.includes('Scegli almeno un widget'), 'the widgets error');
    expect(dialog()!.textContent).to.contain("Indica almeno un'origine");
    expect(callsTo('POST', '/api/v1/clients/7/widget-tokens')).to.have.length(0);

    type(q<HTMLInputElement>('widget-token-label')!, 'Sito dello studio');
    check('portfolio-donut');
    check('wealth-total');
    type(q<HTMLTextAreaElement>('widget-token-origins')!, 'https://www.studio-rossi.it\nhttp://www.studio-rossi.it/');
    q<HTMLButtonElement>('widget-token-submit')!.click();
    await until(
      () => dialog()!.textContent!.includes('"http://www.studio-rossi.it" non è un\'origine valida'),
      'the faulty origin named',
    );
    expect(callsTo('POST', '/api/v1/clients/7/widget-tokens')).to.have.length(0);

    type(q<HTMLTextAreaElement>('widget-token-origins')!, ' https://WWW.Studio-Rossi.it/ \n\nhttp://localhost:8080\n');
    q<HTMLButtonElement>('widget-token-submit')!.click();
    await until(() => callsTo('POST', '/api/v1/clients/7/widget-tokens').length === 1, 'the POST');
    expect(callsTo('POST', '/api/v1/clients/7/widget-tokens')[0]!.body).to.deep.equal({
      label: 'Sito dello studio',
      widgets: ['portfolio-donut', 'wealth-total'],
      origins: ['https://www.studio-rossi.it', 'http://localhost:8080'],
      expiresOn,
    });
  });

  it('says the 409 widget_tokens_limit in the form', async () => {
    server.limit = true;
    await openPage();
    await openForm();
    type(q<HTMLInputElement>('widget-token-label')!, 'Un altro');
    check('fee-table');
    type(q<HTMLTextAreaElement>('widget-token-origins')!, 'https://www.studio-rossi.it');
    q<HTMLButtonElement>('widget-token-submit')!.click();
    await until(() => dialog()!.textContent!.includes('Ci sono già 20 token attivi'), 'the limit in words');
  });

  it("puts a 400 naming an origin on the origins' field", async () => {
    server.refuseOrigin = true;
    await openPage();
    await openForm();
    type(q<HTMLInputElement>('widget-token-label')!, 'Un altro');
    check('fee-table');
    type(q<HTMLTextAreaElement>('widget-token-origins')!, 'https://www.studio-rossi.it');
    q<HTMLButtonElement>('widget-token-submit')!.click();
    await until(() => dialog()!.textContent!.includes('Valore rifiutato dal server'), "the origins' error");
    expect(q('form-error', dialog()!)).to.equal(null);
  });

  it('shows the token once, with its warning, the snippet and the live preview', async () => {
    await openPage();
    await openForm();
    type(q<HTMLInputElement>('widget-token-label')!, 'Sito nuovo');
    check('wealth-total');
    check('portfolio-donut');
    type(q<HTMLTextAreaElement>('widget-token-origins')!, 'https://www.studio-rossi.it');
    q<HTMLButtonElement>('widget-token-submit')!.click();
    await until(() => q('widget-token-issued') !== null, 'the issued token');
    expect(dialog()).to.equal(null);
    expect(q('widget-token-value')!.textContent).to.equal(tokenOf(10));
    expect(q('widget-token-warning')!.textContent).to.contain('non verrà mostrato di nuovo');
    await until(() => q('widget-snippet-code')!.textContent!.includes('ccc333'), 'the manifest read');
    const origin = window.location.origin;
    expect(q('widget-snippet-code')!.textContent).to.equal(
      [
        `<script type="module" src="${origin}/widgets/pt-widgets.ccc333.js"></script>`,
        `<pt-portfolio-donut src="${origin}/api/v1/widget-data/portfolio-donut" token="${tokenOf(10)}" lang="it"></pt-portfolio-donut>`,
        `<pt-wealth-total src="${origin}/api/v1/widget-data/wealth-total" token="${tokenOf(10)}" lang="it"></pt-wealth-total>`,
      ].join('\n'),
    );
    // The language of the widgets: the snippet and the preview follow it.
    q<HTMLInputElement>('widget-lang-en')!.click();
    await until(() => q('widget-snippet-code')!.textContent!.includes('lang="en"'), 'the snippet in English');
    const donut = q('preview-pt-portfolio-donut')!;
    expect(donut.tagName.toLowerCase()).to.equal('pt-portfolio-donut');
    expect(donut.getAttribute('src')).to.equal(`${origin}/api/v1/widget-data/portfolio-donut`);
    expect(donut.getAttribute('token')).to.equal(tokenOf(10));
    await until(() => q('preview-pt-portfolio-donut')!.getAttribute('lang') === 'en', 'the preview in English');
    q<HTMLButtonElement>('widget-snippet-copy')!.click();
    q<HTMLButtonElement>('widget-token-copy')!.click();
    await until(() => copied.length === 2, 'both copies');
    expect(copied[0]).to.equal(q('widget-snippet-code')!.textContent);
    expect(copied[1]).to.equal(tokenOf(10));
    // Once: closed, the token is nowhere on the page.
    q<HTMLButtonElement>('widget-token-done')!.click();
    await until(() => q('widget-token-issued') === null, 'the token closed');
    await until(() => rows().length === 3, 'the new token listed');
    expect(document.body.textContent).not.to.contain(tokenOf(10));
  });

  it("shows an existing token's snippet with a placeholder, and says re-issuing gives a new token", async () => {
    await openPage();
    await until(() => rows().length === 2, 'the tokens');
    (await action('Sito dello studio', 'Codice da incollare')).click();
    await until(() => q('widget-snippet-placeholder') !== null, 'the placeholder notice');
    expect(q('widget-snippet-placeholder')!.textContent).to.contain('emetti di nuovo il token');
    expect(q('widget-snippet-code')!.textContent).to.contain('token="INCOLLA-QUI-IL-TOKEN"');
    expect(q('widget-preview')).to.equal(null);
  });

  it('revokes and re-issues with the two-step confirmation', async () => {
    await openPage();
    await until(() => rows().length === 2, 'the tokens');
    (await action('Sito dello studio', 'Revoca')).click();
    expect(callsTo('POST', '/api/v1/widget-tokens/1/revoke')).to.have.length(0);
    (await action('Sito dello studio', 'Conferma: Revoca')).click();
    await until(() => callsTo('POST', '/api/v1/widget-tokens/1/revoke').length === 1, 'the revoke');
    await until(() => rowOf('Sito dello studio').textContent!.includes('Revocato'), 'revoked');

    (await action('Vecchio sito', 'Emetti di nuovo')).click();
    expect(callsTo('POST', '/api/v1/widget-tokens/2/reissue')).to.have.length(0);
    (await action('Vecchio sito', 'Conferma: Emetti di nuovo')).click();
    await until(() => q('widget-token-issued') !== null, 'the new token');
    expect(q('widget-token-value')!.textContent).to.equal(tokenOf(10));
    expect(q('widget-token-issued')!.textContent).to.contain('Il token precedente non funziona più');
    expect(q('widget-snippet-code')!.textContent).to.contain(`token="${tokenOf(10)}"`);
    // One widget: the script loads that widget's own file.
    await until(() => q('widget-snippet-code')!.textContent!.includes('pt-portfolio-donut.aaa111.js'), 'its file');
  });

  it("a family's page lists and issues the family's tokens", async () => {
    window.history.replaceState(null, '', '/family/3/widgets');
    await openPage();
    await until(() => page().textContent!.includes('Nessun token'), 'the empty list');
    expect(page().textContent).to.contain('dati aggiornati della famiglia');
    q<HTMLButtonElement>('widget-token-add')!.click();
    await until(() => dialog() !== null, 'the form');
    type(q<HTMLInputElement>('widget-token-label')!, 'Sito di famiglia');
    check('business-chart');
    type(q<HTMLTextAreaElement>('widget-token-origins')!, 'https://famiglia.example');
    q<HTMLButtonElement>('widget-token-submit')!.click();
    await until(() => q('widget-token-issued') !== null, 'the issued token');
    expect(callsTo('POST', '/api/v1/families/3/widget-tokens')).to.have.length(1);
    expect(callsTo('POST', '/api/v1/clients/7/widget-tokens')).to.have.length(0);
    expect(callsTo('GET', '/api/v1/clients/7/widget-tokens')).to.have.length(0);
  });

  it('in English, at a phone width: the form and the table fit', async () => {
    await setLocale('en');
    await openPage();
    await until(() => rows().length === 2, 'the tokens');
    expect(page().textContent).to.contain('Widgets for your website');
    await until(() => rowOf('Vecchio sito').textContent!.includes('Expired'), 'the state in English');
    await action('Vecchio sito', 'Re-issue');
    // At a phone's width the page does not overflow: the grid scrolls sideways inside its own box.
    await setViewport({ width: 375, height: 800 });
    await until(() => document.documentElement.scrollWidth <= 375, 'the page within the phone width');
    await openForm();
    expect(dialog()!.textContent).to.contain('Portfolio by asset class');
    expect(dialog()!.textContent).to.contain('Allowed origins, one per line');
    const box = dialog()!.getBoundingClientRect();
    expect(box.right).to.be.at.most(375);
    expect(box.left).to.be.at.least(0);
    type(q<HTMLInputElement>('widget-token-label')!, 'Site');
    check('fee-table');
    type(q<HTMLTextAreaElement>('widget-token-origins')!, 'ftp://site.example');
    q<HTMLButtonElement>('widget-token-submit')!.click();
    await until(() => dialog()!.textContent!.includes('"ftp://site.example" is not a valid origin'), 'the origin');
    type(q<HTMLTextAreaElement>('widget-token-origins')!, 'https://site.example');
    q<HTMLButtonElement>('widget-token-submit')!.click();
    await until(() => q('widget-token-issued') !== null, 'the issued token');
    expect(q('widget-token-warning')!.textContent).to.contain('it will not be shown again');
    // The token, the snippet and the preview wrap within the phone's width.
    await until(() => q('widget-snippet-code')!.textContent!.includes('lang="en"'), 'the snippet in English');
    expect(document.documentElement.scrollWidth).to.be.at.most(375);
  });
});
