// Import activity (/import-activity; ADMIN, BACK_OFFICE): one row per import run (GET /log-imported), newest first
// (the spec's createdAt desc), with its counterpart, file, times, status in words and colour and the rows read,
// stored, pending and rejected; filters by status and counterpart and the open run kept in the URL; a run's detail
// with its first errors and the codes it could not map; Reload ('Reload ok!' / 'Reload failed'; 409 run_busy in its
// own words) and Download of the original file ('Download failed'). The list is asked again while a run is queued or
// running, and no more once they have all ended.
import { Trans, useLingui } from '@lingui/react/macro';
import type { ImportRun } from '@patrimonio/shared-api';
import { mayUseFileExchange, RUN_STATUSES } from '@patrimonio/shared-api/constants';
import {
  DataTable,
  labelOptions,
  type PageProps,
  Select,
  type TableAction,
  type TableColumn,
  useApiQuery,
} from '@patrimonio/shared-ui';
import { useMemo } from 'react';
import { AdminPage, pageRows, recordFilter, StatusFilter, useMay, useUrlFilters } from '../common/AdminPage.tsx';
import { useDownloadAction, useReloadAction } from '../common/actions.ts';
import { formatColumn, statusColumn } from '../common/columns.ts';
import { RUN_STATUS_LABELS, RUN_STATUS_TONES } from '../common/labels.ts';
import {
  IMPORT_SORT,
  isRunActive,
  listQuery,
  pollWhileRunning,
  readRunFilters,
  runFiltersPath,
} from '../common/logic.ts';
import { RunDialog } from './RunDialog.tsx';

export function ImportActivityPage({ match }: PageProps) {
  const { t, i18n } = useLingui();
  const allowed = useMay(mayUseFileExchange);
  const [filters, setFilters] = useUrlFilters(readRunFilters, runFiltersPath);

  const counterparts = useApiQuery('listCounterparts', undefined, { enabled: allowed });
  const runs = useApiQuery(
    'listRuns',
    { query: listQuery({ status: filters.status, counterpartId: filters.counterpartId }) },
    { enabled: allowed, refetchInterval: pollWhileRunning, placeholderData: (previous) => previous },
  );
  const reload = useReloadAction<ImportRun>('reloadRun', (r) => isRunActive(r.status));
  const download = useDownloadAction<ImportRun>('downloadRun', (r) => r.fileName);

  const columns = useMemo<TableColumn<ImportRun>[]>(
    () => [
      { key: 'counterpart', title: t`Controparte`, value: (r) => r.counterpartName ?? '' },
      { key: 'fileName', title: t`File`, value: (r) => r.fileName, width: 240 },
      formatColumn(t`Formato`, i18n),
      { key: 'createdAt', title: t`Creata`, type: 'dateTime', value: (r) => r.createdAt },
      // Start and end in the column menu and the detail, so the row actions stay in view at 1366 px.
      { key: 'startedAt', title: t`Iniziata`, type: 'dateTime', value: (r) => r.startedAt, hiddenByDefault: true },
      { key: 'endedAt', title: t`Finita`, type: 'dateTime', value: (r) => r.endedAt, hiddenByDefault: true },
      statusColumn(t`Stato`, i18n, RUN_STATUS_LABELS, RUN_STATUS_TONES),
      { key: 'rowsRead', title: t`Lette`, type: 'number', value: (r) => r.rowsRead },
      { key: 'rowsStored', title: t`Salvate`, type: 'number', value: (r) => r.rowsStored },
      { key: 'rowsPending', title: t`In attesa`, type: 'number', value: (r) => r.rowsPending },
      {
        key: 'rowsRejected',
        title: t`Scartate`,
        type: 'number',
        value: (r) => r.rowsRejected,
        tone: (r) => (r.rowsRejected > 0 ? 'negative' : null),
      },
      {
        key: 'requestedBy',
        title: t`Richiesta da`,
        value: (r) => r.requestedBy ?? t`Automatica`,
        hiddenByDefault: true,
      },
    ],
    [t, i18n],
  );
  const openRun = (r: ImportRun) => setFilters({ run: r.id });
  const actions: TableAction<ImportRun>[] = [
    { id: 'open', label: t`Dettagli`, icon: 'open', onClick: openRun },
    reload,
    download,
  ];

  if (!allowed)
    return (
      <AdminPage
        title={match.route.title}
        refused={<Trans>L'attività di importazione è per l'amministratore e il back office.</Trans>}
        data-testid="import-activity-page"
      />
    );

  const rows = runs.data?.item;
  const active = rows?.some((r) => isRunActive(r.status)) ?? false;
  const filtered = filters.status !== null || filters.counterpartId !== null;
  const statuses = labelOptions(RUN_STATUS_LABELS, (m) => i18n._(m), RUN_STATUSES);

  return (
    <AdminPage
      data-testid="import-activity-page"
      title={match.route.title}
      subtitle={
        <Trans>
          Ogni importazione di un file ricevuto: quante righe ha letto, salvato, lasciato in attesa di approvazione o
          scartato. Un'importazione è tutta o niente: se fallisce o aspetta un codice da mappare, non salva nulla.
        </Trans>
      }
    >
      <div className="ad-filters" data-testid="runs-filters">
        <StatusFilter options={statuses} value={filters.status} onChange={(status) => setFilters({ status })} />
        <Select
          label={<Trans>Controparte</Trans>}
          name="counterpartId"
          data-testid="filter-counterpart"
          placeholder={t`Tutte`}
          {...recordFilter(counterparts.data, filters.counterpartId, (counterpartId) => setFilters({ counterpartId }))}
        />
      </div>
      {active ? (
        <p className="ad-note" role="status" data-testid="runs-polling">
          <Trans>Importazioni in corso: l'elenco si aggiorna da solo.</Trans>
        </p>
      ) : null}
      <DataTable
        id="import-activity"
        exportName={t`attivita-importazione`}
        label={t`Importazioni`}
        columns={columns}
        {...pageRows(runs, t`Impossibile caricare le importazioni. Riprova tra qualche istante.`)}
        emptyText={
          filtered ? t`Nessuna importazione con questi filtri.` : t`Nessuna importazione: nessun file ricevuto.`
        }
        actions={actions}
        onRowClick={openRun}
        defaultSort={IMPORT_SORT}
        defaultPageSize={50}
      />
      <RunDialog
        runId={filters.run}
        row={rows?.find((r) => r.id === filters.run)}
        onClose={() => setFilters({ run: null })}
      />
    </AdminPage>
  );
}
