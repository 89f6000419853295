// Add or edit an intermediary: type (credit institute or trust company), name, ABI (5 digits), BIC (8 or 11
// characters); when adding, optionally its first branch. One the caller may not edit opens read-only.
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  bindField,
  errorStatus,
  FormDialog,
  labelOptions,
  Select,
  TextInput,
  useApiMutation,
  useApiQuery,
  useContractForm,
} from '@patrimonio/shared-ui';
import { contract } from '@patrimonio/shared-ui/contract';
import { FI_TYPE_LABELS, TOASTS } from '../common/labels.ts';
import { useFinancialFieldErrors } from '../common/ui.tsx';
import { BranchFields, EMPTY_BRANCH } from './BranchFields.tsx';

type FiType = 'TRUST' | 'CREDIT_INSTITUTE';
const INTERMEDIARY_ROUTES = ['intermediaryMenu', 'getIntermediary', 'branchMenu', 'listBranches'] as const;

export function IntermediaryDialog(props: { open: boolean; onClose: () => void; intermediaryId: number | null }) {
  const { t, i18n } = useLingui();
  const fieldError = useFinancialFieldErrors();
  const editing = props.intermediaryId !== null;
  const existing = useApiQuery(
    'getIntermediary',
    { params: { id: props.intermediaryId ?? 0 } },
    { enabled: props.open && editing },
  );
  const d = editing ? existing.data : undefined;
  const form = useContractForm(contract.createIntermediary.body, {
    open: props.open,
    defaults: {
      fiType: d?.fiType ?? '',
      name: d?.name ?? '',
      abi: d?.abi ?? '',
      bic: d?.bic ?? '',
      branch: EMPTY_BRANCH,
    },
    // A first branch only when adding and any of its fields is filled in (then its name is required).
    toBody: ({ branch, ...v }) => ({
      fiType: (v.fiType || null) as never,
      name: v.name.trim(),
      abi: v.abi || null,
      bic: v.bic || null,
      ...(!editing && Object.values(branch).some((x) => x.trim())
        ? {
            branch: {
              name: branch.name.trim(),
              cab: branch.cab || null,
              address: branch.address.trim() || null,
              city: branch.city.trim() || null,
            },
          }
        : {}),
    }),
  });

  const create = useApiMutation('createIntermediary', {
    success: TOASTS.intermediaryAdded,
    invalidate: INTERMEDIARY_ROUTES,
    error: (e) => (errorStatus(e) === 400 ? TOASTS.checkFields : undefined),
  });
  const update = useApiMutation('updateIntermediary', {
    success: TOASTS.intermediaryEdited,
    invalidate: [...INTERMEDIARY_ROUTES, 'listAccounts', 'accountMenu'],
    error: (e) => (errorStatus(e) === 400 ? TOASTS.checkFields : undefined),
  });
  const readOnly = editing && existing.data?.editable === false;

  const submit = form.submit(async ({ branch, ...body }) => {
    if (editing) await update.mutateAsync({ params: { id: props.intermediaryId! }, body });
    else await create.mutateAsync({ body: { ...body, ...(branch ? { branch } : {}) } });
    props.onClose();
  });

  return (
    <FormDialog
      open={props.open}
      onClose={props.onClose}
      onSubmit={(e) => void submit(e)}
      busy={create.isPending || update.isPending}
      readOnly={readOnly}
      title={editing ? <Trans>Modifica intermediario</Trans> : <Trans>Nuovo intermediario</Trans>}
      data-testid="intermediary-dialog"
    >
      {readOnly ? (
        <p className="pt-muted">
          <Trans>Puoi modificare solo gli intermediari che hai aggiunto tu.</Trans>
        </p>
      ) : null}
      <Select
        label={<Trans>Tipo</Trans>}
        required
        name="fiType"
        disabled={readOnly}
        placeholder={t`Scegli il tipo`}
        {...bindField(form, 'fiType', fieldError)}
        options={labelOptions(FI_TYPE_LABELS as Record<FiType, MessageDescriptor>, (m) => i18n._(m))}
      />
      <TextInput
        label={<Trans>Nome</Trans>}
        required
        name="name"
        maxLength={200}
        readOnly={readOnly}
        {...bindField(form, 'name', fieldError)}
      />
      <div className="pt-form__row">
        <TextInput
          label={<Trans>ABI</Trans>}
          name="abi"
          inputMode="numeric"
          maxLength={5}
          readOnly={readOnly}
          hint={<Trans>Codice della banca, 5 cifre</Trans>}
          {...bindField(form, 'abi', fieldError)}
        />
        <TextInput
          label={<Trans>BIC</Trans>}
          name="bic"
          uppercase
          maxLength={11}
          readOnly={readOnly}
          hint={<Trans>8 o 11 caratteri</Trans>}
          {...bindField(form, 'bic', fieldError)}
        />
      </div>
      {editing ? null : (
        <fieldset className="pt-fieldset">
          <legend>
            <Trans>Prima filiale (facoltativa)</Trans>
          </legend>
          <BranchFields
            value={form.watch('branch')}
            onChange={(field, v) => form.setValue(`branch.${field}`, v)}
            nameLabel={<Trans>Nome della filiale</Trans>}
            nameInput="branchName"
            nameError={fieldError(form.codeOf('branch.name'))}
            cabError={fieldError(form.codeOf('branch.cab'))}
          />
        </fieldset>
      )}
    </FormDialog>
  );
}
