// Real estate (spec: /real-estate for BASIC, /client/{id}/real-estate, /family/{familyId}/real-estate; data-and-admin
// section 2): the figures (total value, linked debt, monthly income, maintenance and debt), the map of the
// properties with coordinates, the pie by typology or destination, separate house and land tables, the sold list,
// and the detail side panel opened from a row or a marker. `reportMode` hides every edit, sell and delete action
// (the report reuses the page).
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Evaluation, RealEstate } from '@patrimonio/shared-api';
import {
  DataTable,
  DonutChart,
  Figure,
  formatMoney,
  fractionToPercent,
  ownerScope,
  PageHeader,
  type PageProps,
  PropertyMap,
  QueryState,
  Section,
  type TableAction,
  type TableColumn,
  useApiMutation,
  useApiQuery,
  useSession,
} from '@patrimonio/shared-ui';
import { useCallback, useMemo, useState } from 'react';
import { DetailPanel, type PanelActions } from './components/DetailPanel.tsx';
import { EvaluationDialog } from './components/EvaluationDialog.tsx';
import { RealEstateDialog } from './components/RealEstateDialog.tsx';
import { SellDialog } from './components/SellDialog.tsx';
import { showsWriteActions } from './logic/access.ts';
import { DESTINATION_LABELS, TOASTS, TYPOLOGY_LABELS } from './logic/labels.ts';
import { REAL_ESTATE_DATA_ROUTES } from './logic/routes.ts';
import { mapPoints, type PieKind, pieSlices } from './logic/view.ts';

/** Spec section 9: house and land tables 1000 rows, the sold list 10000. */
export const TABLE_SIZE = 1000;
export const SOLD_SIZE = 10000;

export interface RealEstatePageProps extends PageProps {
  /** The report's view: no add, edit, sell or delete. */
  reportMode?: boolean;
}

type Dialog =
  | { kind: 'create' }
  | { kind: 'edit'; property: RealEstate }
  | { kind: 'sell'; property: RealEstate }
  | { kind: 'evaluation'; property: RealEstate; evaluation: Evaluation | null };

export function RealEstatePage({ match, reportMode = false }: RealEstatePageProps) {
  const { t, i18n } = useLingui();
  const { user } = useSession();
  const scope = useMemo(() => ownerScope(match), [match]);
  const writer = showsWriteActions(user?.role, reportMode);
  const family = scope.isFamily;
  const [pie, setPie] = useState<PieKind>('typology');
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [dialog, setDialog] = useState<Dialog | null>(null);

  const houses = useApiQuery('listRealEstate', { query: { ...scope.query, type: 'house', size: TABLE_SIZE } });
  const lands = useApiQuery('listRealEstate', { query: { ...scope.query, type: 'land', size: TABLE_SIZE } });
  const sold = useApiQuery('soldRealEstate', { query: { ...scope.query, size: SOLD_SIZE } });
  const stat = useApiQuery('realEstateStat', { query: scope.query });
  const pieTypology = useApiQuery('realEstatePieTypology', { query: scope.query }, { enabled: pie === 'typology' });
  const pieDestination = useApiQuery(
    'realEstatePieDestination',
    { query: scope.query },
    { enabled: pie === 'destination' },
  );
  const pieQuery = pie === 'typology' ? pieTypology : pieDestination;

  const remove = useApiMutation('deleteRealEstate', {
    success: TOASTS.realEstateDeleted,
    invalidate: REAL_ESTATE_DATA_ROUTES,
  });
  const removeProperty = remove.mutate;
  const deleteProperty = useCallback(
    (property: RealEstate) => {
      setSelectedId((current) => (current === property.id ? null : current));
      removeProperty({ params: { id: property.id } });
    },
    [removeProperty],
  );

  const properties = useMemo(
    () => [...(houses.data?.item ?? []), ...(lands.data?.item ?? [])],
    [houses.data, lands.data],
  );
  const selected = properties.find((p) => p.id === selectedId) ?? null;
  const points = useMemo(() => mapPoints(properties), [properties]);
  const label = (d: MessageDescriptor) => i18n._(d);
  const slices = pieSlices(pie, pieQuery.data?.item ?? [], label);

  const columns = useMemo(() => {
    const owner: TableColumn<RealEstate>[] = family
      ? [{ key: 'owner', title: t`Intestatario`, value: (r) => r.owner }]
      : [];
    const common = {
      description: { key: 'description', title: t`Descrizione`, value: (r: RealEstate) => r.description },
      typology: { key: 'typology', title: t`Tipologia`, value: (r: RealEstate) => i18n._(TYPOLOGY_LABELS[r.typology]) },
      destination: {
        key: 'destination',
        title: t`Destinazione`,
        value: (r: RealEstate) => i18n._(DESTINATION_LABELS[r.destination]),
      },
      city: { key: 'city', title: t`Comune`, value: (r: RealEstate) => r.city },
      address: {
        key: 'address',
        title: t`Indirizzo`,
        value: (r: RealEstate) => [r.address, r.addressNumber].filter(Boolean).join(' '),
        hiddenByDefault: true,
      },
      percOwned: {
        key: 'percOwned',
        title: t`Possesso`,
        type: 'percent' as const,
        value: (r: RealEstate) => fractionToPercent(r.percOwned),
      },
      mq: { key: 'mq', title: t`m²`, type: 'number' as const, value: (r: RealEstate) => r.mq, hiddenByDefault: true },
      evaluation: {
        key: 'selectedEvaluation',
        title: t`Valutazione`,
        type: 'money' as const,
        value: (r: RealEstate) => r.selectedEvaluation,
        currencySymbol: (r: RealEstate) => r.currencySymbol,
      },
      evaluationDate: {
        key: 'evaluationDate',
        title: t`Data valutazione`,
        type: 'date' as const,
        value: (r: RealEstate) => r.evaluationDate,
        hiddenByDefault: true,
      },
    } satisfies Record<string, TableColumn<RealEstate>>;
    const house: TableColumn<RealEstate>[] = [
      common.description,
      ...owner,
      common.typology,
      common.destination,
      common.city,
      common.address,
      common.mq,
      common.percOwned,
      common.evaluation,
      common.evaluationDate,
    ];
    const land: TableColumn<RealEstate>[] = [
      common.description,
      ...owner,
      common.destination,
      common.city,
      common.mq,
      common.percOwned,
      common.evaluation,
      common.evaluationDate,
    ];
    const soldColumns: TableColumn<RealEstate>[] = [
      common.description,
      ...owner,
      common.typology,
      common.city,
      {
        key: 'soldDate',
        title: t`Data di vendita`,
        type: 'date',
        value: (r) => r.soldDate,
      },
      {
        key: 'soldValue',
        title: t`Prezzo di vendita`,
        type: 'money',
        value: (r) => r.soldValue,
        currencySymbol: (r) => r.currencySymbol,
      },
      {
        key: 'purchaseValue',
        title: t`Valore di acquisto`,
        type: 'money',
        value: (r) => r.purchaseValue,
        currencySymbol: (r) => r.currencySymbol,
      },
    ];
    return { house, land, sold: soldColumns };
  }, [t, i18n, family]);

  const actions = useMemo<TableAction<RealEstate>[]>(
    () => [
      { id: 'open', label: t`Dettagli`, icon: 'open', onClick: (r) => setSelectedId(r.id) },
      ...(writer
        ? [
            {
              id: 'edit',
              label: t`Modifica`,
              icon: 'edit' as const,
              onClick: (r: RealEstate) => setDialog({ kind: 'edit', property: r }),
            },
            { id: 'delete', label: t`Elimina`, icon: 'delete' as const, confirm: true, onClick: deleteProperty },
          ]
        : []),
    ],
    [t, writer, deleteProperty],
  );
  const panelActions: PanelActions | null = writer
    ? {
        onEdit: (property) => setDialog({ kind: 'edit', property }),
        onSell: (property) => setDialog({ kind: 'sell', property }),
        onDelete: deleteProperty,
        onAddEvaluation: (property) => setDialog({ kind: 'evaluation', property, evaluation: null }),
        onEditEvaluation: (property, evaluation) => setDialog({ kind: 'evaluation', property, evaluation }),
      }
    : null;
  const loadError = t`Impossibile caricare i dati. Riprova tra qualche istante.`;
  const s = stat.data;

  return (
    <div className="pt-page" data-testid="real-estate-page" data-report={reportMode || undefined}>
      <PageHeader
        title={match.route.title}
        actions={
          writer ? (
            <button
              type="button"
              className="pt-btn pt-btn--primary"
              onClick={() => setDialog({ kind: 'create' })}
              data-testid="add-real-estate"
            >
              <Trans>Nuovo immobile</Trans>
            </button>
          ) : null
        }
      />

      <QueryState loading={stat.isLoading} error={stat.error}>
        <div className="pt-figures" data-testid="real-estate-stats">
          <Figure
            label={<Trans>Valore totale</Trans>}
            value={formatMoney(s?.totalValue)}
            data-testid="stat-total-value"
          />
          <Figure
            label={<Trans>Debito collegato</Trans>}
            value={formatMoney(s?.linkedDebt)}
            data-testid="stat-linked-debt"
          />
          <Figure
            label={<Trans>Reddito mensile</Trans>}
            value={formatMoney(s?.monthlyIncome)}
            data-testid="stat-monthly-income"
          />
          <Figure
            label={<Trans>Manutenzione mensile</Trans>}
            value={formatMoney(s?.monthlyMaintenance)}
            data-testid="stat-monthly-maintenance"
          />
          <Figure
            label={<Trans>Rata mensile</Trans>}
            value={formatMoney(s?.monthlyDebt)}
            data-testid="stat-monthly-debt"
          />
        </div>
      </QueryState>

      <div className="re-grid">
        <Section title={<Trans>Mappa</Trans>} data-testid="real-estate-map">
          <QueryState loading={houses.isLoading || lands.isLoading} error={houses.error ?? lands.error}>
            <PropertyMap
              points={points}
              selectedId={selectedId}
              onSelect={(id) => setSelectedId(Number(id))}
              label={t`Mappa degli immobili`}
            />
          </QueryState>
        </Section>
        <Section
          title={pie === 'typology' ? <Trans>Valore per tipologia</Trans> : <Trans>Valore per destinazione</Trans>}
          data-testid="real-estate-pie"
          actions={
            <fieldset className="re-toggle" aria-label={t`Ripartizione`}>
              {(['typology', 'destination'] as const).map((kind) => (
                <button
                  key={kind}
                  type="button"
                  className="re-toggle__option"
                  aria-pressed={pie === kind}
                  onClick={() => setPie(kind)}
                  data-testid={`pie-${kind}`}
                >
                  {kind === 'typology' ? <Trans>Tipologia</Trans> : <Trans>Destinazione</Trans>}
                </button>
              ))}
            </fieldset>
          }
        >
          <QueryState loading={pieQuery.isLoading} error={pieQuery.error}>
            {slices.length ? (
              <DonutChart
                slices={slices}
                label={
                  pie === 'typology'
                    ? t`Valore degli immobili per tipologia`
                    : t`Valore degli immobili per destinazione`
                }
                totalLabel={t`Valore totale`}
              />
            ) : (
              <p className="pt-muted">
                <Trans>Nessun immobile.</Trans>
              </p>
            )}
          </QueryState>
        </Section>
      </div>

      <Section title={<Trans>Fabbricati</Trans>} data-testid="real-estate-houses">
        <DataTable
          id="real-estate-houses"
          label={t`Fabbricati`}
          columns={columns.house}
          rows={houses.data?.item}
          rowKey={(r) => r.id}
          loading={houses.isLoading}
          error={houses.error ? loadError : null}
          emptyText={t`Nessun fabbricato.`}
          actions={actions}
          onRowClick={(r) => setSelectedId(r.id)}
          defaultSort={{ key: 'description', direction: 'asc' }}
          totals
        />
      </Section>
      <Section title={<Trans>Terreni</Trans>} data-testid="real-estate-lands">
        <DataTable
          id="real-estate-lands"
          label={t`Terreni`}
          columns={columns.land}
          rows={lands.data?.item}
          rowKey={(r) => r.id}
          loading={lands.isLoading}
          error={lands.error ? loadError : null}
          emptyText={t`Nessun terreno.`}
          actions={actions}
          onRowClick={(r) => setSelectedId(r.id)}
          defaultSort={{ key: 'description', direction: 'asc' }}
          totals
        />
      </Section>
      <Section title={<Trans>Immobili venduti</Trans>} data-testid="real-estate-sold">
        <DataTable
          id="real-estate-sold"
          label={t`Immobili venduti`}
          columns={columns.sold}
          rows={sold.data?.item}
          rowKey={(r) => r.id}
          loading={sold.isLoading}
          error={sold.error ? loadError : null}
          emptyText={t`Nessun immobile venduto.`}
          defaultSort={{ key: 'soldDate', direction: 'desc' }}
          totals
        />
      </Section>

      {selected ? (
        <DetailPanel
          key={selected.id}
          property={selected}
          scope={scope}
          onClose={() => setSelectedId(null)}
          actions={panelActions}
        />
      ) : null}

      {writer ? (
        <>
          <RealEstateDialog
            open={dialog?.kind === 'create' || dialog?.kind === 'edit'}
            onClose={() => setDialog(null)}
            scope={scope}
            property={dialog?.kind === 'edit' ? dialog.property : null}
            onSaved={setSelectedId}
          />
          <SellDialog
            open={dialog?.kind === 'sell'}
            onClose={() => setDialog(null)}
            property={dialog?.kind === 'sell' ? dialog.property : null}
            onSold={() => setSelectedId(null)}
          />
          <EvaluationDialog
            open={dialog?.kind === 'evaluation'}
            onClose={() => setDialog(null)}
            realEstateId={dialog?.kind === 'evaluation' ? dialog.property.id : 0}
            symbol={dialog?.kind === 'evaluation' ? dialog.property.currencySymbol : '€'}
            evaluation={dialog?.kind === 'evaluation' ? dialog.evaluation : null}
          />
        </>
      ) : null}
    </div>
  );
}
