// Performance (spec: /performance, /client/{id}/performance, /family/{familyId}/performance): returns over the range
// (TWR, MWR, annualised), the value and cumulative return lines, the returns by macro and asset class with
// drill-down, the trend waterfall, the fees by quarter (the four quarters to the end date), the coupons (not for
// families) and the value at risk. Polls every 15 s while figures are recalculated.
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { PerformanceBarsData } from '@patrimonio/shared-api';
import {
  DataTable,
  FeeTable,
  Figure,
  formatDate,
  formatMoney,
  formatPercent,
  LineChart,
  PageHeader,
  type PageProps,
  PtPerformanceBars,
  PtTrendWaterfall,
  pollWhileRecalculating,
  QueryState,
  ScrollArea,
  Section,
  type TableColumn,
  useApiQuery,
} from '@patrimonio/shared-ui';
import type { ReactNode } from 'react';
import { CEDOLA_TYPE_LABELS } from '../common/labels.ts';
import { LegacyFinancialsLink, RecalculationNotice } from '../common/ui.tsx';
import { ContextBar } from '../context/ContextBar.tsx';
import { useFinancialContext } from '../context/useFinancialContext.ts';
import { feeRangeStart } from '../logic/dates.ts';
import { finite, type PeriodReturnKey, periodReturns, waterfallStart } from '../logic/reports.ts';

export function PerformancePage({ match }: PageProps) {
  const { t, i18n } = useLingui();
  const ctx = useFinancialContext(match);
  const { scope, state, currencySymbol: symbol } = ctx;
  const family = scope.isFamily;
  const label = (d: MessageDescriptor | undefined, fallback: string) => (d ? i18n._(d) : fallback);

  const performance = useApiQuery(
    'reportPerformance',
    {
      params: { ptf: ctx.ptf },
      query: { ...scope.query, dateFrom: state.from, dateTo: state.to, fullData: true },
    },
    { refetchInterval: pollWhileRecalculating },
  );
  const feeFrom = feeRangeStart(state.to);
  const feeFromText = formatDate(feeFrom);
  const feeToText = formatDate(state.to);
  const fees = useApiQuery(
    'reportCommissioni',
    { params: { ptf: ctx.ptf }, query: { ...scope.query, dateFrom: feeFrom, dateTo: state.to } },
    { refetchInterval: pollWhileRecalculating },
  );
  // Coupons paid from the start of the range and expected over the next 5 years (the server's horizon).
  const cedole = useApiQuery(
    'reportCedole',
    { params: { ptf: ctx.ptf }, query: { ...scope.query, dateFrom: state.from } },
    { enabled: !family, refetchInterval: pollWhileRecalculating },
  );
  const risk = useApiQuery(
    'portfolioVar',
    { params: { ptf: ctx.ptf }, query: { ...scope.query, date: state.to } },
    { refetchInterval: pollWhileRecalculating },
  );

  const p = performance.data;
  const recalculating = Boolean(
    p?.recalculationInProgress ||
      fees.data?.recalculationInProgress ||
      cedole.data?.recalculationInProgress ||
      risk.data?.recalculationInProgress,
  );
  const last = p?.data.at(-1);
  const first = p?.data[0];
  // The widget's shape: macro classes as keys (the element labels and orders them), asset classes by name.
  const classes = p
    ? p.macroAssetClassComposition.map((m) => ({
        key: m.description as PerformanceBarsData['classes'][number]['key'],
        value: m.totalPerformancePercentageMW,
        assetClassList: m.assetClassList.map((a) => ({ label: a.description, value: a.totalPerformancePercentageMW })),
      }))
    : [];

  type CedolaRow = NonNullable<typeof cedole.data>['item'][number];
  const cedoleColumns: TableColumn<CedolaRow>[] = [
    { key: 'date', title: t`Data`, type: 'date', value: (r) => r.date },
    { key: 'name', title: t`Titolo`, value: (r) => r.name ?? '' },
    { key: 'isin', title: t`ISIN`, value: (r) => r.isin ?? '' },
    { key: 'type', title: t`Tipo`, value: (r) => label(CEDOLA_TYPE_LABELS[r.type], r.type) },
    {
      key: 'amount',
      title: t`Importo`,
      type: 'money',
      value: (r) => r.amount,
      currencySymbol: (r) => (r.currency === 'EUR' ? '€' : r.currency),
    },
    { key: 'amountEur', title: t`Importo in euro`, type: 'money', value: (r) => r.amountEur, currencySymbol: '€' },
    { key: 'status', title: t`Stato`, value: (r) => (r.paid ? t`Pagata` : r.estimated ? t`Stimata` : t`Prevista`) },
  ];

  // The period's returns: TWR, MWR, the annualised MWR beside it, the annualised TWR.
  const returnLabels: Record<PeriodReturnKey, { label: ReactNode; hint?: ReactNode; testId: string }> = {
    twr: {
      label: <Trans>Rendimento TWR</Trans>,
      hint: <Trans>time-weighted, nel periodo</Trans>,
      testId: 'performance-twr',
    },
    mwr: {
      label: <Trans>Rendimento MWR</Trans>,
      hint: <Trans>money-weighted, nel periodo</Trans>,
      testId: 'performance-mwr',
    },
    mwrAnnualised: {
      label: <Trans>MWR annualizzato</Trans>,
      hint: <Trans>money-weighted, tasso annuo</Trans>,
      testId: 'performance-mwr-annualised',
    },
    twrAnnualised: { label: <Trans>TWR annualizzato</Trans>, testId: 'performance-annualised' },
  };
  const figures = (
    <div className="pt-figures">
      {periodReturns(p).map((r) => (
        <Figure
          key={r.key}
          label={returnLabels[r.key].label}
          value={r.text}
          tone={r.tone}
          hint={returnLabels[r.key].hint}
          data-testid={returnLabels[r.key].testId}
        />
      ))}
      <Figure
        label={<Trans>Valore finale</Trans>}
        value={formatMoney(last?.total ?? 0, symbol)}
        hint={first ? <Trans>iniziale {formatMoney(first.total, symbol)}</Trans> : undefined}
        data-testid="performance-value"
      />
    </div>
  );

  const v = risk.data;
  const rangeText = `${formatDate(state.from)} – ${formatDate(state.to)}`;
  return (
    <div className="pt-page" data-testid="performance-page">
      <PageHeader title={match.route.title} actions={<LegacyFinancialsLink scope={scope} />} />
      <ContextBar ctx={ctx} />
      <RecalculationNotice active={recalculating} />
      <QueryState loading={performance.isLoading} error={performance.error}>
        {figures}
        <div className="pt-grid">
          <Section title={<Trans>Valore del portafoglio</Trans>}>
            <LineChart
              label={t`Valore del portafoglio nel periodo ${rangeText}`}
              format="money"
              currencySymbol={symbol}
              series={[
                {
                  name: t`Valore`,
                  aggregate: ctx.state.ptf === 'aggregate',
                  points: (p?.data ?? []).map((d) => ({ date: d.date, value: finite(d.total) })),
                },
              ]}
            />
          </Section>
          <Section title={<Trans>Rendimento cumulato</Trans>}>
            <LineChart
              label={t`Rendimento cumulato (TWR) nel periodo ${rangeText}`}
              format="percent"
              series={[
                {
                  name: t`TWR cumulato`,
                  aggregate: ctx.state.ptf === 'aggregate',
                  points: (p?.data ?? []).map((d) => ({ date: d.date, value: finite(d.triplaA) })),
                },
              ]}
            />
          </Section>
          <Section title={<Trans>Rendimento per asset class</Trans>}>
            {classes.length ? (
              <PtPerformanceBars
                label={t`Rendimento (MWR) per macro asset class e asset class`}
                data={{ dateFrom: p?.dateFrom ?? state.from, dateTo: state.to, classes }}
              />
            ) : (
              <p className="pt-muted">
                <Trans>Nessun titolo nel periodo.</Trans>
              </p>
            )}
          </Section>
          <Section title={<Trans>Andamento del portafoglio</Trans>}>
            {p?.trend.length ? (
              <PtTrendWaterfall
                label={t`Andamento: versamenti, interessi, commissioni, tasse ed effetto mercato`}
                currencySymbol={symbol}
                data={{ start: waterfallStart(p.dateFrom, p.data, p.trend), rows: p.trend }}
              />
            ) : (
              <p className="pt-muted">
                <Trans>Nessun movimento nel periodo.</Trans>
              </p>
            )}
          </Section>
        </div>
      </QueryState>
      <Section title={<Trans>Commissioni per trimestre</Trans>} data-testid="fees-section">
        <QueryState loading={fees.isLoading} error={fees.error}>
          {fees.data?.accountComposition.length ? (
            <FeeTable data={fees.data} label={t`Dal ${feeFromText} al ${feeToText}`} currencySymbol={symbol} />
          ) : (
            <p className="pt-muted">
              <Trans>Nessuna commissione negli ultimi quattro trimestri.</Trans>
            </p>
          )}
        </QueryState>
      </Section>
      {family ? null : (
        <Section title={<Trans>Cedole e dividendi</Trans>} data-testid="cedole-section">
          <DataTable
            id="performance-cedole"
            label={t`Cedole e dividendi`}
            columns={cedoleColumns}
            rows={cedole.data?.item}
            rowKey={(r) => `${r.date}/${r.isin ?? ''}/${r.type}/${r.amount}`}
            loading={cedole.isLoading}
            error={cedole.error ? t`Impossibile caricare i dati. Riprova tra qualche istante.` : null}
            emptyText={t`Nessuna cedola o dividendo, pagato o previsto.`}
            defaultSort={{ key: 'date', direction: 'asc' }}
            totals
          />
        </Section>
      )}
      <Section title={<Trans>Valore a rischio (VaR)</Trans>} data-testid="var-section">
        <QueryState loading={risk.isLoading} error={risk.error}>
          {v?.reason === 'INSUFFICIENT_OBSERVATIONS' || !v?.confidence.length ? (
            <p className="pt-muted">
              <Trans>
                Dati insufficienti: servono almeno {v?.minObservations ?? 0} rendimenti giornalieri nell'anno, ce ne
                sono {v?.observations ?? 0}.
              </Trans>
            </p>
          ) : (
            <ScrollArea label={t`Valore a rischio`}>
              <table className="pt-plain-table" aria-label={t`Valore a rischio`}>
                <caption className="pt-muted">
                  <Trans>
                    Simulazione storica sui rendimenti dell'ultimo anno ({v.observations} osservazioni), su un valore di{' '}
                    {formatMoney(v.value, symbol)}.
                  </Trans>
                </caption>
                <thead>
                  <tr>
                    <th scope="col">
                      <Trans>Confidenza</Trans>
                    </th>
                    <th scope="col" className="pt-num">
                      <Trans>VaR a 1 giorno</Trans>
                    </th>
                    <th scope="col" className="pt-num">
                      <Trans>VaR a 10 giorni</Trans>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {v.confidence.map((c) => (
                    <tr key={c.level}>
                      <th scope="row">{formatPercent(c.level * 100)}</th>
                      <td className="pt-num">
                        {formatMoney(c.oneDay, symbol)} ({formatPercent(c.oneDayPercent)})
                      </td>
                      <td className="pt-num">
                        {formatMoney(c.tenDay, symbol)} ({formatPercent(c.tenDayPercent)})
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollArea>
          )}
        </QueryState>
      </Section>
    </div>
  );
}
