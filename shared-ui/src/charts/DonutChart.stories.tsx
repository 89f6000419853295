import { fn } from 'storybook/test';
import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { DonutChart } from './DonutChart.tsx';
import { compositionSlices, wealthSlices } from './fixtures.ts';

const meta = {
  title: 'Charts/DonutChart',
  component: DonutChart,
  args: { slices: wealthSlices, label: 'Composizione del patrimonio', totalLabel: 'Patrimonio' },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 520 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof DonutChart>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The overview's composition of wealth: four kinds, the total in the centre. */
export const Wealth: Story = {};

/** Seven slices: the legend shows five, then '+2 altri'. Slices and legend entries are clickable. */
export const ManySlices: Story = {
  args: { slices: compositionSlices, label: 'Composizione del portafoglio', onSliceClick: fn() },
};

/** The same in English: labels and number formats follow the language. */
export const English: Story = {
  args: { slices: compositionSlices, label: 'Portfolio composition', totalLabel: 'Total' },
  globals: { locale: 'en' },
};

/** Nothing positive to draw: an empty state, still named for screen readers. */
export const Empty: Story = { args: { slices: [{ label: 'Liquidità', value: 0 }] } };
