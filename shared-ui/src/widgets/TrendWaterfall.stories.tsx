import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { trendWaterfallData } from './fixtures.ts';
import { answerFetch, PlainElement, storySource } from './story-kit.tsx';
import { PtTrendWaterfall } from './wrappers.tsx';

const meta = {
  title: 'Widgets/pt-trend-waterfall',
  component: PtTrendWaterfall,
  args: { data: trendWaterfallData },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 640 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof PtTrendWaterfall>;

export default meta;
type Story = StoryObj<typeof meta>;

/** <pt-trend-waterfall> through its React wrapper, in Italian. Opening value, transfers, interest, fees, taxes, market effect, closing value. */
export const Italian: Story = {};

/** In English (the page's language becomes the element's `lang`). */
export const English: Story = { globals: { locale: 'en' } };

/** Nothing to draw: the empty message. */
export const Empty: Story = { args: { data: { start: { date: '2026-01-01', total: 0 }, rows: [] } } };

/** As an adviser's page writes it: figures from `src` with a widget token (answered here by the story). */
export const FromSource: Story = {
  beforeEach: answerFetch(200, trendWaterfallData),
  render: () => (
    <PlainElement tag="pt-trend-waterfall" attributes={{ ...storySource('trend-waterfall'), lang: 'en' }} />
  ),
};

/** Loading: the skeleton (aria-busy) while the API has not answered. */
export const Loading: Story = {
  beforeEach: answerFetch('never'),
  render: () => <PlainElement tag="pt-trend-waterfall" attributes={storySource('trend-waterfall')} />,
};

/** 401: the token was revoked or has expired. */
export const TokenNotValid: Story = {
  beforeEach: answerFetch(401),
  render: () => <PlainElement tag="pt-trend-waterfall" attributes={storySource('trend-waterfall')} />,
};

/** 403: the token does not allow this site or this widget. */
export const NotAllowed: Story = {
  beforeEach: answerFetch(403),
  render: () => (
    <PlainElement tag="pt-trend-waterfall" attributes={{ ...storySource('trend-waterfall'), lang: 'en' }} />
  ),
};

/** 500: figures unavailable, with Retry. */
export const Unavailable: Story = {
  beforeEach: answerFetch(500),
  render: () => <PlainElement tag="pt-trend-waterfall" attributes={storySource('trend-waterfall')} />,
};
