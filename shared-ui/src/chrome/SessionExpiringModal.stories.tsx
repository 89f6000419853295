import { fn } from 'storybook/test';
import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { SessionExpiringModal } from './SessionExpiringModal.tsx';

const meta = {
  title: 'Chrome/SessionExpiringModal',
  component: SessionExpiringModal,
  parameters: {
    layout: 'fullscreen',
    // A modal over the page: each docs example in its own frame.
    docs: { story: { inline: false, iframeHeight: 420 } },
  },
  args: { open: true, onKeepAlive: fn() },
  argTypes: { secondsLeft: { control: { type: 'range', min: 0, max: 64, step: 1 } } },
} satisfies Meta<typeof SessionExpiringModal>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The countdown starts at 64 seconds (the maximum shown). */
export const SixtyFourSeconds: Story = { args: { secondsLeft: 64 } };

export const TenSeconds: Story = { args: { secondsLeft: 10 } };

export const ZeroSeconds: Story = { args: { secondsLeft: 0 } };
