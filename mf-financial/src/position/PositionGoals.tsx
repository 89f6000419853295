// The position page's goals panel (issue 18; the guided tour's last add-goal step points at it): a single client's
// goals (GET /goal/projection) with amount, target date, probability of being reached and how much of each today's
// wealth covers; an empty state leading to the goals page. Not shown for a family (goals have no family view).
import { Trans, useLingui } from '@lingui/react/macro';
import {
  EmptyState,
  formatDate,
  formatMoney,
  formatPercent,
  Link,
  type OwnerScope,
  Probability,
  pollWhileRecalculating,
  QueryState,
  ScrollArea,
  Section,
  tourTarget,
  useApiQuery,
} from '@patrimonio/shared-ui';
import { goalCoverage, wealthToday } from './goals.ts';

export function PositionGoals({ scope }: { scope: OwnerScope }) {
  const { t } = useLingui();
  const projection = useApiQuery(
    'goalProjection',
    { query: scope.kind === 'client' ? { clientId: scope.clientId } : {} },
    { enabled: scope.kind !== 'family', refetchInterval: pollWhileRecalculating },
  );
  if (scope.kind === 'family') return null;
  const goalsPath = `${scope.basePath}/goals`;
  const p = projection.data;
  const wealth = p ? wealthToday(p.calculus) : 0;
  const rows = p ? goalCoverage(p.goals, wealth) : [];
  return (
    <Section
      title={<Trans>Obiettivi</Trans>}
      {...tourTarget('position-goals')}
      data-testid="position-goals"
      actions={
        rows.length ? (
          <Link to={goalsPath} className="pt-btn pt-btn--ghost" data-testid="position-goals-link">
            <Trans>Gestisci gli obiettivi</Trans>
          </Link>
        ) : null
      }
    >
      <QueryState
        loading={projection.isPending}
        error={projection.error}
        onRetry={() => void projection.refetch()}
        isEmpty={rows.length === 0}
        empty={
          <EmptyState
            data-testid="position-goals-empty"
            actions={
              <Link to={goalsPath} className="pt-btn pt-btn--primary" data-testid="position-goals-link">
                <Trans>Aggiungi un obiettivo</Trans>
              </Link>
            }
          >
            <p>
              <Trans>
                Nessun obiettivo: aggiungine uno, ad esempio una casa o gli studi dei figli, per vedere quanto il
                patrimonio di oggi lo copre e con quale probabilità sarà raggiunto.
              </Trans>
            </p>
          </EmptyState>
        }
      >
        <p className="pt-muted">
          <Trans>Il patrimonio di oggi ({formatMoney(wealth)}) copre prima gli obiettivi più vicini nel tempo.</Trans>
        </p>
        <ScrollArea label={t`Obiettivi`}>
          <table className="pt-plain-table" aria-label={t`Obiettivi`}>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Obiettivo</Trans>
                </th>
                <th scope="col" className="pt-num">
                  <Trans>Importo</Trans>
                </th>
                <th scope="col">
                  <Trans>Data</Trans>
                </th>
                <th scope="col">
                  <Trans>Probabilità</Trans>
                </th>
                <th scope="col" className="pt-num">
                  <Trans>Coperto oggi</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((g) => (
                <tr key={g.id} data-testid="position-goal">
                  <th scope="row">{g.description}</th>
                  <td className="pt-num">{formatMoney(g.amount)}</td>
                  <td>{formatDate(g.initDate)}</td>
                  <td>
                    <Probability value={g.probability} />
                  </td>
                  <td className="pt-num" data-testid="position-goal-covered">
                    {formatPercent(g.covered * 100)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollArea>
      </QueryState>
    </Section>
  );
}
