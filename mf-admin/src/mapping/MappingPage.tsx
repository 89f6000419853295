// Mapping (/caronte-mapping; ADMIN, BACK_OFFICE): at the top the codes that keep import runs waiting ("Da mappare",
// GET /mapping/unmapped: counterpart, kind, code, direction, rows, an example), each with "Mappa" opening the
// mapping dialog prefilled; once every code of a waiting run is mapped, its reload is offered (GET
// /log-imported/{id}/reload). Below, the counterparts' mapping (GET /mapping) filtered by counterpart and kind (kept
// in the URL), with add, edit and delete.
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { Mapping, UnmappedCode } from '@patrimonio/shared-api';
import { MAPPING_KINDS, mayUseFileExchange } from '@patrimonio/shared-api/constants';
import {
  Button,
  CAUSE_LABELS,
  DataTable,
  labelOptions,
  Notice,
  type PageProps,
  Section,
  Select,
  SUBCAUSE_LABELS,
  type TableAction,
  type TableColumn,
  useApiQuery,
} from '@patrimonio/shared-ui';
import { useMemo, useState } from 'react';
import {
  AdminPage,
  codeFilter,
  pageRows,
  recordFilter,
  useDeleteAction,
  useMay,
  useUrlFilters,
} from '../common/AdminPage.tsx';
import { reloadRuns } from '../common/actions.ts';
import { DIRECTION_LABELS, MAPPING_KIND_LABELS, TOASTS } from '../common/labels.ts';
import {
  listQuery,
  type MappingPrefill,
  mappingFiltersPath,
  readMappingFilters,
  waitingRuns,
} from '../common/logic.ts';
import { MappingDialog } from './MappingDialog.tsx';

type Editing = { mapping: Mapping | null; prefill: MappingPrefill | null; runIds: readonly number[] };

export function MappingPage({ match }: PageProps) {
  const { t, i18n } = useLingui();
  const allowed = useMay(mayUseFileExchange);
  const [filters, setFilters] = useUrlFilters(readMappingFilters, mappingFiltersPath);

  const counterparts = useApiQuery('listCounterparts', undefined, { enabled: allowed });
  const unmapped = useApiQuery('unmappedCodes', undefined, { enabled: allowed });
  const mappings = useApiQuery(
    'listMappings',
    { query: listQuery(filters) },
    { enabled: allowed, placeholderData: (previous) => previous },
  );
  const [editing, setEditing] = useState<Editing | null>(null);
  // The waiting runs whose codes were mapped here: once none of their codes waits, they can be reloaded.
  const [mappedRuns, setMappedRuns] = useState<number[]>([]);
  const [reloading, setReloading] = useState(false);
  const deleteMapping: TableAction<Mapping> = useDeleteAction('deleteMapping', {
    deleted: TOASTS.mappingDeleted,
    invalidate: ['listMappings', 'unmappedCodes'],
  });

  const names = useMemo(() => new Map((counterparts.data ?? []).map((c) => [c.id, c.name])), [counterparts.data]);

  const unmappedColumns = useMemo<TableColumn<UnmappedCode>[]>(
    () => [
      { key: 'counterpart', title: t`Controparte`, value: (r) => r.counterpartName },
      { key: 'kind', title: t`Tipo`, value: (r) => i18n._(MAPPING_KIND_LABELS[r.kind]) },
      { key: 'code', title: t`Codice`, value: (r) => r.code },
      { key: 'direction', title: t`Direzione`, value: (r) => i18n._(DIRECTION_LABELS[r.direction]) },
      { key: 'rows', title: t`Righe`, type: 'number', value: (r) => r.rows },
      { key: 'example', title: t`Esempio`, value: (r) => r.example, width: 320 },
      {
        key: 'runs',
        title: t`Importazioni in attesa`,
        type: 'number',
        value: (r) => r.runIds.length,
        hiddenByDefault: true,
      },
    ],
    [t, i18n],
  );
  const unmappedActions: TableAction<UnmappedCode>[] = [
    {
      id: 'map',
      label: t`Mappa`,
      icon: 'map',
      onClick: (r) =>
        setEditing({
          mapping: null,
          prefill: { counterpartId: r.counterpartId, kind: r.kind, code: r.code, direction: r.direction },
          runIds: r.runIds,
        }),
    },
  ];

  const mappingColumns = useMemo<TableColumn<Mapping>[]>(
    () => [
      {
        key: 'counterpart',
        title: t`Controparte`,
        value: (r) => names.get(r.counterpartId) ?? String(r.counterpartId),
      },
      { key: 'kind', title: t`Tipo`, value: (r) => i18n._(MAPPING_KIND_LABELS[r.kind]) },
      { key: 'code', title: t`Codice`, value: (r) => r.code },
      {
        key: 'direction',
        title: t`Direzione`,
        value: (r) => (r.kind === 'CAUSE' ? i18n._(DIRECTION_LABELS[r.direction]) : ''),
      },
      {
        key: 'target',
        title: t`Diventa`,
        // A cause in words; an instrument or an account as the server names it.
        value: (r) => {
          const cause = r.cause ? CAUSE_LABELS[r.cause] : undefined;
          if (!cause) return r.target;
          const sub = r.subcause ? SUBCAUSE_LABELS[r.subcause] : undefined;
          return sub ? `${i18n._(cause)} / ${i18n._(sub)}` : i18n._(cause);
        },
        width: 280,
      },
      { key: 'updatedAt', title: t`Aggiornata il`, type: 'dateTime', value: (r) => r.updatedAt },
    ],
    [t, i18n, names],
  );
  const mappingActions: TableAction<Mapping>[] = [
    {
      id: 'edit',
      label: t`Modifica`,
      icon: 'edit',
      onClick: (r) => setEditing({ mapping: r, prefill: null, runIds: [] }),
    },
    deleteMapping,
  ];

  if (!allowed)
    return (
      <AdminPage
        title={match.route.title}
        refused={<Trans>La mappatura è gestita dall'amministratore e dal back office.</Trans>}
        data-testid="mapping-page"
      />
    );

  const waiting = unmapped.data ?? [];
  const runs = waitingRuns(mappedRuns, waiting);
  const ready = runs.ready.length;
  const still = runs.waiting.length;
  const reload = async () => {
    setReloading(true);
    const done = await reloadRuns(runs.ready);
    setReloading(false);
    if (done) setMappedRuns((ids) => ids.filter((id) => !runs.ready.includes(id)));
  };
  const filtered = filters.counterpartId !== null || filters.kind !== null;
  const codes = waiting.length;
  const kinds = labelOptions(MAPPING_KIND_LABELS, (m) => i18n._(m), MAPPING_KINDS);

  return (
    <AdminPage
      data-testid="mapping-page"
      title={match.route.title}
      subtitle={
        <Trans>
          Come i codici di ogni banca diventano i nostri: le causali, gli strumenti e i conti. Un file con un codice non
          mappato resta in attesa, senza importare nulla, finché non lo si mappa e lo si ricarica.
        </Trans>
      }
    >
      {ready > 0 ? (
        <Notice tone="info" data-testid="mapping-ready">
          <p>
            <Plural
              value={ready}
              one="# importazione in attesa ha ora tutti i codici mappati: ricaricala per importarla."
              other="# importazioni in attesa hanno ora tutti i codici mappati: ricaricale per importarle."
            />{' '}
            {still > 0 ? (
              <Plural value={still} one="# aspetta ancora altri codici." other="# aspettano ancora altri codici." />
            ) : null}
          </p>
          <div className="ad-actions">
            <Button variant="primary" data-testid="mapping-reload" disabled={reloading} onClick={() => void reload()}>
              <Trans>Ricarica</Trans>
            </Button>
          </div>
        </Notice>
      ) : null}
      <Section
        title={
          <>
            <Trans>Da mappare</Trans> {unmapped.data ? `(${codes})` : null}
          </>
        }
        data-testid="mapping-unmapped"
      >
        <DataTable
          id="mapping-unmapped"
          exportName={t`codici-da-mappare`}
          label={t`Codici da mappare`}
          columns={unmappedColumns}
          rows={unmapped.data}
          rowKey={(r) => `${r.counterpartId}|${r.kind}|${r.code}|${r.direction}`}
          loading={unmapped.isLoading}
          error={unmapped.error ? t`Impossibile caricare i codici da mappare. Riprova tra qualche istante.` : null}
          emptyText={t`Nessun codice da mappare: nessuna importazione è in attesa.`}
          actions={unmappedActions}
          defaultSort={{ key: 'rows', direction: 'desc' }}
        />
      </Section>
      <Section
        title={<Trans>Mappatura</Trans>}
        data-testid="mapping-table"
        actions={
          <Button
            variant="primary"
            data-testid="mapping-add"
            onClick={() => setEditing({ mapping: null, prefill: null, runIds: [] })}
          >
            <Trans>Nuova mappatura</Trans>
          </Button>
        }
      >
        <div className="ad-filters" data-testid="mapping-filters">
          <Select
            label={<Trans>Controparte</Trans>}
            name="counterpartId"
            data-testid="filter-counterpart"
            placeholder={t`Tutte`}
            {...recordFilter(counterparts.data, filters.counterpartId, (counterpartId) =>
              setFilters({ counterpartId }),
            )}
          />
          <Select
            label={<Trans>Tipo</Trans>}
            name="kind"
            data-testid="filter-kind"
            placeholder={t`Tutti`}
            {...codeFilter(kinds, filters.kind, (kind) => setFilters({ kind }))}
          />
        </div>
        <DataTable
          id="mapping"
          exportName={t`mappatura`}
          label={t`Mappatura dei codici`}
          columns={mappingColumns}
          {...pageRows(mappings, t`Impossibile caricare la mappatura. Riprova tra qualche istante.`)}
          emptyText={filtered ? t`Nessuna mappatura con questi filtri.` : t`Nessuna mappatura.`}
          actions={mappingActions}
          defaultSort={{ key: 'code', direction: 'asc' }}
        />
      </Section>
      <MappingDialog
        open={editing !== null}
        mapping={editing?.mapping ?? null}
        prefill={editing?.prefill ?? null}
        counterparts={counterparts.data ?? []}
        onClose={() => setEditing(null)}
        onSaved={() => {
          const ids = editing?.runIds ?? [];
          if (ids.length) setMappedRuns((prev) => [...new Set([...prev, ...ids])]);
        }}
      />
    </AdminPage>
  );
}
