// The clients tab: every client the adviser may see (size 10000), demo-user rows first and marked; open,
// edit, invite or resend, delete (two-step). Delete errors are only logged (data-and-admin section 8).
import { useLingui } from '@lingui/react/macro';
import { trialDaysLeft } from '@patrimonio/shared-api/constants';
import {
  type Client,
  clientDisplayName,
  DataTable,
  type TableColumn,
  todayIso,
  tourTarget,
  useApiMutation,
  useSession,
} from '@patrimonio/shared-ui';
import { useMemo, useState } from 'react';
import { STATUS_LABELS } from '../labels.ts';
import { SubscribeDialog } from '../subscription/SubscribeDialog.tsx';
import { ClientDialog } from './ClientDialog.tsx';
import { InviteDialog, inviteErrorMessage, resendResultMessage } from './InviteDialog.tsx';
import { clientStatus, demoFirst } from './model.ts';
import { useAllClients } from './queries.ts';
import { ownerRows } from './remove.ts';

type Dialog =
  | { kind: 'add' }
  | { kind: 'edit'; client: Client }
  | { kind: 'invite'; client: Client }
  | { kind: 'subscribe'; client: Client }
  | null;

export function ClientsTab() {
  const { t, i18n } = useLingui();
  const { user } = useSession();
  const clients = useAllClients(user?.role);
  const [dialog, setDialog] = useState<Dialog>(null);
  const resend = useApiMutation('resendInvite', {
    success: resendResultMessage,
    error: inviteErrorMessage,
    invalidate: ['listClients'],
  });

  const rows = useMemo(() => demoFirst(clients.data?.item ?? []), [clients.data]);

  const columns: TableColumn<Client>[] = [
    { key: 'name', title: t`Nominativo`, value: (c) => clientDisplayName(c), width: 160 },
    {
      key: 'kind',
      title: t`Tipo`,
      width: 120,
      value: (c) => (c.demoUser ? t`Utente demo` : c.company ? t`Società` : t`Persona fisica`),
    },
    {
      key: 'code',
      title: t`Codice fiscale / Partita IVA`,
      width: 165,
      value: (c) => (c.company ? (c.vat ?? c.atokaId) : c.taxCode),
    },
    { key: 'email', title: t`Email`, value: (c) => c.email, width: 175 },
    {
      key: 'mobile',
      title: t`Cellulare`,
      value: (c) => [c.prefix, c.mobile].filter(Boolean).join(' ') || null,
      hiddenByDefault: true,
      width: 130,
    },
    {
      key: 'status',
      title: t`Stato`,
      // A trial counts its days left (its last day included).
      value: (c) => {
        const status = clientStatus(c);
        const label = i18n._(STATUS_LABELS[status]);
        if (status !== 'trial') return label;
        const days = trialDaysLeft(c.trialUntil, todayIso());
        return `${label} · ${days === 1 ? t`1 giorno` : t`${days} giorni`}`;
      },
      width: 130,
    },
  ];

  const { open, closed, actions } = ownerRows<Client>('client', { open: t`Apri`, delete: t`Elimina` }, [
    { id: 'edit', label: t`Modifica`, icon: 'edit', onClick: (c) => setDialog({ kind: 'edit', client: c }) },
    {
      id: 'subscribe',
      label: t`Abbona`,
      icon: 'approve',
      onClick: (c) => setDialog({ kind: 'subscribe', client: c }),
      // Subscribed clients need none; the others (on trial, trial ended) may subscribe.
      hidden: (c) => c.subscribe,
    },
    {
      id: 'invite',
      label: t`Invita`,
      icon: 'invite',
      onClick: (c) => setDialog({ kind: 'invite', client: c }),
      // Invite, then resend (data-and-admin section 4); a registered client needs neither.
      hidden: (c) => c.registered || c.invitedAt !== null,
    },
    {
      id: 'resend',
      label: t`Invia di nuovo l'invito`,
      icon: 'invite',
      onClick: (c) => void resend.mutateAsync({ params: { id: c.id } }).catch(() => undefined),
      hidden: (c) => c.registered || c.invitedAt === null,
    },
  ]);

  return (
    <>
      <DataTable
        id="clients"
        exportName={t`clienti`}
        label={t`Clienti`}
        columns={columns}
        rows={rows}
        rowKey={(c) => c.id}
        loading={clients.isPending}
        error={clients.isError ? t`Impossibile caricare i clienti.` : null}
        emptyText={t`Non hai ancora clienti: aggiungi il primo.`}
        actions={actions}
        toolbar={
          <button
            type="button"
            className="pt-btn pt-btn--primary"
            onClick={() => setDialog({ kind: 'add' })}
            data-testid="add-client"
            {...tourTarget('clients-add')}
          >
            {t`Aggiungi cliente`}
          </button>
        }
        onRowClick={(c) => {
          if (!closed(c)) open(c);
        }}
      />
      {dialog?.kind === 'add' ? <ClientDialog onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'edit' ? <ClientDialog client={dialog.client} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'subscribe' ? <SubscribeDialog client={dialog.client} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'invite' && user ? (
        <InviteDialog client={dialog.client} onClose={() => setDialog(null)} />
      ) : null}
    </>
  );
}
