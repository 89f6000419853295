// File log (/file-log; ADMIN, BACK_OFFICE): every file received (GET /log) with its server, counterpart, name, size,
// SHA-256 (shortened; the whole on hover, copied with a row action, and in its own column of the export), time,
// status and format; filters by status and, for the ADMIN only, by server, kept in the URL; Reload ('Reload ok!' /
// 'Reload failed'; 409 run_busy in its own words), Download ('Download failed') and the way to its last run.
import { Trans, useLingui } from '@lingui/react/macro';
import type { FileEntry } from '@patrimonio/shared-api';
import { FILE_STATUSES, mayManageServers, mayUseFileExchange } from '@patrimonio/shared-api/constants';
import {
  DataTable,
  ErrorState,
  labelOptions,
  navigate,
  PageHeader,
  type PageProps,
  Select,
  type TableAction,
  type TableColumn,
  useApiQuery,
  useLocation,
  useSession,
} from '@patrimonio/shared-ui';
import { useMemo } from 'react';
import { copySha, downloadOriginal, useReload } from '../common/actions.ts';
import { FILE_STATUS_LABELS, FILE_STATUS_TONES, FORMAT_SHORT_LABELS } from '../common/labels.ts';
import {
  type FileFilters,
  fileFiltersPath,
  listQuery,
  readFileFilters,
  runFiltersPath,
  shortSha,
} from '../common/logic.ts';
import { injectAdminStyles } from '../common/styles.ts';

injectAdminStyles();

export function FileLogPage({ match }: PageProps) {
  const { t, i18n } = useLingui();
  const { user } = useSession();
  const { search } = useLocation();
  const allowed = user !== null && mayUseFileExchange(user.role);
  // The back office sees no server management: no server filter, and the servers are not asked for.
  const withServer = user !== null && mayManageServers(user.role);
  const filters = readFileFilters(search, withServer);
  const setFilters = (next: Partial<FileFilters>) =>
    navigate(fileFiltersPath({ ...filters, ...next }), { replace: true });

  const servers = useApiQuery('serverNames', undefined, { enabled: allowed && withServer });
  const files = useApiQuery(
    'listFiles',
    { query: listQuery(filters) },
    { enabled: allowed, placeholderData: (previous) => previous },
  );
  const reload = useReload('reloadFile');

  const columns = useMemo<TableColumn<FileEntry>[]>(
    () => [
      { key: 'server', title: t`Server`, value: (r) => r.serverName ?? '' },
      { key: 'counterpart', title: t`Controparte`, value: (r) => r.counterpartName ?? '' },
      { key: 'name', title: t`Nome`, value: (r) => r.name, width: 240 },
      { key: 'size', title: t`Byte`, type: 'number', value: (r) => r.size },
      { key: 'sha', title: t`SHA-256`, value: (r) => shortSha(r.sha256), tooltip: (r) => r.sha256 },
      { key: 'sha256', title: t`SHA-256 completo`, value: (r) => r.sha256, hiddenByDefault: true, width: 300 },
      { key: 'receivedAt', title: t`Ricevuto`, type: 'dateTime', value: (r) => r.receivedAt },
      {
        key: 'status',
        title: t`Stato`,
        value: (r) => i18n._(FILE_STATUS_LABELS[r.status]),
        tone: (r) => FILE_STATUS_TONES[r.status],
      },
      // In the column menu (and the export), so the row actions stay in view at 1366 px.
      {
        key: 'format',
        title: t`Formato`,
        value: (r) => (r.format ? i18n._(FORMAT_SHORT_LABELS[r.format]) : ''),
        hiddenByDefault: true,
      },
    ],
    [t, i18n],
  );
  const actions: TableAction<FileEntry>[] = [
    { id: 'reload', label: t`Ricarica`, icon: 'reload', onClick: (r) => reload.mutate({ params: { id: r.id } }) },
    {
      id: 'download',
      label: t`Scarica il file`,
      icon: 'download',
      onClick: (r) => void downloadOriginal('downloadFile', r.id, r.name),
    },
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
      <div className="pt-page pt-stack" data-testid="file-log-page">
        <PageHeader title={match.route.title} />
        <ErrorState>
          <Trans>Il log dei file è per l'amministratore e il back office.</Trans>
        </ErrorState>
      </div>
    );

  const filtered = filters.status !== null || filters.serverId !== null;

  return (
    <div className="pt-page pt-stack" data-testid="file-log-page">
      <PageHeader
        title={match.route.title}
        subtitle={
          <Trans>
            Ogni file ricevuto, una volta sola: lo stesso nome con lo stesso contenuto (SHA-256) non viene importato di
            nuovo.
          </Trans>
        }
      />
      <div className="ad-filters" data-testid="files-filters">
        <Select
          label={<Trans>Stato</Trans>}
          name="status"
          data-testid="filter-status"
          placeholder={t`Tutti`}
          value={filters.status ?? ''}
          options={labelOptions(FILE_STATUS_LABELS, (m) => i18n._(m), FILE_STATUSES)}
          onChange={(v) => setFilters({ status: v || null })}
        />
        {withServer ? (
          <Select
            label={<Trans>Server</Trans>}
            name="serverId"
            data-testid="filter-server"
            placeholder={t`Tutti`}
            value={filters.serverId === null ? '' : String(filters.serverId)}
            options={(servers.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
            onChange={(v) => setFilters({ serverId: v ? Number(v) : null })}
          />
        ) : null}
      </div>
      <DataTable
        id="file-log"
        exportName={t`log-dei-file`}
        label={t`File ricevuti`}
        columns={columns}
        rows={files.data?.item}
        rowKey={(r) => r.id}
        loading={files.isLoading}
        error={files.error && !files.data ? t`Impossibile caricare i file. Riprova più tardi.` : null}
        emptyText={filtered ? t`Nessun file con questi filtri.` : t`Nessun file ricevuto.`}
        actions={actions}
        defaultSort={{ key: 'receivedAt', direction: 'desc' }}
        defaultPageSize={50}
      />
    </div>
  );
}
