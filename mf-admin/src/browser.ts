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

interface Viewport {
  width: number;
  height: number;
}
/** Wide enough for every column: the grid renders only the columns in view. */
const WIDE: Viewport = { width: 2400, height: 1200 };
/** The portal's content at 1366 px beside the open side menu (280 px) and its padding is about 1020 px wide. */
const BESIDE_MENU: Viewport = { width: 1000, height: 800 };
const PHONE: Viewport = { width: 360, height: 740 };

/** A download the page started: the file's name and the object URL of its <a download>. */
interface Download {
  name: string;
  href: string;
}

/** The built mf-admin as an admin page's tests drive it, with the checks the pages' tests share. */
export interface AdminApp extends WebApp {
  /** Signs in with `profile`, goes to `path` and mounts the app. */
  visit: (profile: UserProfile, path: string) => Promise<void>;
  /** Runs `test` on a phone's screen (360 × 740), then puts the tests' own viewport back. */
  onPhone: (test: () => Promise<void>) => Promise<void>;
  /** Runs `test` as wide as the portal's content at 1366 px beside the open side menu, then puts it back. */
  besideMenu: (test: () => Promise<void>) => Promise<void>;
  /** The page is no wider than the phone: nothing to scroll sideways. */
  fitsPhone: () => void;
  /** Escape closes the dialog of this test id. */
  escapeCloses: (testId: string, what: string) => Promise<void>;
  /** Clicks the first shown row of a table on a data cell (not on a row action). */
  clickFirstRow: (tableId: string) => void;
  /** Waits until each of these actions of a row of a table is in view. */
  actionsInView: (tableId: string, row: number, ids: readonly string[]) => Promise<void>;
  /** The downloads the page started in this test, kept instead of saved (with the option `downloads`). */
  downloads: Download[];
}

/**
 * The lifecycle of an admin page's browser tests, from the built mf-admin (npm run build -- mf-admin) on the built
 * shared-ui: the app loaded once, in `viewport` (wide by default); before each test the Italian locale, no local
 * storage, an empty query cache, the test file's `reset` of its server double, the double in place of window.fetch and
 * the Toaster beside the app (and with `downloads` the <a download> clicks kept); after each all of it undone and the
 * start URL back.
 */
export function adminApp(
  double: FetchDouble,
  options: { viewport?: Viewport; reset?: () => void; downloads?: boolean } = {},
): AdminApp {
  const viewport = options.viewport ?? WIDE;
  const startUrl = window.location.pathname + window.location.search;
  const anchorClick = HTMLAnchorElement.prototype.click;
  const downloads: Download[] = [];
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
  beforeEach(async () => {
    await setLocale('it');
    localStorage.clear();
    queryClient.clear();
    options.reset?.();
    downloads.length = 0;
    if (options.downloads)
      HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
        if (this.download) downloads.push({ name: this.download, href: this.href });
        else anchorClick.call(this);
      };
    double.install();
    removeBeside = renderBeside();
  });
  afterEach(async () => {
    await loaded().unmount();
    removeBeside();
    double.restore();
    HTMLAnchorElement.prototype.click = anchorClick;
    window.history.replaceState(null, '', startUrl);
  });

  const mount = () => loaded().mount();
  const at = async (other: Viewport, test: () => Promise<void>) => {
    await setViewport(other);
    try {
      await test();
    } finally {
      await setViewport(viewport);
    }
  };
  return {
    mount,
    unmount: () => loaded().unmount(),
    visit: async (profile, path) => {
      signIn(profile);
      go(path);
      await mount();
    },
    onPhone: (test) => at(PHONE, test),
    besideMenu: (test) => at(BESIDE_MENU, test),
    fitsPhone: () => {
      expect(document.documentElement.scrollWidth).to.be.at.most(PHONE.width);
    },
    escapeCloses: async (testId, what) => {
      await sendKeys({ press: 'Escape' });
      await until(() => q(testId) === null, what);
    },
    clickFirstRow: (tableId) => {
      q(`table-${tableId}`)!.querySelector<HTMLElement>('.ht_master td[data-pt-row="0"]:not([data-pt-kind])')!.click();
    },
    actionsInView: async (tableId, row, ids) => {
      for (const id of ids) await until(() => action(tableId, row, id) !== null, id);
    },
    downloads,
  };
}

/** The text of the element of a data-testid ('' without one). */
export const text = (testId: string) => q(testId)?.textContent ?? '';

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
