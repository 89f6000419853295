// Add or edit an instrument (ADMIN, BACK_OFFICE): ISIN (checked by the server, 409 when another instrument has it),
// name, currency, asset class and macro asset class; for a bond, the coupon rate, frequency and dates. The currency
// cannot change while the instrument has prices or movements in it (409 currency_in_use): the reason is shown.
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Stock } from '@patrimonio/shared-api';
import {
  DatePicker,
  errorCode,
  errorStatus,
  FormDialog,
  labelOptions,
  PercentInput,
  Select,
  serverFieldErrors,
  TextInput,
  useApiMutation,
  useApiQuery,
} from '@patrimonio/shared-ui';
import { useEffect, useState } from 'react';
import { MACRO_LABELS, TOASTS } from '../common/labels.ts';
import { type FieldError, useFinancialFieldErrors } from '../common/ui.tsx';
import { isIsin, normaliseIsin } from '../logic/movements.ts';
import { currencyInUseMessage, type ErrorAnswer } from '../logic/upload-messages.ts';

type Macro = 'Equity' | 'Alternative' | 'Bond';
type Fields = 'isin' | 'name' | 'currency' | 'assetClass' | 'macroAssetClass' | 'couponRate' | 'couponFrequency';
const FREQUENCIES = ['1', '2', '4', '12'] as const;

export function StockDialog(props: { open: boolean; onClose: () => void; stock: Stock | null }) {
  const { t, i18n } = useLingui();
  const fieldError = useFinancialFieldErrors();
  const currencies = useApiQuery('currencyMenu', undefined, { enabled: props.open });
  const [isin, setIsin] = useState('');
  const [name, setName] = useState('');
  const [currency, setCurrency] = useState('');
  const [assetClass, setAssetClass] = useState('');
  const [macro, setMacro] = useState<Macro | ''>('');
  const [couponRate, setCouponRate] = useState<number | null>(null);
  const [couponFrequency, setCouponFrequency] = useState('');
  const [firstCouponDate, setFirstCouponDate] = useState<string | null>(null);
  const [maturityDate, setMaturityDate] = useState<string | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Fields, FieldError>>>({});
  const [currencyInUse, setCurrencyInUse] = useState<MessageDescriptor | null>(null);

  useEffect(() => {
    if (!props.open) return;
    const s = props.stock;
    setErrors({});
    setCurrencyInUse(null);
    setIsin(s?.isin ?? '');
    setName(s?.name ?? '');
    setCurrency(s?.currency ?? 'EUR');
    setAssetClass(s?.assetClass ?? '');
    setMacro(s?.macroAssetClass ?? '');
    setCouponRate(s?.couponRate ?? null);
    setCouponFrequency(s?.couponFrequency ? String(s.couponFrequency) : '');
    setFirstCouponDate(s?.firstCouponDate ?? null);
    setMaturityDate(s?.maturityDate ?? null);
  }, [props.open, props.stock]);

  const toast409 = (e: unknown) =>
    errorCode(e) === 'currency_in_use'
      ? TOASTS.currencyInUse
      : errorStatus(e) === 409
        ? TOASTS.duplicateIsin
        : errorStatus(e) === 400
          ? TOASTS.checkFields
          : undefined;
  const routes = ['listStocks', 'getStock'] as const;
  const create = useApiMutation('createStock', { success: TOASTS.stockAdded, invalidate: routes, error: toast409 });
  const update = useApiMutation('updateStock', { success: TOASTS.stockEdited, invalidate: routes, error: toast409 });
  const bond = macro === 'Bond';

  const submit = async () => {
    const e: Partial<Record<Fields, FieldError>> = {};
    const code = normaliseIsin(isin);
    if (!code) e.isin = 'required';
    else if (!isIsin(code)) e.isin = 'invalid';
    if (!name.trim()) e.name = 'required';
    if (!currency) e.currency = 'required';
    if (!assetClass.trim()) e.assetClass = 'required';
    if (!macro) e.macroAssetClass = 'required';
    setErrors(e);
    setCurrencyInUse(null);
    if (Object.keys(e).length || !macro) return;
    const body = {
      isin: code,
      name: name.trim(),
      currency,
      assetClass: assetClass.trim(),
      macroAssetClass: macro,
      couponRate: bond ? couponRate : null,
      couponFrequency: bond && couponFrequency ? (Number(couponFrequency) as 1 | 2 | 4 | 12) : null,
      firstCouponDate: bond ? firstCouponDate : null,
      maturityDate: bond ? maturityDate : null,
    };
    try {
      if (props.stock) await update.mutateAsync({ params: { id: props.stock.id }, body });
      else await create.mutateAsync({ body });
      props.onClose();
    } catch (err) {
      const fields = serverFieldErrors(err, {
        isin: 'isin',
        name: 'name',
        currency: 'currency',
        assetClass: 'assetClass',
        macroAssetClass: 'macroAssetClass',
        couponRate: 'couponRate',
        couponFrequency: 'couponFrequency',
      } as const);
      if (errorCode(err) === 'currency_in_use') {
        setErrors({ currency: 'server' });
        setCurrencyInUse(currencyInUseMessage((err as { body?: ErrorAnswer }).body?.params));
      } else setErrors(errorStatus(err) === 409 ? { ...fields, isin: 'server' } : fields);
    }
  };

  return (
    <FormDialog
      open={props.open}
      onClose={props.onClose}
      onSubmit={() => void submit()}
      busy={create.isPending || update.isPending}
      title={props.stock ? <Trans>Modifica strumento</Trans> : <Trans>Nuovo strumento</Trans>}
      data-testid="stock-dialog"
    >
      <div className="pt-form__row">
        <TextInput
          label={<Trans>ISIN</Trans>}
          required
          name="isin"
          data-testid="stock-isin"
          uppercase
          maxLength={12}
          error={fieldError(errors.isin)}
          value={isin}
          onChange={setIsin}
        />
        <Select
          label={<Trans>Valuta</Trans>}
          required
          name="currency"
          data-testid="stock-currency"
          error={fieldError(errors.currency)}
          value={currency}
          options={(currencies.data ?? []).map((c) => ({ value: c.iso, label: `${c.iso} (${c.symbol})` }))}
          onChange={setCurrency}
        />
      </div>
      {currencyInUse ? (
        <p className="pt-error" role="alert" data-testid="stock-currency-in-use">
          {i18n._(currencyInUse)}
        </p>
      ) : null}
      <TextInput
        label={<Trans>Nome</Trans>}
        required
        name="name"
        data-testid="stock-name"
        maxLength={200}
        error={fieldError(errors.name)}
        value={name}
        onChange={setName}
      />
      <div className="pt-form__row">
        <Select
          label={<Trans>Macro asset class</Trans>}
          required
          name="macroAssetClass"
          data-testid="stock-macroAssetClass"
          placeholder={t`Scegli la classe`}
          error={fieldError(errors.macroAssetClass)}
          value={macro}
          options={labelOptions(MACRO_LABELS as Record<Macro | 'cash', MessageDescriptor>, (d) => i18n._(d), [
            'Equity',
            'Alternative',
            'Bond',
          ]).map((o) => ({ value: o.value as Macro, label: o.label }))}
          onChange={setMacro}
        />
        <TextInput
          label={<Trans>Asset class</Trans>}
          required
          name="assetClass"
          data-testid="stock-assetClass"
          maxLength={100}
          hint={<Trans>Ad esempio: Azioni Italia, Titoli di Stato, ETF azionari</Trans>}
          error={fieldError(errors.assetClass)}
          value={assetClass}
          onChange={setAssetClass}
        />
      </div>
      {bond ? (
        <fieldset className="pt-fieldset">
          <legend>
            <Trans>Cedola</Trans>
          </legend>
          <div className="pt-form__row">
            <PercentInput
              label={<Trans>Tasso annuo</Trans>}
              name="couponRate"
              data-testid="stock-couponRate"
              error={fieldError(errors.couponRate)}
              value={couponRate}
              onChange={setCouponRate}
            />
            <Select
              label={<Trans>Pagamenti all'anno</Trans>}
              name="couponFrequency"
              data-testid="stock-couponFrequency"
              placeholder={t`Nessuno`}
              error={fieldError(errors.couponFrequency)}
              value={couponFrequency}
              options={FREQUENCIES.map((f) => ({ value: f, label: f }))}
              onChange={setCouponFrequency}
            />
          </div>
          <div className="pt-form__row">
            <DatePicker
              label={<Trans>Prima cedola</Trans>}
              name="firstCouponDate"
              data-testid="stock-firstCouponDate"
              quickYears={false}
              value={firstCouponDate}
              onChange={setFirstCouponDate}
            />
            <DatePicker
              label={<Trans>Scadenza</Trans>}
              name="maturityDate"
              data-testid="stock-maturityDate"
              value={maturityDate}
              onChange={setMaturityDate}
            />
          </div>
        </fieldset>
      ) : null}
    </FormDialog>
  );
}
