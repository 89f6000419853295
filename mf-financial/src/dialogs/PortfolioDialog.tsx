// Add or edit a portfolio: its name, its owner (a family member, when adding in a family view) and its accounts.
// Accounts are linked with POST /account/account-ptf; the API keeps existing links, so linked accounts show checked
// and cannot be unticked here.
import { Trans, useLingui } from '@lingui/react/macro';
import { type OwnerScope, Select, TextInput, useApiMutation, useApiQuery } from '@patrimonio/shared-ui';
import { useEffect, useState } from 'react';
import { FormDialog } from '../common/FormDialog.tsx';
import { TOASTS } from '../common/labels.ts';
import { FINANCIAL_DATA_ROUTES, serverFieldErrors, useOwners } from '../common/owners.ts';
import { type FieldError, useFieldErrors } from '../common/ui.tsx';

export function PortfolioDialog(props: {
  open: boolean;
  onClose: () => void;
  scope: OwnerScope;
  /** The portfolio to edit; none to add one. */
  portfolioId?: number | null;
  onSaved?: (id: number) => void;
}) {
  const { t } = useLingui();
  const owners = useOwners(props.scope);
  const fieldError = useFieldErrors();
  const editing = props.portfolioId != null;
  const existing = useApiQuery(
    'getPortfolio',
    { params: { id: props.portfolioId ?? 0 } },
    { enabled: props.open && editing },
  );
  const [name, setName] = useState('');
  const [ownerId, setOwnerId] = useState<number | null>(null);
  const [picked, setPicked] = useState<Set<number>>(new Set());
  const [errors, setErrors] = useState<{ name?: FieldError; owner?: FieldError }>({});

  useEffect(() => {
    if (!props.open) return;
    setErrors({});
    setPicked(new Set());
    if (!editing) {
      setName('');
      setOwnerId(owners.length === 1 ? owners[0]!.id : null);
    }
  }, [props.open, editing, owners.length, owners[0]?.id]);
  useEffect(() => {
    if (props.open && existing.data) {
      setName(existing.data.name);
      setOwnerId(existing.data.clientId);
    }
  }, [props.open, existing.data]);

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

  const submit = async () => {
    const e: typeof errors = {};
    if (!name.trim()) e.name = 'required';
    if (ownerId === null) e.owner = 'required';
    setErrors(e);
    if (Object.keys(e).length || ownerId === null) return;
    try {
      const id = editing
        ? (await update.mutateAsync({ params: { id: props.portfolioId! }, body: { name: name.trim() } })).id
        : (await create.mutateAsync({ body: { clientId: ownerId, name: name.trim() } })).id;
      const links = [...picked].filter((a) => !linked.has(a)).map((accountId) => ({ accountId, portfolioId: id }));
      if (links.length) await link.mutateAsync({ body: { links } });
      props.onSaved?.(id);
      props.onClose();
    } catch (err) {
      setErrors(serverFieldErrors(err, { name: 'name', clientId: 'owner' } as const));
    }
  };

  return (
    <FormDialog
      open={props.open}
      onClose={props.onClose}
      onSubmit={() => void submit()}
      busy={busy}
      title={editing ? <Trans>Modifica portafoglio</Trans> : <Trans>Nuovo portafoglio</Trans>}
      data-testid="portfolio-dialog"
    >
      {props.scope.isFamily && !editing ? (
        <Select
          label={<Trans>Intestatario</Trans>}
          required
          name="owner"
          placeholder={t`Scegli un membro della famiglia`}
          error={fieldError(errors.owner)}
          value={ownerId === null ? '' : String(ownerId)}
          options={owners.map((o) => ({ value: String(o.id), label: o.name }))}
          onChange={(v) => {
            setOwnerId(v ? Number(v) : null);
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
        error={fieldError(errors.name)}
        value={name}
        onChange={setName}
      />
      <fieldset className="fin-fieldset">
        <legend>
          <Trans>Conti del portafoglio</Trans>
        </legend>
        {ownerId === null ? (
          <p className="fin-muted">
            <Trans>Scegli prima l'intestatario.</Trans>
          </p>
        ) : accounts.isLoading ? (
          <p className="fin-muted" aria-busy="true">
            <Trans>Caricamento…</Trans>
          </p>
        ) : (accounts.data?.item ?? []).length === 0 ? (
          <p className="fin-muted">
            <Trans>Nessun conto: aggiungine uno dalla scheda Conti o dalla posizione.</Trans>
          </p>
        ) : (
          <ul className="fin-checklist">
            {(accounts.data?.item ?? []).map((a) => {
              const isLinked = linked.has(a.id);
              return (
                <li key={a.id}>
                  <label>
                    <input
                      type="checkbox"
                      name="accounts"
                      value={a.id}
                      checked={isLinked || picked.has(a.id)}
                      disabled={isLinked}
                      onChange={(e) =>
                        setPicked((s) => {
                          const next = new Set(s);
                          if (e.target.checked) next.add(a.id);
                          else next.delete(a.id);
                          return next;
                        })
                      }
                    />{' '}
                    {a.name} <span className="fin-muted">· {a.intermediary}</span>
                  </label>
                </li>
              );
            })}
          </ul>
        )}
      </fieldset>
    </FormDialog>
  );
}
