// The simulation editor (issue 18 "Simulations"; spec data-and-admin sections 3 "Simulation" and 4): the simulation
// lives in the page's state and each change goes through the engine (logic.ts applyEdit). A change that moves money
// says in a toast how much was added to or removed from cash; any change makes the simulation calculable, and
// "Calcola" (POST /gc/wealth) draws its wealth bands beside the current situation's, with the totals of both. Save:
// POST /gc with a name for a new simulation, PUT /gc/:id for a saved one. Cash below zero is warned about.
import { Trans, useLingui } from '@lingui/react/macro';
import type { SimulationWealth } from '@patrimonio/shared-api';
import {
  BandChart,
  Button,
  FormDialog,
  formatDate,
  formatMoney,
  Notice,
  type OwnerScope,
  ScrollArea,
  Section,
  TextInput,
  toast,
  todayIso,
  useApiMutation,
  useContractForm,
  useFieldErrors,
} from '@patrimonio/shared-ui';
import { contract } from '@patrimonio/shared-ui/contract';
import { type ReactNode, useState } from 'react';
import { CommitNumber } from './CommitNumber.tsx';
import { AddArtLuxDialog, AddPropertyDialog, AddShareDialog } from './ItemDialogs.tsx';
import { FINANCIAL_LABELS, SIMULATION_TOASTS } from './labels.ts';
import {
  applyEdit,
  calculated,
  createBody,
  type Editor,
  type EditorEdit,
  negativeCash,
  saved,
  totalsRows,
  wealthBody,
} from './logic.ts';

/** The answers a saved simulation's change affects. */
export const SIMULATION_ROUTES = ['listSimulations', 'getSimulation'] as const;

const FINANCIAL_FIELDS = ['shares', 'bond', 'commodities', 'crypto'] as const;

export function SimulationEditor(props: {
  scope: OwnerScope;
  editor: Editor;
  onChange: (editor: Editor) => void;
  onBack: () => void;
}) {
  const { t, i18n } = useLingui();
  const { editor, onChange, scope } = props;
  const sim = editor.body;
  const [wealth, setWealth] = useState<SimulationWealth | null>(null);
  const [dialog, setDialog] = useState<'property' | 'artlux' | 'share' | 'save' | null>(null);

  const edit = (change: EditorEdit) => {
    try {
      const outcome = applyEdit(editor, change, todayIso(), (v) => formatMoney(v));
      onChange(outcome.editor);
      if (outcome.toast) toast.info(outcome.toast);
    } catch {
      toast.error(SIMULATION_TOASTS.refused);
    }
  };

  const compute = useApiMutation('computeSimulationWealth', { quiet: true, success: null });
  const calculate = () =>
    compute.mutate(
      { body: wealthBody(scope, sim) },
      {
        onSuccess: (answer) => {
          setWealth(answer);
          onChange(calculated(editor));
        },
      },
    );
  const update = useApiMutation('updateSimulation', {
    success: SIMULATION_TOASTS.edited,
    invalidate: SIMULATION_ROUTES,
  });
  const save = () => {
    if (editor.id === null) setDialog('save');
    else update.mutate({ params: { id: editor.id }, body: { ...sim, name: sim.name ?? '' } });
  };

  const money = (v: number) => formatMoney(v);
  const calculating = compute.isPending;

  return (
    <div className="pl-sim" data-testid="simulation-editor">
      <div className="pl-sim__bar">
        <Button variant="ghost" onClick={props.onBack} data-testid="simulation-back">
          <Trans>Torna all'elenco</Trans>
        </Button>
        <h2 className="pl-sim__name" data-testid="simulation-name">
          {sim.name}
        </h2>
        <div className="pl-sim__actions">
          <Button
            variant="primary"
            data-testid="simulation-calculate"
            disabled={!editor.calculable || calculating}
            aria-busy={calculating || undefined}
            onClick={calculate}
          >
            {calculating ? <Trans>Calcolo in corso…</Trans> : <Trans>Calcola</Trans>}
          </Button>
          <Button data-testid="simulation-save" disabled={update.isPending} onClick={save}>
            <Trans>Salva</Trans>
          </Button>
        </div>
      </div>
      {editor.calculable ? (
        <p className="pt-muted" data-testid="simulation-calculable">
          <Trans>La simulazione è cambiata: premi Calcola per vederne la proiezione.</Trans>
        </p>
      ) : null}
      {negativeCash(sim) ? (
        <Notice tone="warning" data-testid="simulation-negative-cash">
          <Trans>
            La liquidità è negativa ({money(sim.financial.cash)}): gli acquisti superano la liquidità disponibile.
          </Trans>
        </Notice>
      ) : null}

      {wealth ? <Comparison wealth={wealth} stale={editor.calculable} /> : null}

      <Section title={<Trans>Liquidità e investimenti finanziari</Trans>} data-testid="simulation-financial">
        <p className="pt-muted">
          <Trans>
            Spostare denaro tra le classi passa dalla liquidità: aumentare le azioni la riduce, ridurle la aumenta.
          </Trans>
        </p>
        <div className="pl-sim__grid">
          <CommitNumber
            kind="currency"
            signed
            label={i18n._(FINANCIAL_LABELS.cash)}
            hint={<Trans>All'inizio: {money(sim.startingCash)}</Trans>}
            value={sim.financial.cash}
            data-testid="simulation-cash"
            onCommit={(value) => edit({ kind: 'setCash', value })}
          />
          {FINANCIAL_FIELDS.map((field) => (
            <CommitNumber
              key={field}
              kind="currency"
              label={i18n._(FINANCIAL_LABELS[field])}
              value={sim.financial[field]}
              data-testid={`simulation-${field}`}
              onCommit={(value) => edit({ kind: 'setFinancial', field, value })}
            />
          ))}
        </div>
      </Section>

      <Section
        title={<Trans>Immobili</Trans>}
        data-testid="simulation-real-estate"
        actions={
          <Button data-testid="simulation-add-property" onClick={() => setDialog('property')}>
            <Trans>Aggiungi immobile</Trans>
          </Button>
        }
      >
        {sim.realEstate.length === 0 ? (
          <p className="pt-muted">
            <Trans>Nessun immobile nella simulazione.</Trans>
          </p>
        ) : (
          <ul className="pl-items">
            {sim.realEstate.map((r, index) => (
              <Item
                // biome-ignore lint/suspicious/noArrayIndexKey: items are edited by position, as the engine takes them
                key={index}
                title={r.description}
                testId="simulation-property"
                actions={
                  <>
                    {r.mortgage ? (
                      <Button
                        data-testid="simulation-remove-mortgage"
                        aria-label={t`Estingui il mutuo di ${r.description}`}
                        onClick={() => edit({ kind: 'removeMortgage', index })}
                      >
                        <Trans>Estingui il mutuo</Trans>
                      </Button>
                    ) : null}
                    <Button
                      data-testid="simulation-sell-property"
                      aria-label={t`Vendi ${r.description}`}
                      onClick={() => edit({ kind: 'removeRealEstate', index })}
                    >
                      <Trans>Vendi</Trans>
                    </Button>
                  </>
                }
              >
                <div className="pl-sim__grid">
                  <CommitNumber
                    kind="currency"
                    label={<Trans>Valore</Trans>}
                    value={r.evaluation}
                    data-testid="simulation-property-evaluation"
                    onCommit={(evaluation) => edit({ kind: 'setEvaluation', index, evaluation })}
                  />
                  <CommitNumber
                    kind="percent"
                    label={<Trans>Quota di proprietà</Trans>}
                    value={r.percOwned}
                    data-testid="simulation-property-perc-owned"
                    onCommit={(percOwned) => edit({ kind: 'setPercOwned', index, percOwned })}
                  />
                </div>
                <p className="pt-muted pl-items__note">
                  {r.mortgage ? (
                    <Trans>
                      Mutuo di {money(r.mortgage.amount)} dal {formatDate(r.mortgage.initDate)}, {r.mortgage.totalRata}{' '}
                      rate
                    </Trans>
                  ) : (
                    <Trans>Nessun mutuo</Trans>
                  )}
                </p>
              </Item>
            ))}
          </ul>
        )}
      </Section>

      <Section
        title={<Trans>Arte e beni di lusso</Trans>}
        data-testid="simulation-artlux"
        actions={
          <Button data-testid="simulation-add-artlux" onClick={() => setDialog('artlux')}>
            <Trans>Aggiungi bene</Trans>
          </Button>
        }
      >
        {sim.artlux.length === 0 ? (
          <p className="pt-muted">
            <Trans>Nessun bene di arte o di lusso nella simulazione.</Trans>
          </p>
        ) : (
          <ul className="pl-items">
            {sim.artlux.map((a, index) => (
              <Item
                // biome-ignore lint/suspicious/noArrayIndexKey: items are edited by position, as the engine takes them
                key={index}
                title={a.description}
                testId="simulation-artlux-item"
                actions={
                  <Button aria-label={t`Vendi ${a.description}`} onClick={() => edit({ kind: 'removeArtLux', index })}>
                    <Trans>Vendi</Trans>
                  </Button>
                }
              >
                <CommitNumber
                  kind="currency"
                  label={<Trans>Valore</Trans>}
                  value={a.valuation}
                  onCommit={(valuation) => edit({ kind: 'setArtLuxValuation', index, valuation })}
                />
              </Item>
            ))}
          </ul>
        )}
      </Section>

      <Section
        title={<Trans>Partecipazioni</Trans>}
        data-testid="simulation-shares"
        actions={
          <Button data-testid="simulation-add-share" onClick={() => setDialog('share')}>
            <Trans>Aggiungi partecipazione</Trans>
          </Button>
        }
      >
        {sim.share.length === 0 ? (
          <p className="pt-muted">
            <Trans>Nessuna partecipazione nella simulazione.</Trans>
          </p>
        ) : (
          <ul className="pl-items">
            {sim.share.map((s, index) => (
              <Item
                // biome-ignore lint/suspicious/noArrayIndexKey: items are edited by position, as the engine takes them
                key={index}
                title={s.description}
                testId="simulation-share-item"
                actions={
                  <Button aria-label={t`Vendi ${s.description}`} onClick={() => edit({ kind: 'removeShare', index })}>
                    <Trans>Vendi</Trans>
                  </Button>
                }
              >
                <CommitNumber
                  kind="currency"
                  label={<Trans>Valore della quota</Trans>}
                  value={s.amount}
                  onCommit={(amount) => edit({ kind: 'setShareAmount', index, amount })}
                />
              </Item>
            ))}
          </ul>
        )}
      </Section>

      <AddPropertyDialog
        open={dialog === 'property'}
        onClose={() => setDialog(null)}
        onAdd={(item) => edit({ kind: 'addRealEstate', item })}
      />
      <AddArtLuxDialog
        open={dialog === 'artlux'}
        onClose={() => setDialog(null)}
        onAdd={(item) => edit({ kind: 'addArtLux', item })}
      />
      <AddShareDialog
        open={dialog === 'share'}
        onClose={() => setDialog(null)}
        onAdd={(item) => edit({ kind: 'addShare', item })}
      />
      <SaveDialog
        open={dialog === 'save'}
        onClose={() => setDialog(null)}
        scope={scope}
        editor={editor}
        onSaved={(id, name) => onChange(saved(editor, id, name))}
      />
    </div>
  );
}

function Item(props: { title: string; testId: string; actions: ReactNode; children: ReactNode }) {
  return (
    <li className="pl-items__item" data-testid={props.testId}>
      <div className="pl-items__head">
        <h3 className="pl-items__title">{props.title}</h3>
        <div className="pl-actions">{props.actions}</div>
      </div>
      {props.children}
    </li>
  );
}

/** The simulation's bands beside the current situation's, and the totals of both today. */
function Comparison({ wealth, stale }: { wealth: SimulationWealth; stale: boolean }) {
  const { t } = useLingui();
  const rows = totalsRows(wealth);
  const names = { gross: t`Patrimonio lordo`, debt: t`Debiti`, net: t`Patrimonio netto` };
  return (
    <Section title={<Trans>Confronto con la situazione attuale</Trans>} data-testid="simulation-comparison">
      {stale ? (
        <Notice tone="info">
          <Trans>La simulazione è cambiata dopo il calcolo: premi Calcola per aggiornare il confronto.</Trans>
        </Notice>
      ) : null}
      <ScrollArea label={t`Totali a confronto`}>
        <table className="pt-plain-table" aria-label={t`Totali a confronto`} data-testid="simulation-totals">
          <thead>
            <tr>
              <th scope="col">
                <span className="pt-sr-only">
                  <Trans>Voce</Trans>
                </span>
              </th>
              <th scope="col" className="pt-num">
                <Trans>Situazione attuale</Trans>
              </th>
              <th scope="col" className="pt-num">
                <Trans>Simulazione</Trans>
              </th>
              <th scope="col" className="pt-num">
                <Trans>Differenza</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.key} data-key={r.key}>
                <th scope="row">{names[r.key]}</th>
                <td className="pt-num">{formatMoney(r.current)}</td>
                <td className="pt-num">{formatMoney(r.simulation)}</td>
                <td className="pt-num">{formatMoney(r.difference)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollArea>
      <div className="pt-grid">
        <div data-testid="simulation-chart-current">
          <h3 className="pl-sim__chart-title">
            <Trans>Situazione attuale</Trans>
          </h3>
          <BandChart label={t`Proiezione della situazione attuale`} calculus={wealth.current} height={280} />
        </div>
        <div data-testid="simulation-chart-simulation">
          <h3 className="pl-sim__chart-title">
            <Trans>Simulazione</Trans>
          </h3>
          <BandChart label={t`Proiezione della simulazione`} calculus={wealth.simulation} height={280} />
        </div>
      </div>
    </Section>
  );
}

/** The name of a new simulation, then POST /gc with the simulation as it is. */
function SaveDialog(props: {
  open: boolean;
  onClose: () => void;
  scope: OwnerScope;
  editor: Editor;
  onSaved: (id: number, name: string) => void;
}) {
  const fieldError = useFieldErrors();
  const { scope, editor } = props;
  const form = useContractForm(contract.createSimulation.body, {
    open: props.open,
    defaults: { name: editor.body.name ?? '' },
    toBody: (v: { name: string }) => createBody(scope, editor.body, v.name),
  });
  const create = useApiMutation('createSimulation', {
    success: SIMULATION_TOASTS.added,
    invalidate: SIMULATION_ROUTES,
  });
  const submit = form.submit(async (body) => {
    const { id } = await create.mutateAsync({ body });
    props.onSaved(id, body.name);
    props.onClose();
  });
  return (
    <FormDialog
      open={props.open}
      onClose={props.onClose}
      onSubmit={(e) => void submit(e)}
      busy={create.isPending}
      title={<Trans>Salva la simulazione</Trans>}
      data-testid="simulation-save-dialog"
    >
      <TextInput
        label={<Trans>Nome della simulazione</Trans>}
        required
        maxLength={200}
        data-testid="simulation-save-name"
        value={form.watch('name')}
        onChange={(v) => form.setValue('name', v)}
        error={fieldError(form.codeOf('name'))}
      />
    </FormDialog>
  );
}
