// File log (/file-log; ADMIN, BACK_OFFICE): every file received (GET /log) with its server, counterpart, name, size,
// SHA-256 (shortened; the whole on hover, copied with a row action, and in its own column of the export), time,
// status and format; filters by status and, for the ADMIN only, by server, kept in the URL; Reload ('Reload ok!' /
// 'Reload failed'; 409 run_busy in its own words), Download ('Download failed') and the way to its last run.
import { Trans, useLingui } from '@lingui/react/macro';
import type { FileEntry } from '@patrimonio/shared-api';
import { FILE_STATUSES, mayManageServers, mayUseFileExchange } from '@patrimonio/shared-api/constants';
import {
  DataTable,
  labelOptions,
  navigate,
  type PageProps,
  Select,
  type TableAction,
  type TableColumn,
  useApiQuery,
} from '@patrimonio/shared-ui';
import { useMemo } from 'react';
import { AdminPage, pageRows, recordFilter, StatusFilter, useMay, useUrlFilters } from '../common/AdminPage.tsx';
import { copySha, useDownloadAction, useReloadAction } from '../common/actions.ts';
import { formatColumn, statusColumn } from '../common/columns.ts';
import { FILE_STATUS_LABELS, FILE_STATUS_TONES } from '../common/labels.ts';
import { fileFiltersPath, listQuery, readFileFilters, runFiltersPath, shortSha } from '../common/logic.ts';

export function FileLogPage({ match }: PageProps) {
  const { t, i18n } = useLingui();
  const allowed = useMay(mayUseFileExchange);
  // The back office sees no server management: no server filter, and the servers are not asked for.
  const withServer = useMay(mayManageServers);
  const [filters, setFilters] = useUrlFilters((search) => readFileFilters(search, withServer), fileFiltersPath);

  const servers = useApiQuery('serverNames', undefined, { enabled: allowed && withServer });
  const files = useApiQuery(
    'listFiles',
    { query: listQuery(filters) },
    { enabled: allowed, placeholderData: (previous) => previous },
  );
  const reload = useReloadAction<FileEntry>('reloadFile');
  const download = useDownloadAction<FileEntry>('downloadFile', (r) => r.name);

  const columns = useMemo<TableColumn<FileEntry>[]>(
    () => [
      { key: 'server', title: t`Server`, value: (r) => r.serverName ?? '' },
      { key: 'counterpart', title: t`Controparte`, value: (r) => r.counterpartName ?? '' },
      { key: 'name', title: t`Nome`, value: (r) => r.name, width: 240 },
      { key: 'size', title: t`Byte`, type: 'number', value: (r) => r.size },
      { key: 'sha', title: t`SHA-256`, value: (r) => shortSha(r.sha256), tooltip: (r) => r.sha256 },
      { key: 'sha256', title: t`SHA-256 completo`, value: (r) => r.sha256, hiddenByDefault: true, width: 300 },
      { key: 'receivedAt', title: t`Ricevuto`, type: 'dateTime', value: (r) => r.receivedAt },
      statusColumn(t`Stato`, i18n, FILE_STATUS_LABELS, FILE_STATUS_TONES),
      formatColumn(t`Formato`, i18n),
    ],
    [t, i18n],
  );
  const actions: TableAction<FileEntry>[] = [
    reload,
    download,
    { id: 'copy', label: t`Copia lo SHA-256`, icon: 'copy', onClick: (r) => void copySha(r.sha256) },
    {
      id: 'run',
      label: t`Ultima importazione`,
      icon: 'open',
      hidden: (r) => r.lastRunId === null,
      onClick: (r) => navigate(runFiltersPath({ status: null, counterpartId: null, run: r.lastRunId })),
    },
  ];

  if (!allowed)
    return (
      <AdminPage
        title={match.route.title}
        refused={<Trans>Il log dei file è per l'amministratore e il back office.</Trans>}
        data-testid="file-log-page"
      />
    );

  const filtered = filters.status !== null || filters.serverId !== null;
  const statuses = labelOptions(FILE_STATUS_LABELS, (m) => i18n._(m), FILE_STATUSES);

  return (
    <AdminPage
      data-testid="file-log-page"
      title={match.route.title}
      subtitle={
        <Trans>
          Ogni file ricevuto, una volta sola: lo stesso nome con lo stesso contenuto (SHA-256) non viene importato di
          nuovo.
        </Trans>
      }
    >
      <div className="ad-filters" data-testid="files-filters">
        <StatusFilter options={statuses} value={filters.status} onChange={(status) => setFilters({ status })} />
        {withServer ? (
          <Select
            label={<Trans>Server</Trans>}
            name="serverId"
            data-testid="filter-server"
            placeholder={t`Tutti`}
            {...recordFilter(servers.data, filters.serverId, (serverId) => setFilters({ serverId }))}
          />
        ) : null}
      </div>
      <DataTable
        id="file-log"
        exportName={t`log-dei-file`}
        label={t`File ricevuti`}
        columns={columns}
        {...pageRows(files, t`Impossibile caricare i file. Riprova tra qualche istante.`)}
        emptyText={filtered ? t`Nessun file con questi filtri.` : t`Nessun file ricevuto.`}
        actions={actions}
        defaultSort={{ key: 'receivedAt', direction: 'desc' }}
        defaultPageSize={50}
      />
    </AdminPage>
  );
}
