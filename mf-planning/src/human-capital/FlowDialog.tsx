// Add or edit a planned flow (POST /human-capital/flow, PUT /human-capital/flow/:id): the owner (a family member in
// a family view), description, category (which proposes the direction and the group), direction, group, amount and
// frequency, start, end (empty: until retirement), yearly growth and a note. The form checks the contract's body.
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Flow, FlowInput, FlowUpdate } from '@patrimonio/shared-api';
import {
  CurrencyInput,
  contract,
  DatePicker,
  defaultOwner,
  errorStatus,
  FormDialog,
  labelOptions,
  OwnerPicker,
  type OwnerScope,
  PercentInput,
  Select,
  TextArea,
  TextInput,
  todayIso,
  useApiMutation,
  useContractForm,
  useFieldErrors,
  useOwners,
} from '@patrimonio/shared-ui';
import {
  CATEGORY_LABELS,
  CHECK_FIELDS,
  DIRECTION_LABELS,
  FIELD_MESSAGES,
  FREQUENCY_LABELS,
  GROUP_LABELS,
  TOASTS,
} from './labels.ts';
import {
  datesInOrder,
  emptyFlow,
  type FlowDraft,
  flowCreateBody,
  flowDraftOf,
  flowUpdateBody,
  type GroupChoice,
  HUMAN_CAPITAL_ROUTES,
  withCategory,
} from './logic.ts';

const onBadInput = (e: unknown) => (errorStatus(e) === 400 ? CHECK_FIELDS : undefined);

export function FlowDialog(props: {
  open: boolean;
  onClose: () => void;
  scope: OwnerScope;
  /** The flow to edit; none to add one. */
  flow: Flow | null;
  /** The tab shown: a new flow starts in its group. */
  group: GroupChoice;
}) {
  const { t, i18n } = useLingui();
  const fieldError = useFieldErrors(FIELD_MESSAGES);
  const owners = useOwners(props.scope);
  const adding = props.flow === null;
  const form = useContractForm<FlowDraft, typeof contract.createFlow.body | typeof contract.updateFlow.body>(
    adding ? contract.createFlow.body : contract.updateFlow.body,
    {
      open: props.open,
      defaults: props.flow ? flowDraftOf(props.flow) : emptyFlow(defaultOwner(owners), props.group, todayIso()),
      toBody: adding ? (d) => flowCreateBody(d, props.scope.kind) : flowUpdateBody,
      refine: (_body, values) => datesInOrder(values),
    },
  );
  const create = useApiMutation('createFlow', {
    success: TOASTS.flowAdded,
    error: onBadInput,
    invalidate: HUMAN_CAPITAL_ROUTES,
  });
  const update = useApiMutation('updateFlow', {
    success: TOASTS.flowEdited,
    error: onBadInput,
    invalidate: HUMAN_CAPITAL_ROUTES,
  });
  const draft = form.watch();
  const set = <K extends keyof FlowDraft>(key: K, value: FlowDraft[K]) => form.setValue(key as never, value as never);
  const error = (key: keyof FlowDraft) => fieldError(form.codeOf(key));
  const translate = (d: MessageDescriptor) => i18n._(d);

  const submit = form.submit(async (body) => {
    if (props.flow) await update.mutateAsync({ params: { id: props.flow.id }, body: body as FlowUpdate });
    else await create.mutateAsync({ body: body as FlowInput });
    props.onClose();
  });

  return (
    <FormDialog
      open={props.open}
      onClose={props.onClose}
      onSubmit={() => void submit()}
      busy={create.isPending || update.isPending}
      title={adding ? <Trans>Nuovo flusso pianificato</Trans> : <Trans>Modifica flusso pianificato</Trans>}
      error={form.submitError ? <Trans>Il salvataggio non è andato a buon fine. Riprova.</Trans> : null}
      wide
      data-testid="hc-flow-dialog"
    >
      {props.scope.isFamily && adding ? (
        <OwnerPicker
          owners={owners}
          value={draft.clientId}
          onChange={(v) => set('clientId', v)}
          error={error('clientId')}
          data-testid="hc-flow-owner"
        />
      ) : null}
      <TextInput
        label={<Trans>Descrizione</Trans>}
        required
        name="description"
        maxLength={200}
        data-testid="hc-flow-description"
        error={error('description')}
        value={draft.description}
        onChange={(v) => set('description', v)}
      />
      <div className="pt-form__row">
        <Select
          label={<Trans>Categoria</Trans>}
          required
          name="category"
          placeholder={t`Scegli una categoria`}
          hint={<Trans>Propone il tipo e il gruppo</Trans>}
          data-testid="hc-flow-category"
          error={error('category')}
          value={draft.category}
          options={labelOptions(CATEGORY_LABELS, translate)}
          onChange={(v) => {
            const next = withCategory(draft, v);
            set('category', next.category);
            set('direction', next.direction);
            set('flowGroup', next.flowGroup);
          }}
        />
        <Select
          label={<Trans>Tipo</Trans>}
          required
          name="direction"
          placeholder={t`Entrata o uscita`}
          data-testid="hc-flow-direction"
          error={error('direction')}
          value={draft.direction}
          options={labelOptions(DIRECTION_LABELS, translate)}
          onChange={(v) => set('direction', v)}
        />
        <Select
          label={<Trans>Gruppo</Trans>}
          required
          name="flowGroup"
          data-testid="hc-flow-group"
          error={error('flowGroup')}
          value={draft.flowGroup}
          options={labelOptions(GROUP_LABELS, translate)}
          onChange={(v) => set('flowGroup', v)}
        />
      </div>
      <div className="pt-form__row">
        <CurrencyInput
          label={<Trans>Importo</Trans>}
          required
          name="amount"
          hint={<Trans>Per ogni ricorrenza, sempre positivo: il tipo dà il segno</Trans>}
          data-testid="hc-flow-amount"
          error={error('amount')}
          value={draft.amount}
          onChange={(v) => set('amount', v)}
        />
        <Select
          label={<Trans>Frequenza</Trans>}
          required
          name="frequency"
          data-testid="hc-flow-frequency"
          error={error('frequency')}
          value={draft.frequency}
          options={labelOptions(FREQUENCY_LABELS, translate)}
          onChange={(v) => set('frequency', v)}
        />
        <PercentInput
          label={<Trans>Crescita annua</Trans>}
          name="growthRate"
          data-testid="hc-flow-growth"
          error={error('growthRate')}
          value={draft.growthRate}
          onChange={(v) => set('growthRate', v)}
        />
      </div>
      <div className="pt-form__row">
        <DatePicker
          label={<Trans>Inizio</Trans>}
          required
          name="startDate"
          quickYears={false}
          data-testid="hc-flow-start"
          error={error('startDate')}
          value={draft.startDate}
          onChange={(v) => set('startDate', v)}
        />
        <DatePicker
          label={<Trans>Fine</Trans>}
          name="endDate"
          hint={<Trans>Vuota: fino alla pensione</Trans>}
          data-testid="hc-flow-end"
          error={error('endDate')}
          value={draft.endDate}
          onChange={(v) => set('endDate', v)}
        />
      </div>
      <TextArea
        label={<Trans>Note</Trans>}
        name="note"
        maxLength={2000}
        data-testid="hc-flow-note"
        error={error('note')}
        value={draft.note}
        onChange={(v) => set('note', v)}
      />
    </FormDialog>
  );
}
