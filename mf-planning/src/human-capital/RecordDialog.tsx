// Record a flow on a date (POST /human-capital/movement) against one of the planned flows (it gives the direction,
// the group and, in a family, the owner; its amount is proposed), or edit a recorded one's date, amount and note
// (PUT /human-capital/movement/:id: the planned flow stays).
import { Trans, useLingui } from '@lingui/react/macro';
import type { FlowRecord, FlowRecordInput, FlowRecordUpdate } from '@patrimonio/shared-api';
import {
  CurrencyInput,
  contract,
  DatePicker,
  errorStatus,
  FormDialog,
  type OwnerScope,
  Select,
  TextArea,
  todayIso,
  useApiMutation,
  useApiQuery,
  useContractForm,
  useFieldErrors,
} from '@patrimonio/shared-ui';
import { CATEGORY_LABELS, CHECK_FIELDS, DIRECTION_LABELS, TOASTS } from './labels.ts';
import {
  allFlowsRequest,
  emptyRecord,
  HUMAN_CAPITAL_ROUTES,
  type RecordDraft,
  recordCreateBody,
  recordDraftOf,
  recordUpdateBody,
  withFlow,
} from './logic.ts';

const onBadInput = (e: unknown) => (errorStatus(e) === 400 ? CHECK_FIELDS : undefined);

export function RecordDialog(props: {
  open: boolean;
  onClose: () => void;
  scope: OwnerScope;
  /** The recorded flow to edit; none to record one. */
  record: FlowRecord | null;
}) {
  const { t, i18n } = useLingui();
  const fieldError = useFieldErrors();
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
  const create = useApiMutation('createFlowRecord', {
    success: TOASTS.recordAdded,
    error: onBadInput,
    invalidate: HUMAN_CAPITAL_ROUTES,
  });
  const update = useApiMutation('updateFlowRecord', {
    success: TOASTS.recordEdited,
    error: onBadInput,
    invalidate: HUMAN_CAPITAL_ROUTES,
  });
  const draft = form.watch();
  const error = (key: keyof RecordDraft) => fieldError(form.codeOf(key));

  const planned = flows.data?.item ?? [];
  const flowOptions = props.record
    ? [{ value: String(props.record.flowId), label: props.record.description }]
    : planned.map((f) => ({
        value: String(f.id),
        label: [
          f.description,
          `${i18n._(DIRECTION_LABELS[f.direction])} · ${i18n._(CATEGORY_LABELS[f.category])}`,
          props.scope.isFamily ? f.owner : null,
        ]
          .filter(Boolean)
          .join(' · '),
      }));
  const noFlows = adding && flows.isSuccess && planned.length === 0;

  const submit = form.submit(async (body) => {
    if (props.record) await update.mutateAsync({ params: { id: props.record.id }, body: body as FlowRecordUpdate });
    else await create.mutateAsync({ body: body as FlowRecordInput });
    props.onClose();
  });

  return (
    <FormDialog
      open={props.open}
      onClose={props.onClose}
      onSubmit={() => void submit()}
      busy={create.isPending || update.isPending}
      title={adding ? <Trans>Registra un flusso</Trans> : <Trans>Modifica flusso registrato</Trans>}
      error={form.submitError ? <Trans>Il salvataggio non è andato a buon fine. Riprova.</Trans> : null}
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
          form.setValue('flowId', next.flowId);
          form.setValue('amount', next.amount);
        }}
      />
      <div className="pt-form__row">
        <DatePicker
          label={<Trans>Data</Trans>}
          required
          name="date"
          quickYears={false}
          data-testid="hc-record-date"
          error={error('date')}
          value={draft.date}
          onChange={(v) => form.setValue('date', v)}
        />
        <CurrencyInput
          label={<Trans>Importo</Trans>}
          required
          name="amount"
          data-testid="hc-record-amount"
          error={error('amount')}
          value={draft.amount}
          onChange={(v) => form.setValue('amount', v)}
        />
      </div>
      <TextArea
        label={<Trans>Note</Trans>}
        name="note"
        maxLength={2000}
        data-testid="hc-record-note"
        error={error('note')}
        value={draft.note}
        onChange={(v) => form.setValue('note', v)}
      />
    </FormDialog>
  );
}
