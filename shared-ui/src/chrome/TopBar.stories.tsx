import { fn } from 'storybook/test';
import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { basicUser, proUser } from '../../../.storybook/fixtures.ts';
import { TopBar } from './TopBar.tsx';

const meta = {
  title: 'Chrome/TopBar',
  component: TopBar,
  parameters: { layout: 'fullscreen' },
  args: { onLogout: fn() },
} satisfies Meta<typeof TopBar>;

export default meta;
type Story = StoryObj<typeof meta>;

/** An adviser: the user menu has Profile, Report a ticket and Log out. */
export const Pro: Story = { args: { user: proUser } };

/** A client: the profile entry leads to /infos. */
export const Basic: Story = { args: { user: basicUser } };
