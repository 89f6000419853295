// The client's simulations (the goals page's second tab): the saved ones (GET /gc), a new one filled from the
// client's data today (GET /gc/init), open (GET /gc/:id) and the two-step delete; an open simulation is edited in
// SimulationEditor, in the page's state until it is saved.
import { Trans, useLingui } from '@lingui/react/macro';
import {
  api,
  Button,
  EmptyState,
  formatDateTime,
  formatMoney,
  type OwnerScope,
  QueryState,
  ScrollArea,
  Section,
  toast,
  useApiMutation,
  useApiQuery,
} from '@patrimonio/shared-ui';
import { useState } from 'react';
import { clientQuery } from '../goals/logic.ts';
import { ActionsHead, RowActions } from '../RowActions.tsx';
import { SIMULATION_TOASTS } from './labels.ts';
import { type Editor, newEditor, savedEditor } from './logic.ts';
import { SIMULATION_ROUTES, SimulationEditor } from './SimulationEditor.tsx';

export function SimulationsTab({ scope }: { scope: OwnerScope }) {
  const { t } = useLingui();
  const [editor, setEditor] = useState<Editor | null>(null);
  const [opening, setOpening] = useState<number | 'new' | null>(null);
  const list = useApiQuery('listSimulations', { query: clientQuery(scope) });
  const remove = useApiMutation('deleteSimulation', {
    success: SIMULATION_TOASTS.deleted,
    invalidate: SIMULATION_ROUTES,
  });

  /** Reads the simulation afresh (today's data for a new one) and opens it in the editor. */
  const open = async (which: number | 'new') => {
    setOpening(which);
    try {
      setEditor(
        which === 'new'
          ? newEditor(await api('initSimulation', { query: clientQuery(scope) }))
          : savedEditor(await api('getSimulation', { params: { id: which } })),
      );
    } catch {
      toast.error(t`Impossibile aprire la simulazione. Riprova tra qualche istante.`);
    } finally {
      setOpening(null);
    }
  };

  if (editor)
    return <SimulationEditor scope={scope} editor={editor} onChange={setEditor} onBack={() => setEditor(null)} />;

  const items = list.data?.item ?? [];
  const newButton = (
    <Button
      variant="primary"
      data-testid="simulation-new"
      disabled={opening !== null}
      aria-busy={opening === 'new' || undefined}
      onClick={() => void open('new')}
    >
      {opening === 'new' ? <Trans>Apertura…</Trans> : <Trans>Nuova simulazione</Trans>}
    </Button>
  );
  const empty = list.isSuccess && items.length === 0;
  return (
    <Section
      title={<Trans>Simulazioni salvate</Trans>}
      actions={empty ? null : newButton}
      data-testid="simulations-list"
    >
      <QueryState
        loading={list.isPending}
        error={list.error}
        onRetry={() => void list.refetch()}
        isEmpty={empty}
        empty={
          <EmptyState title={<Trans>Nessuna simulazione</Trans>} actions={newButton} data-testid="simulations-empty">
            <p>
              <Trans>
                Una simulazione parte dal patrimonio di oggi: vendi un immobile, estingui un mutuo o sposta denaro tra
                le classi e confronta la proiezione con la situazione attuale.
              </Trans>
            </p>
          </EmptyState>
        }
      >
        <ScrollArea label={t`Simulazioni salvate`}>
          <table className="pt-plain-table" aria-label={t`Simulazioni salvate`}>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Nome</Trans>
                </th>
                <th scope="col" className="pt-num">
                  <Trans>Patrimonio lordo</Trans>
                </th>
                <th scope="col">
                  <Trans>Modificata il</Trans>
                </th>
                <ActionsHead />
              </tr>
            </thead>
            <tbody>
              {items.map((s) => (
                <tr key={s.id} data-testid="simulation-row" data-id={s.id}>
                  <th scope="row">{s.name}</th>
                  <td className="pt-num">{formatMoney(s.gross)}</td>
                  <td>{formatDateTime(s.updatedAt)}</td>
                  <RowActions
                    deleteLabel={t`Elimina ${s.name}`}
                    deleteTestId="simulation-delete"
                    deleting={remove.isPending}
                    onDelete={() => remove.mutate({ params: { id: s.id } })}
                  >
                    <Button
                      variant="ghost"
                      data-testid="simulation-open"
                      aria-label={t`Apri ${s.name}`}
                      disabled={opening !== null}
                      onClick={() => void open(s.id)}
                    >
                      <Trans>Apri</Trans>
                    </Button>
                  </RowActions>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollArea>
      </QueryState>
    </Section>
  );
}
