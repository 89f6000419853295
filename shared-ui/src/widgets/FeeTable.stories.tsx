import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { feesReport } from '../charts/fixtures.ts';
import { defineWidgets } from './define.ts';
import { FeeTable } from './FeeTable.tsx';
import { feeTableData } from './fixtures.ts';
import { answerFetch, PlainElement, storySource } from './story-kit.tsx';

const meta = {
  title: 'Widgets/pt-fee-table',
  component: FeeTable,
  args: { data: feesReport },
} satisfies Meta<typeof FeeTable>;

export default meta;
type Story = StoryObj<typeof meta>;

/** <pt-fee-table> through its React wrapper: two accounts, the six fee subcauses by quarter, totals per quarter. */
export const TwoAccounts: Story = {};

/** In English. */
export const English: Story = { globals: { locale: 'en' } };

/** No account: an empty state. */
export const Empty: Story = { args: { data: { quarters: feesReport.quarters, accountComposition: [] } } };

/** The element as an adviser's own page uses it, under a page stylesheet that styles every table: the widget's
 * table is not affected (shadow DOM), and the widget's styles do not touch the page's table. */
export const StylesDoNotLeak: Story = {
  render: () => {
    defineWidgets();
    return (
      <div
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the story shows the element's HTML usage
        dangerouslySetInnerHTML={{
          __html: `<style>.leak-demo table { border: 4px dashed #c00; font-family: serif; } .leak-demo td { padding: 20px; background: #ffd; }</style>
<div class="leak-demo"><table><tr><td>A page table</td><td>styled by the page</td></tr></table>
<pt-fee-table lang="it" data='${JSON.stringify(feesReport).replace(/'/g, '&#39;')}'></pt-fee-table></div>`,
        }}
      />
    );
  },
};

/** Figures from `src` with a widget token (answered here by the story), in English. */
export const FromSource: Story = {
  beforeEach: answerFetch(200, feeTableData),
  render: () => <PlainElement tag="pt-fee-table" attributes={{ ...storySource('fee-table'), lang: 'en' }} />,
};

/** 401: the token was revoked or has expired. */
export const TokenNotValid: Story = {
  beforeEach: answerFetch(401),
  render: () => <PlainElement tag="pt-fee-table" attributes={storySource('fee-table')} />,
};
