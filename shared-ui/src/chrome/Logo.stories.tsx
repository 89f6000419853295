import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { LoadingScreen, Logo, Spinner } from './Logo.tsx';

const meta = {
  title: 'Chrome/Logo',
  component: Logo,
  argTypes: { size: { control: 'inline-radio', options: ['sm', 'md', 'lg'] } },
} satisfies Meta<typeof Logo>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Large: Story = { args: { size: 'lg' } };

/** The mark alone; the name stays for screen readers. */
export const MarkOnly: Story = { args: { wordmark: false } };

/** The spinner in its three sizes; the label is read by screen readers ("Loading" by default). */
export const Spinners: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: 24, alignItems: 'center' }}>
      <Spinner size="sm" />
      <Spinner />
      <Spinner size="lg" />
    </div>
  ),
};

/** The full-page loading state: the logo with a spinner. */
export const FullPageLoading: Story = {
  parameters: { layout: 'fullscreen', docs: { story: { inline: false, iframeHeight: 360 } } },
  render: () => <LoadingScreen />,
};
