import { fn } from 'storybook/test';
import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { performanceClasses } from './fixtures.ts';
import { PerformanceBars } from './PerformanceBars.tsx';

const meta = {
  title: 'Charts/PerformanceBars',
  component: PerformanceBars,
  args: { classes: performanceClasses, label: 'Performance per classe', onDrill: fn() },
} satisfies Meta<typeof PerformanceBars>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Macro classes coloured by sign. Click a bar, or its legend entry (Enter), to see its asset classes; the back
 * arrow or Escape returns. */
export const MacroClasses: Story = {};

/** In English. */
export const English: Story = { args: { label: 'Performance by class' }, globals: { locale: 'en' } };
