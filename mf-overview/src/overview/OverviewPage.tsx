// The overview (spec portal-and-report sections 2 and 3): total wealth and its split, the composition donut,
// the value line, the projection bands and the flux bars of a client, a family, or a BASIC user's own data.
// While the server recalculates, the figures are the previous ones and the calls are polled every 15 s.
import { Trans, useLingui } from '@lingui/react/macro';
import {
  BarChart,
  EmptyState,
  ErrorState,
  formatDate,
  formatMoney,
  formatPercent,
  Link,
  Notice,
  ownerScope,
  PageHeader,
  type PageProps,
  PortfolioDonut,
  PtProjectionBand,
  pieColor,
  pollWhileRecalculating,
  Section,
  Skeleton,
  selectionName,
  todayIso,
  tourTarget,
  useApiQuery,
  useSession,
} from '@patrimonio/shared-ui';
import type { ReactNode } from 'react';
import { WEALTH_LABELS } from '../labels.ts';
import {
  dashboardOwner,
  donutParts,
  fluxBars,
  HISTORY_SIZE,
  HISTORY_START,
  hasProjection,
  hasWealthData,
  historyPoints,
  wealthSplit,
} from './model.ts';
import { ValueLine } from './ValueLine.tsx';

export function OverviewPage({ match }: PageProps) {
  const { t, i18n } = useLingui();
  const session = useSession();
  const scope = ownerScope(match);
  const owner = dashboardOwner(scope, session.user?.clientId);
  const today = todayIso();
  const adviser = session.user?.role === 'PRO' || session.user?.role === 'DELEGATE';

  const dashboard = useApiQuery(
    'dashboard',
    { params: { id: owner?.id ?? 0 }, query: { ...(owner?.query ?? {}), date: today, iso: 'EUR' } },
    { enabled: owner !== null, refetchInterval: pollWhileRecalculating },
  );
  const history = useApiQuery(
    'assetsHistoryTotal',
    { query: { ...scope.query, dateFrom: HISTORY_START, dateTo: today, sort: 'date,asc', size: HISTORY_SIZE } },
    { enabled: owner !== null, refetchInterval: pollWhileRecalculating },
  );

  const subtitle = scope.kind === 'own' ? null : selectionName(session.selection);
  // A family's page links its widget tokens for the adviser's website (issue 20; a client's are linked from its infos).
  const familyId = match.params.familyId;
  const header = (
    <PageHeader
      title={match.route.title}
      subtitle={subtitle}
      actions={
        session.user?.role === 'PRO' && familyId ? (
          <Link
            to={`/family/${familyId}/widgets`}
            className="pt-btn pt-btn--secondary"
            data-testid="family-widgets-link"
          >
            <Trans>Widget per il tuo sito</Trans>
          </Link>
        ) : null
      }
    />
  );

  if (owner === null) {
    return (
      <section className="pt-page pt-ov-page" data-testid="overview">
        {header}
        <EmptyOverview adviser={false} basePath="" family={false} />
      </section>
    );
  }

  const recalculating = Boolean(dashboard.data?.recalculationInProgress || history.data?.recalculationInProgress);
  const split = wealthSplit(dashboard.data?.richComposition);
  const points = historyPoints(history.data?.item);
  const flux = fluxBars(dashboard.data?.flux);
  const slices = donutParts(split);

  let body: ReactNode;
  if (dashboard.isPending) body = <OverviewSkeleton />;
  else if (dashboard.isError)
    body = (
      <ErrorState onRetry={() => void dashboard.refetch()}>
        <Trans>Impossibile caricare la panoramica. Riprova tra qualche istante.</Trans>
      </ErrorState>
    );
  else if (!hasWealthData(split, points) && !history.isPending)
    body = <EmptyOverview adviser={adviser} basePath={scope.basePath} family={scope.isFamily} />;
  else {
    const data = dashboard.data;
    const asOf = formatDate(data.date);
    const projectionEnd = formatDate(data.calculus.endDate);
    // The split's dots take their donut slice's colour (the donut shows the positive kinds only, in order).
    const dotColor = (kind: string) => {
      const i = slices.findIndex((p) => p.kind === kind);
      return i < 0 ? undefined : pieColor(i);
    };
    body = (
      <div className="pt-ov-grid">
        <Section titleId="pt-ov-total-title" {...tourTarget('overview-total')} title={<Trans>Patrimonio totale</Trans>}>
          <p className="pt-ov-total" data-testid="overview-total" data-value={split.total}>
            {formatMoney(split.total)}
          </p>
          <p className="pt-muted">
            <Trans>Valori al {asOf}</Trans>
          </p>
          <dl className="pt-ov-split" data-testid="overview-split">
            {split.parts.map((p) => (
              <div key={p.kind} className="pt-ov-split__row" data-kind={p.kind}>
                <dt>
                  <span className="pt-ov-dot" style={{ background: dotColor(p.kind) }} aria-hidden="true" />
                  {i18n._(WEALTH_LABELS[p.kind])}
                </dt>
                <dd>
                  <span className="pt-ov-split__value">{formatMoney(p.value)}</span>
                  <span className="pt-ov-split__percent">{formatPercent(p.percent)}</span>
                </dd>
              </div>
            ))}
          </dl>
        </Section>

        <Section
          titleId="pt-ov-composition-title"
          {...tourTarget('overview-composition')}
          title={<Trans>Composizione del patrimonio</Trans>}
        >
          {slices.length ? (
            <PortfolioDonut
              label={t`Composizione del patrimonio`}
              totalLabel={t`Totale`}
              slices={slices.map((p) => ({ label: i18n._(WEALTH_LABELS[p.kind]), value: p.value }))}
              height={280}
            />
          ) : (
            <p className="pt-muted">
              <Trans>Nessun valore positivo da mostrare.</Trans>
            </p>
          )}
        </Section>

        <Section
          className="pt-ov-wide"
          titleId="pt-ov-history-title"
          {...tourTarget('overview-trend')}
          title={<Trans>Andamento del patrimonio</Trans>}
        >
          <ValueLine
            loading={history.isPending}
            error={history.isError}
            onRetry={() => void history.refetch()}
            points={points}
          />
        </Section>

        <Section
          className="pt-ov-wide"
          titleId="pt-ov-projection-title"
          {...tourTarget('overview-projection')}
          title={<Trans>Proiezione del patrimonio</Trans>}
        >
          <p className="pt-muted">
            <Trans>
              Valori che il patrimonio supera con probabilità del 90%, 60% e 20%, e l'effetto dell'inflazione, fino al{' '}
              {projectionEnd}.
            </Trans>
          </p>
          {hasProjection(data.calculus) ? (
            <PtProjectionBand label={t`Proiezione del patrimonio`} data={data.calculus} height={320} />
          ) : (
            <p className="pt-muted">
              <Trans>La proiezione sarà disponibile quando il patrimonio finanziario avrà un valore.</Trans>
            </p>
          )}
        </Section>

        {flux ? (
          <Section
            className="pt-ov-wide"
            titleId="pt-ov-flux-title"
            data-testid="overview-flux"
            title={<Trans>Flussi netti degli ultimi 12 mesi</Trans>}
          >
            <BarChart
              label={t`Flussi netti degli ultimi 12 mesi`}
              format="money"
              categories={flux.map((b) => i18n._(WEALTH_LABELS[b.kind]))}
              series={[{ name: t`Flussi netti`, data: flux.map((b) => b.value) }]}
              height={280}
            />
          </Section>
        ) : null}
      </div>
    );
  }

  return (
    <section className="pt-page pt-ov-page" data-testid="overview" aria-busy={dashboard.isPending || undefined}>
      {header}
      {recalculating ? (
        <Notice tone="info" data-testid="recalculation-notice">
          <Trans>
            Stiamo ricalcolando i dati: le cifre mostrate sono quelle precedenti e si aggiorneranno da sole tra poco.
          </Trans>
        </Notice>
      ) : null}
      {body}
    </section>
  );
}

function OverviewSkeleton() {
  const { t } = useLingui();
  return (
    <div className="pt-ov-grid" role="status" aria-label={t`Caricamento della panoramica`}>
      <div className="pt-section">
        <Skeleton width="40%" />
        <Skeleton height={40} width="70%" />
        <Skeleton />
        <Skeleton />
        <Skeleton />
        <Skeleton />
      </div>
      <div className="pt-section">
        <Skeleton width="50%" />
        <Skeleton height={220} />
      </div>
      <div className="pt-section pt-ov-wide">
        <Skeleton width="30%" />
        <Skeleton height={260} />
      </div>
    </div>
  );
}

/** No financial data yet: advisers get a call to action (an account for a client, members for a family). */
function EmptyOverview({ adviser, basePath, family }: { adviser: boolean; basePath: string; family: boolean }) {
  return (
    <EmptyState title={<Trans>Non ci sono ancora dati patrimoniali</Trans>} data-testid="overview-empty">
      {!adviser ? (
        <p>
          <Trans>I dati compariranno qui non appena il tuo consulente avrà collegato i tuoi conti.</Trans>
        </p>
      ) : family ? (
        <>
          <p>
            <Trans>
              Il patrimonio della famiglia è la somma pesata di quello dei suoi membri: aggiungi membri con dati
              finanziari.
            </Trans>
          </p>
          <Link to="/clients?tab=families" className="pt-btn pt-btn--primary">
            <Trans>Gestisci le famiglie</Trans>
          </Link>
        </>
      ) : (
        <>
          <p>
            <Trans>
              Aggiungi un conto e carica i movimenti per vedere il patrimonio, il suo andamento e la proiezione.
            </Trans>
          </p>
          <Link to={`${basePath}/financials`} className="pt-btn pt-btn--primary" data-testid="add-account-cta">
            <Trans>Aggiungi un conto</Trans>
          </Link>
        </>
      )}
    </EmptyState>
  );
}
