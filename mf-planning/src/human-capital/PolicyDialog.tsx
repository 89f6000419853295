// Add or edit a life insurance policy (POST /human-capital/insurance, PUT /human-capital/insurance/:id): the owner
// (a family member in a family view), insurer, type, number, insured, beneficiary, capital, premium and its
// frequency, start, end, surrender value and a note. The form checks the contract's body.
import { Trans, useLingui } from '@lingui/react/macro';
import type { Policy } from '@patrimonio/shared-api';
import {
  CurrencyInput,
  DatePicker,
  defaultOwner,
  labelOptions,
  type OwnerScope,
  Select,
  TextArea,
  TextInput,
  todayIso,
  useContractForm,
  useOwners,
} from '@patrimonio/shared-ui';
import { contract } from '@patrimonio/shared-ui/contract';
import { FIELD_MESSAGES, POLICY_TYPE_LABELS, PREMIUM_FREQUENCY_LABELS, TOASTS } from './labels.ts';
import {
  datesInOrder,
  emptyPolicy,
  type PolicyDraft,
  policyCreateBody,
  policyDraftOf,
  policyUpdateBody,
} from './logic.ts';
import { FamilyOwnerPicker, SaveDialog, useDraft, useRecordSave } from './SaveDialog.tsx';

export function PolicyDialog(props: {
  open: boolean;
  onClose: () => void;
  scope: OwnerScope;
  /** The policy to edit; none to add one. */
  policy: Policy | null;
}) {
  const { t } = useLingui();
  const owners = useOwners(props.scope);
  const adding = props.policy === null;
  const form = useContractForm<PolicyDraft, typeof contract.createPolicy.body | typeof contract.updatePolicy.body>(
    adding ? contract.createPolicy.body : contract.updatePolicy.body,
    {
      open: props.open,
      defaults: props.policy ? policyDraftOf(props.policy) : emptyPolicy(defaultOwner(owners), todayIso()),
      toBody: adding ? (d) => policyCreateBody(d, props.scope.kind) : policyUpdateBody,
      refine: (_body, values) => datesInOrder(values),
    },
  );
  const save = useRecordSave('createPolicy', 'updatePolicy', props.policy?.id ?? null, {
    added: TOASTS.policyAdded,
    edited: TOASTS.policyEdited,
  });
  const { field, translate } = useDraft(form, FIELD_MESSAGES);

  return (
    <SaveDialog
      form={form}
      save={save}
      open={props.open}
      onClose={props.onClose}
      title={adding ? <Trans>Nuova polizza vita</Trans> : <Trans>Modifica polizza vita</Trans>}
      wide
      data-testid="hc-policy-dialog"
    >
      <FamilyOwnerPicker
        scope={props.scope}
        adding={adding}
        owners={owners}
        field={field('clientId')}
        data-testid="hc-policy-owner"
      />
      <div className="pt-form__row">
        <TextInput
          label={<Trans>Compagnia</Trans>}
          required
          {...field('insurer')}
          maxLength={200}
          data-testid="hc-policy-insurer"
        />
        <Select
          label={<Trans>Tipo di polizza</Trans>}
          required
          {...field('policyType')}
          placeholder={t`Scegli un tipo`}
          data-testid="hc-policy-type"
          options={labelOptions(POLICY_TYPE_LABELS, translate)}
        />
        <TextInput
          label={<Trans>Numero di polizza</Trans>}
          {...field('policyNumber')}
          maxLength={100}
          data-testid="hc-policy-number"
        />
      </div>
      <div className="pt-form__row">
        <TextInput
          label={<Trans>Assicurato</Trans>}
          required
          {...field('insured')}
          maxLength={200}
          data-testid="hc-policy-insured"
        />
        <TextInput
          label={<Trans>Beneficiario</Trans>}
          required
          {...field('beneficiary')}
          maxLength={500}
          data-testid="hc-policy-beneficiary"
        />
      </div>
      <div className="pt-form__row">
        <CurrencyInput
          label={<Trans>Capitale assicurato</Trans>}
          required
          {...field('capital')}
          data-testid="hc-policy-capital"
        />
        <CurrencyInput label={<Trans>Premio</Trans>} required {...field('premium')} data-testid="hc-policy-premium" />
        <Select
          label={<Trans>Frequenza del premio</Trans>}
          required
          {...field('premiumFrequency')}
          data-testid="hc-policy-frequency"
          options={labelOptions(PREMIUM_FREQUENCY_LABELS, translate)}
        />
      </div>
      <div className="pt-form__row">
        <DatePicker
          label={<Trans>Inizio</Trans>}
          required
          {...field('startDate')}
          quickYears={false}
          data-testid="hc-policy-start"
        />
        <DatePicker
          label={<Trans>Scadenza</Trans>}
          {...field('endDate')}
          hint={<Trans>Vuota: nessuna scadenza</Trans>}
          data-testid="hc-policy-end"
        />
        <CurrencyInput
          label={<Trans>Valore di riscatto</Trans>}
          {...field('surrenderValue')}
          data-testid="hc-policy-surrender"
        />
      </div>
      <TextArea label={<Trans>Note</Trans>} {...field('note')} maxLength={2000} data-testid="hc-policy-note" />
    </SaveDialog>
  );
}
