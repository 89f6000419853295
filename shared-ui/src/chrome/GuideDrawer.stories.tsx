import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { GuideDrawer } from './GuideDrawer.tsx';
import { closeGuide, openGuide } from './guideStore.ts';

const meta = {
  title: 'Chrome/GuideDrawer',
  component: GuideDrawer,
  parameters: {
    layout: 'fullscreen',
    // A drawer over the page: each docs example in its own frame.
    docs: { story: { inline: false, iframeHeight: 640 } },
  },
} satisfies Meta<typeof GuideDrawer>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The guide opened from the footer, at its first section. */
export const Opened: Story = {
  beforeEach: () => {
    openGuide();
    return () => closeGuide();
  },
};

/** The guide opened at a given section (here section 3), scrolled to it. */
export const OpenedAtSection: Story = {
  beforeEach: () => {
    openGuide(3);
    return () => closeGuide();
  },
};
