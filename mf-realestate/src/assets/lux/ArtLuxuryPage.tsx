// Art and luxury (spec: /art-luxury, /client/{id}/art-luxury, /family/{familyId}/art-luxury): the totals
// (/lux/dashboard/stat), the donut by category (/lux/dashboard/pie) and the value by category at each year's end
// (/lux/dashboard/column), the goods table (GET /lux, evaluation desc) and, for the item picked, its evaluation
// history. Writers add, edit and delete goods and evaluations; BASIC reads only (the API answers 403 to its writes).
import { useLingui as useLinguiContext } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { LuxCategory, LuxItem } from '@patrimonio/shared-api';
import {
  BarChart,
  DataTable,
  Figure,
  formatMoney,
  ownerScope,
  PageHeader,
  type PageProps,
  PtArtLuxDonut,
  pieColor,
  QueryState,
  Section,
  type TableAction,
  type TableColumn,
  todayIso,
  useApiMutation,
  useApiQuery,
  useSession,
} from '@patrimonio/shared-ui';
import { useCallback, useMemo, useState } from 'react';
import { canWriteAssets } from '../common/access.ts';
import { CATEGORY_LABELS, TOASTS } from '../common/labels.ts';
import { LUX_DATA_ROUTES } from '../common/routes.ts';
import { EvaluationPanel } from './EvaluationPanel.tsx';
import { LuxDialog } from './LuxDialog.tsx';
import { categoryDonutData, categoryIndex, columnBars, LUX_PAGE_SIZE, LUX_SORT } from './logic.ts';

/** Before the data: stable empty arrays (new ones each render would make the chart redo its options). */
const NO_BARS = { categories: [] as string[], series: [] as Array<{ name: string; data: number[] }> };

export function ArtLuxuryPage({ match }: PageProps) {
  const { t } = useLingui();
  const { user } = useSession();
  const scope = useMemo(() => ownerScope(match), [match]);
  const writer = canWriteAssets(user?.role);
  const [editing, setEditing] = useState<LuxItem | 'new' | null>(null);
  const [openId, setOpenId] = useState<number | null>(null);

  const items = useApiQuery('listLux', { query: { ...scope.query, size: LUX_PAGE_SIZE, sort: LUX_SORT } });
  const remove = useApiMutation('deleteLux', { success: TOASTS.luxDeleted, invalidate: LUX_DATA_ROUTES });
  // The panel follows the refetched row (a new evaluation changes the item's evaluation).
  const open = items.data?.item.find((i) => i.id === openId) ?? null;

  // The translate function of the language context is a new one when the language changes, so the names follow it.
  const { _: translate } = useLinguiContext();
  const categoryName = useCallback((c: LuxCategory) => translate(CATEGORY_LABELS[c]), [translate]);
  const columns = useMemo<TableColumn<LuxItem>[]>(
    () => [
      { key: 'description', title: t`Descrizione`, value: (r) => r.description },
      ...(scope.isFamily ? [{ key: 'owner', title: t`Intestatario`, value: (r: LuxItem) => r.owner }] : []),
      { key: 'category', title: t`Categoria`, value: (r) => categoryName(r.category) },
      { key: 'evaluation', title: t`Valutazione`, type: 'money', value: (r) => r.evaluation },
      { key: 'evaluationDate', title: t`Data della valutazione`, type: 'date', value: (r) => r.evaluationDate },
      { key: 'buyCost', title: t`Costo d'acquisto`, type: 'money', value: (r) => r.buyCost },
      { key: 'yield', title: t`Rendimento`, type: 'percent', value: (r) => r.yield },
      {
        key: 'yearlyIncome',
        title: t`Reddito annuo`,
        type: 'money',
        value: (r) => r.yearlyIncome,
        hiddenByDefault: true,
      },
      {
        key: 'yearlyMaintenance',
        title: t`Manutenzione annua`,
        type: 'money',
        value: (r) => r.yearlyMaintenance,
        hiddenByDefault: true,
      },
      {
        key: 'linkedDebt',
        title: t`Debito collegato`,
        type: 'money',
        value: (r) => r.linkedDebt,
        hiddenByDefault: true,
      },
      { key: 'note', title: t`Note`, value: (r) => r.note, hiddenByDefault: true },
    ],
    [t, categoryName, scope.isFamily],
  );
  const actions = useMemo<TableAction<LuxItem>[]>(
    () => [
      { id: 'history', label: t`Storico delle valutazioni`, icon: 'open', onClick: (r) => setOpenId(r.id) },
      ...(writer
        ? ([
            { id: 'edit', label: t`Modifica`, icon: 'edit', onClick: (r) => setEditing(r) },
            {
              id: 'delete',
              label: t`Elimina`,
              icon: 'delete',
              confirm: true,
              onClick: (r) =>
                remove.mutate(
                  { params: { id: r.id } },
                  { onSuccess: () => setOpenId((current) => (current === r.id ? null : current)) },
                ),
            },
          ] satisfies TableAction<LuxItem>[])
        : []),
    ],
    [t, writer, remove.mutate],
  );

  return (
    <div className="pt-page" data-testid="art-luxury-page">
      <PageHeader
        title={match.route.title}
        actions={
          writer ? (
            <button
              type="button"
              className="pt-btn pt-btn--primary"
              data-testid="add-lux"
              onClick={() => setEditing('new')}
            >
              <Trans>Nuovo bene</Trans>
            </button>
          ) : null
        }
      />
      <Stats query={scope.query} />
      <div className="pt-grid">
        <CategoryDonut query={scope.query} />
        <ValueColumns query={scope.query} categoryName={categoryName} />
      </div>
      <Section title={<Trans>Beni</Trans>} data-testid="lux-section">
        <div className={open ? 'pt-with-panel pt-with-panel--wide' : undefined}>
          <DataTable
            id="art-luxury-items"
            exportName={t`arte-e-lusso`}
            label={t`Beni di arte e lusso`}
            columns={columns}
            rows={items.data?.item}
            rowKey={(r) => r.id}
            loading={items.isLoading}
            error={items.error ? t`Impossibile caricare i dati. Riprova tra qualche istante.` : null}
            emptyText={t`Nessun bene di arte o lusso.`}
            totals
            actions={actions}
            onRowClick={(r) => setOpenId(r.id)}
            defaultSort={{ key: 'evaluation', direction: 'desc' }}
          />
          {open ? <EvaluationPanel key={open.id} item={open} writer={writer} onClose={() => setOpenId(null)} /> : null}
        </div>
      </Section>
      {writer ? (
        <LuxDialog
          open={editing !== null}
          item={editing === 'new' ? null : editing}
          scope={scope}
          onClose={() => setEditing(null)}
          onSaved={(id) => setOpenId(id)}
        />
      ) : null}
    </div>
  );
}

type Query = { clientId?: number; familyId?: number };

function Stats({ query }: { query: Query }) {
  const stat = useApiQuery('luxStat', { query });
  const s = stat.data;
  return (
    <QueryState loading={stat.isLoading} error={stat.error}>
      <div className="pt-figures" data-testid="lux-stats">
        <Figure label={<Trans>Valore totale</Trans>} value={formatMoney(s?.totalValue)} data-testid="lux-totalValue" />
        <Figure
          label={<Trans>Reddito annuo</Trans>}
          value={formatMoney(s?.yearlyIncome)}
          data-testid="lux-yearlyIncome"
        />
        <Figure
          label={<Trans>Debito collegato</Trans>}
          value={formatMoney(s?.linkedDebt)}
          data-testid="lux-linkedDebt"
        />
        <Figure
          label={<Trans>Manutenzione annua</Trans>}
          value={formatMoney(s?.yearlyMaintenance)}
          data-testid="lux-yearlyMaintenance"
        />
      </div>
    </QueryState>
  );
}

/** Each category keeps its colour of the pie palette (its place among the six), in the donut and the columns. */
const colorOf = (c: LuxCategory) => pieColor(categoryIndex(c));

function CategoryDonut({ query }: { query: Query }) {
  const { t } = useLingui();
  const pie = useApiQuery('luxPie', { query });
  // The widget's shape: categories as keys (the element labels them and colours them by category, as colorOf).
  const data = useMemo(() => categoryDonutData(pie.data ?? [], todayIso()), [pie.data]);
  return (
    <Section title={<Trans>Composizione per categoria</Trans>} data-testid="lux-donut">
      <QueryState loading={pie.isLoading} error={pie.error}>
        <PtArtLuxDonut data={data} label={t`Arte e lusso per categoria`} totalLabel={t`Totale`} />
      </QueryState>
    </Section>
  );
}

function ValueColumns({ query, categoryName }: { query: Query; categoryName: (c: LuxCategory) => string }) {
  const { t } = useLingui();
  const column = useApiQuery('luxColumn', { query });
  const bars = useMemo(() => (column.data ? columnBars(column.data, categoryName) : null), [column.data, categoryName]);
  const colors = useMemo(() => bars?.series.map((s) => colorOf(s.category)), [bars]);
  return (
    <Section title={<Trans>Valore a fine anno</Trans>} data-testid="lux-columns">
      <QueryState loading={column.isLoading} error={column.error}>
        <BarChart
          categories={bars?.categories ?? NO_BARS.categories}
          series={bars?.series ?? NO_BARS.series}
          colors={colors}
          stacked
          format="money"
          label={t`Valore dei beni di arte e lusso per categoria a fine anno`}
        />
      </QueryState>
    </Section>
  );
}
