import { fn } from 'storybook/test';
import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { artLuxDonutData } from './fixtures.ts';
import { answerFetch, PlainElement, storySource } from './story-kit.tsx';
import { PtArtLuxDonut } from './wrappers.tsx';

const meta = {
  title: 'Widgets/pt-artlux-donut',
  component: PtArtLuxDonut,
  args: { data: artLuxDonutData, onSliceClick: fn() },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 640 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof PtArtLuxDonut>;

export default meta;
type Story = StoryObj<typeof meta>;

/** <pt-artlux-donut> through its React wrapper, in Italian. Categories labelled in the widget's language, each in its colour of the art and luxury page; `pt-slice-click` in the Actions panel. */
export const Italian: Story = {};

/** In English (the page's language becomes the element's `lang`). */
export const English: Story = { globals: { locale: 'en' } };

/** Nothing to draw: the empty message. */
export const Empty: Story = { args: { data: { date: '2026-10-31', slices: [] } } };

/** As an adviser's page writes it: figures from `src` with a widget token (answered here by the story). */
export const FromSource: Story = {
  beforeEach: answerFetch(200, artLuxDonutData),
  render: () => <PlainElement tag="pt-artlux-donut" attributes={{ ...storySource('artlux-donut'), lang: 'en' }} />,
};

/** Loading: the skeleton (aria-busy) while the API has not answered. */
export const Loading: Story = {
  beforeEach: answerFetch('never'),
  render: () => <PlainElement tag="pt-artlux-donut" attributes={storySource('artlux-donut')} />,
};

/** 401: the token was revoked or has expired. */
export const TokenNotValid: Story = {
  beforeEach: answerFetch(401),
  render: () => <PlainElement tag="pt-artlux-donut" attributes={storySource('artlux-donut')} />,
};

/** 403: the token does not allow this site or this widget. */
export const NotAllowed: Story = {
  beforeEach: answerFetch(403),
  render: () => <PlainElement tag="pt-artlux-donut" attributes={{ ...storySource('artlux-donut'), lang: 'en' }} />,
};

/** 500: figures unavailable, with Retry. */
export const Unavailable: Story = {
  beforeEach: answerFetch(500),
  render: () => <PlainElement tag="pt-artlux-donut" attributes={storySource('artlux-donut')} />,
};
