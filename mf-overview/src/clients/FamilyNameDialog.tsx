// Add a family (POST /family {name}) or rename one (PUT /family/{id}); a name already in use gets the 409
// toast naming the family (data-and-admin section 8).
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  errorStatus,
  type Family,
  FormDialog,
  mutationMessages,
  TextInput,
  useApiMutation,
  useContractForm,
} from '@patrimonio/shared-ui';
import { contract } from '@patrimonio/shared-ui/contract';
import { FAMILY_WRITES } from './queries.ts';

export const duplicateFamilyMessage = (name: string): MessageDescriptor => msg`La famiglia «${name}» è già presente`;

export interface FamilyNameDialogProps {
  /** The family to rename; a new family when undefined. */
  family?: Family;
  onClose: () => void;
  /** After an add: the new family (to go on with its members). */
  onCreated?: (family: Family) => void;
}

export function FamilyNameDialog({ family, onClose, onCreated }: FamilyNameDialogProps) {
  const { t } = useLingui();
  const form = useContractForm(contract.createFamily.body, {
    defaults: { name: family?.name ?? '' },
    toBody: (v) => ({ name: v.name.trim() }),
  });
  const trimmed = form.watch('name').trim();
  const onError = (error: unknown) => (errorStatus(error) === 409 ? duplicateFamilyMessage(trimmed) : undefined);
  const create = useApiMutation('createFamily', {
    success: mutationMessages.added,
    error: onError,
    invalidate: FAMILY_WRITES,
  });
  const rename = useApiMutation('renameFamily', {
    success: mutationMessages.edited,
    error: onError,
    invalidate: FAMILY_WRITES,
  });

  // A failure the toast has explained leaves the dialog open.
  const onSubmit = form.submit(async ({ name }) => {
    if (family) {
      await rename.mutateAsync({ params: { id: family.id }, body: { name } });
      onClose();
    } else {
      const { id } = await create.mutateAsync({ body: { name } });
      onClose();
      onCreated?.({ id, name, users: [], subscribe: false, trial: false });
    }
  });

  return (
    <FormDialog
      open
      onClose={onClose}
      title={family ? t`Rinomina famiglia` : t`Aggiungi famiglia`}
      data-testid="family-dialog"
      busy={create.isPending || rename.isPending}
      submitLabel={family ? <Trans>Salva</Trans> : <Trans>Aggiungi</Trans>}
      submitTestId="family-save"
      onSubmit={(e) => void onSubmit(e)}
    >
      <TextInput
        label={t`Nome della famiglia`}
        value={form.watch('name')}
        onChange={(v) => {
          form.setValue('name', v);
          form.clearErrors('name');
        }}
        error={form.codeOf('name') ? t`Il nome è obbligatorio` : undefined}
        required
        maxLength={200}
        data-testid="family-name"
      />
    </FormDialog>
  );
}
