// The branches of an intermediary in a dialog: the list, and for financial writers add, edit and delete (two-step)
// through a form above the list.
import { Trans, useLingui } from '@lingui/react/macro';
import type { Branch } from '@patrimonio/shared-api';
import {
  DataTable,
  errorStatus,
  Modal,
  type TableAction,
  type TableColumn,
  useApiMutation,
  useApiQuery,
  useContractForm,
} from '@patrimonio/shared-ui';
import { contract } from '@patrimonio/shared-ui/contract';
import { useEffect, useState } from 'react';
import { TOASTS } from '../common/labels.ts';
import { useFinancialFieldErrors } from '../common/ui.tsx';
import { BranchFields, EMPTY_BRANCH } from './BranchFields.tsx';

const BRANCH_ROUTES = ['listBranches', 'branchMenu', 'listAccounts', 'accountMenu'] as const;

export function BranchesDialog(props: {
  intermediary: { id: number; name: string } | null;
  onClose: () => void;
  writer: boolean;
}) {
  const { t } = useLingui();
  const fieldError = useFinancialFieldErrors();
  const id = props.intermediary?.id ?? 0;
  const branches = useApiQuery(
    'listBranches',
    { params: { id }, query: { size: 10000, sort: 'name,asc' } },
    { enabled: props.intermediary !== null },
  );
  const [editing, setEditing] = useState<Branch | 'new' | null>(null);
  // The inline form starts over each time a branch (or a new one) is chosen.
  const form = useContractForm(contract.updateBranch.body, {
    open: editing !== null,
    defaults:
      editing && editing !== 'new'
        ? { name: editing.name, cab: editing.cab ?? '', address: editing.address ?? '', city: editing.city ?? '' }
        : EMPTY_BRANCH,
    toBody: (v) => ({
      name: v.name.trim(),
      cab: v.cab || null,
      address: v.address.trim() || null,
      city: v.city.trim() || null,
    }),
  });
  useEffect(() => {
    if (props.intermediary === null) setEditing(null);
  }, [props.intermediary]);

  const badInput = (e: unknown) => (errorStatus(e) === 400 ? TOASTS.checkFields : undefined);
  const create = useApiMutation('createBranch', {
    success: TOASTS.branchAdded,
    invalidate: BRANCH_ROUTES,
    error: badInput,
  });
  const update = useApiMutation('updateBranch', {
    success: TOASTS.branchEdited,
    invalidate: BRANCH_ROUTES,
    error: badInput,
  });
  const remove = useApiMutation('deleteBranch', { success: TOASTS.branchDeleted, invalidate: BRANCH_ROUTES });

  const save = form.submit(async (body) => {
    if (editing === 'new') await create.mutateAsync({ body: { ...body, financialIntermediaryId: id } });
    else if (editing) await update.mutateAsync({ params: { id: editing.id }, body });
    setEditing(null);
  });

  const columns: TableColumn<Branch>[] = [
    { key: 'name', title: t`Nome`, value: (r) => r.name },
    { key: 'cab', title: t`CAB`, value: (r) => r.cab ?? '' },
    { key: 'address', title: t`Indirizzo`, value: (r) => r.address ?? '' },
    { key: 'city', title: t`Città`, value: (r) => r.city ?? '' },
  ];
  const actions: TableAction<Branch>[] = props.writer
    ? [
        { id: 'edit', label: t`Modifica`, icon: 'edit', onClick: (r) => setEditing(r) },
        {
          id: 'delete',
          label: t`Elimina`,
          icon: 'delete',
          confirm: true,
          onClick: (r) => remove.mutate({ params: { id: r.id } }),
        },
      ]
    : [];
  const name = props.intermediary?.name ?? '';

  return (
    <Modal
      open={props.intermediary !== null}
      onClose={props.onClose}
      title={<Trans>Filiali di {name}</Trans>}
      className="pt-form-dialog pt-form-dialog--wide"
      data-testid="branches-dialog"
      actions={
        <button type="button" className="pt-btn pt-btn--ghost" onClick={props.onClose}>
          <Trans>Chiudi</Trans>
        </button>
      }
    >
      {editing ? (
        <form className="pt-form fin-inline-form" onSubmit={(e) => void save(e)} noValidate>
          <h3 className="fin-inline-form__title">
            {editing === 'new' ? <Trans>Nuova filiale</Trans> : <Trans>Modifica filiale</Trans>}
          </h3>
          <BranchFields
            value={form.watch()}
            onChange={(field, v) => form.setValue(field, v)}
            nameLabel={<Trans>Nome</Trans>}
            required
            nameError={fieldError(form.codeOf('name'))}
            cabError={fieldError(form.codeOf('cab'))}
          />
          <div className="fin-inline-form__buttons">
            <button type="button" className="pt-btn pt-btn--ghost" onClick={() => setEditing(null)}>
              <Trans>Annulla</Trans>
            </button>
            <button type="submit" className="pt-btn pt-btn--primary" disabled={create.isPending || update.isPending}>
              <Trans>Salva filiale</Trans>
            </button>
          </div>
        </form>
      ) : null}
      <DataTable
        id="financials-branches"
        label={t`Filiali di ${name}`}
        columns={columns}
        rows={branches.data?.item}
        rowKey={(r) => r.id}
        loading={branches.isLoading}
        error={branches.error ? t`Impossibile caricare i dati. Riprova tra qualche istante.` : null}
        emptyText={t`Nessuna filiale.`}
        actions={actions}
        defaultPageSize={10}
        toolbar={
          props.writer && !editing ? (
            <button
              type="button"
              className="pt-btn pt-btn--secondary"
              data-testid="add-branch"
              onClick={() => setEditing('new')}
            >
              <Trans>Nuova filiale</Trans>
            </button>
          ) : null
        }
      />
    </Modal>
  );
}
