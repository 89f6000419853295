import { useState } from 'react';
import { fn } from 'storybook/test';
import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { EmailInput, type EmailInputProps } from './TextInputs.tsx';

function Demo(props: EmailInputProps) {
  const [value, setValue] = useState(props.value);
  return (
    <div style={{ maxWidth: 360 }}>
      <EmailInput
        {...props}
        value={value}
        onChange={(v) => {
          setValue(v);
          props.onChange(v);
        }}
      />
    </div>
  );
}

const meta = {
  title: 'Forms/EmailInput',
  component: EmailInput,
  render: (args) => <Demo {...args} />,
  args: { label: 'Email', value: 'marco.rossi@example.com', onChange: fn(), required: true },
} satisfies Meta<typeof EmailInput>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Italiano: Story = {};

export const English: Story = { globals: { locale: 'en' } };

/** A bad address, then the field is left: the validity message. */
export const Invalid: Story = {
  args: { value: '' },
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByRole('textbox'), 'marco.rossi');
    await userEvent.tab();
  },
};

export const InvalidEnglish: Story = { ...Invalid, globals: { locale: 'en' } };
