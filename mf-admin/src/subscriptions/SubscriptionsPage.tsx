// The subscriptions (/caronte-subscriptions; ADMIN; issue 19): every client and practice with its state (subscribed,
// on trial, trial ended, none), the trial's end, the active plan, how it was paid and until when, and the reference
// a bank transfer quotes; filters by kind, state and name; "Registra bonifico" activates a subscription when a bank
// transfer arrives (BankTransferDialog).
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Subscriber, SubscriberKind, SubscriptionState } from '@patrimonio/shared-api';
import { SUBSCRIBERS_PAGE_SIZE, SUBSCRIPTION_STATES } from '@patrimonio/shared-api/constants';
import {
  DataTable,
  type PageProps,
  Select,
  type TableColumn,
  TextInput,
  useApiQuery,
  useDebounced,
  useLocation,
  useSession,
} from '@patrimonio/shared-ui';
import { useMemo, useState } from 'react';
import { AdminPage } from '../common/AdminPage.tsx';
import { SEARCH_DEBOUNCE_MS } from '../common/constants.ts';
import { BankTransferDialog } from './BankTransferDialog.tsx';

const STATE_LABELS = {
  SUBSCRIBED: msg`Abbonato`,
  TRIAL: msg`In prova`,
  TRIAL_ENDED: msg`Prova terminata`,
  NONE: msg`Non attivo`,
} as const;

const readState = (search: string): SubscriptionState | '' => {
  const s = new URLSearchParams(search).get('state');
  return SUBSCRIPTION_STATES.includes(s as SubscriptionState) ? (s as SubscriptionState) : '';
};

export function SubscriptionsPage({ match }: PageProps) {
  const { t, i18n } = useLingui();
  const { user } = useSession();
  const allowed = user?.role === 'ADMIN';
  const { search } = useLocation();
  // The panel's "trials ending" card links here with ?state=TRIAL_ENDED.
  const [state, setState] = useState<SubscriptionState | ''>(() => readState(search));
  const [kind, setKind] = useState<SubscriberKind | ''>('');
  const [q, setQ] = useState('');
  const text = useDebounced(q, SEARCH_DEBOUNCE_MS);
  const [recording, setRecording] = useState<Subscriber | null>(null);
  const list = useApiQuery(
    'listSubscribers',
    {
      query: {
        size: SUBSCRIBERS_PAGE_SIZE,
        ...(state ? { state } : {}),
        ...(kind ? { kind } : {}),
        ...(text.trim() ? { q: text.trim() } : {}),
      },
    },
    { enabled: allowed, placeholderData: (previous) => previous },
  );

  const columns = useMemo<TableColumn<Subscriber>[]>(
    () => [
      { key: 'name', title: t`Nominativo`, value: (r) => r.name },
      { key: 'kind', title: t`Tipo`, value: (r) => (r.kind === 'CLIENT' ? t`Cliente` : t`Studio`) },
      { key: 'state', title: t`Stato`, value: (r) => i18n._(STATE_LABELS[r.state]) },
      { key: 'trialUntil', title: t`Fine prova`, type: 'date', value: (r) => r.trialUntil },
      { key: 'plan', title: t`Piano`, value: (r) => r.planCode ?? '' },
      {
        key: 'method',
        title: t`Pagamento`,
        value: (r) => (r.method === 'CARD' ? t`Carta` : r.method === 'BANK_TRANSFER' ? t`Bonifico` : ''),
      },
      { key: 'periodEnd', title: t`Pagato fino al`, type: 'date', value: (r) => r.periodEnd },
      { key: 'reference', title: t`Causale`, value: (r) => r.transferReference, hiddenByDefault: true },
    ],
    [t, i18n],
  );

  if (!allowed)
    return (
      <AdminPage
        title={match.route.title}
        refused={<Trans>Gli abbonamenti sono dell'amministratore.</Trans>}
        data-testid="subscriptions-page"
      />
    );

  return (
    <AdminPage
      data-testid="subscriptions-page"
      title={match.route.title}
      subtitle={
        <Trans>
          Clienti e studi con il loro abbonamento o la loro prova gratuita. Quando arriva un bonifico, registralo per
          attivare l'abbonamento.
        </Trans>
      }
    >
      <div className="ad-filters" data-testid="subscriptions-filters">
        <TextInput
          label={<Trans>Nome</Trans>}
          name="q"
          type="search"
          data-testid="filter-name"
          value={q}
          maxLength={200}
          onChange={setQ}
        />
        <Select
          label={<Trans>Tipo</Trans>}
          name="kind"
          data-testid="filter-kind"
          placeholder={t`Tutti`}
          value={kind}
          options={[
            { value: 'CLIENT', label: t`Clienti` },
            { value: 'PRACTICE', label: t`Studi` },
          ]}
          onChange={(v) => setKind(v as SubscriberKind | '')}
        />
        <Select
          label={<Trans>Stato</Trans>}
          name="state"
          data-testid="filter-state"
          placeholder={t`Tutti`}
          value={state}
          options={SUBSCRIPTION_STATES.map((s) => ({ value: s, label: i18n._(STATE_LABELS[s]) }))}
          onChange={(v) => setState(v as SubscriptionState | '')}
        />
      </div>
      <DataTable
        id="subscriptions"
        exportName={t`abbonamenti`}
        label={t`Abbonamenti`}
        columns={columns}
        rows={list.data?.item ?? []}
        rowKey={(r) => `${r.kind}-${r.id}`}
        loading={list.isPending}
        error={list.isError ? t`Impossibile caricare gli abbonamenti.` : null}
        emptyText={t`Nessun cliente o studio con questi filtri.`}
        actions={[
          {
            id: 'bank-transfer',
            label: t`Registra bonifico`,
            icon: 'approve',
            onClick: (r) => setRecording(r),
            hidden: (r) => r.state === 'SUBSCRIBED',
          },
        ]}
      />
      {recording ? <BankTransferDialog subscriber={recording} onClose={() => setRecording(null)} /> : null}
    </AdminPage>
  );
}
