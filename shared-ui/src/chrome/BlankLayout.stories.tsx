import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { ROUTES } from '../routes.ts';
import { BlankLayout } from './BlankLayout.tsx';
import { Spinner } from './Logo.tsx';
import { PagePlaceholder } from './PagePlaceholder.tsx';

const login = ROUTES.find((r) => r.page === 'login')!;

const meta = {
  title: 'Chrome/BlankLayout',
  component: BlankLayout,
  parameters: { layout: 'fullscreen', docs: { story: { inline: false, iframeHeight: 560 } } },
} satisfies Meta<typeof BlankLayout>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The layout of the public pages, here with the sign-in page's title. */
export const SignIn: Story = {
  args: {
    children: (
      <>
        <PagePlaceholder title={login.title} />
        <Spinner />
      </>
    ),
  },
};
