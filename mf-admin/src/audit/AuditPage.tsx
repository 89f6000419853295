// The audit (/caronte-audit; ADMIN): every write of the product (GET /audit), newest first: when, who, for whom when
// an admin was impersonating, the action, the entity and its id; a row's detail shows what it changed (the changed
// keys before and after, or the whole row as readable JSON for a creation or a deletion). Filters by user (the
// users list), entity (GET /audit/entities), action and a range of days, kept in the URL; the table's XLSX export
// takes every row the filters give (up to the contract's 100000).
import { Trans, useLingui } from '@lingui/react/macro';
import type { AuditEntry } from '@patrimonio/shared-api';
import { AUDIT_PAGE_SIZE, USERS_PAGE_SIZE } from '@patrimonio/shared-api/constants';
import {
  DataTable,
  DatePicker,
  type PageProps,
  SearchSelect,
  Select,
  type TableColumn,
  TextInput,
  useApiQuery,
  useDebounced,
  useSession,
} from '@patrimonio/shared-ui';
import { useMemo, useState } from 'react';
import { AdminPage, pageRows, useUrlFilters } from '../common/AdminPage.tsx';
import { auditFiltersPath, auditQuery, readAuditFilters } from '../common/admin-logic.ts';
import { SEARCH_DEBOUNCE_MS } from '../common/constants.ts';
import { AuditDialog } from './AuditDialog.tsx';

export function AuditPage({ match }: PageProps) {
  const { t } = useLingui();
  const { user } = useSession();
  const allowed = user?.role === 'ADMIN';
  const [filters, setFilters] = useUrlFilters(readAuditFilters, auditFiltersPath);
  const [open, setOpen] = useState<AuditEntry | null>(null);

  const users = useApiQuery('listUsers', { query: { size: USERS_PAGE_SIZE } }, { enabled: allowed });
  const entities = useApiQuery('auditEntities', undefined, { enabled: allowed });
  // The URL follows every key of the action; the server is asked once the typing pauses.
  const action = useDebounced(filters.action, SEARCH_DEBOUNCE_MS);
  const audit = useApiQuery(
    'listAudit',
    { query: auditQuery({ ...filters, action }, AUDIT_PAGE_SIZE) },
    { enabled: allowed, placeholderData: (previous) => previous },
  );

  const columns = useMemo<TableColumn<AuditEntry>[]>(
    () => [
      { key: 'at', title: t`Quando`, type: 'dateTime', value: (r) => r.at },
      { key: 'actor', title: t`Chi`, value: (r) => r.actorName ?? r.actorId ?? t`Sistema` },
      {
        key: 'impersonator',
        title: t`Impersonato da`,
        value: (r) => r.impersonatorName ?? r.impersonatorId ?? '',
        tooltip: (r) => (r.impersonatorId ? t`Un amministratore ha agito come questo utente` : null),
      },
      { key: 'action', title: t`Azione`, value: (r) => r.action },
      { key: 'entity', title: t`Entità`, value: (r) => r.entity },
      { key: 'entityId', title: t`Id`, value: (r) => r.entityId ?? '' },
      { key: 'actorRole', title: t`Ruolo`, value: (r) => r.actorRole ?? '', hiddenByDefault: true },
      {
        key: 'before',
        title: t`Prima`,
        value: (r) => (r.before == null ? '' : JSON.stringify(r.before)),
        hiddenByDefault: true,
      },
      {
        key: 'after',
        title: t`Dopo`,
        value: (r) => (r.after == null ? '' : JSON.stringify(r.after)),
        hiddenByDefault: true,
      },
    ],
    [t],
  );

  if (!allowed)
    return (
      <AdminPage
        title={match.route.title}
        refused={<Trans>L'audit è dell'amministratore.</Trans>}
        data-testid="audit-page"
      />
    );

  const rows = audit.data?.item;
  const filtered = Object.values(filters).some((v) => v !== null);
  const total = audit.data?.total ?? 0;
  const shown = rows?.length ?? 0;
  const userOptions = (users.data?.item ?? []).map((u) => ({ value: String(u.id), label: `${u.name} (${u.login})` }));

  return (
    <AdminPage
      data-testid="audit-page"
      title={match.route.title}
      subtitle={
        <Trans>
          Ogni modifica ai dati: chi l'ha fatta (e per chi, se un amministratore impersonava un utente), quando, che
          cosa e com'era prima e dopo.
        </Trans>
      }
    >
      <div className="ad-filters" data-testid="audit-filters">
        <SearchSelect
          label={<Trans>Utente</Trans>}
          searchLabel={<Trans>Cerca l'utente</Trans>}
          name="userId"
          data-testid="filter-user"
          searchTestId="filter-user-search"
          placeholder={t`Tutti`}
          value={filters.userId === null ? '' : String(filters.userId)}
          options={userOptions}
          onChange={(v) => setFilters({ userId: v ? Number(v) : null })}
        />
        <Select
          label={<Trans>Entità</Trans>}
          name="entity"
          data-testid="filter-entity"
          placeholder={t`Tutte`}
          value={filters.entity ?? ''}
          options={(entities.data ?? []).map((e) => ({ value: e, label: e }))}
          onChange={(v) => setFilters({ entity: v || null })}
        />
        <TextInput
          label={<Trans>Azione</Trans>}
          name="action"
          maxLength={100}
          hint={<Trans>create, update, delete, approve…</Trans>}
          data-testid="filter-action"
          value={filters.action ?? ''}
          onChange={(v) => setFilters({ action: v.trim() || null })}
        />
        <DatePicker
          label={<Trans>Dal giorno</Trans>}
          name="from"
          quickYears={false}
          data-testid="filter-from"
          value={filters.from}
          onChange={(v) => setFilters({ from: v })}
        />
        <DatePicker
          label={<Trans>Al giorno</Trans>}
          name="to"
          quickYears={false}
          data-testid="filter-to"
          value={filters.to}
          onChange={(v) => setFilters({ to: v })}
        />
      </div>
      {total > shown ? (
        <p className="ad-note" role="status" data-testid="audit-capped">
          <Trans>
            Sono mostrate le {shown} modifiche più recenti di {total}: restringi i filtri per vedere le altre.
          </Trans>
        </p>
      ) : null}
      <DataTable
        id="audit"
        exportName={t`audit`}
        label={t`Audit delle modifiche`}
        columns={columns}
        {...pageRows(audit, t`Impossibile caricare l'audit. Riprova tra qualche istante.`)}
        emptyText={filtered ? t`Nessuna modifica con questi filtri.` : t`Nessuna modifica registrata.`}
        actions={[{ id: 'open', label: t`Dettagli`, icon: 'open', onClick: setOpen }]}
        onRowClick={setOpen}
        defaultSort={{ key: 'at', direction: 'desc' }}
        defaultPageSize={50}
      />
      <AuditDialog entry={open} onClose={() => setOpen(null)} />
    </AdminPage>
  );
}
