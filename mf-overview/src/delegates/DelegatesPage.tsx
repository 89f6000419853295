// /delegates (PRO only; issue 19, docs/registration-and-delegates.md): the professional's assistants. The table lists
// name, email, permissions, state (invited: no password chosen yet; active; suspended) and last sign-in; "Invita un
// delegato" opens the invitation dialog; per row: permissions (the dialog's toggles), suspend or resume, a fresh
// invitation while the delegate has not chosen its password, and remove with the two-step confirmation. Each change
// holds from the delegate's next call.
import { Trans, useLingui } from '@lingui/react/macro';
import type { Delegate } from '@patrimonio/shared-api';
import {
  Button,
  DataTable,
  errorCode,
  PageHeader,
  type PageProps,
  type TableAction,
  type TableColumn,
  useApiMutation,
  useApiQuery,
} from '@patrimonio/shared-ui';
import { useMemo, useState } from 'react';
import { DelegateDialog } from './DelegateDialog.tsx';
import { DELEGATE_ERRORS, DELEGATE_PERMISSION_LABELS, DELEGATE_STATE_LABELS } from './labels.ts';

export function DelegatesPage({ match }: PageProps) {
  const { t, i18n } = useLingui();
  const [editing, setEditing] = useState<Delegate | 'new' | null>(null);
  const list = useApiQuery('listDelegates');
  const say = (e: unknown) => {
    const code = errorCode(e);
    return code && DELEGATE_ERRORS[code] ? DELEGATE_ERRORS[code] : undefined;
  };
  const invalidate = ['listDelegates'] as const;
  const update = useApiMutation('updateDelegate', {
    quiet: true,
    invalidate,
    error: say,
    success: (d) => (d.state === 'suspended' ? t`${d.name} è sospeso` : t`${d.name} è di nuovo attivo`),
  });
  const resend = useApiMutation('resendDelegateInvite', {
    quiet: true,
    invalidate,
    error: say,
    success: (r) => t`Nuovo invito inviato a ${r.email}`,
  });
  const remove = useApiMutation('removeDelegate', {
    quiet: true,
    invalidate,
    error: say,
    success: t`Delegato rimosso`,
  });

  const columns = useMemo<TableColumn<Delegate>[]>(
    () => [
      { key: 'name', title: t`Nome`, value: (r) => r.name },
      { key: 'email', title: t`Email`, value: (r) => r.email, width: 220 },
      {
        key: 'permissions',
        title: t`Permessi`,
        value: (r) =>
          r.permissions.length
            ? r.permissions.map((p) => i18n._(DELEGATE_PERMISSION_LABELS[p])).join(', ')
            : t`Nessuno`,
      },
      {
        key: 'state',
        title: t`Stato`,
        value: (r) => i18n._(DELEGATE_STATE_LABELS[r.state]),
        tone: (r) => (r.state === 'active' ? 'positive' : r.state === 'suspended' ? 'negative' : 'neutral'),
      },
      { key: 'lastSignInAt', title: t`Ultimo accesso`, type: 'dateTime', value: (r) => r.lastSignInAt },
    ],
    [t, i18n],
  );

  const setActive = (d: Delegate, active: boolean) =>
    update.mutate({ params: { id: d.id }, body: { permissions: d.permissions, active } });
  const actions: TableAction<Delegate>[] = [
    { id: 'permissions', label: t`Permessi`, icon: 'edit', onClick: (d) => setEditing(d) },
    {
      id: 'resend',
      label: t`Invia di nuovo l'invito`,
      icon: 'invite',
      hidden: (d) => d.state !== 'invited',
      onClick: (d) => resend.mutate({ params: { id: d.id } }),
    },
    {
      id: 'suspend',
      label: t`Sospendi`,
      icon: 'reject',
      hidden: (d) => d.state === 'suspended',
      onClick: (d) => setActive(d, false),
    },
    {
      id: 'resume',
      label: t`Riattiva`,
      icon: 'approve',
      hidden: (d) => d.state !== 'suspended',
      onClick: (d) => setActive(d, true),
    },
    {
      id: 'remove',
      label: t`Rimuovi`,
      icon: 'delete',
      confirm: true,
      onClick: (d) => remove.mutate({ params: { id: d.id } }),
    },
  ];

  return (
    <section className="pt-page pt-ov-page" data-testid="delegates-page">
      <PageHeader
        title={match.route.title}
        subtitle={
          <Trans>
            I tuoi assistenti lavorano sui tuoi clienti con i permessi che scegli. Le modifiche valgono dalla loro
            prossima azione.
          </Trans>
        }
        actions={
          <Button variant="primary" data-testid="delegate-add" onClick={() => setEditing('new')}>
            <Trans>Invita un delegato</Trans>
          </Button>
        }
      />
      <DataTable
        id="delegates"
        exportName={t`delegati`}
        label={t`Delegati`}
        columns={columns}
        rows={list.data?.item}
        rowKey={(r) => r.id}
        loading={list.isLoading}
        error={list.error && !list.data ? t`Impossibile caricare i delegati. Riprova tra qualche istante.` : null}
        emptyText={t`Nessun delegato. Invita un assistente perché lavori sui tuoi clienti.`}
        actions={actions}
        defaultSort={{ key: 'name', direction: 'asc' }}
      />
      <DelegateDialog
        open={editing !== null}
        delegate={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
      />
    </section>
  );
}
