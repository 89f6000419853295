import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { BarChart } from './BarChart.tsx';
import { companyResults, flux } from './fixtures.ts';

const meta = {
  title: 'Charts/BarChart',
  component: BarChart,
  args: { ...flux, format: 'money', colorBySign: true, label: 'Flussi degli ultimi 12 mesi' },
} satisfies Meta<typeof BarChart>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The overview's flows: one bar per kind, green above zero and red below. */
export const Flux: Story = {};

/** A family company's revenue, profit and EBITDA by year: grouped bars, never wider than their year. */
export const RevenueProfitEbitda: Story = {
  args: { ...companyResults, colorBySign: false, label: 'Ricavi, utile ed EBITDA' },
};

/** Horizontal bars. */
export const Horizontal: Story = { args: { horizontal: true } };

/** In English. */
export const English: Story = {
  args: { ...companyResults, colorBySign: false, label: 'Revenue, profit and EBITDA' },
  globals: { locale: 'en' },
};
