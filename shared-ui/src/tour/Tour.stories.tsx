import { useState } from 'react';
import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { basicUser, proUser } from '../../../.storybook/fixtures.ts';
import { Modal } from '../chrome/Modal.tsx';
import { apiKey, QueryProvider, queryClient } from '../data/query.ts';
import { CurrencyInput, DatePicker, TextInput } from '../forms/index.ts';
import { sessionStore } from '../session/store.ts';
import { closeTour, startTour } from './controller.ts';
import type { TourSection } from './steps.ts';
import { TourLauncher } from './TourLauncher.tsx';

// Sample page texts in both languages; the tour's own texts come from the catalogs.
const TEXT = {
  it: {
    start: 'Avvia il tour',
    addGoal: 'Aggiungi obiettivo',
    newGoal: 'Nuovo obiettivo',
    description: 'Descrizione',
    amount: 'Importo',
    date: 'Data',
    save: 'Salva',
    goals: 'Obiettivi',
    total: 'Patrimonio totale',
    composition: 'Composizione',
    trend: 'Andamento',
    projection: 'Proiezione',
  },
  en: {
    start: 'Start the tour',
    addGoal: 'Add goal',
    newGoal: 'New goal',
    description: 'Description',
    amount: 'Amount',
    date: 'Date',
    save: 'Save',
    goals: 'Goals',
    total: 'Total wealth',
    composition: 'Composition',
    trend: 'Trend',
    projection: 'Projection',
  },
};

const card = { padding: 16, border: '1px solid #dfe3e6', borderRadius: 8, background: '#fff', minHeight: 90 };

/**
 * A sample goals page and position page with the data-tour targets of the add-goal section, and an overview
 * page with those of the overview section. Navigation stays inside the story (no URL change).
 */
function DemoPages({ section, language }: { section: TourSection; language: 'it' | 'en' }) {
  const l = TEXT[language];
  const [path, setPath] = useState(section === 'overview' ? '/client/42/overview' : '/client/42/goals');
  const [open, setOpen] = useState(false);
  const [description, setDescription] = useState('');
  const [amount, setAmount] = useState<number | null>(null);
  const [date, setDate] = useState<string | null>(null);
  const start = () => startTour(section, { basePath: '/client/42', goToStart: false, navigate: setPath });
  return (
    <div style={{ padding: 24, display: 'grid', gap: 16 }}>
      <div>
        <button type="button" className="pt-btn pt-btn--primary" onClick={start} data-testid="story-start">
          {l.start}
        </button>
      </div>
      <code>{path}</code>
      {path.endsWith('/overview') ? (
        <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 16 }}>
          <section data-tour="overview-total" style={card}>
            {l.total}
          </section>
          <section data-tour="overview-composition" style={card}>
            {l.composition}
          </section>
          <section data-tour="overview-trend" style={card}>
            {l.trend}
          </section>
          <section data-tour="overview-projection" style={card}>
            {l.projection}
          </section>
        </div>
      ) : path.endsWith('/position') ? (
        <section data-tour="position-goals" style={card}>
          {l.goals}: {description} {amount ?? ''}
        </section>
      ) : (
        <div>
          <button
            type="button"
            className="pt-btn pt-btn--secondary"
            data-tour="goals-add"
            onClick={() => setOpen(true)}
          >
            {l.addGoal}
          </button>
          <Modal open={open} onClose={() => setOpen(false)} title={l.newGoal}>
            <form
              style={{ display: 'grid', gap: 12 }}
              onSubmit={(e) => {
                e.preventDefault();
                setOpen(false);
              }}
            >
              <TextInput
                label={l.description}
                value={description}
                onChange={setDescription}
                required
                data-tour="goal-description"
              />
              <CurrencyInput label={l.amount} value={amount} onChange={setAmount} required data-tour="goal-amount" />
              <DatePicker label={l.date} value={date} onChange={setDate} data-tour="goal-date" />
              <div>
                <button type="submit" className="pt-btn pt-btn--primary" data-tour="goal-submit">
                  {l.save}
                </button>
              </div>
            </form>
          </Modal>
        </div>
      )}
    </div>
  );
}

const meta = {
  title: 'Tour/Guided tour',
  component: TourLauncher,
  parameters: {
    layout: 'fullscreen',
    // The tour covers the page and needs a window of at least 1024 x 650: open the story on its own.
    docs: { story: { inline: false, iframeHeight: 700 } },
  },
  decorators: [
    (Story) => (
      <QueryProvider>
        <Story />
      </QueryProvider>
    ),
  ],
  beforeEach: () => {
    sessionStore.set({
      status: 'signed-in',
      user: proUser,
      selection: { kind: 'client', id: 42, status: 'succeded' },
    });
    // The server's answer to GET /user/data-tour: add client already completed.
    queryClient.setQueryData(apiKey('getDataTour'), 'addClient');
    return () => {
      closeTour();
      sessionStore.set({ status: 'loading', user: null, selection: null });
    };
  },
} satisfies Meta<typeof TourLauncher>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The launcher for the top bar: an adviser's four sections, add client completed. */
export const Launcher: Story = {
  render: (args) => (
    <div style={{ display: 'flex', justifyContent: 'flex-end', padding: 16 }}>
      <TourLauncher {...args} />
    </div>
  ),
};

export const LauncherEnglish: Story = { ...Launcher, globals: { locale: 'en' } };

/** A BASIC user: overview, goal, account (no add client). */
export const LauncherBasic: Story = {
  ...Launcher,
  beforeEach: () => {
    sessionStore.set({ status: 'signed-in', user: basicUser, selection: null });
    queryClient.setQueryData(apiKey('getDataTour'), '-1');
  },
};

/** The add-goal section over sample pages: Next waits for the description and the amount. */
export const AddGoal: Story = { render: () => <DemoPages section="addGoal" language="it" /> };

export const AddGoalEnglish: Story = {
  globals: { locale: 'en' },
  render: () => <DemoPages section="addGoal" language="en" />,
};

/** The overview section's four steps. */
export const Overview: Story = { render: () => <DemoPages section="overview" language="it" /> };

export const OverviewEnglish: Story = {
  globals: { locale: 'en' },
  render: () => <DemoPages section="overview" language="en" />,
};
