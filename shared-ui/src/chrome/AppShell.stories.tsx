import { fn } from 'storybook/test';
import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { basicUser, clientSelection, proUser } from '../../../.storybook/fixtures.ts';
import { AppShell } from './AppShell.tsx';
import { MENU_LABELS } from './labels.ts';
import { SIDEBAR_STORAGE_KEY } from './menu.ts';
import { PagePlaceholder } from './PagePlaceholder.tsx';

const meta = {
  title: 'Chrome/AppShell',
  component: AppShell,
  parameters: {
    layout: 'fullscreen',
    // The shell fills the viewport (fixed drawer and toasts): each docs example in its own frame.
    docs: { story: { inline: false, iframeHeight: 640 } },
  },
  args: { onLogout: fn(), onOpenReport: fn(), serverVersion: '0.1.2' },
  beforeEach: () => {
    // Every story starts with the side menu open, whatever a previous story chose.
    localStorage.removeItem(SIDEBAR_STORAGE_KEY);
  },
} satisfies Meta<typeof AppShell>;

export default meta;
type Story = StoryObj<typeof meta>;

/** An adviser on the client list, with three movements to approve. */
export const Pro: Story = {
  args: {
    user: proUser,
    selection: null,
    pendingCount: 3,
    currentPath: '/clients',
    children: <PagePlaceholder title={MENU_LABELS.clients} />,
  },
};

/** An adviser working on a selected client. */
export const ProWithClient: Story = {
  args: {
    user: proUser,
    selection: clientSelection,
    pendingCount: 3,
    currentPath: '/client/42/overview',
    children: <PagePlaceholder title={MENU_LABELS.overview} />,
  },
};

/** A client on their own overview: the menu of their data, no selection. */
export const Basic: Story = {
  args: {
    user: basicUser,
    selection: null,
    pendingCount: null,
    currentPath: '/overview',
    children: <PagePlaceholder title={MENU_LABELS.overview} />,
  },
};
