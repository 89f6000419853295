import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { BandChart } from './BandChart.tsx';
import { projection } from './fixtures.ts';

const meta = {
  title: 'Charts/BandChart',
  component: BandChart,
  args: { calculus: projection, label: 'Proiezione del patrimonio' },
} satisfies Meta<typeof BandChart>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The overview's projection: bands at 90%, 60% and 20% probability and the inflation line over 20 years. */
export const Projection: Story = {};

/** In English. */
export const English: Story = { args: { label: 'Wealth projection' }, globals: { locale: 'en' } };
