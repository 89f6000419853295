// Sell a property (data-and-admin section 4): the sale date and value, sent as a PATCH. The property then leaves
// the tables and the figures and appears in the sold list.
import { Trans } from '@lingui/react/macro';
import type { RealEstate } from '@patrimonio/shared-api';
import { CurrencyInput, DatePicker, errorStatus, todayIso, useApiMutation } from '@patrimonio/shared-ui';
import { useEffect, useState } from 'react';
import { type FieldErrorCode, TOASTS } from '../logic/labels.ts';
import { REAL_ESTATE_DATA_ROUTES } from '../logic/owners.ts';
import { FormDialog, useFieldErrors } from './ui.tsx';

export function SellDialog(props: {
  open: boolean;
  onClose: () => void;
  property: RealEstate | null;
  onSold?: () => void;
}) {
  const fieldError = useFieldErrors();
  const [date, setDate] = useState<string | null>(null);
  const [value, setValue] = useState<number | null>(null);
  const [errors, setErrors] = useState<{ date?: FieldErrorCode; value?: FieldErrorCode }>({});

  // biome-ignore lint/correctness/useExhaustiveDependencies: the form resets only when the dialog opens
  useEffect(() => {
    if (!props.open) return;
    setDate(todayIso());
    setValue(props.property?.selectedEvaluation ?? null);
    setErrors({});
  }, [props.open, props.property?.id]);

  const sell = useApiMutation('sellRealEstate', {
    success: TOASTS.realEstateSold,
    invalidate: REAL_ESTATE_DATA_ROUTES,
    error: (e) => (errorStatus(e) === 400 ? TOASTS.checkFields : undefined),
  });

  const submit = async () => {
    const found: typeof errors = {};
    if (!date) found.date = 'required';
    if (value === null) found.value = 'required';
    setErrors(found);
    if (!date || value === null || !props.property) return;
    try {
      await sell.mutateAsync({ params: { id: props.property.id }, body: { soldDate: date, soldValue: value } });
      props.onSold?.();
      props.onClose();
    } catch (err) {
      if (errorStatus(err) === 400) setErrors({ date: 'server' });
    }
  };

  return (
    <FormDialog
      open={props.open}
      onClose={props.onClose}
      onSubmit={() => void submit()}
      busy={sell.isPending}
      title={<Trans>Vendi immobile</Trans>}
      submitLabel={<Trans>Vendi</Trans>}
      data-testid="sell-dialog"
    >
      <p className="re-muted">{props.property?.description}</p>
      <DatePicker
        label={<Trans>Data di vendita</Trans>}
        required
        name="soldDate"
        quickYears={false}
        error={fieldError(errors.date)}
        value={date}
        onChange={setDate}
        data-testid="sell-date"
      />
      <CurrencyInput
        label={<Trans>Prezzo di vendita</Trans>}
        required
        name="soldValue"
        symbol={props.property?.currencySymbol ?? '€'}
        error={fieldError(errors.value)}
        value={value}
        onChange={setValue}
        data-testid="sell-value"
      />
    </FormDialog>
  );
}
