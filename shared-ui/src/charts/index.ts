// Charts (issue 5) on ApexCharts with the spec's palettes (palettes.ts). ApexCharts itself loads lazily, in its own
// chunk, when the first chart mounts. Every chart is a figure with an accessible name (role img + aria-label), an HTML
// legend (at most 5 entries, then 'more') and its data in a visually hidden table; numbers and texts follow the
// Lingui locale of the chart's context.
import type { BandMarker } from './logic.ts';

export interface DonutSlice {
  label: string;
  value: number;
}
export interface DonutChartProps {
  slices: ReadonlyArray<DonutSlice>;
  /** Centre label and total (formatted as money). */
  totalLabel?: string;
  height?: number;
  /** Accessible name. */
  label: string;
  /** The legend shows at most 5 items, then 'more'. */
  onSliceClick?: (slice: DonutSlice) => void;
  /** Default €. */
  currencySymbol?: string;
  /** Slice colours, cycled; default the pie palette (9 colours). */
  colors?: ReadonlyArray<string>;
}
export interface LineSeries {
  name: string;
  points: ReadonlyArray<{ date: string; value: number }>;
  /** The aggregate or family portfolio: teal. Other series cycle through the 8 portfolio colours. */
  aggregate?: boolean;
  /** An explicit colour instead of the portfolio palette. */
  color?: string;
}
export interface LineChartProps {
  series: ReadonlyArray<LineSeries>;
  /** Money (2 decimals, K/M/B/T on the axis) or percent points. */
  format: 'money' | 'percent';
  height?: number;
  label: string;
  /** Default €. */
  currencySymbol?: string;
}
export interface BandChartProps {
  /** The dashboard's `calculus`: dates, inflation line, bands 90% / 60% / 20%, maxValue. */
  calculus: {
    dates: string[];
    inflation: number[];
    graph: Array<{ name: string; data: number[] }>;
    maxValue: number;
  };
  height?: number;
  label: string;
  /** Default €. */
  currencySymbol?: string;
  /** Points marked on the bands (goals: amount at the target date), each at the nearest year of the projection. */
  markers?: ReadonlyArray<BandMarker>;
}
export interface BarChartProps {
  categories: ReadonlyArray<string>;
  series: ReadonlyArray<{ name: string; data: ReadonlyArray<number> }>;
  /** count: whole numbers (files, rows), no symbol. */
  format: 'money' | 'percent' | 'count';
  stacked?: boolean;
  horizontal?: boolean;
  height?: number;
  label: string;
  /** Series colours, cycled; default the portfolio palette. */
  colors?: ReadonlyArray<string>;
  /** One series (the overview's flows): each bar green above zero, red below. */
  colorBySign?: boolean;
  /** Default €. */
  currencySymbol?: string;
}
export interface PerformanceClass {
  description: string;
  /** Percent points; null shown as n/a. */
  value: number | null;
}
export interface PerformanceBarsProps {
  /** Macro classes (Equity, Alternative, Bond) with their asset classes: click a macro bar to drill down; a back arrow returns. */
  classes: ReadonlyArray<PerformanceClass & { assetClassList: ReadonlyArray<PerformanceClass> }>;
  height?: number;
  label: string;
  /** Told the macro class drilled into, or null back at the top. */
  onDrill?: (macroClass: string | null) => void;
  /** Colours above and below zero instead of the spec's green and red (a widget's theme). */
  signColors?: { positive?: string | undefined; negative?: string | undefined } | undefined;
}
export interface WaterfallRow {
  date: string;
  total: number;
  performance: number;
  interessi: number;
  commissioni: number;
  tasse: number;
  transfers: number;
}
export interface WaterfallChartProps {
  /** Opening value, then the trend rows (portfolio trend: transfers, interessi, commissioni, tasse, market). */
  start: { date: string; total: number };
  rows: ReadonlyArray<WaterfallRow>;
  height?: number;
  label: string;
  /** Default €. */
  currencySymbol?: string;
}
export { BandChart } from './BandChart.tsx';
export { BarChart } from './BarChart.tsx';
export { DonutChart } from './DonutChart.tsx';
export { Legend, type LegendEntry, type LegendProps } from './Legend.tsx';
export { LineChart } from './LineChart.tsx';
export { loadApexCharts } from './loadApexCharts.ts';
export {
  type BandMarker,
  barWidthPercent,
  LEGEND_MAX,
  legendView,
  markerIndexes,
  WATERFALL_STEPS,
  type WaterfallBar,
  type WaterfallKind,
  waterfallBars,
} from './logic.ts';
export { PerformanceBars } from './PerformanceBars.tsx';
export {
  AGGREGATE_COLOR,
  BAND_COLORS,
  cycle,
  INFLATION_COLOR,
  MARKER_COLOR,
  NEGATIVE_COLOR,
  PIE_PALETTE,
  PORTFOLIO_PALETTE,
  POSITIVE_COLOR,
  POSITIVE_TEAL,
  pieColor,
  portfolioColor,
  portfolioColors,
  signColor,
} from './palettes.ts';
export { WaterfallChart } from './WaterfallChart.tsx';
