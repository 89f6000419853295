// Record a flow on a date (POST /human-capital/movement) against one of the planned flows (it gives the direction,
// the group and, in a family, the owner; its amount is proposed), or edit a recorded one's date, amount and note
// (PUT /human-capital/movement/:id: the planned flow stays).
import { Trans, useLingui } from '@lingui/react/macro';
import type { FlowRecord } from '@patrimonio/shared-api';
import {
  CurrencyInput,
  DatePicker,
  type OwnerScope,
  Select,
  TextArea,
  todayIso,
  useApiQuery,
  useContractForm,
} from '@patrimonio/shared-ui';
import { contract } from '@patrimonio/shared-ui/contract';
import { CATEGORY_LABELS, DIRECTION_LABELS, TOASTS } from './labels.ts';
import {
  allFlowsRequest,
  emptyRecord,
  type RecordDraft,
  recordCreateBody,
  recordDraftOf,
  recordUpdateBody,
  withFlow,
} from './logic.ts';
import { SaveDialog, useDraft, useRecordSave } from './SaveDialog.tsx';

export function RecordDialog(props: {
  open: boolean;
  onClose: () => void;
  scope: OwnerScope;
  /** The recorded flow to edit; none to record one. */
  record: FlowRecord | null;
}) {
  const { t } = useLingui();
  const adding = props.record === null;
  const flows = useApiQuery('listFlows', allFlowsRequest(props.scope.query), { enabled: props.open && adding });
  const form = useContractForm<
    RecordDraft,
    typeof contract.createFlowRecord.body | typeof contract.updateFlowRecord.body
  >(adding ? contract.createFlowRecord.body : contract.updateFlowRecord.body, {
    open: props.open,
    defaults: props.record ? recordDraftOf(props.record) : emptyRecord(todayIso()),
    toBody: adding ? recordCreateBody : recordUpdateBody,
  });
  const save = useRecordSave('createFlowRecord', 'updateFlowRecord', props.record?.id ?? null, {
    added: TOASTS.recordAdded,
    edited: TOASTS.recordEdited,
  });
  const { draft, set, error, field, translate } = useDraft(form);

  const planned = flows.data?.item ?? [];
  const flowOptions = props.record
    ? [{ value: String(props.record.flowId), label: props.record.description }]
    : planned.map((f) => ({
        value: String(f.id),
        label: [
          f.description,
          `${translate(DIRECTION_LABELS[f.direction])} · ${translate(CATEGORY_LABELS[f.category])}`,
          props.scope.isFamily ? f.owner : null,
        ]
          .filter(Boolean)
          .join(' · '),
      }));
  const noFlows = adding && flows.isSuccess && planned.length === 0;

  return (
    <SaveDialog
      form={form}
      save={save}
      open={props.open}
      onClose={props.onClose}
      title={adding ? <Trans>Registra un flusso</Trans> : <Trans>Modifica flusso registrato</Trans>}
      data-testid="hc-record-dialog"
    >
      <Select
        label={<Trans>Flusso pianificato</Trans>}
        required
        disabled={!adding}
        name="flowId"
        placeholder={flows.isLoading ? t`Caricamento…` : t`Scegli un flusso pianificato`}
        hint={
          noFlows ? (
            <Trans>Nessun flusso pianificato: aggiungine uno nella tabella dei flussi pianificati.</Trans>
          ) : adding ? (
            <Trans>Dà il tipo e il gruppo; il suo importo è proposto</Trans>
          ) : null
        }
        data-testid="hc-record-flow"
        error={error('flowId')}
        value={draft.flowId === null ? '' : String(draft.flowId)}
        options={flowOptions}
        onChange={(v) => {
          const next = withFlow(draft, planned.find((f) => String(f.id) === v) ?? null);
          set('flowId', next.flowId);
          set('amount', next.amount);
        }}
      />
      <div className="pt-form__row">
        <DatePicker
          label={<Trans>Data</Trans>}
          required
          {...field('date')}
          quickYears={false}
          data-testid="hc-record-date"
        />
        <CurrencyInput label={<Trans>Importo</Trans>} required {...field('amount')} data-testid="hc-record-amount" />
      </div>
      <TextArea label={<Trans>Note</Trans>} {...field('note')} maxLength={2000} data-testid="hc-record-note" />
    </SaveDialog>
  );
}
