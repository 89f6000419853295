// Counterparts (/counterparts; ADMIN, BACK_OFFICE): the banks and custodians whose files arrive (GET /counterpart)
// with their ABI code, intermediary, server, formats and last file received. Add and edit in a dialog; delete with
// the two-step confirmation (409 counterpart_in_use once files of it were received); from a row, its mapping and its
// import runs.
import { Trans, useLingui } from '@lingui/react/macro';
import type { Counterpart } from '@patrimonio/shared-api';
import { mayUseFileExchange } from '@patrimonio/shared-api/constants';
import {
  Button,
  DataTable,
  errorCode,
  navigate,
  type PageProps,
  type TableAction,
  type TableColumn,
  useApiQuery,
} from '@patrimonio/shared-ui';
import { useMemo } from 'react';
import { AdminPage, listRows, useDeleteAction, useEditing, useMay } from '../common/AdminPage.tsx';
import { FORMAT_SHORT_LABELS, TOASTS } from '../common/labels.ts';
import { formatsText, mappingFiltersPath, runFiltersPath } from '../common/logic.ts';
import { CounterpartDialog } from './CounterpartDialog.tsx';

export function CounterpartsPage({ match }: PageProps) {
  const { t, i18n } = useLingui();
  const allowed = useMay(mayUseFileExchange);
  const list = useApiQuery('listCounterparts', undefined, { enabled: allowed });
  const editing = useEditing<Counterpart>();
  const deleteCounterpart: TableAction<Counterpart> = useDeleteAction('deleteCounterpart', {
    deleted: TOASTS.counterpartDeleted,
    error: (e) => (errorCode(e) === 'counterpart_in_use' ? TOASTS.counterpartInUse : undefined),
    invalidate: ['listCounterparts'],
  });

  const columns = useMemo<TableColumn<Counterpart>[]>(
    () => [
      { key: 'name', title: t`Nome`, value: (r) => r.name },
      { key: 'abi', title: t`ABI`, value: (r) => r.abi ?? '' },
      { key: 'intermediary', title: t`Intermediario`, value: (r) => r.intermediaryName ?? '' },
      { key: 'server', title: t`Server`, value: (r) => r.serverName ?? '' },
      { key: 'folder', title: t`Sottocartella`, value: (r) => r.folder ?? '', hiddenByDefault: true },
      {
        key: 'formats',
        title: t`Formati`,
        value: (r) => formatsText(r.formats, (f) => i18n._(FORMAT_SHORT_LABELS[f])),
        width: 260,
      },
      { key: 'lastFileAt', title: t`Ultimo file`, type: 'dateTime', value: (r) => r.lastFileAt },
    ],
    [t, i18n],
  );
  const actions: TableAction<Counterpart>[] = [
    { id: 'edit', label: t`Modifica`, icon: 'edit', onClick: editing.edit },
    {
      id: 'mapping',
      label: t`Mappatura dei codici`,
      icon: 'map',
      onClick: (r) => navigate(mappingFiltersPath({ counterpartId: r.id, kind: null })),
    },
    {
      id: 'runs',
      label: t`Importazioni`,
      icon: 'open',
      onClick: (r) => navigate(runFiltersPath({ status: null, counterpartId: r.id, run: null })),
    },
    deleteCounterpart,
  ];

  return (
    <AdminPage
      data-testid="counterparts-page"
      title={match.route.title}
      subtitle={
        <Trans>
          Le banche e i depositari che inviano i file: da quale server arrivano e in quali formati, e come si chiamano
          nei dati dei clienti.
        </Trans>
      }
      actions={
        <Button variant="primary" data-testid="counterpart-add" onClick={editing.add}>
          <Trans>Nuova controparte</Trans>
        </Button>
      }
      refused={allowed ? null : <Trans>Le controparti sono gestite dall'amministratore e dal back office.</Trans>}
    >
      <DataTable
        id="counterparts"
        exportName={t`controparti`}
        label={t`Controparti`}
        columns={columns}
        {...listRows(list, t`Impossibile caricare le controparti. Riprova tra qualche istante.`)}
        emptyText={t`Nessuna controparte: aggiungi la prima banca da cui arrivano i file.`}
        actions={actions}
        defaultSort={{ key: 'name', direction: 'asc' }}
      />
      <CounterpartDialog open={editing.open} counterpart={editing.record} onClose={editing.close} />
    </AdminPage>
  );
}
