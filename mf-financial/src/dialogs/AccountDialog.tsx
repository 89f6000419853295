// Add or edit an account: type (current or securities account), name, IBAN (checked with GET /account/iban/{iban},
// which also names the bank), intermediary and branch, currency, and when adding, its portfolios. In a family view
// the owner is chosen among the members.
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { errorStatus, type OwnerScope, Select, TextInput, useApiMutation, useApiQuery } from '@patrimonio/shared-ui';
import { useEffect, useState } from 'react';
import { FormDialog } from '../common/FormDialog.tsx';
import { ACCOUNT_TYPE_LABELS, TOASTS } from '../common/labels.ts';
import { FINANCIAL_DATA_ROUTES, serverFieldErrors, useOwners } from '../common/owners.ts';
import { type FieldError, labelOptions, useFieldErrors } from '../common/ui.tsx';

export interface AccountLike {
  id: number;
  accountType: 'CONTO_CORRENTE' | 'CUSTODIA_TITOLI';
  name: string;
  iban: string | null;
  clientId: number;
  financialIntermediaryId: number;
  branchId: number | null;
  currencyId: number;
}

type Fields = 'owner' | 'accountType' | 'name' | 'iban' | 'intermediary' | 'branch' | 'currency';

/** IBAN as the API normalises it: no spaces, upper case. */
const compactIban = (v: string) => v.replace(/\s+/g, '').toUpperCase();

export function AccountDialog(props: {
  open: boolean;
  onClose: () => void;
  scope: OwnerScope;
  account?: AccountLike | null;
  /** Portfolios offered when adding (the owner's), and the ones ticked at first. */
  portfolios?: ReadonlyArray<{ id: number; name: string; ownerId: number | null }>;
  defaultPortfolioIds?: readonly number[];
  onSaved?: (id: number) => void;
}) {
  const { t, i18n } = useLingui();
  const fieldError = useFieldErrors();
  const owners = useOwners(props.scope);
  const editing = Boolean(props.account);
  const [ownerId, setOwnerId] = useState<number | null>(null);
  const [accountType, setAccountType] = useState<AccountLike['accountType'] | ''>('');
  const [name, setName] = useState('');
  const [iban, setIban] = useState('');
  const [checkedIban, setCheckedIban] = useState('');
  const [intermediaryId, setIntermediaryId] = useState('');
  const [branchId, setBranchId] = useState('');
  const [currencyId, setCurrencyId] = useState('');
  const [portfolioIds, setPortfolioIds] = useState<Set<number>>(new Set());
  const [errors, setErrors] = useState<Partial<Record<Fields, FieldError>>>({});

  // biome-ignore lint/correctness/useExhaustiveDependencies: the form resets only when the dialog opens or the account changes
  useEffect(() => {
    if (!props.open) return;
    const a = props.account;
    setErrors({});
    setOwnerId(a ? a.clientId : owners.length === 1 ? owners[0]!.id : null);
    setAccountType(a?.accountType ?? '');
    setName(a?.name ?? '');
    setIban(a?.iban ?? '');
    setCheckedIban(a?.iban ? compactIban(a.iban) : '');
    setIntermediaryId(a ? String(a.financialIntermediaryId) : '');
    setBranchId(a?.branchId ? String(a.branchId) : '');
    setCurrencyId(a ? String(a.currencyId) : '');
    setPortfolioIds(new Set(props.defaultPortfolioIds ?? []));
  }, [props.open, props.account]);

  const intermediaries = useApiQuery('intermediaryMenu', { query: {} }, { enabled: props.open });
  const branches = useApiQuery(
    'branchMenu',
    { params: { id: Number(intermediaryId) || 0 } },
    { enabled: props.open && Boolean(intermediaryId) },
  );
  const currencies = useApiQuery('currencyMenu', undefined, { enabled: props.open });
  const ibanCheck = useApiQuery(
    'checkIban',
    { params: { iban: checkedIban } },
    { enabled: props.open && checkedIban.length >= 15, retry: false },
  );
  const check = ibanCheck.data;

  // Default currency: EUR, when the list arrives and none is chosen.
  useEffect(() => {
    if (props.open && !currencyId && currencies.data) {
      const eur = currencies.data.find((c) => c.iso === 'EUR');
      if (eur) setCurrencyId(String(eur.id));
    }
  }, [props.open, currencyId, currencies.data]);
  // A valid IBAN names its bank: choose it when no intermediary is chosen yet.
  useEffect(() => {
    if (check?.valid && check.financialIntermediaryId && !intermediaryId)
      setIntermediaryId(String(check.financialIntermediaryId));
  }, [check, intermediaryId]);

  const create = useApiMutation('createAccount', {
    success: TOASTS.accountAdded,
    invalidate: FINANCIAL_DATA_ROUTES,
    error: (e) =>
      errorStatus(e) === 409 ? TOASTS.duplicateIban : errorStatus(e) === 400 ? TOASTS.checkFields : undefined,
  });
  const update = useApiMutation('updateAccount', {
    success: TOASTS.accountEdited,
    invalidate: FINANCIAL_DATA_ROUTES,
    error: (e) =>
      errorStatus(e) === 409 ? TOASTS.duplicateIban : errorStatus(e) === 400 ? TOASTS.checkFields : undefined,
  });

  const ownPortfolios = (props.portfolios ?? []).filter((p) => ownerId !== null && p.ownerId === ownerId);
  const ibanProblem: FieldError = check && compactIban(iban) === check.iban && !check.valid ? 'invalid' : undefined;
  const ibanUsedElsewhere = Boolean(check?.valid && check.accountId && check.accountId !== props.account?.id);

  const submit = async () => {
    const e: Partial<Record<Fields, FieldError>> = {};
    if (ownerId === null) e.owner = 'required';
    if (!accountType) e.accountType = 'required';
    if (!name.trim()) e.name = 'required';
    if (!intermediaryId) e.intermediary = 'required';
    const compact = compactIban(iban);
    if (compact && (compact.length < 15 || compact.length > 34)) e.iban = 'invalid';
    else if (ibanProblem) e.iban = 'invalid';
    setErrors(e);
    if (Object.keys(e).length || ownerId === null || !accountType) return;
    const body = {
      accountType,
      name: name.trim(),
      iban: compact || null,
      financialIntermediaryId: Number(intermediaryId),
      branchId: branchId ? Number(branchId) : null,
      ...(currencyId ? { currencyId: Number(currencyId) } : {}),
    };
    try {
      const id = props.account
        ? (await update.mutateAsync({ params: { id: props.account.id }, body })).id
        : (
            await create.mutateAsync({
              body: { ...body, clientId: ownerId, ...(portfolioIds.size ? { portfolioIds: [...portfolioIds] } : {}) },
            })
          ).id;
      props.onSaved?.(id);
      props.onClose();
    } catch (err) {
      setErrors(
        serverFieldErrors(err, {
          clientId: 'owner',
          accountType: 'accountType',
          name: 'name',
          iban: 'iban',
          financialIntermediaryId: 'intermediary',
          branchId: 'branch',
          currencyId: 'currency',
        } as const),
      );
    }
  };

  const ibanHint = (() => {
    if (!check || compactIban(iban) !== check.iban)
      return <Trans>Facoltativo; viene verificato quando lasci il campo.</Trans>;
    if (!check.valid) return <Trans>IBAN non valido ({check.reason ?? '?'})</Trans>;
    const bank = check.intermediary ?? (check.abi ? `ABI ${check.abi}` : (check.countryCode ?? ''));
    return ibanUsedElsewhere ? (
      <Trans>IBAN valido ({bank}), già usato da un altro conto visibile.</Trans>
    ) : (
      <Trans>IBAN valido ({bank})</Trans>
    );
  })();

  const translate = (d: MessageDescriptor) => i18n._(d);
  return (
    <FormDialog
      open={props.open}
      onClose={props.onClose}
      onSubmit={() => void submit()}
      busy={create.isPending || update.isPending}
      title={editing ? <Trans>Modifica conto</Trans> : <Trans>Nuovo conto</Trans>}
      submitTour={editing ? undefined : 'account-submit'}
      data-testid="account-dialog"
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
          onChange={(v) => setOwnerId(v ? Number(v) : null)}
        />
      ) : null}
      <Select
        label={<Trans>Intermediario</Trans>}
        required
        name="intermediary"
        data-testid="account-intermediary"
        data-tour={editing ? undefined : 'account-intermediary'}
        placeholder={t`Scegli l'intermediario`}
        error={fieldError(errors.intermediary)}
        value={intermediaryId}
        options={(intermediaries.data ?? []).map((i) => ({ value: String(i.id), label: i.name }))}
        onChange={(v) => {
          setIntermediaryId(v);
          setBranchId('');
        }}
      />
      <Select
        label={<Trans>Filiale</Trans>}
        name="branch"
        placeholder={t`Nessuna filiale`}
        disabled={!intermediaryId}
        error={fieldError(errors.branch)}
        value={branchId}
        options={(branches.data ?? []).map((b) => ({ value: String(b.id), label: b.name }))}
        onChange={setBranchId}
      />
      <Select
        label={<Trans>Tipo di conto</Trans>}
        required
        name="accountType"
        data-testid="account-type"
        data-tour={editing ? undefined : 'account-type'}
        placeholder={t`Scegli il tipo`}
        error={fieldError(errors.accountType)}
        value={accountType}
        options={labelOptions(ACCOUNT_TYPE_LABELS, translate) as { value: AccountLike['accountType']; label: string }[]}
        onChange={setAccountType}
      />
      <TextInput
        label={<Trans>Nome</Trans>}
        required
        name="name"
        maxLength={200}
        data-testid="account-name"
        error={fieldError(errors.name)}
        value={name}
        onChange={setName}
      />
      <TextInput
        label={<Trans>IBAN</Trans>}
        name="iban"
        uppercase
        maxLength={42}
        autoComplete="off"
        data-testid="account-iban"
        data-tour={editing ? undefined : 'account-iban'}
        hint={ibanHint}
        error={fieldError(errors.iban ?? ibanProblem)}
        value={iban}
        onChange={setIban}
        onBlur={() => setCheckedIban(compactIban(iban))}
      />
      <Select
        label={<Trans>Valuta</Trans>}
        name="currency"
        error={fieldError(errors.currency)}
        value={currencyId}
        options={(currencies.data ?? []).map((c) => ({ value: String(c.id), label: `${c.iso} (${c.symbol})` }))}
        onChange={setCurrencyId}
      />
      {!editing && ownPortfolios.length ? (
        <fieldset className="fin-fieldset">
          <legend>
            <Trans>Portafogli</Trans>
          </legend>
          <ul className="fin-checklist">
            {ownPortfolios.map((p) => (
              <li key={p.id}>
                <label>
                  <input
                    type="checkbox"
                    name="portfolios"
                    value={p.id}
                    checked={portfolioIds.has(p.id)}
                    onChange={(e) =>
                      setPortfolioIds((s) => {
                        const next = new Set(s);
                        if (e.target.checked) next.add(p.id);
                        else next.delete(p.id);
                        return next;
                      })
                    }
                  />{' '}
                  {p.name}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      ) : null}
    </FormDialog>
  );
}
