import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { projectionBandData } from './fixtures.ts';
import { answerFetch, PlainElement, storySource } from './story-kit.tsx';
import { PtProjectionBand } from './wrappers.tsx';

const meta = {
  title: 'Widgets/pt-projection-band',
  component: PtProjectionBand,
  args: { data: projectionBandData },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 640 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof PtProjectionBand>;

export default meta;
type Story = StoryObj<typeof meta>;

/** <pt-projection-band> through its React wrapper, in Italian. Bands at 90%, 60% and 20% probability and the inflation line. */
export const Italian: Story = {};

/** In English (the page's language becomes the element's `lang`). */
export const English: Story = { globals: { locale: 'en' } };

/** Nothing to draw: the empty message. */
export const Empty: Story = { args: { data: { dates: [], inflation: [], graph: [], maxValue: 0 } } };

/** As an adviser's page writes it: figures from `src` with a widget token (answered here by the story). */
export const FromSource: Story = {
  beforeEach: answerFetch(200, projectionBandData),
  render: () => (
    <PlainElement tag="pt-projection-band" attributes={{ ...storySource('projection-band'), lang: 'en' }} />
  ),
};

/** Loading: the skeleton (aria-busy) while the API has not answered. */
export const Loading: Story = {
  beforeEach: answerFetch('never'),
  render: () => <PlainElement tag="pt-projection-band" attributes={storySource('projection-band')} />,
};

/** 401: the token was revoked or has expired. */
export const TokenNotValid: Story = {
  beforeEach: answerFetch(401),
  render: () => <PlainElement tag="pt-projection-band" attributes={storySource('projection-band')} />,
};

/** 403: the token does not allow this site or this widget. */
export const NotAllowed: Story = {
  beforeEach: answerFetch(403),
  render: () => (
    <PlainElement tag="pt-projection-band" attributes={{ ...storySource('projection-band'), lang: 'en' }} />
  ),
};

/** 500: figures unavailable, with Retry. */
export const Unavailable: Story = {
  beforeEach: answerFetch(500),
  render: () => <PlainElement tag="pt-projection-band" attributes={storySource('projection-band')} />,
};
