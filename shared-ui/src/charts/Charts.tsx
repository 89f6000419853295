// PLACEHOLDER until the charts work package lands: each chart renders its label, so pages can be built against the
// final API. Replaced by the ApexCharts implementations.
import type {
  BandChartProps,
  BarChartProps,
  DonutChartProps,
  LineChartProps,
  PerformanceBarsProps,
  WaterfallChartProps,
} from './index.ts';

const Box = ({ label }: { label: string }) => <figure aria-label={label}>{label}</figure>;
export const DonutChart = (p: DonutChartProps) => <Box label={p.label} />;
export const LineChart = (p: LineChartProps) => <Box label={p.label} />;
export const BandChart = (p: BandChartProps) => <Box label={p.label} />;
export const BarChart = (p: BarChartProps) => <Box label={p.label} />;
export const PerformanceBars = (p: PerformanceBarsProps) => <Box label={p.label} />;
export const WaterfallChart = (p: WaterfallChartProps) => <Box label={p.label} />;
