// Add or edit an account: type (current or securities account), name, IBAN (checked with GET /account/iban/{iban},
// which also names the bank), intermediary and branch, currency, and when adding, its portfolios. In a family view
// the owner is chosen among the members.
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { isValidIban } from '@patrimonio/shared-api/constants';
import {
  bindField,
  defaultOwner,
  errorStatus,
  FormDialog,
  labelOptions,
  OwnerPicker,
  type OwnerScope,
  Select,
  TextInput,
  useApiMutation,
  useApiQuery,
  useContractForm,
  useOwners,
} from '@patrimonio/shared-ui';
import { contract } from '@patrimonio/shared-ui/contract';
import { useEffect, useState } from 'react';
import { ACCOUNT_TYPE_LABELS, TOASTS } from '../common/labels.ts';
import { FINANCIAL_DATA_ROUTES } from '../common/routes.ts';
import { CheckList, useFinancialFieldErrors } from '../common/ui.tsx';

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
  const fieldError = useFinancialFieldErrors();
  const owners = useOwners(props.scope);
  const editing = Boolean(props.account);
  const a = props.account;
  const form = useContractForm(contract.createAccount.body, {
    open: props.open,
    defaults: {
      owner: String(a ? a.clientId : (defaultOwner(owners) ?? '')),
      accountType: a?.accountType ?? '',
      name: a?.name ?? '',
      iban: a?.iban ?? '',
      intermediary: a ? String(a.financialIntermediaryId) : '',
      branch: a?.branchId ? String(a.branchId) : '',
      currency: a ? String(a.currencyId) : '',
    },
    // Empty choices stay null, which the schema marks as required.
    toBody: (v) => ({
      clientId: Number(v.owner) || (null as never),
      accountType: (v.accountType || null) as never,
      name: v.name.trim(),
      iban: compactIban(v.iban) || null,
      financialIntermediaryId: Number(v.intermediary) || (null as never),
      branchId: v.branch ? Number(v.branch) : null,
      ...(v.currency ? { currencyId: Number(v.currency) } : {}),
    }),
    fields: {
      clientId: 'owner',
      financialIntermediaryId: 'intermediary',
      branchId: 'branch',
      currencyId: 'currency',
    },
    refine: (body) => ({ iban: body.iban && !isValidIban(body.iban) ? 'invalid' : undefined }),
  });
  const ownerId = Number(form.watch('owner')) || null;
  const intermediaryId = form.watch('intermediary');
  const currencyId = form.watch('currency');
  const iban = form.watch('iban');
  // The IBAN the server checked (on leaving the field), and the portfolios ticked: both start over on each opening.
  const initialIban = a?.iban ? compactIban(a.iban) : '';
  const [checkedIban, setCheckedIban] = useState('');
  useEffect(() => {
    if (props.open) setCheckedIban(initialIban);
  }, [props.open, initialIban]);
  const defaultPortfolios = (props.defaultPortfolioIds ?? []).join(',');
  const [portfolioIds, setPortfolioIds] = useState<Set<number>>(new Set());
  useEffect(() => {
    if (props.open) setPortfolioIds(new Set(defaultPortfolios ? defaultPortfolios.split(',').map(Number) : []));
  }, [props.open, defaultPortfolios]);

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
      if (eur) form.setValue('currency', String(eur.id));
    }
  }, [props.open, currencyId, currencies.data, form.setValue]);
  // A valid IBAN names its bank: choose it when no intermediary is chosen yet.
  useEffect(() => {
    if (check?.valid && check.financialIntermediaryId && !intermediaryId)
      form.setValue('intermediary', String(check.financialIntermediaryId));
  }, [check, intermediaryId, form.setValue]);

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
  const ibanProblem = check && compactIban(iban) === check.iban && !check.valid ? 'invalid' : undefined;
  const ibanUsedElsewhere = Boolean(check?.valid && check.accountId && check.accountId !== props.account?.id);

  const submit = form.submit(async ({ clientId, ...body }) => {
    const id = a
      ? (await update.mutateAsync({ params: { id: a.id }, body })).id
      : (
          await create.mutateAsync({
            body: { ...body, clientId, ...(portfolioIds.size ? { portfolioIds: [...portfolioIds] } : {}) },
          })
        ).id;
    props.onSaved?.(id);
    props.onClose();
  });

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
      onSubmit={(e) => void submit(e)}
      busy={create.isPending || update.isPending}
      title={editing ? <Trans>Modifica conto</Trans> : <Trans>Nuovo conto</Trans>}
      submitTour={editing ? undefined : 'account-submit'}
      data-testid="account-dialog"
    >
      {props.scope.isFamily && !editing ? (
        <OwnerPicker
          owners={owners}
          value={ownerId}
          error={fieldError(form.codeOf('owner'))}
          onChange={(id) => form.setValue('owner', id === null ? '' : String(id))}
        />
      ) : null}
      <Select
        label={<Trans>Intermediario</Trans>}
        required
        name="intermediary"
        data-testid="account-intermediary"
        data-tour={editing ? undefined : 'account-intermediary'}
        placeholder={t`Scegli l'intermediario`}
        error={fieldError(form.codeOf('intermediary'))}
        value={intermediaryId}
        options={(intermediaries.data ?? []).map((i) => ({ value: String(i.id), label: i.name }))}
        onChange={(v) => {
          form.setValue('intermediary', v);
          form.setValue('branch', '');
        }}
      />
      <Select
        label={<Trans>Filiale</Trans>}
        name="branch"
        placeholder={t`Nessuna filiale`}
        disabled={!intermediaryId}
        {...bindField(form, 'branch', fieldError)}
        options={(branches.data ?? []).map((b) => ({ value: String(b.id), label: b.name }))}
      />
      <Select
        label={<Trans>Tipo di conto</Trans>}
        required
        name="accountType"
        data-testid="account-type"
        data-tour={editing ? undefined : 'account-type'}
        placeholder={t`Scegli il tipo`}
        {...bindField(form, 'accountType', fieldError)}
        options={labelOptions(ACCOUNT_TYPE_LABELS, translate) as { value: AccountLike['accountType']; label: string }[]}
      />
      <TextInput
        label={<Trans>Nome</Trans>}
        required
        name="name"
        maxLength={200}
        data-testid="account-name"
        {...bindField(form, 'name', fieldError)}
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
        error={fieldError(form.codeOf('iban') ?? ibanProblem)}
        value={iban}
        onChange={(v) => form.setValue('iban', v)}
        onBlur={() => setCheckedIban(compactIban(iban))}
      />
      <Select
        label={<Trans>Valuta</Trans>}
        name="currency"
        error={fieldError(form.codeOf('currency'))}
        value={currencyId}
        options={(currencies.data ?? []).map((c) => ({ value: String(c.id), label: `${c.iso} (${c.symbol})` }))}
        onChange={(v) => form.setValue('currency', v)}
      />
      {!editing && ownPortfolios.length ? (
        <fieldset className="pt-fieldset">
          <legend>
            <Trans>Portafogli</Trans>
          </legend>
          <CheckList
            name="portfolios"
            items={ownPortfolios.map((p) => ({ id: p.id, label: p.name }))}
            checked={portfolioIds}
            onChange={setPortfolioIds}
          />
        </fieldset>
      ) : null}
    </FormDialog>
  );
}
