import { useLingui } from '@lingui/react';
import { Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { fn } from 'storybook/test';
import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { ALL_ROWS } from './constants.ts';
import { DataTable } from './DataTable.tsx';
import type { DataTableProps, TableAction, TableColumn } from './index.ts';

// Sample data, not translatable content: the column titles follow the story's language like a page's would.
interface Movement {
  id: number;
  title: string;
  isin: string;
  kind: 'buy' | 'sell';
  quantity: number;
  price: number;
  amount: number;
  currency: string;
  performance: number;
  date: string;
  createdAt: string;
}

const NAMES = ['Enel', 'Eni', 'Generali', 'Intesa Sanpaolo', 'Stellantis', 'Ferrari', 'UniCredit', 'Poste Italiane'];

function movement(i: number): Movement {
  const quantity = ((i * 37) % 500) + 1 + 0.125 * (i % 8);
  const price = 5 + ((i * 13) % 9000) / 100;
  const day = String((i % 28) + 1).padStart(2, '0');
  const month = String((i % 12) + 1).padStart(2, '0');
  return {
    id: i + 1,
    title: `${NAMES[i % NAMES.length]}${i >= NAMES.length ? ` ${Math.floor(i / NAMES.length) + 1}` : ''}`,
    isin: `IT${String(1_000_000_000 + i * 7919).slice(0, 10)}`,
    kind: i % 3 === 0 ? 'sell' : 'buy',
    quantity,
    price,
    amount: (i % 3 === 0 ? -1 : 1) * quantity * price,
    currency: i % 5 === 0 ? '$' : '€',
    performance: ((i * 7) % 41) - 20 + (i % 10) / 10,
    date: `20${20 + (i % 6)}-${month}-${day}`,
    createdAt: `2025-${month}-${day} ${String(8 + (i % 10)).padStart(2, '0')}:${String((i * 7) % 60).padStart(2, '0')}`,
  };
}

const small = Array.from({ length: 8 }, (_, i) => movement(i));
const medium = Array.from({ length: 57 }, (_, i) => movement(i));
let hugeRows: Movement[] | null = null;
/** 100,000 movements, made on first use. */
const huge = () => {
  hugeRows ??= Array.from({ length: 100_000 }, (_, i) => movement(i));
  return hugeRows;
};

function useColumns(): TableColumn<Movement>[] {
  const { i18n } = useLingui();
  const en = i18n.locale === 'en';
  return useMemo(
    () => [
      { key: 'title', title: en ? 'Security' : 'Titolo', value: (r) => r.title },
      { key: 'isin', title: 'ISIN', value: (r) => r.isin, hiddenByDefault: true },
      {
        key: 'kind',
        title: en ? 'Type' : 'Tipo',
        value: (r) => (r.kind === 'buy' ? (en ? 'Buy' : 'Acquisto') : en ? 'Sell' : 'Vendita'),
      },
      { key: 'quantity', title: en ? 'Quantity' : 'Quantità', value: (r) => r.quantity, type: 'quantity' },
      { key: 'price', title: en ? 'Price' : 'Prezzo', value: (r) => r.price, type: 'price' },
      {
        key: 'amount',
        title: en ? 'Amount' : 'Controvalore',
        value: (r) => r.amount,
        type: 'money',
        currencySymbol: (r) => r.currency,
      },
      { key: 'performance', title: en ? 'Return' : 'Rendimento', value: (r) => r.performance, type: 'percent' },
      { key: 'date', title: en ? 'Date' : 'Data', value: (r) => r.date, type: 'date' },
      { key: 'createdAt', title: en ? 'Created' : 'Creato', value: (r) => r.createdAt, type: 'dateTime' },
    ],
    [en],
  );
}

type StoryArgs = Partial<DataTableProps<Movement>>;

/** A table of sample movements with the story's props. */
function Movements(args: StoryArgs) {
  const columns = useColumns();
  const { i18n } = useLingui();
  const en = i18n.locale === 'en';
  return (
    <DataTable<Movement>
      id="story-movements"
      label={en ? 'Movements' : 'Movimenti'}
      columns={columns}
      rows={small}
      rowKey={(r) => r.id}
      emptyText={en ? 'No movements' : 'Nessun movimento'}
      {...args}
    />
  );
}

/** Edit, invite and a two-step delete (the first click shows the confirm button for 2 s), with row selection. */
function WithActions(args: StoryArgs) {
  const { i18n } = useLingui();
  const en = i18n.locale === 'en';
  const [rows, setRows] = useState(medium);
  const [selected, setSelected] = useState<Movement[]>([]);
  const actions: TableAction<Movement>[] = [
    { id: 'edit', label: en ? 'Edit' : 'Modifica', icon: 'edit', onClick: fn() },
    {
      id: 'invite',
      label: en ? 'Invite' : 'Invita',
      icon: 'invite',
      onClick: fn(),
      hidden: (r) => r.kind === 'sell',
    },
    {
      id: 'delete',
      label: en ? 'Delete' : 'Elimina',
      icon: 'delete',
      confirm: true,
      onClick: (r) => setRows((list) => list.filter((x) => x.id !== r.id)),
    },
  ];
  return (
    <Movements
      rows={rows}
      actions={actions}
      selectable
      onSelectionChange={setSelected}
      toolbar={
        <>
          <button
            type="button"
            className="pt-btn pt-btn--secondary"
            disabled={!selected.length}
            onClick={() => setRows((list) => list.filter((r) => !selected.includes(r)))}
          >
            {en ? 'Delete selected' : 'Elimina selezionati'}
          </button>
          <button type="button" className="pt-btn pt-btn--primary">
            <Plus size={16} aria-hidden="true" />
            {en ? 'Add movement' : 'Aggiungi movimento'}
          </button>
        </>
      }
      {...args}
    />
  );
}

const meta = {
  title: 'Tables/DataTable',
  component: Movements,
  parameters: { layout: 'padded' },
  args: { onRowClick: fn() },
} satisfies Meta<typeof Movements>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * Eight movements: search (500 ms debounce), sort by header click, the column menu (filter, sort, hide), column
 * visibility (ISIN hidden by default), page sizes, XLSX export. Numbers and dates follow the language.
 */
export const Small: Story = {};

export const SmallEnglish: Story = { globals: { locale: 'en' } };

/** Sorted by date, newest first (the `defaultSort` prop). */
export const DefaultSort: Story = { args: { defaultSort: { key: 'date', direction: 'desc' } } };

/** Actions as icon buttons; delete asks for a second click within 2 s. Selection feeds the toolbar button. */
export const ActionsAndTwoStepDelete: Story = { render: (args) => <WithActions {...args} /> };

export const ActionsAndTwoStepDeleteEnglish: Story = {
  render: (args) => <WithActions {...args} />,
  globals: { locale: 'en' },
};

/** 100,000 rows on one page ("all"): more than 20 rows, so the grid has a fixed height and renders only what is visible. */
export const HundredThousandRows: Story = {
  args: { id: 'story-stocks', defaultPageSize: ALL_ROWS, defaultSort: { key: 'title', direction: 'asc' } },
  // The rows are not an arg: Storybook would copy 100,000 objects into its controls.
  render: (args) => <Movements {...args} rows={huge()} />,
};

export const HundredThousandRowsEnglish: Story = { ...HundredThousandRows, globals: { locale: 'en' } };

/** Rows still loading: a skeleton, the page's toolbar already usable. */
export const Loading: Story = {
  args: {
    rows: undefined,
    loading: true,
    toolbar: (
      <button type="button" className="pt-btn pt-btn--primary">
        +
      </button>
    ),
  },
};

/** No rows: the page's empty text. */
export const Empty: Story = { args: { rows: [] } };

export const EmptyEnglish: Story = { args: { rows: [] }, globals: { locale: 'en' } };

/** A failed request: the page's translated error message instead of the rows. */
export const ErrorState: Story = {
  name: 'Error',
  args: { rows: [], error: 'Impossibile caricare i dati. Riprova tra qualche istante.' },
};

export const ErrorEnglish: Story = {
  args: { rows: [], error: 'Something went wrong. Please try again later.' },
  globals: { locale: 'en' },
};
