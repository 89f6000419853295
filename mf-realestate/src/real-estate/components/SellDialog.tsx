// Sell a property (data-and-admin section 4): the sale date and value, sent as a PATCH. The property then leaves
// the tables and the figures and appears in the sold list.
import { Trans } from '@lingui/react/macro';
import type { RealEstate } from '@patrimonio/shared-api';
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
import { FIELD_ERRORS, TOASTS } from '../logic/labels.ts';
import { REAL_ESTATE_DATA_ROUTES } from '../logic/routes.ts';

export function SellDialog(props: {
  open: boolean;
  onClose: () => void;
  property: RealEstate | null;
  onSold?: () => void;
}) {
  const fieldError = useFieldErrors(FIELD_ERRORS);
  const form = useContractForm(contract.sellRealEstate.body, {
    open: props.open,
    defaults: {
      soldDate: todayIso() as string | null,
      soldValue: props.property?.selectedEvaluation ?? (null as number | null),
    },
  });
  const sell = useApiMutation('sellRealEstate', {
    success: TOASTS.realEstateSold,
    invalidate: REAL_ESTATE_DATA_ROUTES,
    error: (e) => (errorStatus(e) === 400 ? TOASTS.checkFields : undefined),
  });

  const submit = form.submit(async (body) => {
    if (!props.property) return;
    await sell.mutateAsync({ params: { id: props.property.id }, body });
    props.onSold?.();
    props.onClose();
  });

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
      <p className="pt-muted">{props.property?.description}</p>
      <DatePicker
        label={<Trans>Data di vendita</Trans>}
        required
        name="soldDate"
        quickYears={false}
        error={fieldError(form.codeOf('soldDate'))}
        value={form.watch('soldDate')}
        onChange={(v) => form.setValue('soldDate', v)}
        data-testid="sell-date"
      />
      <CurrencyInput
        label={<Trans>Prezzo di vendita</Trans>}
        required
        name="soldValue"
        symbol={props.property?.currencySymbol ?? '€'}
        error={fieldError(form.codeOf('soldValue'))}
        value={form.watch('soldValue')}
        onChange={(v) => form.setValue('soldValue', v)}
        data-testid="sell-value"
      />
    </FormDialog>
  );
}
