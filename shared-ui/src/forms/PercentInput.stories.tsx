import { useState } from 'react';
import { fn } from 'storybook/test';
import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { PercentInput, type PercentInputProps } from './NumberInputs.tsx';

/** Controlled: the stored value (a fraction) is shown under the field. */
function Demo(props: PercentInputProps) {
  const [value, setValue] = useState(props.value);
  return (
    <div style={{ maxWidth: 320 }}>
      <PercentInput
        {...props}
        value={value}
        onChange={(v) => {
          setValue(v);
          props.onChange(v);
        }}
      />
      <pre style={{ marginTop: 12 }}>value: {JSON.stringify(value)}</pre>
    </div>
  );
}

const meta = {
  title: 'Forms/PercentInput',
  component: PercentInput,
  render: (args) => <Demo {...args} />,
  // Sample labels: the control's own hint and errors come from the catalogs.
  args: { label: 'Quota posseduta', value: 0.25, onChange: fn() },
} satisfies Meta<typeof PercentInput>;

export default meta;
type Story = StoryObj<typeof meta>;

/** 0.25 stored, 25 shown; the hint 'tra 0 e 100'. */
export const Italiano: Story = {};

export const English: Story = { args: { label: 'Share owned' }, globals: { locale: 'en' } };

/** Required, empty. */
export const Required: Story = { args: { value: null, required: true } };

/** 150 typed: the range error, and null reported. */
export const OutOfRange: Story = {
  args: { value: null },
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByRole('textbox'), '150');
  },
};

export const OutOfRangeEnglish: Story = {
  args: { value: null, label: 'Share owned' },
  globals: { locale: 'en' },
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByRole('textbox'), '150');
  },
};
