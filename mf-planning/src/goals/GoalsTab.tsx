// The goals of a client (issue 18 "Goals"): the list (GET /goal, size 100000) with each goal's probability of being
// reached and the median projected wealth at its date (GET /goal/projection), edit and the two-step delete; the
// projection's bands with each goal marked at its date and amount; the add button the guided tour starts from.
import { Trans, useLingui } from '@lingui/react/macro';
import type { Goal } from '@patrimonio/shared-api';
import { GOALS_PAGE_SIZE } from '@patrimonio/shared-api/constants';
import {
  BandChart,
  Button,
  EmptyState,
  formatDate,
  formatMoney,
  Notice,
  type OwnerScope,
  Probability,
  pollWhileRecalculating,
  QueryState,
  ScrollArea,
  Section,
  tourTarget,
  useApiMutation,
  useApiQuery,
} from '@patrimonio/shared-ui';
import { useMemo, useState } from 'react';
import { ActionsHead, RowActions } from '../RowActions.tsx';
import { GOAL_ROUTES, GoalDialog } from './GoalDialog.tsx';
import { GOAL_TOASTS } from './labels.ts';
import { clientQuery, goalMarkers, goalRows } from './logic.ts';

export function GoalsTab({ scope }: { scope: OwnerScope }) {
  const { t } = useLingui();
  const [dialog, setDialog] = useState<{ goal: Goal | null } | null>(null);
  const goals = useApiQuery('listGoals', { query: { ...clientQuery(scope), size: GOALS_PAGE_SIZE } });
  const projection = useApiQuery(
    'goalProjection',
    { query: clientQuery(scope) },
    { refetchInterval: pollWhileRecalculating },
  );
  const remove = useApiMutation('deleteGoal', { success: GOAL_TOASTS.deleted, invalidate: GOAL_ROUTES });
  const p = projection.data;
  const rows = useMemo(() => goalRows(goals.data?.item ?? [], p?.goals), [goals.data, p?.goals]);
  const markers = useMemo(() => goalMarkers(p?.goals), [p?.goals]);
  const addButton = (
    <Button
      variant="primary"
      data-testid="goals-add"
      {...tourTarget('goals-add')}
      onClick={() => setDialog({ goal: null })}
    >
      <Trans>Aggiungi obiettivo</Trans>
    </Button>
  );
  // The add button sits in the empty state when there is no goal, in the section's head otherwise.
  const empty = goals.isSuccess && rows.length === 0;

  return (
    <div className="pl-goals">
      {p?.recalculationInProgress ? (
        <Notice data-testid="recalculation-notice">
          <Trans>Ricalcolo in corso: i dati mostrati sono quelli precedenti e si aggiorneranno da soli.</Trans>
        </Notice>
      ) : null}
      <Section title={<Trans>Obiettivi</Trans>} actions={empty ? null : addButton} data-testid="goals-list">
        <QueryState
          loading={goals.isPending}
          error={goals.error}
          onRetry={() => void goals.refetch()}
          isEmpty={empty}
          empty={
            <EmptyState title={<Trans>Nessun obiettivo</Trans>} actions={addButton} data-testid="goals-empty">
              <p>
                <Trans>
                  Un obiettivo è una somma da raggiungere entro una data: una casa, gli studi dei figli, la pensione.
                  Aggiungine uno per vedere con quale probabilità il patrimonio lo raggiungerà.
                </Trans>
              </p>
            </EmptyState>
          }
        >
          <ScrollArea label={t`Obiettivi`}>
            <table className="pt-plain-table pl-goals__table" aria-label={t`Obiettivi`}>
              <thead>
                <tr>
                  <th scope="col">
                    <Trans>Descrizione</Trans>
                  </th>
                  <th scope="col" className="pt-num">
                    <Trans>Importo</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Data obiettivo</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Probabilità</Trans>
                  </th>
                  <th scope="col" className="pt-num">
                    <Trans>Patrimonio mediano alla data</Trans>
                  </th>
                  <ActionsHead />
                </tr>
              </thead>
              <tbody>
                {rows.map((g) => (
                  <tr key={g.id} data-testid="goal-row" data-id={g.id}>
                    <th scope="row">{g.description}</th>
                    <td className="pt-num">{formatMoney(g.amount)}</td>
                    <td>{formatDate(g.initDate)}</td>
                    <td>
                      {projection.isPending ? (
                        <span className="pt-muted">…</span>
                      ) : (
                        <Probability value={g.probability} data-testid="goal-probability" />
                      )}
                    </td>
                    <td className="pt-num" data-testid="goal-median">
                      {g.median === null ? '–' : formatMoney(g.median)}
                    </td>
                    <RowActions
                      deleteLabel={t`Elimina ${g.description}`}
                      deleteTestId="goal-delete"
                      deleting={remove.isPending}
                      onDelete={() => remove.mutate({ params: { id: g.id } })}
                    >
                      <Button
                        variant="ghost"
                        data-testid="goal-edit"
                        aria-label={t`Modifica ${g.description}`}
                        onClick={() => setDialog({ goal: g })}
                      >
                        <Trans>Modifica</Trans>
                      </Button>
                    </RowActions>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollArea>
        </QueryState>
      </Section>
      <Section title={<Trans>Proiezione del patrimonio e obiettivi</Trans>} data-testid="goals-projection">
        <QueryState loading={projection.isPending} error={projection.error} onRetry={() => void projection.refetch()}>
          {p ? (
            <>
              <p className="pt-muted">
                <Trans>
                  Gli scenari del patrimonio con probabilità del 90%, del 60% e del 20%, con i flussi pianificati del
                  capitale umano e le rate dei mutui; i punti sono gli obiettivi, alla loro data e al loro importo.
                </Trans>
              </p>
              <BandChart
                label={t`Proiezione del patrimonio e obiettivi`}
                calculus={p.calculus}
                markers={markers}
                height={320}
              />
            </>
          ) : null}
        </QueryState>
      </Section>
      <GoalDialog open={dialog !== null} onClose={() => setDialog(null)} scope={scope} goal={dialog?.goal ?? null} />
    </div>
  );
}
