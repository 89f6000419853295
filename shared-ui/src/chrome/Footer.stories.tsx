import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { Footer } from './Footer.tsx';

const meta = {
  title: 'Chrome/Footer',
  component: Footer,
  parameters: { layout: 'fullscreen' },
  argTypes: { role: { control: 'select', options: [null, 'BASIC', 'PRO', 'DELEGATE', 'BACK_OFFICE', 'ADMIN'] } },
} satisfies Meta<typeof Footer>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Portal and server versions; the privacy link is the professionals' notice. */
export const Pro: Story = { args: { role: 'PRO', serverVersion: '0.1.2' } };

/** A client gets the clients' privacy notice. */
export const Basic: Story = { args: { role: 'BASIC', serverVersion: '0.1.2' } };

/** The server version is not known yet. */
export const NoServerVersion: Story = { args: { role: null, serverVersion: null } };
