// Add or edit an intermediary: type (credit institute or trust company), name, ABI (5 digits), BIC (8 or 11
// characters); when adding, optionally its first branch. One the caller may not edit opens read-only.
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  errorStatus,
  FormDialog,
  labelOptions,
  Select,
  serverFieldErrors,
  TextInput,
  useApiMutation,
  useApiQuery,
} from '@patrimonio/shared-ui';
import { useEffect, useState } from 'react';
import { FI_TYPE_LABELS, TOASTS } from '../common/labels.ts';
import { type FieldError, useFinancialFieldErrors } from '../common/ui.tsx';
import { BranchFields, EMPTY_BRANCH } from './BranchFields.tsx';

type FiType = 'TRUST' | 'CREDIT_INSTITUTE';
type Fields = 'fiType' | 'name' | 'abi' | 'bic' | 'branchName' | 'cab';
const ABI = /^\d{5}$/;
const BIC = /^[A-Z0-9]{8}([A-Z0-9]{3})?$/;
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
  const [fiType, setFiType] = useState<FiType | ''>('');
  const [name, setName] = useState('');
  const [abi, setAbi] = useState('');
  const [bic, setBic] = useState('');
  const [branch, setBranch] = useState(EMPTY_BRANCH);
  const [errors, setErrors] = useState<Partial<Record<Fields, FieldError>>>({});

  useEffect(() => {
    if (!props.open) return;
    const d = editing ? existing.data : undefined;
    setErrors({});
    setFiType(d?.fiType ?? '');
    setName(d?.name ?? '');
    setAbi(d?.abi ?? '');
    setBic(d?.bic ?? '');
    setBranch({ name: '', cab: '', address: '', city: '' });
  }, [props.open, editing, existing.data]);

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

  const submit = async () => {
    const e: Partial<Record<Fields, FieldError>> = {};
    if (!fiType) e.fiType = 'required';
    if (!name.trim()) e.name = 'required';
    if (abi && !ABI.test(abi)) e.abi = 'invalid';
    if (bic && !BIC.test(bic)) e.bic = 'invalid';
    const withBranch = !editing && Object.values(branch).some((v) => v.trim());
    if (withBranch && !branch.name.trim()) e.branchName = 'required';
    if (withBranch && branch.cab && !ABI.test(branch.cab)) e.cab = 'invalid';
    setErrors(e);
    if (Object.keys(e).length || !fiType) return;
    const body = { fiType, name: name.trim(), abi: abi || null, bic: bic || null };
    try {
      if (editing) await update.mutateAsync({ params: { id: props.intermediaryId! }, body });
      else
        await create.mutateAsync({
          body: {
            ...body,
            ...(withBranch
              ? {
                  branch: {
                    name: branch.name.trim(),
                    cab: branch.cab || null,
                    address: branch.address.trim() || null,
                    city: branch.city.trim() || null,
                  },
                }
              : {}),
          },
        });
      props.onClose();
    } catch (err) {
      setErrors(
        serverFieldErrors(err, {
          fiType: 'fiType',
          name: 'name',
          abi: 'abi',
          bic: 'bic',
          'branch.name': 'branchName',
          'branch.cab': 'cab',
        } as const),
      );
    }
  };

  return (
    <FormDialog
      open={props.open}
      onClose={props.onClose}
      onSubmit={() => void submit()}
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
        error={fieldError(errors.fiType)}
        value={fiType}
        options={labelOptions(FI_TYPE_LABELS as Record<FiType, MessageDescriptor>, (d) => i18n._(d))}
        onChange={setFiType}
      />
      <TextInput
        label={<Trans>Nome</Trans>}
        required
        name="name"
        maxLength={200}
        readOnly={readOnly}
        error={fieldError(errors.name)}
        value={name}
        onChange={setName}
      />
      <div className="pt-form__row">
        <TextInput
          label={<Trans>ABI</Trans>}
          name="abi"
          inputMode="numeric"
          maxLength={5}
          readOnly={readOnly}
          hint={<Trans>Codice della banca, 5 cifre</Trans>}
          error={fieldError(errors.abi)}
          value={abi}
          onChange={setAbi}
        />
        <TextInput
          label={<Trans>BIC</Trans>}
          name="bic"
          uppercase
          maxLength={11}
          readOnly={readOnly}
          hint={<Trans>8 o 11 caratteri</Trans>}
          error={fieldError(errors.bic)}
          value={bic}
          onChange={setBic}
        />
      </div>
      {editing ? null : (
        <fieldset className="pt-fieldset">
          <legend>
            <Trans>Prima filiale (facoltativa)</Trans>
          </legend>
          <BranchFields
            value={branch}
            onChange={setBranch}
            nameLabel={<Trans>Nome della filiale</Trans>}
            nameInput="branchName"
            nameError={fieldError(errors.branchName)}
            cabError={fieldError(errors.cab)}
          />
        </fieldset>
      )}
    </FormDialog>
  );
}
