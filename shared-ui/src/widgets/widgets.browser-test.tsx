/// <reference types="mocha" />
// The widgets in real Chromium, from the built shared-ui: <pt-portfolio-donut> and <pt-fee-table> render in an open
// shadow root, re-render when an attribute changes, report slice clicks as `pt-slice-click` with a detail, keep their
// styles in (and the page's out), survive a second definition, and work through the React wrappers.
import { expect } from '@esm-bundle/chai';
import { I18nProvider } from '@lingui/react';
import {
  defineWidgets,
  FeeTable,
  FeeTableElement,
  i18n,
  initI18n,
  loadLocale,
  PortfolioDonut,
  PortfolioDonutElement,
  type SliceClickDetail,
  setLocale,
  WIDGET_CSS,
} from '@patrimonio/shared-ui';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { compositionSlices, feesReport, wealthSlices } from '../charts/fixtures.ts';

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

let area: HTMLElement;

before(async () => {
  await initI18n();
  defineWidgets();
});
beforeEach(async () => {
  await setLocale('it');
  area = document.createElement('div');
  area.style.width = '720px';
  document.body.appendChild(area);
});
afterEach(() => {
  area.remove();
});

function donut(attributes: Record<string, string>): PortfolioDonutElement {
  const el = document.createElement('pt-portfolio-donut');
  for (const [k, v] of Object.entries(attributes)) el.setAttribute(k, v);
  area.appendChild(el);
  return el;
}
function feeTable(attributes: Record<string, string>): FeeTableElement {
  const el = document.createElement('pt-fee-table');
  for (const [k, v] of Object.entries(attributes)) el.setAttribute(k, v);
  area.appendChild(el);
  return el;
}
const legendItems = (el: Element) => [...(el.shadowRoot?.querySelectorAll('[data-legend-item]') ?? [])];

describe('definition', () => {
  it('defines both tags once; defining again does not throw', () => {
    expect(customElements.get('pt-portfolio-donut')).to.equal(PortfolioDonutElement);
    expect(customElements.get('pt-fee-table')).to.equal(FeeTableElement);
    expect(() => defineWidgets()).not.to.throw();
    expect(() => defineWidgets()).not.to.throw();
    expect(customElements.get('pt-portfolio-donut')).to.equal(PortfolioDonutElement);
    expect(document.createElement('pt-fee-table')).to.be.instanceOf(FeeTableElement);
  });
});

describe('<pt-portfolio-donut>', () => {
  it('renders in an open shadow root with its own stylesheet, nothing in the light DOM', async () => {
    const el = donut({ slices: JSON.stringify(wealthSlices), label: 'Composizione', lang: 'it' });
    expect(el.shadowRoot).to.not.equal(null);
    await until(() => el.shadowRoot!.querySelector('svg.apexcharts-svg') !== null, 'the donut');
    expect(el.children.length).to.equal(0);
    const styles = [...el.shadowRoot!.querySelectorAll('style')].map((s) => s.textContent ?? '');
    expect(styles.some((s) => s.includes('.pt-chart__legend'))).to.equal(true);
    // ApexCharts puts its own stylesheet into the shadow root too.
    expect(el.shadowRoot!.getElementById('apexcharts-css')).to.not.equal(null);
    const figure = el.shadowRoot!.querySelector('[role="img"]')!;
    expect(figure.getAttribute('aria-label')).to.equal('Composizione');
  });

  it('re-renders when an attribute changes (slices, lang) and when a property is set', async () => {
    const el = donut({ slices: JSON.stringify(wealthSlices) });
    await until(() => legendItems(el).length === 4, '4 legend entries');
    el.setAttribute('slices', JSON.stringify(compositionSlices));
    await until(() => legendItems(el).length === 5, '5 entries then more');
    const more = () => el.shadowRoot!.querySelector('[data-testid="chart-legend-more"]');
    expect(text(more())).to.equal('+2 altri');
    el.setAttribute('lang', 'en');
    await until(() => text(more()) === '+2 more', 'English');
    el.slices = wealthSlices.slice(0, 2);
    expect(JSON.parse(el.getAttribute('slices')!)).to.deep.equal(wealthSlices.slice(0, 2));
    await until(() => legendItems(el).length === 2, 'the property');
  });

  it('dispatches pt-slice-click with the slice as detail, bubbling out of the shadow root', async () => {
    const el = donut({ slices: JSON.stringify(wealthSlices) });
    const seen: SliceClickDetail[] = [];
    const listener = (e: CustomEvent<SliceClickDetail>) => seen.push(e.detail);
    document.addEventListener('pt-slice-click', listener);
    try {
      await until(() => el.shadowRoot!.querySelectorAll('.apexcharts-pie-area').length === 4, 'the slices');
      el.shadowRoot!.querySelectorAll('.apexcharts-pie-area')[1]!.dispatchEvent(
        new MouseEvent('mousedown', { bubbles: true }),
      );
      await until(() => seen.length === 1, 'the event from the chart');
      expect(seen[0]).to.deep.equal({ label: 'Immobiliare', value: 350_000, index: 1 });
      el.shadowRoot!.querySelector<HTMLButtonElement>('[data-legend-key="s3"]')!.click();
      await until(() => seen.length === 2, 'the event from the legend');
      expect(seen[1]).to.deep.equal({ label: 'Arte e lusso', value: 45_500, index: 3 });
    } finally {
      document.removeEventListener('pt-slice-click', listener);
    }
  });

  it('keeps its content when moved, and releases it when removed', async () => {
    const el = donut({ slices: JSON.stringify(wealthSlices) });
    await until(() => legendItems(el).length === 4, 'the legend');
    const other = document.createElement('div');
    area.appendChild(other);
    other.appendChild(el);
    await sleep(50);
    expect(legendItems(el)).to.have.length(4);
    el.remove();
    // (ApexCharts' own stylesheet stays in the shadow root, ready for a reinsertion.)
    await until(() => el.shadowRoot!.querySelector('.pt-widget') === null, 'the React root to unmount');
  });

  it('survives invalid JSON with an empty state', async () => {
    const warn = console.warn;
    console.warn = () => {};
    try {
      const el = donut({ slices: '{not json' });
      await until(() => el.shadowRoot!.querySelector('[role="img"]') !== null, 'the empty donut');
      expect(el.shadowRoot!.querySelector('[role="img"]')!.getAttribute('aria-label')).to.contain('nessun dato');
    } finally {
      console.warn = warn;
    }
  });
});

describe('<pt-fee-table>', () => {
  const rendered = (el: Element) => el.shadowRoot?.querySelector('table') ?? null;

  it('shows per account the six subcauses by quarter with totals, translated, as an accessible table', async () => {
    const el = feeTable({ data: JSON.stringify(feesReport), lang: 'it' });
    await until(() => rendered(el) !== null, 'the table');
    const table = rendered(el)!;
    expect(text(table.querySelector('caption'))).to.equal('Commissioni per trimestre');
    const head = [...table.querySelectorAll('thead th')].map((th) => text(th));
    expect(head).to.deep.equal(['Causale', 'T1 2024', 'T2 2024', 'T3 2024', 'T4 2024', 'Totale']);
    expect(table.querySelectorAll('thead th[scope="col"]').length).to.equal(6);
    const groups = table.querySelectorAll('tbody');
    expect(groups.length).to.equal(2);
    const labels = [...groups[0]!.querySelectorAll('tr[data-subcause] th[scope="row"]')].map((th) => text(th));
    expect(labels).to.deep.equal([
      'Conto corrente',
      'Deposito titoli',
      'Negoziazione',
      'Gestione',
      'Consulenza',
      'Altro',
    ]);
    expect(text(groups[0]!.querySelector('th[scope="rowgroup"]'))).to.contain('Banca Alfa – Marco Rossi');
    // Account 11, Q1: 7.50 + 120 + 45.20 + 310.40 + 0 + 0 = 483.10.
    const subtotal = [...groups[0]!.querySelectorAll('.pt-fee-table__subtotal td')].map((td) => text(td));
    expect(subtotal[0]).to.equal('483,10 €');
    // Both accounts, Q1: 483.10 + (3 + 48.70 + 9.90 + 250) = 794.70.
    const total = [...table.querySelectorAll('tfoot td')].map((td) => text(td));
    expect(total[0]).to.equal('794,70 €');
  });

  it('re-renders on attribute changes (data, lang)', async () => {
    const el = feeTable({ data: JSON.stringify(feesReport) });
    await until(() => rendered(el)?.querySelectorAll('tbody').length === 2, 'two accounts');
    const one = { ...feesReport, accountComposition: feesReport.accountComposition.slice(1) };
    el.setAttribute('data', JSON.stringify(one));
    await until(() => rendered(el)?.querySelectorAll('tbody').length === 1, 'one account');
    el.setAttribute('lang', 'en');
    await until(() => text(rendered(el)?.querySelector('caption')) === 'Fees by quarter', 'English');
    expect(text(rendered(el)!.querySelector('thead th:nth-child(2)'))).to.equal('Q1 2024');
    expect(text(rendered(el)!.querySelector('tfoot td'))).to.equal('311.60 €');
    el.removeAttribute('data');
    await until(() => rendered(el) === null, 'the empty state');
    expect(el.getAttribute('data-state')).to.equal('empty');
    expect(text(el.shadowRoot!.querySelector('[part="status"]'))).to.contain('no data to show');
    el.setAttribute('data', JSON.stringify({ ...feesReport, accountComposition: [] }));
    await until(() => el.shadowRoot!.querySelector('[data-testid="fee-table"]') !== null, 'the table without accounts');
    expect(text(el.shadowRoot!.querySelector('[data-testid="fee-table"]'))).to.contain('no fees in the period');
  });

  it("keeps the page's table styles out and its own styles in", async () => {
    const pageStyle = document.createElement('style');
    pageStyle.textContent =
      'table { border: 7px solid rgb(255, 0, 0); border-collapse: separate; font-size: 40px; } td, th { padding: 33px; background: rgb(0, 255, 0); }';
    document.head.appendChild(pageStyle);
    try {
      const el = feeTable({ data: JSON.stringify(feesReport) });
      await until(() => rendered(el) !== null, 'the table');
      const inner = getComputedStyle(rendered(el)!);
      expect(inner.borderTopWidth).to.equal('0px');
      expect(inner.borderCollapse).to.equal('collapse');
      const cell = getComputedStyle(rendered(el)!.querySelector('tbody td')!);
      expect(cell.paddingTop).to.not.equal('33px');
      expect(cell.backgroundColor).to.not.equal('rgb(0, 255, 0)');
      expect(cell.fontSize).to.not.equal('40px');
      // The page's rule does apply to the page's own tables.
      const pageTable = document.createElement('table');
      pageTable.innerHTML = '<tr><td>x</td></tr>';
      area.appendChild(pageTable);
      expect(getComputedStyle(pageTable).borderTopWidth).to.equal('7px');
    } finally {
      pageStyle.remove();
    }
  });

  it("does not style the page's tables (neither from the shadow root nor from the portal stylesheet)", async () => {
    const pageTable = document.createElement('table');
    pageTable.innerHTML = '<caption>c</caption><thead><tr><th>h</th></tr></thead><tbody><tr><td>x</td></tr></tbody>';
    area.appendChild(pageTable);
    const snapshot = () => {
      const t = getComputedStyle(pageTable);
      const td = getComputedStyle(pageTable.querySelector('td')!);
      const th = getComputedStyle(pageTable.querySelector('th')!);
      const caption = getComputedStyle(pageTable.querySelector('caption')!);
      return [
        t.borderCollapse,
        t.width,
        t.fontVariantNumeric,
        td.paddingTop,
        td.textAlign,
        td.borderBottomWidth,
        th.fontWeight,
        th.color,
        caption.textAlign,
        caption.fontWeight,
      ].join('|');
    };
    const before = snapshot();
    const el = feeTable({ data: JSON.stringify(feesReport) });
    await until(() => rendered(el) !== null, 'the table');
    expect(snapshot()).to.equal(before);
    // The portal's global stylesheet also carries the widgets' CSS: it must not reach plain tables either.
    const global = document.createElement('style');
    global.textContent = WIDGET_CSS;
    document.head.appendChild(global);
    try {
      expect(snapshot()).to.equal(before);
    } finally {
      global.remove();
    }
  });
});

describe('React wrappers', () => {
  let root: Root;
  let host: HTMLElement;
  beforeEach(() => {
    host = document.createElement('div');
    area.appendChild(host);
    root = createRoot(host);
  });
  afterEach(() => root.unmount());

  it('PortfolioDonut renders the custom element with attributes, and reports clicks', async () => {
    const clicks: SliceClickDetail[] = [];
    flushSync(() =>
      root.render(
        <I18nProvider i18n={i18n}>
          <PortfolioDonut slices={wealthSlices} label="Patrimonio" onSliceClick={(d) => clicks.push(d)} />
        </I18nProvider>,
      ),
    );
    const el = host.querySelector('pt-portfolio-donut')!;
    expect(el).to.be.instanceOf(PortfolioDonutElement);
    expect(JSON.parse(el.getAttribute('slices')!)).to.deep.equal(wealthSlices);
    expect(el.getAttribute('lang')).to.equal('it');
    await until(() => legendItems(el).length === 4, 'the legend');
    el.shadowRoot!.querySelector<HTMLButtonElement>('[data-legend-key="s0"]')!.click();
    await until(() => clicks.length === 1, 'the click');
    expect(clicks[0]).to.deep.equal({ label: 'Finanziario', value: 806_370.75, index: 0 });
    // The page's language goes to the widget.
    await loadLocale('en');
    flushSync(() => void setLocale('en'));
    flushSync(() =>
      root.render(
        <I18nProvider i18n={i18n}>
          <PortfolioDonut slices={compositionSlices} label="Wealth" />
        </I18nProvider>,
      ),
    );
    await until(() => el.getAttribute('lang') === 'en', 'lang en');
    await until(() => text(el.shadowRoot!.querySelector('[data-testid="chart-legend-more"]')) === '+2 more', 'more');
  });

  it('FeeTable renders the custom element with the report as its data attribute', async () => {
    flushSync(() =>
      root.render(
        <I18nProvider i18n={i18n}>
          <FeeTable data={feesReport} />
        </I18nProvider>,
      ),
    );
    const el = host.querySelector('pt-fee-table')!;
    expect(el).to.be.instanceOf(FeeTableElement);
    expect(JSON.parse(el.getAttribute('data')!).accountComposition).to.have.length(2);
    await until(() => (el.shadowRoot?.querySelectorAll('tr[data-subcause]').length ?? 0) === 12, '12 subcause rows');
  });
});
