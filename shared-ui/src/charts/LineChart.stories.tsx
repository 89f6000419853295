import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { performanceSeries, valueSeries } from './fixtures.ts';
import { LineChart } from './LineChart.tsx';

const meta = {
  title: 'Charts/LineChart',
  component: LineChart,
  args: { series: valueSeries, format: 'money', label: 'Andamento del patrimonio' },
} satisfies Meta<typeof LineChart>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Total value over two years: a money axis with K/M/B/T abbreviations, dates on the x axis. */
export const Value: Story = {};

/** Cumulative performance in percent: the aggregate is teal, the portfolios cycle through the 8 colours. */
export const PortfolioComparison: Story = {
  args: { series: performanceSeries, format: 'percent', label: 'Confronto delle performance' },
};

/** In English (en-GB: en-US digits, day-first dates). */
export const English: Story = {
  args: { series: performanceSeries, format: 'percent', label: 'Performance comparison' },
  globals: { locale: 'en' },
};
