import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { wealthTotalData } from './fixtures.ts';
import { answerFetch, PlainElement, storySource } from './story-kit.tsx';
import { PtWealthTotal } from './wrappers.tsx';

const meta = {
  title: 'Widgets/pt-wealth-total',
  component: PtWealthTotal,
  args: { data: wealthTotalData },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 640 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof PtWealthTotal>;

export default meta;
type Story = StoryObj<typeof meta>;

/** <pt-wealth-total> through its React wrapper, in Italian. The total as money, the date, the parts by kind with their share. No chart library. */
export const Italian: Story = {};

/** In English (the page's language becomes the element's `lang`). */
export const English: Story = { globals: { locale: 'en' } };

/** Nothing to draw: the empty message. */
export const Empty: Story = { args: { data: { date: '2026-10-31', total: 0, parts: [] } } };

/** As an adviser's page writes it: figures from `src` with a widget token (answered here by the story). */
export const FromSource: Story = {
  beforeEach: answerFetch(200, wealthTotalData),
  render: () => <PlainElement tag="pt-wealth-total" attributes={{ ...storySource('wealth-total'), lang: 'en' }} />,
};

/** Loading: the skeleton (aria-busy) while the API has not answered. */
export const Loading: Story = {
  beforeEach: answerFetch('never'),
  render: () => <PlainElement tag="pt-wealth-total" attributes={storySource('wealth-total')} />,
};

/** 401: the token was revoked or has expired. */
export const TokenNotValid: Story = {
  beforeEach: answerFetch(401),
  render: () => <PlainElement tag="pt-wealth-total" attributes={storySource('wealth-total')} />,
};

/** 403: the token does not allow this site or this widget. */
export const NotAllowed: Story = {
  beforeEach: answerFetch(403),
  render: () => <PlainElement tag="pt-wealth-total" attributes={{ ...storySource('wealth-total'), lang: 'en' }} />,
};

/** 500: figures unavailable, with Retry. */
export const Unavailable: Story = {
  beforeEach: answerFetch(500),
  render: () => <PlainElement tag="pt-wealth-total" attributes={storySource('wealth-total')} />,
};
