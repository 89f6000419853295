import { fn } from 'storybook/test';
import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { compositionSlices, wealthSlices } from '../charts/fixtures.ts';
import { defineWidgets } from './define.ts';
import { portfolioDonutData } from './fixtures.ts';
import { PortfolioDonut } from './PortfolioDonut.tsx';
import { answerFetch, PlainElement, storySource } from './story-kit.tsx';

const meta = {
  title: 'Widgets/pt-portfolio-donut',
  component: PortfolioDonut,
  args: { slices: compositionSlices, label: 'Composizione del portafoglio', onSliceClick: fn() },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 520 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof PortfolioDonut>;

export default meta;
type Story = StoryObj<typeof meta>;

/** <pt-portfolio-donut> through its React wrapper: slices as a JSON attribute, the page's language as `lang`, a
 * slice click as the `pt-slice-click` event (see the Actions panel). Styles live in its shadow root. */
export const Portfolio: Story = {};

/** In English. */
export const English: Story = { args: { label: 'Portfolio composition' }, globals: { locale: 'en' } };

/** The element as an adviser's own page uses it: plain HTML attributes, no React on the page's side. */
export const PlainHtml: Story = {
  render: () => {
    defineWidgets();
    return (
      <div
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the story shows the element's HTML usage
        dangerouslySetInnerHTML={{
          __html: `<pt-portfolio-donut lang="en" label="Wealth" total-label="Wealth" slices='${JSON.stringify(wealthSlices)}'></pt-portfolio-donut>`,
        }}
      />
    );
  },
};

/** The common form: `data` with macro class keys, labelled in the widget's language. */
export const DataForm: Story = {
  render: () => (
    <PlainElement tag="pt-portfolio-donut" attributes={{ data: JSON.stringify(portfolioDonutData), lang: 'en' }} />
  ),
};

/** Loading from `src`: the skeleton while the API has not answered. */
export const Loading: Story = {
  beforeEach: answerFetch('never'),
  render: () => <PlainElement tag="pt-portfolio-donut" attributes={storySource('portfolio-donut')} />,
};

/** 500: figures unavailable, with Retry. */
export const Unavailable: Story = {
  beforeEach: answerFetch(500),
  render: () => (
    <PlainElement tag="pt-portfolio-donut" attributes={{ ...storySource('portfolio-donut'), lang: 'en' }} />
  ),
};
