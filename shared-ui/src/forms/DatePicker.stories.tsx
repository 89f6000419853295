import { useState } from 'react';
import { fn } from 'storybook/test';
import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { DatePicker, type DatePickerProps } from './DatePicker.tsx';

/** Controlled: the stored YYYY-MM-DD is shown under the field; the box shows it day first (type 31/12/2025 or 2025-12-31). */
function Demo(props: DatePickerProps) {
  const [value, setValue] = useState(props.value);
  return (
    <div style={{ maxWidth: 420 }}>
      <DatePicker
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
  title: 'Forms/DatePicker',
  component: DatePicker,
  render: (args) => <Demo {...args} />,
  args: { label: 'Data obiettivo', value: '2024-02-29', onChange: fn() },
} satisfies Meta<typeof DatePicker>;

export default meta;
type Story = StoryObj<typeof meta>;

/** 29 February 2024: +5 gives 28 February 2029. */
export const Italiano: Story = {};

export const English: Story = { args: { label: 'Goal date' }, globals: { locale: 'en' } };

/** Empty: the quick buttons add years to today. */
export const Empty: Story = { args: { value: null, required: true } };

/** Near the end of the range: buttons that would pass 2100-12-31 are disabled. */
export const NearTheEnd: Story = { args: { value: '2090-06-01' } };

/** Without the quick buttons. */
export const WithoutQuickYears: Story = { args: { quickYears: false } };
