// Add or edit a planned flow (POST /human-capital/flow, PUT /human-capital/flow/:id): the owner (a family member in
// a family view), description, category (which proposes the direction and the group), direction, group, amount and
// frequency, start, end (empty: until retirement), yearly growth and a note. The form checks the contract's body.
import { Trans, useLingui } from '@lingui/react/macro';
import type { Flow } from '@patrimonio/shared-api';
import {
  CurrencyInput,
  DatePicker,
  defaultOwner,
  labelOptions,
  type OwnerScope,
  PercentInput,
  Select,
  TextArea,
  TextInput,
  todayIso,
  useContractForm,
  useOwners,
} from '@patrimonio/shared-ui';
import { contract } from '@patrimonio/shared-ui/contract';
import { CATEGORY_LABELS, DIRECTION_LABELS, FIELD_MESSAGES, FREQUENCY_LABELS, GROUP_LABELS, TOASTS } from './labels.ts';
import {
  datesInOrder,
  emptyFlow,
  type FlowDraft,
  flowCreateBody,
  flowDraftOf,
  flowUpdateBody,
  type GroupChoice,
  withCategory,
} from './logic.ts';
import { FamilyOwnerPicker, SaveDialog, useDraft, useRecordSave } from './SaveDialog.tsx';

export function FlowDialog(props: {
  open: boolean;
  onClose: () => void;
  scope: OwnerScope;
  /** The flow to edit; none to add one. */
  flow: Flow | null;
  /** The tab shown: a new flow starts in its group. */
  group: GroupChoice;
}) {
  const { t } = useLingui();
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
  const save = useRecordSave('createFlow', 'updateFlow', props.flow?.id ?? null, {
    added: TOASTS.flowAdded,
    edited: TOASTS.flowEdited,
  });
  const { draft, set, error, field, translate } = useDraft(form, FIELD_MESSAGES);

  return (
    <SaveDialog
      form={form}
      save={save}
      open={props.open}
      onClose={props.onClose}
      title={adding ? <Trans>Nuovo flusso pianificato</Trans> : <Trans>Modifica flusso pianificato</Trans>}
      wide
      data-testid="hc-flow-dialog"
    >
      <FamilyOwnerPicker
        scope={props.scope}
        adding={adding}
        owners={owners}
        field={field('clientId')}
        data-testid="hc-flow-owner"
      />
      <TextInput
        label={<Trans>Descrizione</Trans>}
        required
        {...field('description')}
        maxLength={200}
        data-testid="hc-flow-description"
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
          {...field('direction')}
          placeholder={t`Entrata o uscita`}
          data-testid="hc-flow-direction"
          options={labelOptions(DIRECTION_LABELS, translate)}
        />
        <Select
          label={<Trans>Gruppo</Trans>}
          required
          {...field('flowGroup')}
          data-testid="hc-flow-group"
          options={labelOptions(GROUP_LABELS, translate)}
        />
      </div>
      <div className="pt-form__row">
        <CurrencyInput
          label={<Trans>Importo</Trans>}
          required
          {...field('amount')}
          hint={<Trans>Per ogni ricorrenza, sempre positivo: il tipo dà il segno</Trans>}
          data-testid="hc-flow-amount"
        />
        <Select
          label={<Trans>Frequenza</Trans>}
          required
          {...field('frequency')}
          data-testid="hc-flow-frequency"
          options={labelOptions(FREQUENCY_LABELS, translate)}
        />
        <PercentInput label={<Trans>Crescita annua</Trans>} {...field('growthRate')} data-testid="hc-flow-growth" />
      </div>
      <div className="pt-form__row">
        <DatePicker
          label={<Trans>Inizio</Trans>}
          required
          {...field('startDate')}
          quickYears={false}
          data-testid="hc-flow-start"
        />
        <DatePicker
          label={<Trans>Fine</Trans>}
          {...field('endDate')}
          hint={<Trans>Vuota: fino alla pensione</Trans>}
          data-testid="hc-flow-end"
        />
      </div>
      <TextArea label={<Trans>Note</Trans>} {...field('note')} maxLength={2000} data-testid="hc-flow-note" />
    </SaveDialog>
  );
}
