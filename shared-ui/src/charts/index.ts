// Charts (issue 5) on ApexCharts with the spec's palettes. Work package: charts and widgets.
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
}
export interface LineSeries {
  name: string;
  points: ReadonlyArray<{ date: string; value: number }>;
}
export interface LineChartProps {
  series: ReadonlyArray<LineSeries>;
  format: 'money' | 'percent';
  height?: number;
  label: string;
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
}
export interface BarChartProps {
  categories: ReadonlyArray<string>;
  series: ReadonlyArray<{ name: string; data: ReadonlyArray<number> }>;
  format: 'money' | 'percent';
  stacked?: boolean;
  horizontal?: boolean;
  height?: number;
  label: string;
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
}
export {
  BandChart,
  BarChart,
  DonutChart,
  LineChart,
  PerformanceBars,
  WaterfallChart,
} from './Charts.tsx';
