// Add or edit an evaluation of a property (data-and-admin sections 3 and 8): date and value. A 409 answer means the
// property already has an evaluation on that date: the translated evaluation_date_present message shows on the
// date field (and as the error toast), instead of the generic error.
import { Trans } from '@lingui/react/macro';
import type { Evaluation } from '@patrimonio/shared-api';
import {
  CurrencyInput,
  DatePicker,
  errorStatus,
  FormDialog,
  todayIso,
  useApiMutation,
  useContractForm,
  useFieldErrors,
} from '@patrimonio/shared-ui';
import { contract } from '@patrimonio/shared-ui/contract';
import { FIELD_ERRORS, type FieldErrorCode, TOASTS } from '../logic/labels.ts';
import { REAL_ESTATE_DATA_ROUTES } from '../logic/routes.ts';

/** Spec section 8: HTTP 409 on an evaluation is evaluation_date_present. */
const dateTaken = (error: unknown) => errorStatus(error) === 409;

export function EvaluationDialog(props: {
  open: boolean;
  onClose: () => void;
  realEstateId: number;
  symbol: string;
  /** The evaluation to edit; a new one without it. */
  evaluation?: Evaluation | null;
}) {
  const fieldError = useFieldErrors(FIELD_ERRORS);
  const form = useContractForm(contract.addEvaluation.body, {
    open: props.open,
    defaults: {
      evaluationDate: (props.evaluation?.evaluationDate ?? todayIso()) as string | null,
      value: props.evaluation?.value ?? (null as number | null),
    },
  });

  const options = {
    invalidate: REAL_ESTATE_DATA_ROUTES,
    error: (e: unknown) => (dateTaken(e) ? TOASTS.evaluationDatePresent : undefined),
  };
  const add = useApiMutation('addEvaluation', { ...options, success: TOASTS.evaluationAdded });
  const edit = useApiMutation('updateEvaluation', { ...options, success: TOASTS.evaluationEdited });

  const submit = form.submit(async (body) => {
    try {
      if (props.evaluation)
        await edit.mutateAsync({ params: { id: props.realEstateId, evalId: props.evaluation.id }, body });
      else await add.mutateAsync({ params: { id: props.realEstateId }, body });
      props.onClose();
    } catch (err) {
      if (!dateTaken(err)) throw err;
      form.setError('evaluationDate', { type: 'evaluationDatePresent' });
    }
  });

  return (
    <FormDialog
      open={props.open}
      onClose={props.onClose}
      onSubmit={() => void submit()}
      busy={add.isPending || edit.isPending}
      title={props.evaluation ? <Trans>Modifica valutazione</Trans> : <Trans>Nuova valutazione</Trans>}
      data-testid="evaluation-dialog"
    >
      <DatePicker
        label={<Trans>Data della valutazione</Trans>}
        required
        name="evaluationDate"
        quickYears={false}
        error={fieldError(form.codeOf<FieldErrorCode>('evaluationDate'))}
        value={form.watch('evaluationDate')}
        onChange={(v) => {
          form.setValue('evaluationDate', v);
          form.clearErrors('evaluationDate');
        }}
        data-testid="evaluation-date"
      />
      <CurrencyInput
        label={<Trans>Valore</Trans>}
        required
        name="value"
        symbol={props.symbol}
        error={fieldError(form.codeOf('value'))}
        value={form.watch('value')}
        onChange={(v) => form.setValue('value', v)}
        data-testid="evaluation-value"
      />
    </FormDialog>
  );
}
