/// <reference types="mocha" />
// The eight widget elements in real Chromium, from the built shared-ui (issue 20): figures in as the `data`
// property or attribute, or fetched from `src` with a widget token (window.fetch answered by a test double here);
// the states (loading, empty, error by 401, 403 and 500 with Retry, ready) on `data-state` and `pt-state-change`;
// both languages; the events out (drill-down, slice click); axe finds no serious or critical violation.
import { expect } from '@esm-bundle/chai';
import { I18nProvider } from '@lingui/react';
import {
  type ArtLuxDonutElement,
  type DrillDownDetail,
  defineWidgets,
  i18n,
  initI18n,
  loadLocale,
  type PerformanceBarsElement,
  type PortfolioDonutElement,
  PtPerformanceBars,
  type SliceClickDetail,
  setLocale,
  type WealthTotalElement,
  type WidgetState,
} from '@patrimonio/shared-ui';
import { sendKeys } from '@web/test-runner-commands';
import 'axe-core';
import type { AxeResults } from 'axe-core';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import {
  artLuxDonutData,
  businessChartData,
  feeTableData,
  performanceBarsData,
  portfolioDonutData,
  projectionBandData,
  trendWaterfallData,
  wealthTotalData,
} from './fixtures.ts';

const axe = (window as unknown as { axe: { run: (context: Element) => Promise<AxeResults> } }).axe;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const until = async (check: () => boolean, what: string, timeout = 8000) => {
  const end = Date.now() + timeout;
  while (Date.now() < end) {
    if (check()) return;
    await sleep(20);
  }
  throw new Error(`timed out waiting for ${what}`);
};
const text = (el: Element | null | undefined) => (el?.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ');
const stateOf = (el: Element) => el.getAttribute('data-state');
const inside = <E extends Element = HTMLElement>(el: Element, selector: string) =>
  el.shadowRoot!.querySelector<E>(selector);

let area: HTMLElement;
const realFetch = window.fetch;

before(async () => {
  await initI18n();
  // Italian whatever language an earlier test file left in localStorage (the runner's pages share it).
  await setLocale('it');
  defineWidgets();
});
beforeEach(() => {
  area = document.createElement('div');
  area.style.width = '720px';
  document.body.appendChild(area);
});
afterEach(() => {
  area.remove();
  window.fetch = realFetch;
});

function make<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Record<string, string> = {}) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attributes)) el.setAttribute(k, v);
  return el;
}
function put<E extends HTMLElement>(el: E): E {
  area.appendChild(el);
  return el;
}

/** Records every pt-state-change of an element. */
function statesOf(el: HTMLElement): WidgetState[] {
  const seen: WidgetState[] = [];
  el.addEventListener('pt-state-change', (e) => seen.push(e.detail.state));
  return seen;
}

async function noSeriousViolations(el: Element) {
  const results = await axe.run(el);
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).to.deep.equal([]);
}

interface FakeCall {
  url: string;
  init: RequestInit | undefined;
}
/** window.fetch answered by `answer` (a status and a body); each call recorded, its signal kept. */
function fakeFetch(answer: (call: FakeCall, n: number) => { status: number; body?: unknown } | Promise<never>) {
  const calls: FakeCall[] = [];
  window.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    const call = { url: String(input), init };
    calls.push(call);
    const result = answer(call, calls.length);
    if (result instanceof Promise) return result;
    return Promise.resolve(
      new Response(result.body === undefined ? null : JSON.stringify(result.body), {
        status: result.status,
        headers: { 'content-type': 'application/json' },
      }),
    );
  }) as typeof fetch;
  return calls;
}
/** A fetch that never answers, rejecting with AbortError when its signal aborts. */
const pending = (call: FakeCall) =>
  new Promise<never>((_, reject) => {
    call.init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
  });

const headerOf = (call: FakeCall, name: string) => new Headers(call.init?.headers).get(name);

describe('definition', () => {
  it('defines the eight tags, once', () => {
    for (const tag of [
      'pt-portfolio-donut',
      'pt-fee-table',
      'pt-performance-bars',
      'pt-trend-waterfall',
      'pt-business-chart',
      'pt-artlux-donut',
      'pt-projection-band',
      'pt-wealth-total',
    ]) {
      expect(customElements.get(tag), tag).to.not.equal(undefined);
    }
    expect(() => defineWidgets()).not.to.throw();
  });
});

describe('data in', () => {
  it('takes the figures as a property (reflected as JSON) and as an attribute', async () => {
    const el = make('pt-wealth-total');
    const seen = statesOf(el);
    el.data = wealthTotalData;
    put(el);
    await until(() => stateOf(el) === 'ready', 'ready');
    expect(seen).to.deep.equal(['ready']);
    expect(JSON.parse(el.getAttribute('data')!)).to.deep.equal(wealthTotalData);
    expect(el.state).to.equal('ready');
    expect(text(inside(el, '[part="total"]'))).to.equal('1.234.567,89 €');
    el.setAttribute('data', JSON.stringify({ ...wealthTotalData, total: 10, parts: [] }));
    await until(() => text(inside(el, '[part="total"]')) === '10,00 €', 'the new attribute');
  });

  it('shows the error state for figures of another shape', async () => {
    const warn = console.warn;
    console.warn = () => {};
    try {
      const el = put(make('pt-performance-bars', { data: JSON.stringify({ classes: 'no' }) }));
      await until(() => stateOf(el) === 'error', 'error');
      expect(text(inside(el, '[part="status"]'))).to.contain('Dati non disponibili');
    } finally {
      console.warn = warn;
    }
  });

  it('is empty with no figures, and with figures that have nothing to draw', async () => {
    const el = put(make('pt-business-chart'));
    await until(() => stateOf(el) === 'empty', 'empty');
    el.data = { year: null, companies: [] };
    await sleep(50);
    expect(stateOf(el)).to.equal('empty');
    expect(text(inside(el, '[part="status"]'))).to.equal('Ricavi, utile ed EBITDA: nessun dato da mostrare.');
    el.setAttribute('lang', 'en');
    await until(() => text(inside(el, '[part="status"]')).includes('no data to show'), 'English');
  });
});

describe('src and token', () => {
  const src = 'https://widgets.example.test/api/v1/widget-data/wealth-total';

  it('fetches with the bearer token, no credentials, the range as dateFrom and dateTo; loading then ready', async () => {
    let release: (() => void) | undefined;
    const calls = fakeFetch(() => ({ status: 200, body: wealthTotalData }));
    const answered = window.fetch;
    window.fetch = ((...args: Parameters<typeof fetch>) =>
      new Promise<Response>((resolve) => {
        release = () => resolve(answered(...args));
      })) as typeof fetch;
    const el = make('pt-wealth-total', { src, token: 'ptw_abc', 'date-from': '2026-01-01', 'date-to': '2026-10-31' });
    const seen = statesOf(el);
    put(el);
    await until(() => stateOf(el) === 'loading', 'loading');
    expect(inside(el, '[part="base"]')!.getAttribute('aria-busy')).to.equal('true');
    expect(inside(el, '.pt-widget__skeleton')).to.not.equal(null);
    await until(() => release !== undefined, 'the request');
    release!();
    await until(() => stateOf(el) === 'ready', 'ready');
    expect(seen).to.deep.equal(['loading', 'ready']);
    expect(calls).to.have.length(1);
    const url = new URL(calls[0]!.url);
    expect(url.origin + url.pathname).to.equal(src);
    expect(url.searchParams.get('dateFrom')).to.equal('2026-01-01');
    expect(url.searchParams.get('dateTo')).to.equal('2026-10-31');
    expect(headerOf(calls[0]!, 'authorization')).to.equal('Bearer ptw_abc');
    expect(calls[0]!.init?.credentials).to.equal('omit');
    expect(inside(el, '[part="base"]')!.hasAttribute('aria-busy')).to.equal(false);
  });

  it('aborts the previous request when the token changes and when the element leaves the page', async () => {
    const calls = fakeFetch((call) => pending(call));
    const el = put(make('pt-wealth-total', { src, token: 'ptw_one' }));
    await until(() => calls.length === 1, 'the first request');
    el.setAttribute('token', 'ptw_two');
    await until(() => calls.length === 2, 'the second request');
    expect(calls[0]!.init?.signal?.aborted).to.equal(true);
    expect(headerOf(calls[1]!, 'authorization')).to.equal('Bearer ptw_two');
    el.remove();
    await until(() => calls[1]!.init?.signal?.aborted === true, 'the abort on removal');
  });

  it('401: the token is not valid (no Retry)', async () => {
    fakeFetch(() => ({ status: 401, body: { message: 'revoked' } }));
    const el = put(make('pt-wealth-total', { src, token: 'ptw_revoked' }));
    await until(() => stateOf(el) === 'error', 'error');
    expect(text(inside(el, '[part="status"]'))).to.contain('Il token del widget non è valido (revocato o scaduto).');
    expect(inside(el, '[part="retry"]')).to.equal(null);
    expect(inside(el, '[role="alert"]')).to.not.equal(null);
  });

  it('403: not allowed on this site, in English', async () => {
    fakeFetch(() => ({ status: 403 }));
    const el = put(make('pt-wealth-total', { src, token: 'ptw_x', lang: 'en' }));
    await until(() => stateOf(el) === 'error', 'error');
    expect(text(inside(el, '[part="status"]'))).to.contain('This widget is not allowed on this site.');
  });

  it('500: figures unavailable with a Retry button that asks again', async () => {
    const calls = fakeFetch((_, n) => (n === 1 ? { status: 500 } : { status: 200, body: wealthTotalData }));
    const el = put(make('pt-wealth-total', { src, token: 'ptw_x' }));
    const seen = statesOf(el);
    await until(() => stateOf(el) === 'error', 'error');
    expect(text(inside(el, '[part="status"]'))).to.contain('Dati non disponibili al momento.');
    await noSeriousViolations(el);
    inside<HTMLButtonElement>(el, '[part="retry"]')!.click();
    await until(() => stateOf(el) === 'ready', 'ready after Retry');
    expect(calls).to.have.length(2);
    expect(seen).to.deep.equal(['loading', 'error', 'loading', 'ready']);
  });

  it('a network failure is an error with Retry', async () => {
    fakeFetch(() => Promise.reject(new TypeError('Failed to fetch')) as Promise<never>);
    const el = put(make('pt-projection-band', { src, token: 'ptw_x' }));
    await until(() => stateOf(el) === 'error', 'error');
    expect(inside(el, '[part="retry"]')).to.not.equal(null);
  });

  it('an answer of another shape is an error', async () => {
    const warn = console.warn;
    console.warn = () => {};
    fakeFetch(() => ({ status: 200, body: { total: 'much' } }));
    try {
      const el = put(make('pt-wealth-total', { src, token: 'ptw_x' }));
      await until(() => stateOf(el) === 'error', 'error');
    } finally {
      console.warn = warn;
    }
  });
});

describe('<pt-wealth-total>', () => {
  it('shows the total, the date and the parts with their share in both languages; axe-clean', async () => {
    const el = put(make('pt-wealth-total', { data: JSON.stringify(wealthTotalData), heading: 'Il tuo patrimonio' }));
    await until(() => stateOf(el) === 'ready', 'ready');
    expect(text(inside(el, '[part="title"]'))).to.equal('Il tuo patrimonio');
    expect(text(inside(el, '.pt-wealth-total__date'))).to.equal('al 31/10/2026');
    const rows = [...el.shadowRoot!.querySelectorAll('tbody tr')].map((r) => [...r.children].map((c) => text(c)));
    expect(rows[0]).to.deep.equal(['Finanziario', '740.740,73 €', '60,00%']);
    expect(rows[3]![0]).to.equal('Arte e lusso');
    await noSeriousViolations(el);
    el.setAttribute('lang', 'en');
    await until(() => text(inside(el, '[part="total"]')) === '1,234,567.89 €', 'English numbers');
    expect(text(inside(el, '.pt-wealth-total__date'))).to.equal('as of 31/10/2026');
    expect(text(el.shadowRoot!.querySelector('tbody th'))).to.equal('Financial');
  });

  it('takes its colours and font from the custom properties', async () => {
    const el = put(make('pt-wealth-total', { data: JSON.stringify(wealthTotalData) }));
    el.style.setProperty('--pt-widget-background', 'rgb(1, 2, 3)');
    el.style.setProperty('--pt-widget-color', 'rgb(4, 5, 6)');
    await until(() => stateOf(el) === 'ready', 'ready');
    const base = inside(el, '[part="base"]')!;
    expect(getComputedStyle(base).backgroundColor).to.equal('rgb(1, 2, 3)');
    expect(getComputedStyle(base).color).to.equal('rgb(4, 5, 6)');
  });
});

describe('<pt-performance-bars>', () => {
  it('labels the macro classes, drills down by keyboard and back with pt-drill-down; axe-clean', async () => {
    const el = make('pt-performance-bars') as PerformanceBarsElement;
    el.data = performanceBarsData;
    const drills: DrillDownDetail[] = [];
    el.addEventListener('pt-drill-down', (e) => drills.push(e.detail));
    put(el);
    await until(() => el.shadowRoot!.querySelectorAll('[data-legend-item]').length === 3, 'the legend');
    const labels = [...el.shadowRoot!.querySelectorAll('[data-legend-item]')].map((li) => text(li));
    expect(labels[0]).to.contain('Azionario');
    expect(labels[1]).to.contain('Alternativo');
    expect(drills).to.deep.equal([]);
    await noSeriousViolations(el);
    const equity = inside<HTMLButtonElement>(el, '[data-legend-key="m0"]')!;
    equity.focus();
    equity.click();
    await until(() => drills.length === 1, 'the drill-down event');
    expect(drills[0]).to.deep.equal({ macroClass: 'Equity' });
    await until(() => el.shadowRoot!.activeElement === inside(el, '[data-testid="chart-back"]'), 'focus on back');
    inside<HTMLButtonElement>(el, '[data-testid="chart-back"]')!.click();
    await until(() => drills.length === 2, 'back');
    expect(drills[1]).to.deep.equal({ macroClass: null });
  });

  it('is operated by keyboard alone: Tab reaches the first macro class, Enter drills, Escape returns', async () => {
    const before = put(document.createElement('button'));
    before.textContent = 'before';
    const el = put(make('pt-performance-bars', { data: JSON.stringify(performanceBarsData) }));
    const drills: DrillDownDetail[] = [];
    el.addEventListener('pt-drill-down', (e) => drills.push(e.detail));
    await until(() => el.shadowRoot!.querySelectorAll('[data-legend-item]').length === 3, 'the legend');
    before.focus();
    await sendKeys({ press: 'Tab' });
    expect(document.activeElement).to.equal(el);
    expect(el.shadowRoot!.activeElement).to.equal(inside(el, '[data-legend-key="m0"]'));
    expect(getComputedStyle(el.shadowRoot!.activeElement!).outlineStyle).to.not.equal('none');
    await sendKeys({ press: 'Enter' });
    await until(() => drills.length === 1, 'the drill-down');
    expect(drills[0]).to.deep.equal({ macroClass: 'Equity' });
    await until(() => el.shadowRoot!.activeElement === inside(el, '[data-testid="chart-back"]'), 'focus on back');
    await sendKeys({ press: 'Escape' });
    await until(() => drills.length === 2, 'back by Escape');
    expect(drills[1]).to.deep.equal({ macroClass: null });
  });

  it('speaks English', async () => {
    const el = put(make('pt-performance-bars', { data: JSON.stringify(performanceBarsData), lang: 'en' }));
    await until(() => el.shadowRoot!.querySelectorAll('[data-legend-item]').length === 3, 'the legend');
    expect(text(el.shadowRoot!.querySelector('[data-legend-item]'))).to.contain('Equity');
    expect(inside(el, '[role="img"]')!.getAttribute('aria-label')).to.equal('Performance by asset class');
  });
});

describe('<pt-portfolio-donut>', () => {
  it('labels the macro class keys in its language and sends the key with the slice click', async () => {
    const el = make('pt-portfolio-donut') as PortfolioDonutElement;
    el.data = portfolioDonutData;
    put(el);
    await until(() => el.shadowRoot!.querySelectorAll('[data-legend-item]').length === 3, 'the legend');
    const labels = [...el.shadowRoot!.querySelectorAll('[data-legend-item]')].map((li) => text(li));
    // Macro order: Equity, Alternative, Bond.
    expect(labels[0]).to.contain('Azionario');
    expect(labels[2]).to.contain('Obbligazionario');
    const seen: SliceClickDetail[] = [];
    el.addEventListener('pt-slice-click', (e) => seen.push(e.detail));
    inside<HTMLButtonElement>(el, '[data-legend-key="s2"]')!.click();
    await until(() => seen.length === 1, 'the click');
    expect(seen[0]).to.deep.equal({ label: 'Obbligazionario', value: 300_000, index: 2, key: 'Bond' });
    await noSeriousViolations(el);
    el.setAttribute('lang', 'en');
    await until(() => text(el.shadowRoot!.querySelector('[data-legend-item]')).includes('Equity'), 'English');
  });

  it('keeps the slices attribute working', async () => {
    const el = put(make('pt-portfolio-donut', { slices: JSON.stringify([{ label: 'A', value: 1 }]) }));
    await until(() => stateOf(el) === 'ready', 'ready');
    expect(text(el.shadowRoot!.querySelector('[data-legend-item]'))).to.contain('A');
  });
});

describe('<pt-artlux-donut>', () => {
  it('labels the categories and colours them as the art and luxury page', async () => {
    const el = make('pt-artlux-donut', { lang: 'en' }) as ArtLuxDonutElement;
    el.data = artLuxDonutData;
    put(el);
    await until(() => el.shadowRoot!.querySelectorAll('[data-legend-item]').length === 3, 'the legend');
    const labels = [...el.shadowRoot!.querySelectorAll('[data-legend-item]')].map((li) => text(li));
    expect(labels[0]).to.contain('Art');
    expect(labels[2]).to.contain('Jewel');
    await noSeriousViolations(el);
    const seen: SliceClickDetail[] = [];
    el.addEventListener('pt-slice-click', (e) => seen.push(e.detail));
    inside<HTMLButtonElement>(el, '[data-legend-key="s1"]')!.click();
    await until(() => seen.length === 1, 'the click');
    expect(seen[0]!.key).to.equal('CAR');
  });
});

describe('the charts from data', () => {
  const cases: Array<[keyof HTMLElementTagNameMap, unknown, string]> = [
    ['pt-trend-waterfall', trendWaterfallData, 'Andamento del portafoglio'],
    ['pt-business-chart', businessChartData, 'Ricavi, utile ed EBITDA 2025'],
    ['pt-projection-band', projectionBandData, 'Proiezione del patrimonio'],
  ];
  for (const [tag, data, name] of cases) {
    it(`${tag} draws, with its name, axe-clean`, async () => {
      const el = put(make(tag, { data: JSON.stringify(data) }));
      await until(() => el.shadowRoot!.querySelector('svg.apexcharts-svg') !== null, 'the chart');
      expect(stateOf(el)).to.equal('ready');
      expect(inside(el, '[part="chart"]')!.getAttribute('aria-label')).to.equal(name);
      await noSeriousViolations(el);
    });
  }

  it('pt-business-chart shows the year after the visible title too', async () => {
    const el = put(
      make('pt-business-chart', { data: JSON.stringify(businessChartData), heading: 'Aziende di famiglia' }),
    );
    await until(() => stateOf(el) === 'ready', 'ready');
    expect(text(inside(el, '[part="title"]'))).to.equal('Aziende di famiglia 2025');
  });

  it('pt-fee-table takes the report from data', async () => {
    const el = put(make('pt-fee-table', { data: JSON.stringify(feeTableData), lang: 'en' }));
    await until(() => el.shadowRoot!.querySelector('table') !== null, 'the table');
    expect(text(el.shadowRoot!.querySelector('caption'))).to.equal('Fees by quarter');
    await noSeriousViolations(el);
  });
});

describe('React wrappers of the new widgets', () => {
  it('PtPerformanceBars passes the figures and the page language, and reports the drill-down', async () => {
    const host = put(document.createElement('div'));
    const root = createRoot(host);
    const drills: DrillDownDetail[] = [];
    try {
      await loadLocale('en');
      flushSync(() => void setLocale('en'));
      flushSync(() =>
        root.render(
          <I18nProvider i18n={i18n}>
            <PtPerformanceBars data={performanceBarsData} className="perf" onDrillDown={(d) => drills.push(d)} />
          </I18nProvider>,
        ),
      );
      const el = host.querySelector('pt-performance-bars')!;
      expect(el.getAttribute('lang')).to.equal('en');
      expect(el.classList.contains('perf')).to.equal(true);
      expect(JSON.parse(el.getAttribute('data')!)).to.deep.equal(performanceBarsData);
      await until(() => el.shadowRoot!.querySelectorAll('[data-legend-item]').length === 3, 'the legend');
      inside<HTMLButtonElement>(el, '[data-legend-key="m1"]')!.click();
      await until(() => drills.length === 1, 'the drill-down');
      expect(drills[0]).to.deep.equal({ macroClass: 'Alternative' });
    } finally {
      root.unmount();
      await setLocale('it');
    }
  });
});

// Typed events on the document (GlobalEventHandlersEventMap): these compile only with the declarations.
export const typedListeners = (wealth: WealthTotalElement) => {
  wealth.addEventListener('pt-state-change', (e) => e.detail.state satisfies WidgetState);
  document.addEventListener('pt-drill-down', (e) => e.detail.macroClass satisfies string | null);
};
