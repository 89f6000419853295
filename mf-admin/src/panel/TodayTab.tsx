// What needs the admin's attention today (GET /admin/dashboard): failed fetches (each a link to the servers), files
// whose latest run failed or waits for mapping (links to the import activity filtered by status, and the mapping),
// pending movements (the approvals), controls with differences, trials ending (each client a link to its page); each
// with its count, and one all-clear line when nothing needs attention. Below, the files and rows imported per day.
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { AdminDashboard } from '@patrimonio/shared-api';
import {
  BarChart,
  ErrorState,
  formatDate,
  formatDateTime,
  Link,
  Notice,
  Section,
  Skeleton,
  useApiQuery,
} from '@patrimonio/shared-ui';
import type { ReactNode } from 'react';
import { runFiltersPath } from '../common/logic.ts';

/** How many things need attention (0: all clear). */
export const attentionCount = (d: AdminDashboard): number =>
  d.failedFetches.length +
  d.runsFailed +
  d.runsToMap +
  d.pendingMovements +
  d.controlsWithDifferences +
  d.trialsEnding.length;

/** One of the things behind a count (a server, a client): a link to its page, and a note. */
interface ItemLink {
  key: string | number;
  to: string;
  testId: string;
  name: ReactNode;
  note: ReactNode;
}

/**
 * One thing that needs attention, shown only when its count is not 0: the count, the title (a link to where it is
 * dealt with, when `to` is given), the things behind the count and what else it says.
 */
function Item(props: {
  id: string;
  count: number;
  title: ReactNode;
  to?: string;
  linkTestId?: string;
  links?: ItemLink[];
  children?: ReactNode;
}) {
  if (props.count === 0) return null;
  return (
    <li className="ad-attention__item" data-testid={`attention-${props.id}`}>
      <span className="ad-attention__count" data-testid={`attention-${props.id}-count`}>
        {props.count}
      </span>
      <div className="ad-attention__body">
        <span className="ad-attention__title">
          {props.to ? (
            <Link to={props.to} data-testid={props.linkTestId}>
              {props.title}
            </Link>
          ) : (
            props.title
          )}
        </span>
        {props.links ? (
          <ul className="ad-list">
            {props.links.map((l) => (
              <li key={l.key}>
                <Link to={l.to} data-testid={l.testId}>
                  {l.name}
                </Link>{' '}
                <span className="ad-note">{l.note}</span>
              </li>
            ))}
          </ul>
        ) : null}
        {props.children}
      </div>
    </li>
  );
}

export function TodayTab() {
  const { t, i18n } = useLingui();
  const dashboard = useApiQuery('adminDashboard', undefined);
  const d = dashboard.data;

  if (dashboard.isLoading) return <Skeleton height={240} />;
  if (!d)
    return (
      <ErrorState onRetry={() => void dashboard.refetch()}>
        <Trans>Impossibile caricare il pannello. Riprova tra qualche istante.</Trans>
      </ErrorState>
    );

  const locale = i18n.locale === 'en' ? 'en' : 'it';
  const failedFetches = d.failedFetches.length;
  const trials = d.trialsEnding.length;
  const days = d.perDay.map((p) => formatDate(p.date, locale));
  return (
    <div className="pt-stack">
      <Section title={<Trans>Da seguire oggi</Trans>} data-testid="attention">
        {attentionCount(d) === 0 ? (
          <Notice tone="info" data-testid="attention-clear">
            <Trans>Tutto in ordine: oggi nulla richiede attenzione.</Trans>
          </Notice>
        ) : (
          <ul className="ad-attention">
            <Item
              id="fetches"
              count={failedFetches}
              title={<Plural value={failedFetches} one="Recupero dei file fallito" other="Recuperi dei file falliti" />}
              links={d.failedFetches.map((f) => ({
                key: f.serverId,
                to: '/caronte-server',
                testId: `attention-fetch-${f.serverId}`,
                name: f.serverName,
                note: (
                  <>
                    {formatDateTime(f.at, locale)}: {f.message}
                  </>
                ),
              }))}
            />
            <Item
              id="failed"
              count={d.runsFailed}
              to={runFiltersPath({ status: 'FAILED', counterpartId: null, run: null })}
              linkTestId="link-failed"
              title={
                <Plural
                  value={d.runsFailed}
                  one="File con l’ultima importazione fallita"
                  other="File con l’ultima importazione fallita"
                />
              }
            />
            <Item
              id="to-map"
              count={d.runsToMap}
              to={runFiltersPath({ status: 'TO_MAP', counterpartId: null, run: null })}
              linkTestId="link-to-map"
              title={
                <Plural value={d.runsToMap} one="File in attesa di mappatura" other="File in attesa di mappatura" />
              }
            >
              <Link to="/caronte-mapping" className="ad-note" data-testid="link-mapping">
                <Trans>Mappa i codici che mancano</Trans>
              </Link>
            </Item>
            <Item
              id="movements"
              count={d.pendingMovements}
              to="/approve"
              linkTestId="link-approve"
              title={<Plural value={d.pendingMovements} one="Movimento da approvare" other="Movimenti da approvare" />}
            />
            <Item
              id="controls"
              count={d.controlsWithDifferences}
              to="/controls"
              linkTestId="link-controls"
              title={
                <Plural
                  value={d.controlsWithDifferences}
                  one="Controllo con differenze"
                  other="Controlli con differenze"
                />
              }
            />
            <Item
              id="trials"
              count={trials}
              to="/caronte-subscriptions"
              linkTestId="link-subscriptions"
              title={<Plural value={trials} one="Prova gratuita in scadenza" other="Prove gratuite in scadenza" />}
              links={d.trialsEnding.map((c) => ({
                key: c.clientId,
                to: `/client/${c.clientId}/infos`,
                testId: `attention-trial-${c.clientId}`,
                name: c.name,
                note: formatDate(c.trialUntil, locale),
              }))}
            />
          </ul>
        )}
      </Section>
      <Section title={<Trans>File e righe importati negli ultimi 30 giorni</Trans>} data-testid="imported-per-day">
        {/* Two charts: a day's rows run to thousands, its files to a few, and one axis would hide the files. */}
        <div className="ad-sides">
          <BarChart
            label={t`File importati al giorno negli ultimi 30 giorni`}
            format="count"
            height={220}
            categories={days}
            series={[{ name: t`File`, data: d.perDay.map((p) => p.files) }]}
          />
          <BarChart
            label={t`Righe importate al giorno negli ultimi 30 giorni`}
            format="count"
            height={220}
            categories={days}
            series={[{ name: t`Righe`, data: d.perDay.map((p) => p.rows) }]}
          />
        </div>
      </Section>
    </div>
  );
}
