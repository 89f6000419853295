import { msg } from '@lingui/core/macro';
import { useState } from 'react';
import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { TextInput } from '../forms/TextInputs.tsx';
import { Button } from './Button.tsx';
import { FormDialog } from './FormDialog.tsx';
import { OwnerPicker } from './owners.tsx';
import { PageHeader } from './PageHeader.tsx';
import { EmptyState, QueryState, Skeleton } from './QueryState.tsx';
import { Figure, Notice, Section } from './Section.tsx';
import { Tabs } from './Tabs.tsx';
import { TwoStepButton } from './TwoStepButton.tsx';

// Sample texts of the stories (the kit's own texts, such as "Caricamento…" or "Annulla", come from the catalogs).
const TITLE = msg`Posizione`;

const meta = {
  title: 'Page/Kit',
  component: PageHeader,
  args: { title: TITLE },
} satisfies Meta<typeof PageHeader>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The page heading with a subtitle (whose data the page shows) and the page's actions. */
export const Header: Story = {
  args: {
    subtitle: 'Famiglia Rossi Verdi',
    actions: (
      <>
        <Button>Importa movimenti</Button>
        <Button variant="primary">Nuovo conto</Button>
      </>
    ),
  },
};

/** A page: heading, a warning notice, headline figures with sign colours, and two sections side by side. */
export const Page: Story = {
  render: (args) => (
    <div className="pt-page">
      <PageHeader {...args} />
      <Notice>Ricalcolo in corso: i dati mostrati sono quelli precedenti.</Notice>
      <div className="pt-figures">
        <Figure label="Controvalore" value="€ 1.250.000,00" data-testid="figure-value" />
        <Figure label="Rendimento" value="+4,20%" tone="up" hint="dal 1 gen 2025" />
        <Figure label="Variazione" value="−1,10%" tone="down" />
      </div>
      <div className="pt-grid">
        <Section title="Composizione">
          <p className="pt-muted">Il grafico della composizione.</p>
        </Section>
        <Section
          title="Conti"
          actions={
            <button type="button" className="pt-btn pt-btn--secondary">
              Aggiungi
            </button>
          }
        >
          <p className="pt-muted">La tabella dei conti.</p>
        </Section>
      </div>
    </div>
  ),
};

/** The states of a query: loading (default line and skeleton), error (with and without retry) and empty. */
export const QueryStates: Story = {
  render: () => (
    <div className="pt-stack">
      <QueryState loading error={null}>
        {null}
      </QueryState>
      <QueryState loading error={null} skeleton={<Skeleton height={48} />}>
        {null}
      </QueryState>
      <QueryState loading={false} error={new Error('down')}>
        {null}
      </QueryState>
      <QueryState loading={false} error={new Error('down')} onRetry={() => {}}>
        {null}
      </QueryState>
      <QueryState
        loading={false}
        error={null}
        isEmpty
        empty={
          <EmptyState
            title="Nessun conto"
            actions={
              <button type="button" className="pt-btn pt-btn--primary">
                Nuovo conto
              </button>
            }
          >
            <p>Aggiungi il primo conto del cliente.</p>
          </EmptyState>
        }
      >
        {null}
      </QueryState>
    </div>
  ),
};

function TabsDemo() {
  const [tab, setTab] = useState<'accounts' | 'portfolios' | 'movements'>('accounts');
  return (
    <Tabs
      label="Dati finanziari"
      value={tab}
      onChange={setTab}
      tabs={[
        { key: 'accounts', label: 'Conti' },
        { key: 'portfolios', label: 'Portafogli' },
        { key: 'movements', label: 'Movimenti' },
      ]}
    >
      <p className="pt-muted">Scheda: {tab}</p>
    </Tabs>
  );
}

/** Tabs: arrow keys, Home and End move between the tabs and select them. */
export const TabsKeyboard: Story = { render: () => <TabsDemo /> };

/** The two-step delete: the first click arms the button for 2 s, a second click acts. */
export const TwoStepDelete: Story = {
  render: () => (
    <TwoStepButton confirmLabel="Conferma eliminazione" onConfirm={() => {}}>
      Elimina
    </TwoStepButton>
  ),
};

function DialogDemo(props: { busy?: boolean; error?: string }) {
  const [owner, setOwner] = useState<number | null>(null);
  const [name, setName] = useState('');
  return (
    <FormDialog
      open
      title="Nuovo portafoglio"
      onClose={() => {}}
      onSubmit={() => {}}
      busy={props.busy}
      error={props.error}
    >
      <OwnerPicker
        owners={[
          { id: 1, name: 'Mario Rossi' },
          { id: 2, name: 'Anna Verdi' },
        ]}
        value={owner}
        onChange={setOwner}
      />
      <TextInput label="Nome" required name="name" value={name} onChange={setName} />
    </FormDialog>
  );
}

/** The form dialog with the owner picker of a family view. */
export const Dialog: Story = {
  parameters: { docs: { story: { inline: false, iframeHeight: 420 } } },
  render: () => <DialogDemo />,
};

/** A save in progress and an error of the whole form. */
export const DialogBusyWithError: Story = {
  parameters: { docs: { story: { inline: false, iframeHeight: 460 } } },
  render: () => <DialogDemo busy error="Il portafoglio non è stato salvato. Riprova." />,
};
