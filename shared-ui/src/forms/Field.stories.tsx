import { type FormEvent, useState } from 'react';
import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { toRequestBody } from './body.ts';
import { DatePicker } from './DatePicker.tsx';
import { Field } from './Field.tsx';
import { CurrencyInput, PercentInput } from './NumberInputs.tsx';
import { EmailInput, Select, TextInput } from './TextInputs.tsx';

// Sample labels in both languages (the controls' own hints and messages come from the catalogs).
const LABELS = {
  it: {
    description: 'Descrizione',
    amount: 'Importo',
    date: 'Data',
    share: 'Quota posseduta',
    email: 'Email',
    type: 'Tipo di conto',
    current: 'Conto corrente',
    securities: 'Deposito titoli',
    choose: 'Scegli…',
    note: 'Note',
    noteHint: 'Facoltative',
    send: 'Invia',
  },
  en: {
    description: 'Description',
    amount: 'Amount',
    date: 'Date',
    share: 'Share owned',
    email: 'Email',
    type: 'Account type',
    current: 'Current account',
    securities: 'Securities deposit',
    choose: 'Choose…',
    note: 'Notes',
    noteHint: 'Optional',
    send: 'Send',
  },
};

/** Every control in one form; submitting shows the request body (empty strings null). */
function SampleForm({ language }: { language: 'it' | 'en' }) {
  const l = LABELS[language];
  const [description, setDescription] = useState('');
  const [amount, setAmount] = useState<number | null>(250000);
  const [date, setDate] = useState<string | null>('2030-06-30');
  const [share, setShare] = useState<number | null>(0.5);
  const [email, setEmail] = useState('');
  const [type, setType] = useState<'CONTO_CORRENTE' | 'DEPOSITO_TITOLI' | ''>('');
  const [note, setNote] = useState('');
  const [body, setBody] = useState<unknown>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setBody(toRequestBody({ description, amount, initDate: date, percOwned: share, email, accountType: type, note }));
  };
  return (
    <form onSubmit={submit} style={{ display: 'grid', gap: 16, maxWidth: 440 }}>
      <TextInput label={l.description} value={description} onChange={setDescription} required />
      <CurrencyInput label={l.amount} value={amount} onChange={setAmount} required />
      <DatePicker label={l.date} value={date} onChange={setDate} />
      <PercentInput label={l.share} value={share} onChange={setShare} />
      <EmailInput label={l.email} value={email} onChange={setEmail} />
      <Select
        label={l.type}
        value={type}
        onChange={setType}
        placeholder={l.choose}
        options={[
          { value: 'CONTO_CORRENTE', label: l.current },
          { value: 'DEPOSITO_TITOLI', label: l.securities },
        ]}
      />
      <Field label={l.note} hint={l.noteHint}>
        {(control) => (
          <textarea {...control} className="pt-input" rows={3} value={note} onChange={(e) => setNote(e.target.value)} />
        )}
      </Field>
      <div>
        <button type="submit" className="pt-btn pt-btn--primary">
          {l.send}
        </button>
      </div>
      {body ? <pre>{JSON.stringify(body, null, 2)}</pre> : null}
    </form>
  );
}

const meta = {
  title: 'Forms/Field',
  component: Field,
  parameters: { docs: { story: { inline: false, iframeHeight: 820 } } },
} satisfies Meta<typeof Field>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A field with a hint, the required mark and an error, around any control (here a textarea). */
export const WithHintAndError: Story = {
  args: {
    label: 'Codice fiscale',
    hint: '16 caratteri',
    error: 'Codice fiscale non valido',
    required: true,
    children: (control) => <input {...control} className="pt-input" defaultValue="RSSMRC70A01" />,
  },
};

export const AllControls: Story = {
  args: { label: '', children: () => null },
  render: () => <SampleForm language="it" />,
};

export const AllControlsEnglish: Story = {
  args: { label: '', children: () => null },
  globals: { locale: 'en' },
  render: () => <SampleForm language="en" />,
};
