// Controls (/controls; ADMIN, BACK_OFFICE, PRO, DELEGATE with MANAGE_CONTROL): one row per portfolio the caller sees
// (GET /controls, size 100000) with its last check date, status, differences and lastQuantityCheckOkDate; filters by
// status and client, kept in the URL; a row opens the portfolio's detail. The bank's balances and positions are
// uploaded from here (the rejected rows listed with their reasons).
import { Trans, useLingui } from '@lingui/react/macro';
import type { ControlRow } from '@patrimonio/shared-api';
import { CONTROL_STATUSES } from '@patrimonio/shared-api/constants';
import {
  DataTable,
  EmptyState,
  ErrorState,
  errorStatus,
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
import { useMemo, useState } from 'react';
import { BankUploadButtons, BankUploadDialog } from './BankUploadDialog.tsx';
import {
  type BankFile,
  type ControlFilters,
  clientChoices,
  detailPath,
  filterRows,
  filtersPath,
  mayManageControls,
  readFilters,
  STATUS_LABELS,
  STATUS_TONES,
  statusCounts,
} from './logic.ts';

export const CONTROLS_PAGE_SIZE = 100000;

const openRow = (r: ControlRow) => navigate(detailPath(r.clientId, r.portfolioId));

export function ControlsPage({ match }: PageProps) {
  const { t, i18n } = useLingui();
  const { search } = useLocation();
  const { status, clientId } = readFilters(search);
  const filters: ControlFilters = { status, clientId };
  const { user } = useSession();
  // Who may not manage the controls is told so, without a call (the server would answer 403).
  const allowed = mayManageControls(user);
  const controls = useApiQuery('listControls', { query: { size: CONTROLS_PAGE_SIZE } }, { enabled: allowed });
  const [upload, setUpload] = useState<BankFile | null>(null);
  const all = controls.data?.item;
  const rows = useMemo(() => (all ? filterRows(all, { status, clientId }) : undefined), [all, status, clientId]);
  const clients = useMemo(() => clientChoices(all ?? [], i18n.locale), [all, i18n.locale]);
  const counts = useMemo(() => statusCounts(all ?? []), [all]);
  const setFilters = (next: Partial<ControlFilters>) =>
    navigate(filtersPath({ ...filters, ...next }), { replace: true });

  const columns = useMemo<TableColumn<ControlRow>[]>(
    () => [
      { key: 'client', title: t`Cliente`, value: (r) => r.client },
      { key: 'portfolio', title: t`Portafoglio`, value: (r) => r.portfolio },
      { key: 'lastCheckDate', title: t`Ultimo controllo`, type: 'date', value: (r) => r.lastCheckDate },
      {
        key: 'status',
        title: t`Stato`,
        value: (r) => i18n._(STATUS_LABELS[r.status]),
        tone: (r) => STATUS_TONES[r.status],
      },
      {
        key: 'differences',
        title: t`Differenze`,
        type: 'number',
        value: (r) => (r.status === 'NO_BANK_DATA' ? null : r.differences),
        tone: (r) => (r.differences > 0 ? 'negative' : null),
      },
      {
        key: 'lastQuantityCheckOkDate',
        title: t`Ultimo controllo quantità OK`,
        type: 'date',
        value: (r) => r.lastQuantityCheckOkDate,
      },
    ],
    [t, i18n],
  );
  const actions = useMemo<TableAction<ControlRow>[]>(
    () => [{ id: 'open', label: t`Apri il controllo`, icon: 'open', onClick: openRow }],
    [t],
  );

  const forbidden = !allowed || errorStatus(controls.error) === 403;
  const filtered = filters.status !== null || filters.clientId !== null;
  const statusLabel = (s: (typeof CONTROL_STATUSES)[number]) => `${i18n._(STATUS_LABELS[s])} (${counts[s]})`;

  return (
    <div className="pt-page" data-testid="controls-page">
      <PageHeader
        title={match.route.title}
        subtitle={<Trans>Il confronto di ogni portafoglio con i saldi e le posizioni comunicati dalla banca.</Trans>}
        actions={forbidden ? null : <BankUploadButtons onUpload={setUpload} />}
      />
      {forbidden ? (
        <ErrorState>
          <Trans>Non hai il permesso di gestire i controlli.</Trans>
        </ErrorState>
      ) : all && all.length === 0 ? (
        <EmptyState title={<Trans>Nessun portafoglio</Trans>} data-testid="controls-empty">
          <p>
            <Trans>Non ci sono portafogli da controllare.</Trans>
          </p>
        </EmptyState>
      ) : (
        <>
          <div className="pt-form__row" data-testid="controls-filters">
            <Select
              label={<Trans>Stato</Trans>}
              name="status"
              data-testid="filter-status"
              placeholder={t`Tutti`}
              value={filters.status ?? ''}
              options={CONTROL_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }))}
              onChange={(v) => setFilters({ status: v || null })}
            />
            <Select
              label={<Trans>Cliente</Trans>}
              name="clientId"
              data-testid="filter-client"
              placeholder={t`Tutti`}
              value={filters.clientId === null ? '' : String(filters.clientId)}
              options={clients.map((c) => ({ value: String(c.id), label: c.name }))}
              onChange={(v) => setFilters({ clientId: v ? Number(v) : null })}
            />
          </div>
          <DataTable
            id="controls"
            exportName={t`controlli`}
            label={t`Controlli dei portafogli`}
            columns={columns}
            rows={rows}
            rowKey={(r) => r.portfolioId}
            loading={controls.isLoading}
            error={controls.error ? t`Impossibile caricare i dati. Riprova tra qualche istante.` : null}
            emptyText={filtered ? t`Nessun portafoglio con questi filtri.` : t`Nessun portafoglio`}
            actions={actions}
            onRowClick={openRow}
            defaultSort={{ key: 'client', direction: 'asc' }}
            defaultPageSize={50}
          />
        </>
      )}
      <BankUploadDialog file={upload} onClose={() => setUpload(null)} />
    </div>
  );
}
