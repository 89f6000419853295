import { useState } from 'react';
import { fn } from 'storybook/test';
import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { CurrencyInput, type CurrencyInputProps } from './NumberInputs.tsx';

/** Controlled: the stored amount is shown under the field. */
function Demo(props: CurrencyInputProps) {
  const [value, setValue] = useState(props.value);
  return (
    <div style={{ maxWidth: 320 }}>
      <CurrencyInput
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
  title: 'Forms/CurrencyInput',
  component: CurrencyInput,
  render: (args) => <Demo {...args} />,
  args: { label: 'Importo', value: 1234.5, onChange: fn() },
} satisfies Meta<typeof CurrencyInput>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Shown as 1.234,50 with €; types '1.234,56'. */
export const Italiano: Story = {};

/** Shown as 1,234.50; types '1,234.56'. */
export const English: Story = { args: { label: 'Amount' }, globals: { locale: 'en' } };

/** Another currency symbol (the owner's currencySymbol). */
export const OtherSymbol: Story = { args: { symbol: '$', value: 99.9 } };

/** A negative amount typed: rejected. */
export const Negative: Story = {
  args: { value: null },
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByRole('textbox'), '-250');
  },
};

/** Three decimals typed: at most 2. */
export const TooManyDecimalsEnglish: Story = {
  args: { value: null, label: 'Amount' },
  globals: { locale: 'en' },
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByRole('textbox'), '10.125');
  },
};
