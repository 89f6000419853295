// axe-core in the journeys (issue 22): every page a journey visits is checked, and a serious or critical violation
// fails the test. axe-core comes from node_modules and is evaluated in the page through the DevTools protocol (the
// portal's Content-Security-Policy, which refuses inline scripts and eval, does not apply to it).
//
// Every context made by support/browser.ts's newContext is watched (watchAxe): each time a page of it arrives at
// another address (a load or the portal's own navigation), the page is checked once it has settled, once per
// address and language. So that a journey does not leave a page before its check, the actions that may navigate or
// open something (goto, reload, going back, a locator's click, press, tap or choice, the page keyboard's keys and its
// mouse's clicks) first wait for the checks of their page. The e2e project's set-up file (axe-setup.ts) waits for the
// checks after each test and fails it on what they found; closing a context waits for its checks first.
// expectNoSeriousAxe checks a page state on demand.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, Result } from 'axe-core';
import type { BrowserContext, Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The impacts that fail a journey. */
const FAILING = new Set(['serious', 'critical']);

export interface AxeViolation {
  url: string;
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/** A violation as one readable line: where, which rule, how bad, and the first elements. */
export const describeViolation = (v: AxeViolation): string =>
  `${v.url}: ${v.id} (${v.impact}) ${v.help} at ${v.targets.slice(0, 3).join(' | ')}`;

/**
 * Waits until the page has settled (no element marked aria-busy, no skeleton, no transition under way), for at most
 * `timeout` ms: the axe check reads the page as the user gets it, not its loading state. Polled with evaluate (the
 * CSP refuses the eval behind waitForFunction).
 */
async function settled(page: Page, timeout: number): Promise<void> {
  const deadline = Date.now() + timeout;
  for (;;) {
    // In the portal, also until the page's own content is in (its h1, or the 404 page), and until what slides or
    // fades in has arrived (colours read half-way through a transition are not the page's).
    const busy = await page.evaluate(
      () =>
        document.readyState !== 'complete' ||
        document
          .getAnimations()
          .some((a) => a.playState === 'running' && Number.isFinite(a.effect?.getTiming().iterations ?? 1)) ||
        Boolean(document.querySelector('[aria-busy="true"], .pt-skeleton, [data-testid="loading-screen"]')) ||
        (document.getElementById('mf-container') !== null &&
          !document.querySelector('#mf-container h1, [data-testid="not-found"]')),
    );
    if (!busy || Date.now() > deadline) return;
    await page.waitForTimeout(100);
  }
}

/** Runs axe-core on the page as it is now; the serious and critical violations. */
export async function seriousAxeViolations(page: Page, timeout = 15_000): Promise<AxeViolation[]> {
  if (timeout > 0) await settled(page, timeout);
  const loaded = await page.evaluate(() => typeof (window as { axe?: unknown }).axe === 'object');
  if (!loaded) await page.evaluate(AXE_SOURCE);
  const results = (await page.evaluate(() =>
    (window as unknown as { axe: { run: (c: Document, o: object) => Promise<AxeResults> } }).axe.run(document, {
      resultTypes: ['violations'],
    }),
  )) as AxeResults;
  const url = new URL(page.url()).pathname;
  return results.violations
    .filter((v: Result) => FAILING.has(v.impact ?? ''))
    .map((v: Result) => ({
      url,
      id: v.id,
      impact: v.impact ?? '',
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(' ')),
    }));
}

/** Fails when axe-core finds a serious or critical violation on the page as it is now (once it has settled). */
export async function expectNoSeriousAxe(page: Page): Promise<void> {
  const found = await seriousAxeViolations(page);
  if (found.length)
    throw new Error(`axe-core: serious or critical violations\n${found.map(describeViolation).join('\n')}`);
}

/** The serious and critical violations found by the watchers since the last takeAxeFindings. */
const findings: AxeViolation[] = [];
/** The checks under way, by context. */
const pending = new Map<BrowserContext, Set<Promise<void>>>();

/** Checks the page after a navigation to `url`, unless it has moved on meanwhile (the next navigation checks). */
async function checkAfterNavigation(page: Page, url: string, seen: Set<string>): Promise<void> {
  await settled(page, 15_000);
  if (page.isClosed() || page.url() !== url) {
    if (process.env.AXE_LOG) console.log(`axe: ${url} left before it settled`);
    return;
  }
  const lang = await page.evaluate(() => document.documentElement.lang);
  // The address with its query (the portal keeps a page's choices there) and the language.
  const { pathname, search } = new URL(url);
  const key = `${pathname}${search} ${lang}`;
  if (seen.has(key)) return;
  const found = await seriousAxeViolations(page, 0);
  if (page.url() !== url) return;
  seen.add(key);
  findings.push(...found);
  // AXE_LOG=1 lists the pages checked (to see what a journey covers).
  if (process.env.AXE_LOG) console.log(`axe: ${key}: ${found.length} serious or critical`);
}

/** Each watched page's checks, one after the other in the order of its navigations. */
const chains = new WeakMap<Page, Promise<void>>();

/** The checks of `page` so far. */
const checksOf = (page: Page): Promise<void> => chains.get(page) ?? Promise.resolve();

/** Waits for the checks of `page`, also those of the navigations that happen meanwhile. */
async function checksDone(page: Page): Promise<void> {
  for (;;) {
    const chain = checksOf(page);
    await chain;
    if (checksOf(page) === chain) return;
  }
}

type Action = (this: unknown, ...args: unknown[]) => Promise<unknown>;
/** Makes `name` of `target` wait for the checks of the page (`pageOf`) before it acts. */
function afterChecks(target: object, name: string, pageOf: (self: unknown) => Page): void {
  const host = target as Record<string, Action>;
  const original = host[name];
  if (!original || (original as { axeWaits?: boolean }).axeWaits) return;
  const wrapped: Action = async function (this: unknown, ...args: unknown[]) {
    await checksDone(pageOf(this));
    return original.apply(this, args);
  };
  (wrapped as { axeWaits?: boolean }).axeWaits = true;
  host[name] = wrapped;
}

/** Checks every page of `context` at each new address (see the file's head). Called by newContext. */
export function watchAxe(context: BrowserContext): void {
  const tasks = new Set<Promise<void>>();
  pending.set(context, tasks);
  const seen = new Set<string>();
  const watch = (page: Page) => {
    chains.set(page, Promise.resolve());
    for (const name of ['goto', 'reload', 'goBack', 'goForward']) afterChecks(page, name, () => page);
    // A key or a click of the page's own keyboard and mouse may open or navigate as well.
    for (const name of ['press', 'type']) afterChecks(page.keyboard, name, () => page);
    for (const name of ['click', 'dblclick']) afterChecks(page.mouse, name, () => page);
    // The locators of every page share one prototype: wrapped once.
    const locator = Object.getPrototypeOf(page.locator('body')) as object;
    for (const name of ['click', 'dblclick', 'press', 'tap', 'selectOption'])
      afterChecks(locator, name, (self) => (self as { page: () => Page }).page());
    page.on('framenavigated', (frame) => {
      if (frame !== page.mainFrame() || frame.url() === 'about:blank') return;
      const url = frame.url();
      const task = checksOf(page).then(() =>
        checkAfterNavigation(page, url, seen).catch((e: unknown) => {
          // The page or its document went away during the check: the page that replaced it is checked instead.
          if (process.env.AXE_LOG) console.log(`axe: ${url} not checked: ${String(e).split('\n')[0]}`);
        }),
      );
      chains.set(page, task);
      tasks.add(task);
      void task.finally(() => tasks.delete(task));
    });
  };
  context.on('page', watch);
  const close = context.close.bind(context);
  context.close = async (options) => {
    await drainAxe();
    pending.delete(context);
    return close(options);
  };
}

/** Waits for every check under way. */
export async function drainAxe(): Promise<void> {
  for (;;) {
    const all = [...pending.values()].flatMap((tasks) => [...tasks]);
    if (all.length === 0) return;
    await Promise.all(all);
  }
}

/** The violations found since the last call (and forgets them). */
export function takeAxeFindings(): AxeViolation[] {
  return findings.splice(0, findings.length);
}
