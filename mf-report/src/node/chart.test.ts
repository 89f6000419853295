// Charts in Node: ApexCharts' SSR build with the work-arounds of chart.ts, checked on the markup it gives.
import type { ApexOptions } from 'apexcharts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testFonts } from '../report/testing.ts';
import { escapeStrings, nodeChart, ssrChart, withYAxisMinWidths } from './chart.ts';
import { NodeDom } from './dom.ts';
import { montserratMeasurer } from './text-measure.ts';

const measure = montserratMeasurer(testFonts);
let dom: NodeDom;
beforeAll(() => {
  dom = NodeDom.install(measure);
});
afterAll(() => dom.close());

const barOptions: ApexOptions = {
  chart: { type: 'bar', fontFamily: 'Montserrat' },
  series: [{ name: 'Ricavi', data: [3_029_944.7, 832_327.05] }],
  xaxis: { categories: ['Cantine Rossi S.r.l.', 'Tipografia Rossi & Figli'] },
  yaxis: { labels: { formatter: (v: number) => `${(v / 1_000_000).toFixed(1)}M €` } },
  legend: { show: false },
};

const parse = (svg: string) => {
  const root = dom.parseSvg(svg);
  expect(root.getElementsByTagName('parsererror')).toHaveLength(0);
  return root;
};

describe('ssrChart', () => {
  it('escapes every string and what formatters return, and nothing else', () => {
    const formatter = (v: number) => `<${v} & more>`;
    const escaped = escapeStrings({ labels: ['Rossi & Figli', "l'uno"], n: 3, nested: { text: '"x"' }, formatter });
    expect(escaped).toMatchObject({
      labels: ['Rossi &amp; Figli', 'l&apos;uno'],
      n: 3,
      nested: { text: '&quot;x&quot;' },
    });
    expect(escaped.formatter(5)).toBe('&lt;5 &amp; more&gt;');
  });

  it('draws a pie or donut without legend in a square of the height, as the browser sizes it', () => {
    const donut: ApexOptions = { chart: { type: 'donut' }, series: [1, 2], legend: { show: false } };
    const drawn = ssrChart(donut, { width: 300, height: 200 });
    expect(drawn.size).toEqual({ width: 200, height: 200 });
    expect(drawn.options.legend).toMatchObject({ show: true, position: 'bottom' });
    expect(drawn.options.chart).toMatchObject({ width: 200, height: 200, animations: { enabled: false } });
    // Charts with axes keep their size and legend.
    expect(ssrChart(barOptions, { width: 300, height: 200 })).toMatchObject({
      size: { width: 300, height: 200 },
      options: { legend: { show: false } },
    });
  });

  it('widens each y axis to its widest label, only where needed', () => {
    const widths = new Map([
      [0, 48],
      [1, 30],
    ]);
    expect(withYAxisMinWidths({ yaxis: {} }, widths)?.yaxis).toEqual({ labels: { minWidth: 48 } });
    expect(withYAxisMinWidths({ yaxis: [{}, { labels: { minWidth: 40 } }] }, widths)?.yaxis).toEqual([
      { labels: { minWidth: 48 } },
      { labels: { minWidth: 40 } },
    ]);
    expect(withYAxisMinWidths({ yaxis: { labels: { minWidth: 60 } } }, widths)).toBeNull();
    expect(withYAxisMinWidths({}, new Map())).toBeNull();
  });
});

describe('nodeChart', () => {
  const chart = () => nodeChart(dom, measure);

  it('renders readable SVG, names with & included, y-axis labels inside the chart', async () => {
    const svg = await chart()(barOptions, { width: 500, height: 260 });
    expect(svg).toMatch(/^<svg /);
    const root = parse(svg!);
    const xLabels = Array.from(root.querySelectorAll('text.apexcharts-xaxis-label tspan'), (t) => t.textContent);
    expect(xLabels).toContain('Tipografia Rossi & Figli');
    // Each y label (text-anchor end) starts right of the chart's left edge: axis group translation + x - width.
    const axis = root.querySelector('g.apexcharts-yaxis')!;
    const shift = Number(/translate\(([-\d.]+)/.exec(axis.getAttribute('transform') ?? '')?.[1] ?? 0);
    const labels = Array.from(axis.querySelectorAll('text.apexcharts-yaxis-label'));
    const text = (label: Element) => label.querySelector('tspan')?.textContent ?? '';
    expect(labels.map(text)).toContain('3.0M €');
    const lefts = labels.map((label) => {
      const size = Number.parseFloat(label.getAttribute('font-size') ?? '11');
      return shift + Number(label.getAttribute('x')) - measure(text(label), { size, bold: false });
    });
    // Inside the chart, and not pushed far in (the axis is as wide as its widest label, not twice).
    expect(Math.min(...lefts)).toBeGreaterThanOrEqual(0);
    expect(Math.min(...lefts)).toBeLessThan(20);
    // No hover-only crosshair lines.
    expect(root.querySelectorAll('.apexcharts-xcrosshairs, .apexcharts-ycrosshairs')).toHaveLength(0);
    // The DOM globals are back for svg2pdf.js.
    expect(typeof document).toBe('object');
  });

  it('gives a donut without legend a real size', async () => {
    const svg = await chart()(
      { chart: { type: 'donut' }, series: [10, 30], legend: { show: false } },
      { width: 300, height: 200 },
    );
    const root = parse(svg!);
    expect(root.querySelectorAll('.apexcharts-ycrosshairs')).toHaveLength(0);
    const slice = root.querySelector('path.apexcharts-pie-area');
    // The slice's arc radius (the "A rx ry" of its path) is most of half the 200 px square.
    const radius = Number(/A ([\d.]+)/.exec(slice?.getAttribute('d') ?? '')?.[1]);
    expect(radius).toBeGreaterThan(60);
    expect(radius).toBeLessThan(100);
  });

  it('gives undefined for a chart ApexCharts cannot draw', async () => {
    const throwing: ApexOptions = {
      ...barOptions,
      yaxis: {
        labels: {
          formatter: () => {
            throw new Error('no label');
          },
        },
      },
    };
    expect(await chart()(throwing, { width: 300, height: 200 })).toBeUndefined();
    expect(typeof document).toBe('object');
  });
});
