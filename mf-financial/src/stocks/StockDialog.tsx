// Add or edit an instrument (ADMIN, BACK_OFFICE): ISIN (checked by the server, 409 when another instrument has it),
// name, currency, asset class and macro asset class; for a bond, the coupon rate, frequency and dates. The currency
// cannot change while the instrument has prices or movements in it (409 currency_in_use): the reason is shown.
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Stock } from '@patrimonio/shared-api';
import { isValidIsin } from '@patrimonio/shared-api/constants';
import {
  bindField,
  DatePicker,
  type ErrorAnswer,
  errorCode,
  errorStatus,
  FormDialog,
  labelOptions,
  PercentInput,
  Select,
  TextInput,
  useApiMutation,
  useApiQuery,
  useContractForm,
} from '@patrimonio/shared-ui';
import { contract } from '@patrimonio/shared-ui/contract';
import { useEffect, useState } from 'react';
import { MACRO_LABELS, TOASTS } from '../common/labels.ts';
import { useFinancialFieldErrors } from '../common/ui.tsx';
import { normaliseIsin } from '../logic/movements.ts';
import { currencyInUseMessage } from '../logic/stock-messages.ts';

type Macro = 'Equity' | 'Alternative' | 'Bond';
const FREQUENCIES = ['1', '2', '4', '12'] as const;

export function StockDialog(props: { open: boolean; onClose: () => void; stock: Stock | null }) {
  const { t, i18n } = useLingui();
  const fieldError = useFinancialFieldErrors();
  const currencies = useApiQuery('currencyMenu', undefined, { enabled: props.open });
  const st = props.stock;
  const form = useContractForm(contract.createStock.body, {
    open: props.open,
    defaults: {
      isin: st?.isin ?? '',
      name: st?.name ?? '',
      currency: st?.currency ?? 'EUR',
      assetClass: st?.assetClass ?? '',
      macroAssetClass: (st?.macroAssetClass ?? '') as Macro | '',
      couponRate: st?.couponRate ?? null,
      couponFrequency: st?.couponFrequency ? String(st.couponFrequency) : '',
      firstCouponDate: st?.firstCouponDate ?? null,
      maturityDate: st?.maturityDate ?? null,
    },
    // Coupon fields only for a bond; no macro asset class yet is null, which the schema marks as required.
    toBody: (v) => {
      const isBond = v.macroAssetClass === 'Bond';
      return {
        isin: normaliseIsin(v.isin),
        name: v.name.trim(),
        currency: v.currency,
        assetClass: v.assetClass.trim(),
        macroAssetClass: (v.macroAssetClass || null) as never,
        couponRate: isBond ? v.couponRate : null,
        couponFrequency: isBond && v.couponFrequency ? (Number(v.couponFrequency) as 1 | 2 | 4 | 12) : null,
        firstCouponDate: isBond ? v.firstCouponDate : null,
        maturityDate: isBond ? v.maturityDate : null,
      };
    },
    refine: (body) => ({ isin: body.isin && !isValidIsin(body.isin) ? 'invalid' : undefined }),
  });
  const macro = form.watch('macroAssetClass');
  const [currencyInUse, setCurrencyInUse] = useState<MessageDescriptor | null>(null);
  useEffect(() => {
    if (props.open) setCurrencyInUse(null);
  }, [props.open]);

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

  const submit = form.submit(async (body) => {
    setCurrencyInUse(null);
    try {
      if (props.stock) await update.mutateAsync({ params: { id: props.stock.id }, body });
      else await create.mutateAsync({ body });
      props.onClose();
    } catch (err) {
      // A currency the stock's prices already use, and an ISIN already present, go on their fields; a 400's
      // fields land on theirs (useContractForm).
      if (errorCode(err) === 'currency_in_use') {
        form.setError('currency', { type: 'server' });
        setCurrencyInUse(currencyInUseMessage((err as { body?: ErrorAnswer }).body?.params));
      } else if (errorStatus(err) === 409) form.setError('isin', { type: 'server' });
      else throw err;
    }
  });

  return (
    <FormDialog
      open={props.open}
      onClose={props.onClose}
      onSubmit={(e) => void submit(e)}
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
          {...bindField(form, 'isin', fieldError)}
        />
        <Select
          label={<Trans>Valuta</Trans>}
          required
          name="currency"
          data-testid="stock-currency"
          {...bindField(form, 'currency', fieldError)}
          options={(currencies.data ?? []).map((c) => ({ value: c.iso, label: `${c.iso} (${c.symbol})` }))}
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
        {...bindField(form, 'name', fieldError)}
      />
      <div className="pt-form__row">
        <Select
          label={<Trans>Macro asset class</Trans>}
          required
          name="macroAssetClass"
          data-testid="stock-macroAssetClass"
          placeholder={t`Scegli la classe`}
          error={fieldError(form.codeOf('macroAssetClass'))}
          value={macro}
          options={labelOptions(MACRO_LABELS as Record<Macro | 'cash', MessageDescriptor>, (d) => i18n._(d), [
            'Equity',
            'Alternative',
            'Bond',
          ]).map((o) => ({ value: o.value as Macro, label: o.label }))}
          onChange={(v) => form.setValue('macroAssetClass', v)}
        />
        <TextInput
          label={<Trans>Asset class</Trans>}
          required
          name="assetClass"
          data-testid="stock-assetClass"
          maxLength={100}
          hint={<Trans>Ad esempio: Azioni Italia, Titoli di Stato, ETF azionari</Trans>}
          {...bindField(form, 'assetClass', fieldError)}
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
              {...bindField(form, 'couponRate', fieldError)}
            />
            <Select
              label={<Trans>Pagamenti all'anno</Trans>}
              name="couponFrequency"
              data-testid="stock-couponFrequency"
              placeholder={t`Nessuno`}
              {...bindField(form, 'couponFrequency', fieldError)}
              options={FREQUENCIES.map((f) => ({ value: f, label: f }))}
            />
          </div>
          <div className="pt-form__row">
            <DatePicker
              label={<Trans>Prima cedola</Trans>}
              name="firstCouponDate"
              data-testid="stock-firstCouponDate"
              quickYears={false}
              value={form.watch('firstCouponDate')}
              onChange={(v) => form.setValue('firstCouponDate', v)}
            />
            <DatePicker
              label={<Trans>Scadenza</Trans>}
              name="maturityDate"
              data-testid="stock-maturityDate"
              value={form.watch('maturityDate')}
              onChange={(v) => form.setValue('maturityDate', v)}
            />
          </div>
        </fieldset>
      ) : null}
    </FormDialog>
  );
}
