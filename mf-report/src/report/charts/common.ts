// Chart options shared by the report's charts (issue 7, portal-and-report 9). The charts become SVG drawn by
// svg2pdf.js, so: no animation (the SVG is taken once drawn), no toolbar, hex colours only (svg2pdf.js ignores
// hsl() and CSS variables), Montserrat (the font the PDF embeds). The palettes are shared-ui's, the portal's.
import { AGGREGATE_COLOR, abbreviate, cycle, intlLocale, PIE_PALETTE, PORTFOLIO_PALETTE } from '@patrimonio/shared-ui';
import type { ApexOptions } from 'apexcharts';
import { PAGE } from '../../pdf/document.ts';
import { REPORT_FONT } from '../../pdf/fonts.ts';
import type { Locale } from '../../pdf/format.ts';
import { type Box, drawSvg } from '../../pdf/svg.ts';
import type { SectionContext } from '../types.ts';
import { CHART_GRID_COLOR, CHART_TEXT_COLOR } from './ink.ts';

/** Portfolio series: 8 hex colours, cycled (spec 9). */
export const REPORT_PALETTE: readonly string[] = PORTFOLIO_PALETTE;
/** The aggregate or family portfolio's colour (spec 9: "the aggregate/family one is teal"). */
export const PORTFOLIO_TEAL = AGGREGATE_COLOR;
/** Pies and donuts: 9 hex colours, cycled. */
export const REPORT_PIE_PALETTE: readonly string[] = PIE_PALETTE;
export { CHART_GRID_COLOR, CHART_TEXT_COLOR } from './ink.ts';

/** The i-th portfolio series' colour, the aggregate (family) one teal. */
export const reportSeriesColor = (i: number, aggregate = false): string =>
  aggregate ? PORTFOLIO_TEAL : cycle(REPORT_PALETTE, i);

/** The i-th slice's colour. */
export const reportPieColor = (i: number): string => cycle(REPORT_PIE_PALETTE, i);

/** The options every report chart starts from, for an ApexCharts chart type. */
export function baseChartOptions(kind: NonNullable<NonNullable<ApexOptions['chart']>['type']>): ApexOptions {
  return {
    chart: {
      type: kind,
      fontFamily: REPORT_FONT,
      foreColor: CHART_TEXT_COLOR,
      background: '#ffffff',
      animations: { enabled: false },
      toolbar: { show: false },
      zoom: { enabled: false },
      selection: { enabled: false },
      accessibility: { enabled: false },
    },
    colors: [...REPORT_PALETTE],
    dataLabels: { enabled: false },
    tooltip: { enabled: false },
    states: { hover: { filter: { type: 'none' } }, active: { filter: { type: 'none' } } },
    grid: { borderColor: CHART_GRID_COLOR },
    legend: { show: false, fontFamily: REPORT_FONT },
  };
}

/** What ApexCharts draws for the pointer only, hidden by its stylesheet (which a PDF does not have): removed. */
export const HOVER_ONLY_SELECTOR = '.apexcharts-xcrosshairs, .apexcharts-ycrosshairs, .apexcharts-ycrosshairs-hidden';

/** The options drawn at a fixed size, still: what both renderers (browser and Node) hand to ApexCharts. */
export function atSize(options: ApexOptions, size: { width: number; height: number }): ApexOptions {
  return {
    ...options,
    chart: {
      ...options.chart,
      width: size.width,
      height: size.height,
      animations: { enabled: false },
      toolbar: { show: false },
      zoom: { enabled: false },
    },
  };
}

/** Money axis labels, abbreviated: '1,5K €' (Italian), '2.34M €' (English). */
export const moneyAxisFormatter =
  (locale: Locale) =>
  (value: number): string =>
    Number.isFinite(value) ? `${abbreviate(value, locale)} €` : '';

/** Percent axis labels (percent points): '5,2%'. */
export const percentAxisFormatter =
  (locale: Locale) =>
  (value: number): string =>
    Number.isFinite(value) ? `${abbreviate(value, locale)}%` : '';

/** 'YYYY-MM-DD' as a UTC timestamp, the x of a datetime axis; NaN for anything else. */
export function isoTime(iso: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : Number.NaN;
}

const monthTicks = new Map<Locale, Intl.DateTimeFormat>();
/** A datetime axis tick: 'gen 24' (Italian), 'Jan 24' (English). */
export function monthTick(time: number, locale: Locale): string {
  if (!Number.isFinite(time)) return '';
  let format = monthTicks.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale(locale), {
      month: 'short',
      year: '2-digit',
      timeZone: 'UTC',
    });
    monthTicks.set(locale, format);
  }
  return format.format(new Date(time));
}

/** The report canvas is 1190 px wide for the page's content width (spec 9): px per pt of a chart box. */
export const CHART_PX_PER_PT = 1190 / (PAGE.width - 2 * PAGE.margin);

/** The pixel size to render a chart at for a box in pt (same proportions, so text keeps its size across charts). */
export const chartPixels = (box: { width: number; height: number }): { width: number; height: number } => ({
  width: Math.round(box.width * CHART_PX_PER_PT),
  height: Math.round(box.height * CHART_PX_PER_PT),
});

/**
 * Renders the chart and draws it as vectors into the box. A chart that cannot be drawn (the renderer answers
 * undefined, or svg2pdf.js rejects its SVG) leaves the box empty: "A missing chart yields undefined" and the report
 * goes on. Returns whether the chart was drawn.
 */
export async function drawChart(ctx: SectionContext, options: ApexOptions, box: Box): Promise<boolean> {
  const svg = await ctx.chart(options, chartPixels(box));
  if (!svg) return false;
  try {
    await drawSvg(ctx.doc, svg, box);
    return true;
  } catch {
    return false;
  }
}

/** The most points a report line draws: more cost PDF size, not detail (about one per pt of a wide chart). */
export const MAX_LINE_POINTS = 600;

/** A long series cut to at most `max` points, evenly, keeping the first and the last. */
export function samplePoints<P>(points: readonly P[], max = MAX_LINE_POINTS): P[] {
  if (points.length <= max) return [...points];
  const step = (points.length - 1) / (max - 1);
  return Array.from({ length: max }, (_, i) => points[Math.round(i * step)]!);
}

/**
 * The value of a dated series at each date (oldest first, as displayInterval gives them): the last point on or
 * before it, null before the first point; the tables under the value charts show these at the display columns.
 * Worked example: points 2024-01-15: 100, 2024-02-10: 120 at dates 2024-01-10, 2024-01-31, 2024-02-29 give null,
 * 100, 120.
 */
export function valuesAtDates<P extends { date: string }>(
  points: readonly P[],
  dates: readonly string[],
  value: (point: P) => number,
): (number | null)[] {
  const sorted = [...points].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  let next = 0;
  let current: number | null = null;
  return dates.map((date) => {
    while (next < sorted.length && sorted[next]!.date <= date) current = value(sorted[next++]!);
    return current;
  });
}

export interface ChartSlice {
  label: string;
  value: number;
}

/**
 * A donut of the slices in their order, coloured by the pie palette (or `colors`), without legend or labels: the
 * report writes its legend as PDF text next to it. Slices that are not positive cannot be drawn and are left out of
 * the ring (the legend still lists them).
 */
export function donutOptions(slices: readonly ChartSlice[], colors?: readonly string[]): ApexOptions {
  const base = baseChartOptions('donut');
  const drawn = slices.map((s, i) => ({ ...s, color: colors?.[i] ?? reportPieColor(i) })).filter((s) => s.value > 0);
  return {
    ...base,
    series: drawn.map((s) => s.value),
    labels: drawn.map((s) => s.label),
    colors: drawn.map((s) => s.color),
    stroke: { width: 1, colors: ['#ffffff'] },
    plotOptions: { pie: { expandOnClick: false, donut: { size: '62%', labels: { show: false } } } },
  };
}

/** Options of a line chart over dated points: a datetime x axis from..to with month ticks. */
export function datedLineOptions(
  series: ReadonlyArray<{ name: string; color: string; points: ReadonlyArray<{ date: string; value: number }> }>,
  range: { from: string; to: string },
  locale: Locale,
  yFormatter: (value: number) => string,
): ApexOptions {
  const base = baseChartOptions('line');
  return {
    ...base,
    series: series.map((s) => ({
      name: s.name,
      data: samplePoints(s.points).map((p) => ({ x: isoTime(p.date), y: p.value })),
    })),
    colors: series.map((s) => s.color),
    stroke: { width: 2, curve: 'straight' },
    markers: { size: 0 },
    xaxis: {
      type: 'datetime',
      min: isoTime(range.from),
      max: isoTime(range.to),
      labels: { formatter: (_value: string, timestamp?: number) => monthTick(Number(timestamp), locale) },
      tooltip: { enabled: false },
    },
    yaxis: { labels: { formatter: yFormatter } },
  };
}
