// Add a family (POST /family {name}) or rename one (PUT /family/{id}); a name already in use gets the 409
// toast naming the family (data-and-admin section 8).
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { errorStatus, type Family, Modal, mutationMessages, TextInput, useApiMutation } from '@patrimonio/shared-ui';
import { type FormEvent, useId, useState } from 'react';
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
  const formId = useId();
  const [name, setName] = useState(family?.name ?? '');
  const [missing, setMissing] = useState(false);
  const trimmed = name.trim();
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

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (create.isPending || rename.isPending) return;
    if (!trimmed) {
      setMissing(true);
      return;
    }
    try {
      if (family) {
        await rename.mutateAsync({ params: { id: family.id }, body: { name: trimmed } });
        onClose();
      } else {
        const { id } = await create.mutateAsync({ body: { name: trimmed } });
        onClose();
        onCreated?.({ id, name: trimmed, users: [], subscribe: false, trial: false });
      }
    } catch {
      // The toast has said why; the dialog stays open.
    }
  }

  return (
    <Modal
      open
      onClose={onClose}
      title={family ? t`Rinomina famiglia` : t`Aggiungi famiglia`}
      data-testid="family-dialog"
      actions={
        <>
          <button type="button" className="pt-btn pt-btn--secondary" onClick={onClose}>
            <Trans>Annulla</Trans>
          </button>
          <button
            type="submit"
            form={formId}
            className="pt-btn pt-btn--primary"
            aria-disabled={create.isPending || rename.isPending || undefined}
            data-testid="family-save"
          >
            {family ? <Trans>Salva</Trans> : <Trans>Aggiungi</Trans>}
          </button>
        </>
      }
    >
      <form id={formId} className="pt-ov-form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <TextInput
          label={t`Nome della famiglia`}
          value={name}
          onChange={(v) => {
            setName(v);
            setMissing(false);
          }}
          error={missing ? t`Il nome è obbligatorio` : undefined}
          required
          maxLength={200}
          data-testid="family-name"
        />
      </form>
    </Modal>
  );
}
