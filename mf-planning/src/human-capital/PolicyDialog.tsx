// Add or edit a life insurance policy (POST /human-capital/insurance, PUT /human-capital/insurance/:id): the owner
// (a family member in a family view), insurer, type, number, insured, beneficiary, capital, premium and its
// frequency, start, end, surrender value and a note. The form checks the contract's body.
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Policy, PolicyInput, PolicyUpdate } from '@patrimonio/shared-api';
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
  Select,
  TextArea,
  TextInput,
  todayIso,
  useApiMutation,
  useContractForm,
  useFieldErrors,
  useOwners,
} from '@patrimonio/shared-ui';
import { CHECK_FIELDS, FIELD_MESSAGES, POLICY_TYPE_LABELS, PREMIUM_FREQUENCY_LABELS, TOASTS } from './labels.ts';
import {
  datesInOrder,
  emptyPolicy,
  HUMAN_CAPITAL_ROUTES,
  type PolicyDraft,
  policyCreateBody,
  policyDraftOf,
  policyUpdateBody,
} from './logic.ts';

const onBadInput = (e: unknown) => (errorStatus(e) === 400 ? CHECK_FIELDS : undefined);

export function PolicyDialog(props: {
  open: boolean;
  onClose: () => void;
  scope: OwnerScope;
  /** The policy to edit; none to add one. */
  policy: Policy | null;
}) {
  const { t, i18n } = useLingui();
  const fieldError = useFieldErrors(FIELD_MESSAGES);
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
  const create = useApiMutation('createPolicy', {
    success: TOASTS.policyAdded,
    error: onBadInput,
    invalidate: HUMAN_CAPITAL_ROUTES,
  });
  const update = useApiMutation('updatePolicy', {
    success: TOASTS.policyEdited,
    error: onBadInput,
    invalidate: HUMAN_CAPITAL_ROUTES,
  });
  const draft = form.watch();
  const set = <K extends keyof PolicyDraft>(key: K, value: PolicyDraft[K]) =>
    form.setValue(key as never, value as never);
  const error = (key: keyof PolicyDraft) => fieldError(form.codeOf(key));
  const translate = (d: MessageDescriptor) => i18n._(d);

  const submit = form.submit(async (body) => {
    if (props.policy) await update.mutateAsync({ params: { id: props.policy.id }, body: body as PolicyUpdate });
    else await create.mutateAsync({ body: body as PolicyInput });
    props.onClose();
  });

  return (
    <FormDialog
      open={props.open}
      onClose={props.onClose}
      onSubmit={() => void submit()}
      busy={create.isPending || update.isPending}
      title={adding ? <Trans>Nuova polizza vita</Trans> : <Trans>Modifica polizza vita</Trans>}
      error={form.submitError ? <Trans>Il salvataggio non è andato a buon fine. Riprova.</Trans> : null}
      wide
      data-testid="hc-policy-dialog"
    >
      {props.scope.isFamily && adding ? (
        <OwnerPicker
          owners={owners}
          value={draft.clientId}
          onChange={(v) => set('clientId', v)}
          error={error('clientId')}
          data-testid="hc-policy-owner"
        />
      ) : null}
      <div className="pt-form__row">
        <TextInput
          label={<Trans>Compagnia</Trans>}
          required
          name="insurer"
          maxLength={200}
          data-testid="hc-policy-insurer"
          error={error('insurer')}
          value={draft.insurer}
          onChange={(v) => set('insurer', v)}
        />
        <Select
          label={<Trans>Tipo di polizza</Trans>}
          required
          name="policyType"
          placeholder={t`Scegli un tipo`}
          data-testid="hc-policy-type"
          error={error('policyType')}
          value={draft.policyType}
          options={labelOptions(POLICY_TYPE_LABELS, translate)}
          onChange={(v) => set('policyType', v)}
        />
        <TextInput
          label={<Trans>Numero di polizza</Trans>}
          name="policyNumber"
          maxLength={100}
          data-testid="hc-policy-number"
          error={error('policyNumber')}
          value={draft.policyNumber}
          onChange={(v) => set('policyNumber', v)}
        />
      </div>
      <div className="pt-form__row">
        <TextInput
          label={<Trans>Assicurato</Trans>}
          required
          name="insured"
          maxLength={200}
          data-testid="hc-policy-insured"
          error={error('insured')}
          value={draft.insured}
          onChange={(v) => set('insured', v)}
        />
        <TextInput
          label={<Trans>Beneficiario</Trans>}
          required
          name="beneficiary"
          maxLength={500}
          data-testid="hc-policy-beneficiary"
          error={error('beneficiary')}
          value={draft.beneficiary}
          onChange={(v) => set('beneficiary', v)}
        />
      </div>
      <div className="pt-form__row">
        <CurrencyInput
          label={<Trans>Capitale assicurato</Trans>}
          required
          name="capital"
          data-testid="hc-policy-capital"
          error={error('capital')}
          value={draft.capital}
          onChange={(v) => set('capital', v)}
        />
        <CurrencyInput
          label={<Trans>Premio</Trans>}
          required
          name="premium"
          data-testid="hc-policy-premium"
          error={error('premium')}
          value={draft.premium}
          onChange={(v) => set('premium', v)}
        />
        <Select
          label={<Trans>Frequenza del premio</Trans>}
          required
          name="premiumFrequency"
          data-testid="hc-policy-frequency"
          error={error('premiumFrequency')}
          value={draft.premiumFrequency}
          options={labelOptions(PREMIUM_FREQUENCY_LABELS, translate)}
          onChange={(v) => set('premiumFrequency', v)}
        />
      </div>
      <div className="pt-form__row">
        <DatePicker
          label={<Trans>Inizio</Trans>}
          required
          name="startDate"
          quickYears={false}
          data-testid="hc-policy-start"
          error={error('startDate')}
          value={draft.startDate}
          onChange={(v) => set('startDate', v)}
        />
        <DatePicker
          label={<Trans>Scadenza</Trans>}
          name="endDate"
          hint={<Trans>Vuota: nessuna scadenza</Trans>}
          data-testid="hc-policy-end"
          error={error('endDate')}
          value={draft.endDate}
          onChange={(v) => set('endDate', v)}
        />
        <CurrencyInput
          label={<Trans>Valore di riscatto</Trans>}
          name="surrenderValue"
          data-testid="hc-policy-surrender"
          error={error('surrenderValue')}
          value={draft.surrenderValue}
          onChange={(v) => set('surrenderValue', v)}
        />
      </div>
      <TextArea
        label={<Trans>Note</Trans>}
        name="note"
        maxLength={2000}
        data-testid="hc-policy-note"
        error={error('note')}
        value={draft.note}
        onChange={(v) => set('note', v)}
      />
    </FormDialog>
  );
}
