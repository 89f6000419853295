import { msg } from '@lingui/core/macro';
import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { toastMessages } from './messages.ts';
import { Toaster } from './Toaster.tsx';
import { toast } from './toast.ts';

const meta = {
  title: 'Chrome/Toaster',
  component: Toaster,
  parameters: {
    layout: 'fullscreen',
    // Toasts sit bottom-right of the viewport: each docs example in its own frame.
    docs: { story: { inline: false, iframeHeight: 360 } },
  },
} satisfies Meta<typeof Toaster>;

export default meta;
type Story = StoryObj<typeof meta>;

// The portal's existing messages; fixed ids so a re-render replaces the toasts instead of adding more.
const LOADING = msg`Caricamento in corso`;

/** A success, an error and a loading toast, kept on screen (no timeout). */
export const SuccessErrorLoading: Story = {
  beforeEach: () => {
    toast.dismiss();
    // A file name: sample data, not translated.
    toast.success('report-2025-06-30.pdf', { id: 'story-success', duration: 0 });
    toast.error(toastMessages.error500, { id: 'story-error', duration: 0 });
    toast.loading(LOADING, { id: 'story-loading' });
    return () => toast.dismiss();
  },
};

/** The upload errors of the error catalogue. */
export const UploadErrors: Story = {
  beforeEach: () => {
    toast.dismiss();
    toast.error(toastMessages.fileTooLarge, { id: 'story-too-large', duration: 0 });
    toast.error(toastMessages.tooManyFiles, { id: 'story-too-many', duration: 0 });
    toast.error(toastMessages.badFileGeneric, { id: 'story-bad-file', duration: 0 });
    return () => toast.dismiss();
  },
};
