// Portfolios of the owner (the menu without the aggregate): add, edit (name and accounts), delete. Deleting the
// portfolio selected in the financial context resets the context (spec data-and-admin section 4).
import { Trans, useLingui } from '@lingui/react/macro';
import type { PortfolioMenuItem } from '@patrimonio/shared-api';
import { Button, DataTable, navigate, type TableAction, type TableColumn, useApiMutation } from '@patrimonio/shared-ui';
import { useState } from 'react';
import { TOASTS } from '../common/labels.ts';
import { FINANCIAL_DATA_ROUTES } from '../common/routes.ts';
import type { FinancialContext } from '../context/useFinancialContext.ts';
import { PortfolioDialog } from '../dialogs/PortfolioDialog.tsx';

type Row = PortfolioMenuItem & { id: number };

export function PortfoliosTab({ ctx, writer }: { ctx: FinancialContext; writer: boolean }) {
  const { t } = useLingui();
  const [editing, setEditing] = useState<number | null | 'new'>(null);
  const remove = useApiMutation('deletePortfolio', {
    success: TOASTS.portfolioDeleted,
    invalidate: FINANCIAL_DATA_ROUTES,
  });
  const rows = ctx.items.filter((i): i is Row => !i.aggregate && i.id !== null);
  const family = ctx.scope.isFamily;

  const columns: TableColumn<Row>[] = [
    { key: 'name', title: t`Nome`, value: (r) => r.name },
    ...(family ? [{ key: 'owner', title: t`Intestatario`, value: (r: Row) => r.owner }] : []),
    { key: 'currency', title: t`Valuta`, value: (r) => r.currencySymbol },
    { key: 'firstMovementDate', title: t`Primo movimento`, type: 'date', value: (r) => r.firstMovementDate },
    {
      key: 'lastQuantityCheckOkDate',
      title: t`Ultimo controllo quantità`,
      type: 'date',
      value: (r) => r.lastQuantityCheckOkDate,
    },
    { key: 'testing', title: t`Di test`, value: (r) => (r.testing ? t`Sì` : t`No`), hiddenByDefault: true },
  ];
  const actions: TableAction<Row>[] = [
    {
      id: 'open',
      label: t`Apri la posizione`,
      icon: 'open',
      onClick: (r) => navigate(`${ctx.scope.basePath}/position?ptf=${r.id}`),
    },
    ...(writer
      ? ([
          { id: 'edit', label: t`Modifica`, icon: 'edit', onClick: (r) => setEditing(r.id) },
          {
            id: 'delete',
            label: t`Elimina`,
            icon: 'delete',
            confirm: true,
            onClick: (r) =>
              remove.mutate(
                { params: { id: r.id } },
                {
                  onSuccess: () => {
                    if (ctx.state.ptf === r.id) ctx.resetAfterDeletion();
                  },
                },
              ),
          },
        ] satisfies TableAction<Row>[])
      : []),
  ];

  return (
    <>
      <DataTable
        id="financials-portfolios"
        label={t`Portafogli`}
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        loading={ctx.menu.isLoading}
        error={ctx.menu.error ? t`Impossibile caricare i dati. Riprova tra qualche istante.` : null}
        emptyText={t`Nessun portafoglio.`}
        actions={actions}
        defaultSort={{ key: 'name', direction: 'asc' }}
        toolbar={
          writer ? (
            <Button data-testid="add-portfolio" onClick={() => setEditing('new')}>
              <Trans>Nuovo portafoglio</Trans>
            </Button>
          ) : null
        }
      />
      {writer ? (
        <PortfolioDialog
          open={editing !== null}
          onClose={() => setEditing(null)}
          scope={ctx.scope}
          portfolioId={typeof editing === 'number' ? editing : null}
        />
      ) : null}
    </>
  );
}
