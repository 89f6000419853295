import { fn } from 'storybook/test';
import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import {
  adminUser,
  backOfficeUser,
  clientSelection,
  delegateApproveOnly,
  familySelection,
  impersonatedPro,
  proUser,
} from '../../../.storybook/fixtures.ts';
import { SIDEBAR_STORAGE_KEY } from './menu.ts';
import { SideMenu } from './SideMenu.tsx';

const meta = {
  title: 'Chrome/SideMenu',
  component: SideMenu,
  parameters: {
    layout: 'fullscreen',
    // The panel is as tall as the viewport: each docs example in its own frame.
    docs: { story: { inline: false, iframeHeight: 620 } },
  },
  args: { onOpenReport: fn(), pendingCount: null, middleOfficeForAdmin: false },
  beforeEach: () => {
    // Every story starts with the menu open, whatever a previous story chose.
    localStorage.removeItem(SIDEBAR_STORAGE_KEY);
  },
  decorators: [
    (Story) => (
      <div style={{ display: 'flex', minHeight: '100vh' }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof SideMenu>;

export default meta;
type Story = StoryObj<typeof meta>;

/** An adviser with no client selected: clients, stocks, middle office, delegates. */
export const ProNoClient: Story = {
  args: { user: proUser, selection: null, currentPath: '/clients', pendingCount: 3 },
};

/** A delegate allowed only to approve movements: the middle office shows pending movements only. */
export const DelegateApproveOnly: Story = {
  args: { user: delegateApproveOnly, selection: null, currentPath: '/approve', pendingCount: 12 },
};

export const Admin: Story = {
  args: { user: adminUser, selection: null, currentPath: '/caronte-panel' },
};

export const BackOffice: Story = {
  args: { user: backOfficeUser, selection: null, currentPath: '/approve', pendingCount: 0 },
};

/** A selected client: the client's name on top and the menu of their data. */
export const SelectedClient: Story = {
  args: { user: proUser, selection: clientSelection, currentPath: '/client/42/position' },
};

/** A selected family: no goals and no client record. */
export const SelectedFamily: Story = {
  args: { user: proUser, selection: familySelection, currentPath: '/family/7/overview' },
};

/** An administrator signed in as a PRO: the documents entry appears. */
export const ImpersonatingPro: Story = {
  args: { user: impersonatedPro, selection: null, currentPath: '/docs', pendingCount: 3 },
};

/** An administrator signed in as a PRO on a selected client: the legacy financials entry appears. */
export const ImpersonatingProWithClient: Story = {
  args: { user: impersonatedPro, selection: clientSelection, currentPath: '/client/42/financials' },
};
