// Rejected movements with their reasons, who rejected them and when (GET /movement/temporary/rejected): those the
// caller may approve, and those the caller entered.
import { Trans, useLingui } from '@lingui/react/macro';
import type { Movement } from '@patrimonio/shared-api';
import { DataTable, errorStatus, Notice, QueryState, type TableColumn, useApiQuery } from '@patrimonio/shared-ui';
import { useMemo } from 'react';
import { movementColumns } from './columns.ts';
import { NO_PERMISSION, rejectedRequest } from './logic.ts';

export function RejectedList() {
  const { t, i18n } = useLingui();
  const list = useApiQuery('rejectedMovements', rejectedRequest());
  const columns = useMemo<TableColumn<Movement>[]>(
    () => [
      ...movementColumns(i18n, ['origin']),
      { key: 'rejectReason', title: t`Motivo del rifiuto`, value: (r) => r.rejectReason ?? '', width: 280 },
      { key: 'decidedBy', title: t`Rifiutato da`, value: (r) => r.decidedBy ?? '' },
      { key: 'decidedAt', title: t`Rifiutato il`, type: 'dateTime', value: (r) => r.decidedAt },
    ],
    [t, i18n],
  );

  if (list.error && errorStatus(list.error) === 403)
    return (
      <Notice tone="error" data-testid="approve-forbidden">
        {i18n._(NO_PERMISSION)}
      </Notice>
    );

  return (
    <QueryState
      loading={false}
      error={list.error}
      onRetry={() => void list.refetch()}
      errorText={<Trans>Impossibile caricare i movimenti rifiutati. Riprova tra qualche istante.</Trans>}
    >
      <DataTable
        id="approve-rejected"
        exportName={t`movimenti-rifiutati`}
        label={t`Movimenti rifiutati`}
        columns={columns}
        rows={list.data?.item}
        rowKey={(r) => r.id}
        loading={list.isLoading}
        emptyText={t`Nessun movimento rifiutato`}
        defaultSort={{ key: 'decidedAt', direction: 'desc' }}
        height={560}
      />
    </QueryState>
  );
}
