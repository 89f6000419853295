import { fn } from 'storybook/test';
import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { performanceBarsData } from './fixtures.ts';
import { answerFetch, PlainElement, storySource } from './story-kit.tsx';
import { PtPerformanceBars } from './wrappers.tsx';

const meta = {
  title: 'Widgets/pt-performance-bars',
  component: PtPerformanceBars,
  args: { data: performanceBarsData, onDrillDown: fn() },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 640 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof PtPerformanceBars>;

export default meta;
type Story = StoryObj<typeof meta>;

/** <pt-performance-bars> through its React wrapper, in Italian. A macro class drills down to its asset classes (Enter on its legend entry); the back arrow or Escape returns. `pt-drill-down` is in the Actions panel. */
export const Italian: Story = {};

/** In English (the page's language becomes the element's `lang`). */
export const English: Story = { globals: { locale: 'en' } };

/** Nothing to draw: the empty message. */
export const Empty: Story = { args: { data: { dateFrom: '2026-01-01', dateTo: '2026-10-31', classes: [] } } };

/** As an adviser's page writes it: figures from `src` with a widget token (answered here by the story). */
export const FromSource: Story = {
  beforeEach: answerFetch(200, performanceBarsData),
  render: () => (
    <PlainElement tag="pt-performance-bars" attributes={{ ...storySource('performance-bars'), lang: 'en' }} />
  ),
};

/** Loading: the skeleton (aria-busy) while the API has not answered. */
export const Loading: Story = {
  beforeEach: answerFetch('never'),
  render: () => <PlainElement tag="pt-performance-bars" attributes={storySource('performance-bars')} />,
};

/** 401: the token was revoked or has expired. */
export const TokenNotValid: Story = {
  beforeEach: answerFetch(401),
  render: () => <PlainElement tag="pt-performance-bars" attributes={storySource('performance-bars')} />,
};

/** 403: the token does not allow this site or this widget. */
export const NotAllowed: Story = {
  beforeEach: answerFetch(403),
  render: () => (
    <PlainElement tag="pt-performance-bars" attributes={{ ...storySource('performance-bars'), lang: 'en' }} />
  ),
};

/** 500: figures unavailable, with Retry. */
export const Unavailable: Story = {
  beforeEach: answerFetch(500),
  render: () => <PlainElement tag="pt-performance-bars" attributes={storySource('performance-bars')} />,
};
