// Pure helpers of the charts (no React, no ApexCharts): legend truncation, waterfall shaping, the drill-down
// state of the performance bars, bar widths and the projection's series. Unit-tested in logic.test.ts.
import type { Locale } from '../i18n/i18n.ts';

/** Spec: the legend shows at most 5 items, then a 'more' entry. */
export const LEGEND_MAX = 5;

export interface LegendView<T> {
  /** The entries to show. */
  shown: T[];
  /** How many are behind the 'more' entry (0 when all are shown). */
  hidden: number;
  /** True when all are shown because the user expanded the list (a 'less' entry folds it again). */
  collapsible: boolean;
}

/**
 * The legend entries to show: all when there are at most `max`, otherwise the first `max` and a count for the
 * 'more' entry, or everything once expanded. Worked example: 7 items, not expanded: 5 shown, hidden 2.
 */
export function legendView<T>(items: ReadonlyArray<T>, expanded: boolean, max = LEGEND_MAX): LegendView<T> {
  if (items.length <= max) return { shown: [...items], hidden: 0, collapsible: false };
  if (expanded) return { shown: [...items], hidden: 0, collapsible: true };
  return { shown: items.slice(0, max), hidden: items.length - max, collapsible: false };
}

const cents = (v: number) => Math.round(v * 100) / 100;
const finite = (v: number | null | undefined) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

export interface DonutPart<T> {
  slice: T;
  /** Index in the input. */
  index: number;
  /** Share of the positive total, percent points. */
  percent: number;
}

/**
 * The slices a donut can draw (positive values only; a donut cannot show a negative or empty share) with their
 * share of the total. Worked example: [60, 40, 0, -5]: two parts, 60% and 40%, total 100.
 */
export function donutParts<T extends { value: number }>(
  slices: ReadonlyArray<T>,
): { parts: DonutPart<T>[]; total: number } {
  const total = slices.reduce((s, x) => s + (finite(x.value) > 0 ? x.value : 0), 0);
  const parts: DonutPart<T>[] = [];
  slices.forEach((slice, index) => {
    if (finite(slice.value) > 0) parts.push({ slice, index, percent: total > 0 ? (slice.value / total) * 100 : 0 });
  });
  return { parts, total: cents(total) };
}

/** The steps of one waterfall period, in drawing order (spec data-and-admin section 2: portfolio trend). */
export const WATERFALL_STEPS = ['transfers', 'interessi', 'commissioni', 'tasse', 'market'] as const;
export type WaterfallStep = (typeof WATERFALL_STEPS)[number];
export type WaterfallKind = 'opening' | WaterfallStep | 'closing';

export interface WaterfallBar {
  /** Unique per bar: the category key of the chart. */
  key: string;
  kind: WaterfallKind;
  /** The period's end date (the opening date for the opening bar). */
  date: string;
  /** The bar floats from `start` to `end`; totals start at 0. */
  start: number;
  end: number;
  /** Signed height: the step's amount, or the total. */
  value: number;
}

export interface WaterfallInputRow {
  date: string;
  total: number;
  performance: number;
  interessi: number;
  commissioni: number;
  tasse: number;
  transfers: number;
}

/**
 * The bars of the portfolio trend waterfall: the opening total, then per period the transfers, interest
 * (interessi), fees (commissioni, negative), taxes (tasse, negative) and the market effect (performance -
 * interessi - commissioni - tasse), each moving the level, and the period's closing total. The next period starts
 * from the closing total as reported. 1 + 6 x rows bars.
 * Worked example: opening 1000; row { transfers 100, interessi 10, commissioni -5, tasse -2, performance 50,
 * total 1150 }: market = 50 - 10 + 5 + 2 = 47; levels 1000 -> 1100 -> 1110 -> 1105 -> 1103 -> 1150; closing 0 -> 1150.
 */
export function waterfallBars(
  start: { date: string; total: number },
  rows: ReadonlyArray<WaterfallInputRow>,
): WaterfallBar[] {
  const opening = cents(finite(start.total));
  const bars: WaterfallBar[] = [
    { key: 'b0', kind: 'opening', date: start.date, start: 0, end: opening, value: opening },
  ];
  let level = opening;
  for (const row of rows) {
    const amounts: Record<WaterfallStep, number> = {
      transfers: cents(finite(row.transfers)),
      interessi: cents(finite(row.interessi)),
      commissioni: cents(finite(row.commissioni)),
      tasse: cents(finite(row.tasse)),
      market: cents(finite(row.performance) - finite(row.interessi) - finite(row.commissioni) - finite(row.tasse)),
    };
    for (const kind of WATERFALL_STEPS) {
      const value = amounts[kind];
      const end = cents(level + value);
      bars.push({ key: `b${bars.length}`, kind, date: row.date, start: level, end, value });
      level = end;
    }
    const total = cents(finite(row.total));
    bars.push({ key: `b${bars.length}`, kind: 'closing', date: row.date, start: 0, end: total, value: total });
    level = total;
  }
  return bars;
}

/** A round step for an axis near `raw`: 1, 2, 2.5 or 5 times a power of ten. niceStep(16_000) = 20_000. */
export function niceStep(raw: number): number {
  if (!(raw > 0) || !Number.isFinite(raw)) return 1;
  const power = 10 ** Math.floor(Math.log10(raw));
  const f = raw / power;
  const nice = f <= 1 ? 1 : f <= 2 ? 2 : f <= 2.5 ? 2.5 : f <= 5 ? 5 : 10;
  return nice * power;
}

/**
 * Where the waterfall's value axis starts: a round value below the lowest level, so that the steps (small next to
 * the totals) stay visible; 0 when the levels come close to 0; undefined (automatic) when a level is negative.
 * Worked example: levels between 500,000 and 564,300: 500,000 - 0.25 x 64,300 = 483,925, step 20,000: 480,000.
 */
export function waterfallFloor(bars: ReadonlyArray<WaterfallBar>): number | undefined {
  if (bars.length === 0) return 0;
  const levels = bars.flatMap((b) => (b.kind === 'opening' || b.kind === 'closing' ? [b.end] : [b.start, b.end]));
  const lo = Math.min(...levels);
  const hi = Math.max(...levels);
  if (lo < 0) return undefined;
  const floor = lo - (hi - lo) * 0.25;
  if (floor <= 0 || hi === lo) return 0;
  const step = niceStep((hi - floor) / 5);
  return Math.max(0, Math.floor(floor / step) * step);
}

export interface PerformanceItem {
  description: string;
  value: number | null;
}
export interface PerformanceMacro extends PerformanceItem {
  assetClassList: ReadonlyArray<PerformanceItem>;
}

/** The performance bars show the macro classes, or the asset classes of one of them. */
export type DrillState = { level: 'macro' } | { level: 'asset'; index: number };
export type DrillAction = { type: 'drill'; index: number } | { type: 'back' };
export const DRILL_TOP: DrillState = { level: 'macro' };

/**
 * The drill-down transition (data-and-admin section 4: clicking a macro class bar drills into its asset classes;
 * a back arrow returns). A macro class without asset classes, or an unknown index, does not drill.
 */
export function drillReducer(
  classes: ReadonlyArray<PerformanceMacro>,
  state: DrillState,
  action: DrillAction,
): DrillState {
  if (action.type === 'back') return DRILL_TOP;
  if (state.level !== 'macro') return state;
  const target = classes[action.index];
  return target && target.assetClassList.length > 0 ? { level: 'asset', index: action.index } : state;
}

/** What the performance bars show in a state: the bars and, inside a macro class, its name. */
export function drillView(
  classes: ReadonlyArray<PerformanceMacro>,
  state: DrillState,
): { items: ReadonlyArray<PerformanceItem>; parent: PerformanceMacro | null } {
  if (state.level === 'asset') {
    const parent = classes[state.index];
    if (parent) return { items: parent.assetClassList, parent };
  }
  return { items: classes, parent: null };
}

/**
 * Column (or bar) width in percent of the category slot, never above 100% (spec: chart bars at most 100 percent
 * width): narrower for one series, wider for grouped series. Worked example: 1 series 55%, 3 series 85%, 5 or more 100%.
 */
export function barWidthPercent(seriesCount: number): number {
  const n = Math.max(1, Math.floor(seriesCount));
  return Math.min(100, 40 + 15 * n);
}

export interface BandInput {
  dates: ReadonlyArray<string>;
  inflation: ReadonlyArray<number>;
  graph: ReadonlyArray<{ name: string; data: ReadonlyArray<number> }>;
  maxValue: number;
}

/**
 * The projection's bands in drawing order: the least probable (highest, '20%') first so that the more probable
 * bands are drawn over it, each cut to the dates. Worked example: graph [90%, 60%, 20%] gives [20%, 60%, 90%].
 */
export function bandOrder(calculus: BandInput): Array<{ name: string; data: number[] }> {
  const n = calculus.dates.length;
  const probability = (name: string) => Number.parseFloat(name) || 0;
  return [...calculus.graph]
    .sort((a, b) => probability(a.name) - probability(b.name))
    .map((g) => ({ name: g.name, data: Array.from({ length: n }, (_, i) => finite(g.data[i])) }));
}

/** A point marked on the projection (a goal: its amount at its target date). */
export interface BandMarker {
  label: string;
  /** YYYY-MM-DD. */
  date: string;
  value: number;
}

/**
 * Where each marker goes on the projection's yearly axis: the index of the projection date nearest to the marker's
 * date (ties to the later date); markers before the first date or after the last by more than half a year, or
 * without a finite value, are left out. Worked example: dates 2026-05-31, 2027-05-31, 2028-05-31; a goal on
 * 2027-10-01 is nearer 2027-05-31 (123 days) than 2028-05-31 (243 days): index 1.
 */
export function markerIndexes<M extends { date: string; value: number }>(
  dates: ReadonlyArray<string>,
  markers: ReadonlyArray<M>,
): Array<{ marker: M; index: number }> {
  const times = dates.map(isoToTime);
  const halfYear = 183 * 86_400_000;
  const out: Array<{ marker: M; index: number }> = [];
  for (const marker of markers) {
    const t = isoToTime(marker.date);
    if (!Number.isFinite(t) || !Number.isFinite(marker.value) || times.length === 0) continue;
    if (t < times[0]! - halfYear || t > times[times.length - 1]! + halfYear) continue;
    let best = 0;
    for (let i = 1; i < times.length; i++) if (Math.abs(times[i]! - t) <= Math.abs(times[best]! - t)) best = i;
    out.push({ marker, index: best });
  }
  return out;
}

/** The years of the projection's dates, as axis labels: '2024-05-31' -> '2024'. */
export const yearsOf = (dates: ReadonlyArray<string>): string[] => dates.map((d) => d.slice(0, 4));

/** A Lingui locale as one of ours. */
export const chartLocale = (locale: string | undefined): Locale => (locale === 'en' ? 'en' : 'it');

/** 'YYYY-MM-DD' as a UTC timestamp (the axis of dated series); NaN for anything else. */
export function isoToTime(iso: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : Number.NaN;
}

/** A UTC timestamp back to 'YYYY-MM-DD'. */
export const timeToIso = (t: number): string => new Date(t).toISOString().slice(0, 10);

/** The most points a line draws: about one per 2 px of a wide chart; more only cost drawing time. */
export const LINE_MAX_POINTS = 500;

/**
 * A long series thinned for drawing with Largest-Triangle-Three-Buckets (Steinarsson, 2013): the first and last
 * points kept, the rest split into `max - 2` buckets, and from each the point making the largest triangle with the
 * point kept before it and the average of the next bucket. Peaks and troughs survive, so the line keeps its shape;
 * the figures in the tooltip are real points of the series. Series of at most `max` points are returned as they are.
 */
export function thinPoints<P>(points: ReadonlyArray<P>, max: number, xy: (p: P) => [number, number]): P[] {
  const n = points.length;
  if (n <= max || max < 3) return [...points];
  const kept: P[] = [points[0]!];
  const size = (n - 2) / (max - 2);
  let a = 0;
  for (let b = 0; b < max - 2; b++) {
    const start = Math.floor(b * size) + 1;
    const end = Math.min(Math.floor((b + 1) * size) + 1, n - 1);
    // The average of the next bucket (the last point for the last bucket).
    const nextStart = end;
    const nextEnd = Math.min(Math.floor((b + 2) * size) + 1, n);
    let avgX = 0;
    let avgY = 0;
    for (let i = nextStart; i < nextEnd; i++) {
      const [x, y] = xy(points[i]!);
      avgX += x;
      avgY += y;
    }
    const count = Math.max(1, nextEnd - nextStart);
    avgX /= count;
    avgY /= count;
    const [ax, ay] = xy(points[a]!);
    let best = start;
    let bestArea = -1;
    for (let i = start; i < end; i++) {
      const [x, y] = xy(points[i]!);
      const area = Math.abs((ax - avgX) * (y - ay) - (ax - x) * (avgY - ay));
      if (area > bestArea) {
        bestArea = area;
        best = i;
      }
    }
    kept.push(points[best]!);
    a = best;
  }
  kept.push(points[n - 1]!);
  return kept;
}
