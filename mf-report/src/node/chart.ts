// Charts in Node: ApexCharts' SSR build renders the drawers' options to SVG markup, which pdf/svg.ts draws as vectors
// (portal-and-report 4: "A missing chart yields undefined", so any failure gives undefined). The SSR build (7.6.1) has
// no layout engine and a plain serializer; the options are adjusted here so that the charts come out as in the
// browser:
// - it writes text and attribute values unescaped (a company "Rossi & Figli" makes the SVG unreadable): every string
//   of the options, and every string a formatter returns, is XML-escaped first;
// - the y-axis labels get no room (their group measures 0 wide) and are cut at the left edge: the chart is drawn a
//   second time with yaxis.labels.minWidth set to the widest label measured in Montserrat;
// - a pie, donut or radial bar without legend is sized from its wrapper's width, which is unknown (0). The browser
//   sizes it to a square of the chart's height, centred: it is drawn in that square with a bottom legend (which the
//   SSR build leaves empty and so gives no room; pdf/svg.ts removes <foreignObject> legends anyway), and pdf/svg.ts
//   centres the square in the chart's box;
// - the hover crosshairs, which ApexCharts hides with its stylesheet and not with attributes, would be drawn as grey
//   lines: they are removed from the markup.
import type { ApexOptions } from 'apexcharts';
import ApexCharts from 'apexcharts/ssr';
import { atSize, HOVER_ONLY_SELECTOR } from '../report/charts/common.ts';
import type { ChartRenderer } from '../report/types.ts';
import type { NodeDom } from './dom.ts';
import { isBold, type TextMeasurer } from './text-measure.ts';

type YAxis = Exclude<NonNullable<ApexOptions['yaxis']>, readonly unknown[]>;
type Size = { width: number; height: number };

/** Chart types drawn without axes. */
const NON_AXIS = new Set(['pie', 'donut', 'polarArea', 'radialBar']);

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const escapeXml = (text: string): string => text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c] ?? c);

/** The value with every string XML-escaped, in plain objects and arrays, and in what functions return. */
export function escapeStrings<T>(value: T): T {
  if (typeof value === 'string') return escapeXml(value) as T;
  if (Array.isArray(value)) return value.map(escapeStrings) as T;
  if (typeof value === 'function') {
    const fn = value as (...args: unknown[]) => unknown;
    return ((...args: unknown[]) => escapeStrings(fn(...args))) as T;
  }
  if (value !== null && typeof value === 'object') {
    const proto = Object.getPrototypeOf(value);
    if (proto !== Object.prototype && proto !== null) return value;
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, escapeStrings(v)])) as T;
  }
  return value;
}

/** What ApexCharts' SSR build is given for a chart of the options at the size (see the work-arounds above). */
export function ssrChart(options: ApexOptions, size: Size): { options: ApexOptions; size: Size } {
  const escaped = escapeStrings(options);
  const legendHidden = options.legend?.show === false || options.legend?.floating === true;
  const squared = NON_AXIS.has(options.chart?.type ?? '') && legendHidden;
  const drawn = squared ? { width: Math.min(size.width, size.height), height: size.height } : size;
  const prepared = atSize(escaped, drawn);
  if (squared) prepared.legend = { ...escaped.legend, show: true, floating: false, position: 'bottom' };
  return { options: prepared, size: drawn };
}

/** The lines a label shows: its <tspan>s (ApexCharts adds a <title> with the same text, which is not drawn). */
function labelLines(label: Element): string[] {
  const spans = Array.from(label.getElementsByTagName('tspan'), (span) => span.textContent ?? '');
  return spans.length > 0 ? spans : [label.textContent ?? ''];
}

/** The widest y-axis label of each axis (by its `rel` index), measured in Montserrat, in px. */
export function yAxisLabelWidths(svg: Element, measure: TextMeasurer): Map<number, number> {
  const widths = new Map<number, number>();
  for (const axis of Array.from(svg.querySelectorAll('g.apexcharts-yaxis[rel]'))) {
    const index = Number(axis.getAttribute('rel'));
    for (const label of Array.from(axis.querySelectorAll('text.apexcharts-yaxis-label'))) {
      const size = Number.parseFloat(label.getAttribute('font-size') ?? '') || 11;
      const bold = isBold(label.getAttribute('font-weight'));
      for (const line of labelLines(label)) {
        widths.set(index, Math.max(widths.get(index) ?? 0, Math.ceil(measure(line, { size, bold }))));
      }
    }
  }
  return widths;
}

/** The options with each measured axis at least as wide as its labels; null when every axis is wide enough. */
export function withYAxisMinWidths(options: ApexOptions, widths: Map<number, number>): ApexOptions | null {
  if (widths.size === 0) return null;
  let changed = false;
  const widen = (axis: YAxis, width: number | undefined): YAxis => {
    if (width === undefined || (axis.labels?.minWidth ?? 0) >= width) return axis;
    changed = true;
    return { ...axis, labels: { ...axis.labels, minWidth: width } };
  };
  const yaxis = Array.isArray(options.yaxis)
    ? options.yaxis.map((axis, i) => widen(axis, widths.get(i)))
    : widen(options.yaxis ?? {}, Math.max(...widths.values()));
  return changed ? { ...options, yaxis } : null;
}

export function nodeChart(dom: NodeDom, measure: TextMeasurer): ChartRenderer {
  return async (options, size) => {
    const chart = ssrChart(options, size);
    const render = (prepared: ApexOptions) => dom.withoutGlobals(() => ApexCharts.renderToString(prepared, chart.size));
    try {
      let root = dom.parseSvg(await render(chart.options));
      const widened = withYAxisMinWidths(chart.options, yAxisLabelWidths(root, measure));
      if (widened) root = dom.parseSvg(await render(widened));
      if (root.localName !== 'svg' || root.getElementsByTagName('parsererror').length > 0) return undefined;
      for (const element of Array.from(root.querySelectorAll(HOVER_ONLY_SELECTOR))) element.remove();
      return dom.serialize(root);
    } catch {
      return undefined;
    }
  };
}
