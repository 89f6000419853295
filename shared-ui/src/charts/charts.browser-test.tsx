/// <reference types="mocha" />
// The charts in real Chromium, from the built shared-ui (ApexCharts loads lazily from its own chunk, as in the
// portal): the donut's legend (5, then 'more'), slice clicks, the performance drill-down and back (mouse and
// keyboard), the waterfall's bars, bar widths, accessible names and data tables, both languages.
import { expect } from '@esm-bundle/chai';
// axe-core is a UMD script: imported for its effect, it sets window.axe.
import 'axe-core';
import { I18nProvider } from '@lingui/react';
import {
  BandChart,
  BarChart,
  DonutChart,
  type DonutSlice,
  i18n,
  initI18n,
  injectStyles,
  LineChart,
  loadLocale,
  PerformanceBars,
  setLocale,
  WaterfallChart,
} from '@patrimonio/shared-ui';
import { sendKeys, setViewport } from '@web/test-runner-commands';
import type { AxeResults } from 'axe-core';
import type { ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import {
  companyResults,
  compositionSlices,
  flux,
  performanceClasses,
  performanceSeries,
  projection,
  trend,
  wealthSlices,
} from './fixtures.ts';

let root: Root;
let host: HTMLElement;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const until = async (check: () => boolean, what: string, timeout = 8000) => {
  const end = Date.now() + timeout;
  while (Date.now() < end) {
    if (check()) return;
    await sleep(20);
  }
  throw new Error(`timed out waiting for ${what}`);
};
const q = <T extends Element = HTMLElement>(sel: string) => host.querySelector<T>(sel);
const qa = (sel: string) => [...host.querySelectorAll<HTMLElement>(sel)];
const text = (el: Element | null) => (el?.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ');

function render(node: ReactNode) {
  flushSync(() => root.render(<I18nProvider i18n={i18n}>{node}</I18nProvider>));
}
/** Waits until ApexCharts has drawn the chart (the lazy chunk loaded and the SVG rendered). */
const drawn = () => until(() => q('[data-state="ready"] svg.apexcharts-svg') !== null, 'the chart to render');
const legendItems = () => qa('[data-testid="chart-legend"] [data-legend-item]');
const barCount = () => qa('.apexcharts-bar-area').length;
/** '#2f8a4f' or 'rgba(47,138,79,1)' as [47, 138, 79]. */
const rgb = (c: string | null) => {
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(c ?? '');
  if (hex) return hex.slice(1).map((h) => Number.parseInt(h, 16));
  return (/rgba?\(([^)]*)\)/.exec(c ?? '')?.[1] ?? '').split(',').slice(0, 3).map(Number);
};
const fillsOf = (sel: string, attr = 'fill') => qa(sel).map((p) => rgb(p.getAttribute(attr)));

before(async () => {
  injectStyles();
  await initI18n();
});
beforeEach(async () => {
  await setLocale('it');
  await setViewport({ width: 1200, height: 900 });
  host = document.createElement('div');
  host.style.width = '720px';
  document.body.appendChild(host);
  root = createRoot(host);
});
afterEach(() => {
  root.unmount();
  host.remove();
});

describe('lazy loading', () => {
  it('loads ApexCharts from its own chunk when the first chart mounts', async () => {
    render(<DonutChart slices={wealthSlices} label="Patrimonio" />);
    await drawn();
    const scripts = performance.getEntriesByType('resource').map((e) => e.name);
    const chunk = (name: string) =>
      scripts.some((n) => new RegExp(`/shared-ui/dist/chunks/${name}\\.[0-9a-f]+\\.js$`).test(n));
    // The core, shared by every chart type, and the donut's own module; not the types the page does not draw.
    expect(chunk('apexcharts')).to.equal(true);
    expect(chunk('apexcharts-donut')).to.equal(true);
    expect(chunk('apexcharts-bar')).to.equal(false);
    expect(chunk('apexcharts-line')).to.equal(false);
    expect(chunk('apexcharts-waterfall')).to.equal(false);
  });
});

describe('donut', () => {
  it('shows 5 legend entries then more, which reveals the rest and folds them again', async () => {
    render(<DonutChart slices={compositionSlices} label="Composizione" totalLabel="Totale" />);
    await drawn();
    expect(legendItems()).to.have.length(5);
    const more = q<HTMLButtonElement>('[data-testid="chart-legend-more"]')!;
    expect(text(more)).to.equal('+2 altri');
    expect(more.getAttribute('aria-expanded')).to.equal('false');
    more.click();
    await until(() => legendItems().length === 7, 'all 7 entries');
    const less = q<HTMLButtonElement>('[data-testid="chart-legend-less"]')!;
    expect(less.getAttribute('aria-expanded')).to.equal('true');
    less.click();
    await until(() => legendItems().length === 5, '5 entries again');
    // 7 slices drawn, in the pie palette.
    expect(qa('.apexcharts-pie-area')).to.have.length(7);
  });

  it('is an image with an accessible name, the data in a hidden table and the total in the centre', async () => {
    render(<DonutChart slices={wealthSlices} label="Composizione del patrimonio" totalLabel="Patrimonio" />);
    await drawn();
    const figure = q('[data-testid="chart-figure"]')!;
    expect(figure.getAttribute('role')).to.equal('img');
    expect(figure.getAttribute('aria-label')).to.equal('Composizione del patrimonio');
    const rows = qa('[data-testid="chart-data"] tbody tr');
    expect(rows).to.have.length(wealthSlices.length + 1);
    expect(text(rows[0]!)).to.contain('806.370,75 €');
    expect(text(q('[data-testid="chart-data"] caption'))).to.equal('Composizione del patrimonio');
    // Total 1,321,870.75 abbreviated in the centre.
    await until(() => text(q('.apexcharts-datalabels-group')).includes('1,32M €'), 'the centre total');
    // Visually hidden: a 1 px clipped box.
    const hidden = q('[data-testid="chart-data"]')!.parentElement!;
    expect(hidden.getBoundingClientRect().width).to.be.at.most(1);
  });

  it('reports a slice click, from the chart and from the legend (keyboard)', async () => {
    const clicked: DonutSlice[] = [];
    render(<DonutChart slices={wealthSlices} label="Patrimonio" onSliceClick={(s) => clicked.push(s)} />);
    await drawn();
    const slice = qa('.apexcharts-pie-area')[1]!;
    slice.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    await until(() => clicked.length === 1, 'the slice click');
    expect(clicked[0]).to.equal(wealthSlices[1]);
    const entry = q<HTMLButtonElement>('[data-legend-key="s2"]')!;
    entry.focus();
    await sendKeys({ press: 'Enter' });
    await until(() => clicked.length === 2, 'the legend click');
    expect(clicked[1]).to.equal(wealthSlices[2]);
  });

  it('shows an empty state when no slice is positive', async () => {
    render(<DonutChart slices={[{ label: 'Nulla', value: 0 }]} label="Vuoto" />);
    await until(() => q('[data-testid="chart-figure"]') !== null, 'the figure');
    expect(q('[data-testid="chart-figure"]')!.getAttribute('aria-label')).to.equal('Vuoto: nessun dato da mostrare');
    expect(q('svg.apexcharts-svg')).to.equal(null);
  });
});

describe('performance bars', () => {
  it('drills into a macro class on a bar click, and the back arrow returns', async () => {
    const drills: Array<string | null> = [];
    render(<PerformanceBars classes={performanceClasses} label="Performance" onDrill={(m) => drills.push(m)} />);
    await drawn();
    await until(() => barCount() === 3, '3 macro class bars');
    qa('.apexcharts-bar-area')[0]!.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    await until(() => q('[data-testid="chart-back"]') !== null, 'the back arrow');
    expect(text(q('[data-testid="chart-drill-title"]'))).to.equal('Equity');
    await until(() => barCount() === 3 && text(q('[data-testid="chart-data"]')).includes('Azionario USA'), 'Equity');
    expect(document.activeElement).to.equal(q('[data-testid="chart-back"]'));
    expect(text(q('[data-testid="chart-data"] caption'))).to.equal('Performance – Equity');
    expect(drills).to.deep.equal([null, 'Equity']);

    q<HTMLButtonElement>('[data-testid="chart-back"]')!.click();
    await until(() => q('[data-testid="chart-back"]') === null, 'the macro classes');
    await until(() => text(q('[data-testid="chart-data"]')).includes('Alternative'), 'the macro table');
    expect(document.activeElement).to.equal(q('[data-legend-key="m0"]'));
    expect(drills).to.deep.equal([null, 'Equity', null]);
  });

  it('names each legend button with the text it shows first, then what it does (axe label-content-name-mismatch)', async () => {
    render(<PerformanceBars classes={performanceClasses} label="Performance" />);
    await drawn();
    const buttons = qa('.pt-chart__legend-button');
    expect(buttons.length).to.equal(3);
    for (const b of buttons) {
      expect(b.hasAttribute('aria-label')).to.equal(false);
      const shown = `${text(b.querySelector('.pt-chart__legend-label'))} ${text(b.querySelector('.pt-chart__legend-detail'))}`;
      expect(text(b)).to.equal(`${shown}: mostra le classi di investimento`);
    }
    const axe = (window as unknown as { axe: { run: (c: Element, o: object) => Promise<AxeResults> } }).axe;
    const results = await axe.run(q('[data-testid="chart-legend"]')!, {
      runOnly: { type: 'rule', values: ['label-content-name-mismatch'] },
    });
    expect(results.violations.map((v) => v.id)).to.deep.equal([]);
  });

  it('drills and returns with the keyboard; colours by sign; n/a for a missing value', async () => {
    render(<PerformanceBars classes={performanceClasses} label="Performance" />);
    await drawn();
    await until(() => barCount() === 3, '3 bars');
    expect(fillsOf('.apexcharts-bar-area')).to.deep.equal([rgb('#2f8a4f'), rgb('#c62f2f'), rgb('#2f8a4f')]);
    q<HTMLButtonElement>('[data-legend-key="m2"]')!.focus();
    await sendKeys({ press: 'Enter' });
    await until(() => text(q('[data-testid="chart-drill-title"]')) === 'Bond', 'Bond');
    await until(() => barCount() === 4, '4 asset class bars');
    expect(text(q('[data-testid="chart-data"]'))).to.contain('n.d.');
    await sendKeys({ press: 'Escape' });
    await until(() => q('[data-testid="chart-back"]') === null, 'back at the top');
    expect(document.activeElement).to.equal(q('[data-legend-key="m2"]'));
  });
});

describe('waterfall', () => {
  it('draws the opening total, then five steps and a closing total per period', async () => {
    render(<WaterfallChart start={trend.start} rows={trend.rows} label="Andamento del portafoglio" />);
    await drawn();
    const expected = 1 + 6 * trend.rows.length;
    await until(() => qa('.apexcharts-rangebar-area, .apexcharts-bar-area').length === expected, `${expected} bars`);
    expect(qa('[data-testid="chart-data"] tbody tr')).to.have.length(expected);
    // Market effect of Q1: 14,300 - 2,100 + 850 + 420 = 13,470.
    const cells = qa('[data-testid="chart-data"] tbody tr').map((r) => text(r));
    expect(cells[5]).to.contain('Effetto mercato').and.contain('13.470,00 €');
    expect(cells[6]).to.contain('Valore finale').and.contain('564.300,00 €');
  });

  it('draws only the opening bar without trend rows', async () => {
    render(<WaterfallChart start={trend.start} rows={[]} label="Andamento" />);
    await drawn();
    await until(() => qa('.apexcharts-rangebar-area, .apexcharts-bar-area').length === 1, '1 bar');
  });
});

describe('bars, lines and bands', () => {
  it('grouped bars never exceed their category, and a legend names the series', async () => {
    render(<BarChart {...companyResults} format="money" label="Risultati" />);
    await drawn();
    await until(() => barCount() === 12, '12 bars');
    const grid = q('.apexcharts-grid')!.getBoundingClientRect();
    const slot = grid.width / companyResults.categories.length;
    const byCategory = new Map<number, { left: number; right: number }>();
    for (const bar of qa('.apexcharts-bar-area')) {
      const r = bar.getBoundingClientRect();
      const k = Math.floor((r.left + r.width / 2 - grid.left) / slot);
      const span = byCategory.get(k) ?? { left: r.left, right: r.right };
      byCategory.set(k, { left: Math.min(span.left, r.left), right: Math.max(span.right, r.right) });
    }
    for (const { left, right } of byCategory.values()) expect(right - left).to.be.at.most(slot + 0.5);
    expect(legendItems().map((li) => text(li))).to.deep.equal(['Ricavi', 'Utile', 'EBITDA']);
  });

  it('flux bars are coloured by sign', async () => {
    render(<BarChart {...flux} format="money" colorBySign label="Flussi" />);
    await drawn();
    await until(() => barCount() === 5, '5 bars');
    const fills = fillsOf('.apexcharts-bar-area');
    expect(fills[2]).to.deep.equal(rgb('#c62f2f'));
    expect(fills[0]).to.deep.equal(rgb('#2f8a4f'));
  });

  it('lines: percent values by locale, the aggregate teal', async () => {
    render(<LineChart series={performanceSeries} format="percent" label="Performance" />);
    await drawn();
    const lines = qa('.apexcharts-line-series path.apexcharts-line');
    expect(lines.length).to.equal(3);
    expect(rgb(lines[0]!.getAttribute('stroke'))).to.deep.equal(rgb('#14837b'));
    expect(text(q('[data-testid="chart-data"] tbody tr'))).to.match(/\d,\d\d%/);
  });

  it('bands: three areas and the inflation line, in English', async () => {
    await loadLocale('en');
    flushSync(() => void setLocale('en'));
    render(<BandChart calculus={projection} label="Projection" />);
    await drawn();
    expect(legendItems().map((li) => text(li))).to.deep.equal([
      '90% probability',
      '60% probability',
      '20% probability',
      'Inflation',
    ]);
    expect(qa('.apexcharts-area-series .apexcharts-series').length).to.equal(3);
    expect(qa('.apexcharts-line-series .apexcharts-series').length).to.equal(1);
    const header = qa('[data-testid="chart-data"] thead th').map((th) => text(th));
    expect(header[0]).to.equal('Year');
    expect(text(q('[data-testid="chart-data"] tbody tr'))).to.contain('1,000,000.00 €');
  });

  it('the legend follows the language', async () => {
    await loadLocale('en');
    flushSync(() => void setLocale('en'));
    render(<DonutChart slices={compositionSlices} label="Composition" />);
    await drawn();
    expect(text(q('[data-testid="chart-legend-more"]'))).to.equal('+2 more');
  });
});
