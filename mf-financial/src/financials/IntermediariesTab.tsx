// Intermediaries (banks and trust companies) and their branches. Everyone reads them; financial writers add them,
// and edit the ones the server marks editable (ADMIN, BACK_OFFICE or their creator).
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, DataTable, type TableAction, type TableColumn, useApiQuery } from '@patrimonio/shared-ui';
import { useState } from 'react';
import { FI_TYPE_LABELS } from '../common/labels.ts';
import { BranchesDialog } from './BranchesDialog.tsx';
import { IntermediaryDialog } from './IntermediaryDialog.tsx';

interface Row {
  id: number;
  name: string;
  fiType: 'TRUST' | 'CREDIT_INSTITUTE';
}

export function IntermediariesTab({ writer }: { writer: boolean }) {
  const { t, i18n } = useLingui();
  const list = useApiQuery('intermediaryMenu', { query: {} });
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [branchesOf, setBranchesOf] = useState<Row | null>(null);
  const label = (d: MessageDescriptor | undefined, fallback: string) => (d ? i18n._(d) : fallback);

  const columns: TableColumn<Row>[] = [
    { key: 'name', title: t`Nome`, value: (r) => r.name },
    { key: 'fiType', title: t`Tipo`, value: (r) => label(FI_TYPE_LABELS[r.fiType], r.fiType) },
  ];
  const actions: TableAction<Row>[] = [
    { id: 'branches', label: t`Filiali`, icon: 'more', onClick: setBranchesOf },
    ...(writer
      ? [{ id: 'edit', label: t`Modifica`, icon: 'edit' as const, onClick: (r: Row) => setEditing(r.id) }]
      : []),
  ];
  return (
    <>
      <DataTable
        id="financials-intermediaries"
        label={t`Intermediari`}
        columns={columns}
        rows={list.data}
        rowKey={(r) => r.id}
        loading={list.isLoading}
        error={list.error ? t`Impossibile caricare i dati. Riprova tra qualche istante.` : null}
        emptyText={t`Nessun intermediario.`}
        actions={actions}
        defaultSort={{ key: 'name', direction: 'asc' }}
        toolbar={
          writer ? (
            <Button data-testid="add-intermediary" onClick={() => setEditing('new')}>
              <Trans>Nuovo intermediario</Trans>
            </Button>
          ) : null
        }
      />
      <IntermediaryDialog
        open={editing !== null}
        onClose={() => setEditing(null)}
        intermediaryId={typeof editing === 'number' ? editing : null}
      />
      <BranchesDialog intermediary={branchesOf} onClose={() => setBranchesOf(null)} writer={writer} />
    </>
  );
}
