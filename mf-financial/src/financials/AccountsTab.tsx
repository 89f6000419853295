// Accounts of the owner: type, name, IBAN, intermediary, currency and portfolios; add (page header), edit, and
// import movements into one. A DELEGATE cannot load accounts before a client is selected (spec section 6).
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Account } from '@patrimonio/shared-api';
import { DataTable, type TableAction, type TableColumn, useApiQuery, useSession } from '@patrimonio/shared-ui';
import { useState } from 'react';
import { ACCOUNT_TYPE_LABELS } from '../common/labels.ts';
import type { FinancialContext } from '../context/useFinancialContext.ts';
import { AccountDialog } from '../dialogs/AccountDialog.tsx';
import { MovementUploadDialog } from '../dialogs/MovementUploadDialog.tsx';

export function AccountsTab({ ctx, writer }: { ctx: FinancialContext; writer: boolean }) {
  const { t, i18n } = useLingui();
  const { user } = useSession();
  const { scope } = ctx;
  const [editing, setEditing] = useState<Account | null>(null);
  const [uploadTo, setUploadTo] = useState<number | null>(null);
  // The server answers 400 to a DELEGATE naming no client; the page does not ask.
  const canLoad = !(user?.role === 'DELEGATE' && scope.kind === 'own');
  const accounts = useApiQuery(
    'listAccounts',
    { query: { ...scope.query, size: 10000, sort: 'name,asc' } },
    { enabled: canLoad },
  );
  const names = new Map(ctx.items.filter((i) => i.id !== null).map((i) => [i.id!, i.name]));
  const label = (d: MessageDescriptor | undefined, fallback: string) => (d ? i18n._(d) : fallback);

  const columns: TableColumn<Account>[] = [
    { key: 'name', title: t`Nome`, value: (r) => r.name },
    { key: 'accountType', title: t`Tipo`, value: (r) => label(ACCOUNT_TYPE_LABELS[r.accountType], r.accountType) },
    ...(scope.isFamily ? [{ key: 'owner', title: t`Intestatario`, value: (r: Account) => r.user }] : []),
    { key: 'iban', title: t`IBAN`, value: (r) => r.iban ?? '' },
    { key: 'intermediary', title: t`Intermediario`, value: (r) => r.intermediary },
    { key: 'currency', title: t`Valuta`, value: (r) => r.currencySymbol },
    {
      key: 'portfolios',
      title: t`Portafogli`,
      value: (r) =>
        r.portfolioIds
          .map((id) => names.get(id))
          .filter(Boolean)
          .join(', '),
    },
    { key: 'testing', title: t`Di test`, value: (r) => (r.testing ? t`Sì` : t`No`), hiddenByDefault: true },
  ];
  const actions: TableAction<Account>[] = writer
    ? [
        { id: 'edit', label: t`Modifica`, icon: 'edit', onClick: setEditing },
        { id: 'upload', label: t`Importa movimenti nel conto`, icon: 'download', onClick: (r) => setUploadTo(r.id) },
      ]
    : [];

  if (!canLoad)
    return (
      <p className="pt-muted" data-testid="accounts-need-client">
        <Trans>Seleziona un cliente per vederne i conti.</Trans>
      </p>
    );
  return (
    <>
      <DataTable
        id="financials-accounts"
        label={t`Conti`}
        columns={columns}
        rows={accounts.data?.item}
        rowKey={(r) => r.id}
        loading={accounts.isLoading}
        error={accounts.error ? t`Impossibile caricare i dati. Riprova tra qualche istante.` : null}
        emptyText={t`Nessun conto.`}
        actions={actions}
        defaultSort={{ key: 'name', direction: 'asc' }}
      />
      {writer ? (
        <>
          <AccountDialog open={editing !== null} onClose={() => setEditing(null)} scope={scope} account={editing} />
          <MovementUploadDialog
            open={uploadTo !== null}
            onClose={() => setUploadTo(null)}
            scope={scope}
            defaultAccountId={uploadTo}
          />
        </>
      ) : null}
    </>
  );
}
