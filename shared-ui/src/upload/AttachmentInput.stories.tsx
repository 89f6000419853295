import { useState } from 'react';
import { fn } from 'storybook/test';
import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { AttachmentInput, type AttachmentInputProps } from './AttachmentInput.tsx';

function Demo(props: AttachmentInputProps) {
  const [value, setValue] = useState(props.value);
  return (
    <div style={{ maxWidth: 420 }}>
      <AttachmentInput
        {...props}
        value={value}
        onChange={(f) => {
          setValue(f);
          props.onChange(f);
        }}
      />
    </div>
  );
}

const meta = {
  title: 'Forms/AttachmentInput',
  component: AttachmentInput,
  render: (args) => <Demo {...args} />,
  args: { label: 'Allegato', value: null, onChange: fn() },
} satisfies Meta<typeof AttachmentInput>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Italiano: Story = {};

export const English: Story = { globals: { locale: 'en' }, args: { label: 'Attachment' } };

/** A chosen PDF of 2.5 MB: its name and size in mb. */
export const WithFile: Story = {
  args: { value: new File([new Uint8Array(2_500_000)], 'mandato-rossi.pdf', { type: 'application/pdf' }) },
};

/** Required and missing after a submit. */
export const Required: Story = { args: { required: true, error: 'Campo obbligatorio' } };
