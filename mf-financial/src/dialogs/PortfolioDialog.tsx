// Add or edit a portfolio: its name, its owner (a family member, when adding in a family view) and its accounts.
// Accounts are linked with POST /account/account-ptf; the API keeps existing links, so linked accounts show checked
// and cannot be unticked here.
import { Trans } from '@lingui/react/macro';
import {
  bindField,
  defaultOwner,
  FormDialog,
  OwnerPicker,
  type OwnerScope,
  TextInput,
  useApiMutation,
  useApiQuery,
  useContractForm,
  useOwners,
} from '@patrimonio/shared-ui';
import { contract } from '@patrimonio/shared-ui/contract';
import { useEffect, useState } from 'react';
import { TOASTS } from '../common/labels.ts';
import { FINANCIAL_DATA_ROUTES } from '../common/routes.ts';
import { CheckList, useFinancialFieldErrors } from '../common/ui.tsx';

export function PortfolioDialog(props: {
  open: boolean;
  onClose: () => void;
  scope: OwnerScope;
  /** The portfolio to edit; none to add one. */
  portfolioId?: number | null;
  onSaved?: (id: number) => void;
}) {
  const owners = useOwners(props.scope);
  const fieldError = useFinancialFieldErrors();
  const editing = props.portfolioId != null;
  const existing = useApiQuery(
    'getPortfolio',
    { params: { id: props.portfolioId ?? 0 } },
    { enabled: props.open && editing },
  );
  const [picked, setPicked] = useState<Set<number>>(new Set());
  useEffect(() => {
    if (props.open) setPicked(new Set());
  }, [props.open]);
  const form = useContractForm(contract.createPortfolio.body, {
    open: props.open,
    defaults: {
      owner: existing.data ? String(existing.data.clientId) : editing ? '' : String(defaultOwner(owners) ?? ''),
      name: existing.data?.name ?? '',
    },
    // No owner yet is a null clientId, which the schema marks as required.
    toBody: (v) => ({ clientId: Number(v.owner) || (null as never), name: v.name.trim() }),
    fields: { clientId: 'owner' },
  });
  const ownerId = Number(form.watch('owner')) || null;

  const accounts = useApiQuery(
    'listAccounts',
    { query: { clientId: ownerId ?? 0, size: 10000, sort: 'name,asc' } },
    { enabled: props.open && ownerId !== null },
  );
  const linked = new Set(existing.data?.accountIds ?? []);

  const create = useApiMutation('createPortfolio', {
    success: TOASTS.portfolioAdded,
    invalidate: FINANCIAL_DATA_ROUTES,
  });
  const update = useApiMutation('updatePortfolio', {
    success: TOASTS.portfolioEdited,
    invalidate: FINANCIAL_DATA_ROUTES,
  });
  const link = useApiMutation('linkAccounts', { success: null, quiet: true, invalidate: FINANCIAL_DATA_ROUTES });
  const busy = create.isPending || update.isPending || link.isPending;

  const submit = form.submit(async (body) => {
    const id = editing
      ? (await update.mutateAsync({ params: { id: props.portfolioId! }, body: { name: body.name } })).id
      : (await create.mutateAsync({ body })).id;
    const links = [...picked].filter((a) => !linked.has(a)).map((accountId) => ({ accountId, portfolioId: id }));
    if (links.length) await link.mutateAsync({ body: { links } });
    props.onSaved?.(id);
    props.onClose();
  });

  return (
    <FormDialog
      open={props.open}
      onClose={props.onClose}
      onSubmit={(e) => void submit(e)}
      busy={busy}
      title={editing ? <Trans>Modifica portafoglio</Trans> : <Trans>Nuovo portafoglio</Trans>}
      data-testid="portfolio-dialog"
    >
      {props.scope.isFamily && !editing ? (
        <OwnerPicker
          owners={owners}
          value={ownerId}
          error={fieldError(form.codeOf('owner'))}
          onChange={(id) => {
            form.setValue('owner', id === null ? '' : String(id));
            setPicked(new Set());
          }}
        />
      ) : null}
      <TextInput
        label={<Trans>Nome</Trans>}
        required
        name="name"
        maxLength={200}
        data-testid="portfolio-name"
        {...bindField(form, 'name', fieldError)}
      />
      <fieldset className="pt-fieldset">
        <legend>
          <Trans>Conti del portafoglio</Trans>
        </legend>
        {ownerId === null ? (
          <p className="pt-muted">
            <Trans>Scegli prima l'intestatario.</Trans>
          </p>
        ) : accounts.isLoading ? (
          <p className="pt-muted" aria-busy="true">
            <Trans>Caricamento…</Trans>
          </p>
        ) : (accounts.data?.item ?? []).length === 0 ? (
          <p className="pt-muted">
            <Trans>Nessun conto: aggiungine uno dalla scheda Conti o dalla posizione.</Trans>
          </p>
        ) : (
          <CheckList
            name="accounts"
            items={(accounts.data?.item ?? []).map((a) => ({
              id: a.id,
              locked: linked.has(a.id),
              label: (
                <>
                  {a.name} <span className="pt-muted">· {a.intermediary}</span>
                </>
              ),
            }))}
            checked={picked}
            onChange={setPicked}
          />
        )}
      </fieldset>
    </FormDialog>
  );
}
