import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { businessChartData } from './fixtures.ts';
import { answerFetch, PlainElement, storySource } from './story-kit.tsx';
import { PtBusinessChart } from './wrappers.tsx';

const meta = {
  title: 'Widgets/pt-business-chart',
  component: PtBusinessChart,
  args: { data: businessChartData },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 640 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof PtBusinessChart>;

export default meta;
type Story = StoryObj<typeof meta>;

/** <pt-business-chart> through its React wrapper, in Italian. Revenue, profit and EBITDA per company; the year in the title. */
export const Italian: Story = {};

/** In English (the page's language becomes the element's `lang`). */
export const English: Story = { globals: { locale: 'en' } };

/** Nothing to draw: the empty message. */
export const Empty: Story = { args: { data: { year: null, companies: [] } } };

/** As an adviser's page writes it: figures from `src` with a widget token (answered here by the story). */
export const FromSource: Story = {
  beforeEach: answerFetch(200, businessChartData),
  render: () => <PlainElement tag="pt-business-chart" attributes={{ ...storySource('business-chart'), lang: 'en' }} />,
};

/** Loading: the skeleton (aria-busy) while the API has not answered. */
export const Loading: Story = {
  beforeEach: answerFetch('never'),
  render: () => <PlainElement tag="pt-business-chart" attributes={storySource('business-chart')} />,
};

/** 401: the token was revoked or has expired. */
export const TokenNotValid: Story = {
  beforeEach: answerFetch(401),
  render: () => <PlainElement tag="pt-business-chart" attributes={storySource('business-chart')} />,
};

/** 403: the token does not allow this site or this widget. */
export const NotAllowed: Story = {
  beforeEach: answerFetch(403),
  render: () => <PlainElement tag="pt-business-chart" attributes={{ ...storySource('business-chart'), lang: 'en' }} />,
};

/** 500: figures unavailable, with Retry. */
export const Unavailable: Story = {
  beforeEach: answerFetch(500),
  render: () => <PlainElement tag="pt-business-chart" attributes={storySource('business-chart')} />,
};
