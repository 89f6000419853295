import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { trend } from './fixtures.ts';
import { WaterfallChart } from './WaterfallChart.tsx';

const meta = {
  title: 'Charts/WaterfallChart',
  component: WaterfallChart,
  args: { ...trend, label: 'Andamento del portafoglio' },
} satisfies Meta<typeof WaterfallChart>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A year by quarter: the opening value, then per quarter transfers, interest, fees, taxes, market effect and the
 * closing value. */
export const Quarterly: Story = {};

/** One quarter. */
export const OnePeriod: Story = { args: { rows: trend.rows.slice(0, 1) } };

/** In English. */
export const English: Story = { args: { label: 'Portfolio trend' }, globals: { locale: 'en' } };
