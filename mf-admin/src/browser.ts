/// <reference types="mocha" />
// What the admin pages' browser tests share beyond tests/support/web-app.tsx: the tests' lifecycle around the built
// mf-admin, the viewports they run in, the shown rows of a table as text, a row's action buttons, the toasts' texts,
// the errors answered in the server's shape and the downloads a page starts. Test code only.
import { expect } from '@esm-bundle/chai';
import type { UserProfile } from '@patrimonio/shared-api';
import { queryClient, setLocale } from '@patrimonio/shared-ui';
import { sendKeys, setViewport } from '@web/test-runner-commands';
import {
  type FetchDouble,
  go,
  json,
  loadApp,
  q,
  renderBeside,
  signIn,
  until,
  type WebApp,
} from '../../tests/support/web-app.tsx';

export interface Viewport {
  width: number;
  height: number;
}
/** Wide enough for every column: the grid renders only the columns in view. */
export const WIDE: Viewport = { width: 2400, height: 1200 };
/** The portal's content at 1366 px beside the open side menu (280 px) and its padding is about 1020 px wide. */
export const BESIDE_MENU: Viewport = { width: 1000, height: 800 };
export const PHONE: Viewport = { width: 360, height: 740 };

/** The built mf-admin as an admin page's tests drive it. */
export interface AdminApp extends WebApp {
  /** Signs in with `profile`, goes to `path` and mounts the app. */
  visit: (profile: UserProfile, path: string) => Promise<void>;
  /** Runs `test` in another viewport, then puts the tests' own back. */
  at: (viewport: Viewport, test: () => Promise<void>) => Promise<void>;
}

/**
 * The lifecycle of an admin page's browser tests, from the built mf-admin (npm run build -- mf-admin) on the built
 * shared-ui: the app loaded once, in `viewport`; before each test the Italian locale, no local storage, an empty query
 * cache, the test file's `reset` of its server double, the double in place of window.fetch and the Toaster beside the
 * app; after each the app unmounted, the Toaster removed, the browser's fetch and the start URL back.
 */
export function adminApp(double: FetchDouble, options: { viewport?: Viewport; reset?: () => void } = {}): AdminApp {
  const viewport = options.viewport ?? WIDE;
  const startUrl = window.location.pathname + window.location.search;
  let app: WebApp | undefined;
  let removeBeside = () => {};
  const loaded = () => {
    if (!app) throw new Error('mf-admin is not loaded yet');
    return app;
  };

  before(async () => {
    await setViewport(viewport);
    app = await loadApp('mf-admin');
  });
  beforeEach(() => {
    setLocale('it');
    localStorage.clear();
    queryClient.clear();
    options.reset?.();
    double.install();
    removeBeside = renderBeside();
  });
  afterEach(async () => {
    await loaded().unmount();
    removeBeside();
    double.restore();
    window.history.replaceState(null, '', startUrl);
  });

  const mount = () => loaded().mount();
  return {
    mount,
    unmount: () => loaded().unmount(),
    visit: async (profile, path) => {
      signIn(profile);
      go(path);
      await mount();
    },
    at: async (other, test) => {
      await setViewport(other);
      try {
        await test();
      } finally {
        await setViewport(viewport);
      }
    },
  };
}

/** The text of the element of a data-testid ('' without one). */
export const text = (testId: string) => q(testId)?.textContent ?? '';

/** The page is no wider than a phone: nothing to scroll sideways. */
export function expectPhoneWidth() {
  expect(document.documentElement.scrollWidth).to.be.at.most(PHONE.width);
}

/** Escape closes the dialog of this test id. */
export async function escapeCloses(testId: string, what: string) {
  await sendKeys({ press: 'Escape' });
  await until(() => q(testId) === null, what);
}

/** Clicks the first shown row of a table on a data cell (not on a row action). */
export function clickFirstRow(tableId: string) {
  q(`table-${tableId}`)!.querySelector<HTMLElement>('.ht_master td[data-pt-row="0"]:not([data-pt-kind])')!.click();
}

/** Waits until each of these actions of a row is in view. */
export async function actionsInView(tableId: string, row: number, ids: readonly string[]) {
  for (const id of ids) await until(() => action(tableId, row, id) !== null, id);
}

/**
 * The downloads a page starts (its <a download> clicks): each one's file name and object URL, kept instead of saved,
 * from each test's start (registers its own beforeEach and afterEach).
 */
export function captureDownloads(): { name: string; href: string }[] {
  const downloads: { name: string; href: string }[] = [];
  const anchorClick = HTMLAnchorElement.prototype.click;
  beforeEach(() => {
    downloads.length = 0;
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      if (this.download) downloads.push({ name: this.download, href: this.href });
      else anchorClick.call(this);
    };
  });
  afterEach(() => {
    HTMLAnchorElement.prototype.click = anchorClick;
  });
  return downloads;
}

/** The shown rows of a table (its grid's master), each as the texts of its cells. */
export const rowsOf = (tableId: string): string[][] =>
  Array.from(document.querySelectorAll(`[data-testid="table-${tableId}"] .ht_master table.htCore tbody tr`)).map((tr) =>
    Array.from(tr.querySelectorAll('td')).map((td) => (td.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ')),
  );

/** The data cell of a table showing exactly this text. */
export const cellWith = (tableId: string, text: string): HTMLElement | undefined =>
  Array.from(
    document.querySelectorAll<HTMLElement>(`[data-testid="table-${tableId}"] .ht_master td[data-pt-row]`),
  ).find((c) => c.textContent === text);

/** The index of the first shown row with a cell of this text, or -1. */
export const rowIndex = (tableId: string, text: string): number =>
  rowsOf(tableId).findIndex((row) => row.includes(text));

/** A row's action button. */
export const action = (tableId: string, row: number, id: string) =>
  document.querySelector<HTMLButtonElement>(
    `[data-testid="table-${tableId}"] .ht_master td[data-pt-row="${row}"] button[data-pt-action="${id}"]`,
  );

/** The texts of the toasts of one kind (success, error, info). */
export const toasts = (kind: string): string[] =>
  Array.from(document.querySelectorAll(`[data-testid="toast-${kind}"] .pt-toast__message`)).map(
    (e) => e.textContent ?? '',
  );

/** An error answer in the server's shape (server/src/plugins/errors.ts). */
export const refusal = (status: number, code?: string, message = 'refused') =>
  json({ statusCode: status, error: 'Error', message, ...(code ? { code } : {}) }, status);

/** The options of a select, by value (the placeholder left out). */
export const optionValues = (select: HTMLSelectElement | null): string[] =>
  [...(select?.options ?? [])].map((o) => o.value).filter(Boolean);
