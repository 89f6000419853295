// Family business (spec: /family-business, /client/{id}/family-business, /family/{familyId}/family-business): the
// companies' revenue, profit and EBITDA for a year chosen among /share/year (one /share/graph call per figure), and
// the shares table (GET /share, size 10000, year desc: one row per company, year and holder). Writers add, edit and
// delete companies; BASIC reads only (the API answers 403 to its writes, so the actions are not offered).
import { Trans, useLingui } from '@lingui/react/macro';
import type { ShareItem } from '@patrimonio/shared-api';
import {
  DataTable,
  formatPercent,
  ownerScope,
  PageHeader,
  type PageProps,
  PtBusinessChart,
  QueryState,
  Section,
  Select,
  type TableAction,
  type TableColumn,
  useApiMutation,
  useApiQuery,
  useSession,
} from '@patrimonio/shared-ui';
import { useMemo, useState } from 'react';
import { canWriteAssets } from '../common/access.ts';
import { TOASTS } from '../common/labels.ts';
import { SHARE_DATA_ROUTES } from '../common/routes.ts';
import { CompanyDialog } from './CompanyDialog.tsx';
import {
  businessChartData,
  chartYear,
  type GRAPH_KINDS,
  hasUnseenHolders,
  ownersText,
  SHARES_PAGE_SIZE,
  SHARES_SORT,
  yearsDesc,
} from './logic.ts';

/** Before the data: stable empty arrays (new ones each render would make the chart redo its options). */

export function FamilyBusinessPage({ match }: PageProps) {
  const { t, i18n } = useLingui();
  const { user } = useSession();
  const scope = useMemo(() => ownerScope(match), [match]);
  const writer = canWriteAssets(user?.role);
  const [editing, setEditing] = useState<number | 'new' | null>(null);

  const shares = useApiQuery('listShares', { query: { ...scope.query, size: SHARES_PAGE_SIZE, sort: SHARES_SORT } });
  const remove = useApiMutation('deleteCompany', { success: TOASTS.companyDeleted, invalidate: SHARE_DATA_ROUTES });

  const locale = i18n.locale === 'en' ? 'en' : 'it';
  const columns = useMemo<TableColumn<ShareItem>[]>(
    () => [
      { key: 'legalName', title: t`Ragione sociale`, width: 220, value: (r) => r.legalName },
      // Text, not number: a number column would group the year (2.024).
      { key: 'year', title: t`Anno`, width: 80, value: (r) => String(r.year) },
      ...(scope.isFamily ? [{ key: 'owner', title: t`Intestatario`, value: (r: ShareItem) => r.owner }] : []),
      { key: 'ratio', title: t`Quota`, type: 'percent', width: 90, value: (r) => r.ratio },
      { key: 'shareValue', title: t`Valore della quota`, type: 'money', value: (r) => r.shareValue },
      { key: 'value', title: t`Valore dell'azienda`, type: 'money', value: (r) => r.value, hiddenByDefault: true },
      { key: 'revenue', title: t`Ricavi`, type: 'money', value: (r) => r.revenue },
      { key: 'profit', title: t`Utile`, type: 'money', value: (r) => r.profit },
      { key: 'ebitda', title: t`EBITDA`, type: 'money', value: (r) => r.ebitda },
      {
        key: 'owners',
        title: t`Titolari`,
        // The co-owners the user may not see come summed, without a name: "Altri soci".
        value: (r) => ownersText(r.ownerList, (v) => formatPercent(v, locale), t`Altri soci`),
      },
    ],
    [t, scope.isFamily, locale],
  );
  const actions = useMemo<TableAction<ShareItem>[]>(
    () =>
      writer
        ? [
            // A company with holders the user may not see is not theirs to change (the API answers 404).
            {
              id: 'edit',
              label: t`Modifica`,
              icon: 'edit',
              onClick: (r) => setEditing(r.companyId),
              hidden: (r) => hasUnseenHolders(r.ownerList),
            },
            {
              id: 'delete',
              label: t`Elimina`,
              icon: 'delete',
              confirm: true,
              onClick: (r) => remove.mutate({ params: { id: r.companyId } }),
              hidden: (r) => hasUnseenHolders(r.ownerList),
            },
          ]
        : [],
    [writer, t, remove.mutate],
  );

  return (
    <div className="pt-page" data-testid="family-business-page">
      <PageHeader
        title={match.route.title}
        actions={
          writer ? (
            <button
              type="button"
              className="pt-btn pt-btn--primary"
              data-testid="add-company"
              onClick={() => setEditing('new')}
            >
              <Trans>Nuova azienda</Trans>
            </button>
          ) : null
        }
      />
      <ResultsChart scope={scope.query} />
      <Section title={<Trans>Quote societarie</Trans>} data-testid="shares-section">
        {/* No totals row: a row is one company's year, and a sum would count a holding once per year. */}
        <DataTable
          id="family-business-shares"
          exportName={t`quote-societarie`}
          label={t`Quote societarie`}
          columns={columns}
          rows={shares.data?.item}
          rowKey={(r) => r.id}
          loading={shares.isLoading}
          error={shares.error ? t`Impossibile caricare i dati. Riprova tra qualche istante.` : null}
          emptyText={t`Nessuna quota societaria.`}
          actions={actions}
          defaultSort={{ key: 'year', direction: 'desc' }}
        />
      </Section>
      {writer ? (
        <CompanyDialog
          open={editing !== null}
          companyId={typeof editing === 'number' ? editing : null}
          scope={scope}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </div>
  );
}

/** Revenue, profit and EBITDA of the companies in scope for one year, the latest by default. */
function ResultsChart({ scope }: { scope: { clientId?: number; familyId?: number } }) {
  const { t } = useLingui();
  const years = useApiQuery('shareYears', { query: scope });
  const [picked, setPicked] = useState<number | null>(null);
  const year = chartYear(years.data, picked);
  const request = (metric: (typeof GRAPH_KINDS)[number]) => ({ params: { metric, year: year ?? 0 }, query: scope });
  const enabled = { enabled: year !== null };
  const revenue = useApiQuery('shareGraph', request('revenue'), enabled);
  const profit = useApiQuery('shareGraph', request('profit'), enabled);
  const ebitda = useApiQuery('shareGraph', request('ebitda'), enabled);
  const graphs = [revenue, profit, ebitda];

  const data = useMemo(
    () =>
      businessChartData({ revenue: revenue.data?.item, profit: profit.data?.item, ebitda: ebitda.data?.item }, year),
    [revenue.data, profit.data, ebitda.data, year],
  );
  const options = yearsDesc(years.data).map((y) => ({ value: String(y), label: String(y) }));

  return (
    <Section
      title={<Trans>Ricavi, utile ed EBITDA</Trans>}
      data-testid="shares-chart"
      actions={
        options.length > 0 ? (
          <Select
            label={<Trans>Anno</Trans>}
            name="chart-year"
            className="ast-year"
            data-testid="chart-year"
            value={year === null ? '' : String(year)}
            options={options}
            onChange={(v) => setPicked(v ? Number(v) : null)}
          />
        ) : null
      }
    >
      <QueryState
        loading={years.isLoading || graphs.some((g) => g.isLoading)}
        error={years.error ?? graphs.find((g) => g.error)?.error}
      >
        {year === null ? (
          <p className="pt-muted" data-testid="shares-chart-empty">
            <Trans>Nessun dato annuale delle aziende.</Trans>
          </p>
        ) : (
          <PtBusinessChart
            data={data ?? { year, companies: [] }}
            label={t`Ricavi, utile ed EBITDA delle aziende nel`}
            height={300}
          />
        )}
      </QueryState>
    </Section>
  );
}
