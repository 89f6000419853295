// Add or edit an evaluation of a property (data-and-admin sections 3 and 8): date and value. A 409 answer means the
// property already has an evaluation on that date: the translated evaluation_date_present message shows on the
// date field (and as the error toast), instead of the generic error.
import { Trans } from '@lingui/react/macro';
import type { Evaluation } from '@patrimonio/shared-api';
import { CurrencyInput, DatePicker, errorStatus, todayIso, useApiMutation } from '@patrimonio/shared-ui';
import { useEffect, useState } from 'react';
import type { FieldErrorCode } from '../logic/labels.ts';
import { TOASTS } from '../logic/labels.ts';
import { REAL_ESTATE_DATA_ROUTES } from '../logic/owners.ts';
import { FormDialog, useFieldErrors } from './ui.tsx';

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
  const fieldError = useFieldErrors();
  const [date, setDate] = useState<string | null>(null);
  const [value, setValue] = useState<number | null>(null);
  const [errors, setErrors] = useState<{ date?: FieldErrorCode; value?: FieldErrorCode }>({});

  // biome-ignore lint/correctness/useExhaustiveDependencies: the form resets only when the dialog opens
  useEffect(() => {
    if (!props.open) return;
    setDate(props.evaluation?.evaluationDate ?? todayIso());
    setValue(props.evaluation?.value ?? null);
    setErrors({});
  }, [props.open, props.evaluation?.id]);

  const options = {
    invalidate: REAL_ESTATE_DATA_ROUTES,
    error: (e: unknown) => (dateTaken(e) ? TOASTS.evaluationDatePresent : undefined),
  };
  const add = useApiMutation('addEvaluation', { ...options, success: TOASTS.evaluationAdded });
  const edit = useApiMutation('updateEvaluation', { ...options, success: TOASTS.evaluationEdited });

  const submit = async () => {
    const found: typeof errors = {};
    if (!date) found.date = 'required';
    if (value === null) found.value = 'required';
    setErrors(found);
    if (!date || value === null) return;
    const body = { evaluationDate: date, value };
    try {
      if (props.evaluation)
        await edit.mutateAsync({ params: { id: props.realEstateId, evalId: props.evaluation.id }, body });
      else await add.mutateAsync({ params: { id: props.realEstateId }, body });
      props.onClose();
    } catch (err) {
      if (dateTaken(err)) setErrors({ date: 'evaluationDatePresent' });
      else if (errorStatus(err) === 400) setErrors({ date: 'server' });
    }
  };

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
        error={fieldError(errors.date)}
        value={date}
        onChange={(v) => {
          setDate(v);
          setErrors((e) => ({ ...e, date: undefined }));
        }}
        data-testid="evaluation-date"
      />
      <CurrencyInput
        label={<Trans>Valore</Trans>}
        required
        name="value"
        symbol={props.symbol}
        error={fieldError(errors.value)}
        value={value}
        onChange={setValue}
        data-testid="evaluation-value"
      />
    </FormDialog>
  );
}
