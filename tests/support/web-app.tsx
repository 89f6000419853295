// The harness of the browser tests of a built micro-frontend (@web/test-runner, web-test-runner.config.mjs): the
// app's single-spa lifecycles loaded from its built bundle and mounted as the portal mounts them, a test double of
// window.fetch that records the calls, the Toaster beside the app, and the waits and DOM helpers the tests share.
// Test code only: no product bundle imports it. The bare imports resolve, as the tests' own, to the built shared
// libraries of the import map, so the app and the test share one session store, query cache and toaster.
import { I18nProvider } from '@lingui/react';
import type { UserProfile } from '@patrimonio/shared-api';
import { i18n, initI18n, injectStyles, type Selection, sessionStore, Toaster, toast } from '@patrimonio/shared-ui';
import type { ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';

/** The browser's own fetch, for the files the test page loads itself (manifests, bundles, fonts). */
export const realFetch = window.fetch;

interface Lifecycles {
  bootstrap: (props: object) => Promise<void>;
  mount: (props: object) => Promise<void>;
  unmount: (props: object) => Promise<void>;
}

/** A built micro-frontend, bootstrapped: mount and unmount it as single-spa does. */
export interface WebApp {
  mount: () => Promise<void>;
  unmount: () => Promise<void>;
}

/**
 * Prepares the page as the portal does (the styles, the catalogs), loads the built app of a package from its
 * dist (npm run build -- <pkg>) and bootstraps it.
 */
export async function loadApp(pkg: string): Promise<WebApp> {
  injectStyles();
  await initI18n();
  const manifest = await (await realFetch(`/${pkg}/dist/manifest.json`)).json();
  const url = String(manifest.imports[`@patrimonio/${pkg}`]).replace(`/${pkg}/`, `/${pkg}/dist/`);
  const app = (await import(url)) as Lifecycles;
  const props = { name: `@patrimonio/${pkg}` };
  await app.bootstrap(props);
  return { mount: () => app.mount(props), unmount: () => app.unmount(props) };
}

/** Renders the Toaster (and what else the test needs beside the app) in its own root; the result removes it. */
export function renderBeside(children?: ReactNode): () => void {
  const host = document.createElement('div');
  document.body.appendChild(host);
  const root = createRoot(host);
  flushSync(() =>
    root.render(
      <I18nProvider i18n={i18n}>
        <Toaster />
        {children}
      </I18nProvider>,
    ),
  );
  return () => {
    toast.dismiss();
    root.unmount();
    host.remove();
  };
}

/** A profile of the given role (its id and name from the role). */
export const user = (role: UserProfile['role'], over: Partial<UserProfile> = {}): UserProfile => ({
  id: `${role}-1`,
  role,
  name: `Utente ${role}`,
  permissions: [],
  clientId: null,
  proId: null,
  impersonator: null,
  ...over,
});

export function signIn(profile: UserProfile, selection: Selection | null = null) {
  sessionStore.set({ status: 'signed-in', user: profile, accessToken: 'token', expiresAt: null, selection });
}

/** Goes to a path of the portal (single-spa reroutes on popstate; the app follows the location). */
export function go(path: string) {
  window.history.pushState(null, '', path);
  window.dispatchEvent(new PopStateEvent('popstate'));
}

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A call the double got: the body parsed from JSON, a multipart body as its FormData. */
export interface Call {
  method: string;
  path: string;
  query: string;
  body: unknown;
}

/** A call as the double's answer sees it: the call, its URL and its init. */
export interface DoubleRequest extends Call {
  url: URL;
  init: RequestInit;
}

/**
 * A test double of window.fetch: `answer` says what the server answers; every call is recorded. install() puts it
 * in place of window.fetch with no calls, restore() puts the browser's back.
 */
export class FetchDouble {
  calls: Call[] = [];
  constructor(private readonly answer: (request: DoubleRequest) => Response | Promise<Response>) {}

  readonly fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(String(input), window.location.origin);
    const method = init.method ?? 'GET';
    const body =
      typeof init.body === 'string' ? JSON.parse(init.body) : init.body instanceof FormData ? init.body : null;
    const call = { method, path: url.pathname, query: url.search, body };
    this.calls.push(call);
    return this.answer({ ...call, url, init });
  };

  install() {
    this.calls = [];
    window.fetch = this.fetch as typeof window.fetch;
  }

  restore() {
    window.fetch = realFetch;
  }

  /** The calls of a method to a path, in order. */
  readonly callsTo = (method: string, path: string) => this.calls.filter((c) => c.method === method && c.path === path);
}

/** The text fields of a multipart body, the file by its name. */
export const formFields = (form: FormData) =>
  Object.fromEntries([...form.entries()].map(([k, v]) => [k, typeof v === 'string' ? v : `file:${v.name}`]));

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until `check` holds (up to 5 s), or fails naming `what`. */
export async function until(check: () => boolean, what: string) {
  for (let i = 0; i < 250; i++) {
    if (check()) return;
    await sleep(20);
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** The element of a data-testid. */
export const q = <T extends HTMLElement = HTMLElement>(testId: string, within: ParentNode = document) =>
  within.querySelector<T>(`[data-testid="${testId}"]`);

/** Chooses an option as a user would (React sees the change). */
export function choose(select: HTMLSelectElement, value: string) {
  Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!.set!.call(select, value);
  select.dispatchEvent(new Event('change', { bubbles: true }));
}

/** Types a value in a field as a user would (React sees the input). */
export function type(field: HTMLInputElement | HTMLTextAreaElement, value: string) {
  const proto = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/** Picks files in a file input, as a user would. */
export function pickFile(input: HTMLInputElement, ...files: File[]) {
  const transfer = new DataTransfer();
  for (const file of files) transfer.items.add(file);
  input.files = transfer.files;
  input.dispatchEvent(new Event('change', { bubbles: true }));
}
