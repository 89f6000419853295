// Add or edit a movement (DESIGN.md section 4): date and time (sent as YYYY-MM-DD HH:mm), cause, subcause for a FEE,
// account, offset account for trades, instrument by ISIN, quantity, price, amount, currency and description.
// Editing fetches the movement first, except in a family view where the single-movement fetch is disabled (spec
// data-and-admin section 6) and the row is used as it is.
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Movement } from '@patrimonio/shared-api';
import {
  CurrencyInput,
  DatePicker,
  errorStatus,
  FormDialog,
  labelOptions,
  Notice,
  type OwnerScope,
  Select,
  TextInput,
  useApiMutation,
  useApiQuery,
  useContractForm,
} from '@patrimonio/shared-ui';
import { contract } from '@patrimonio/shared-ui/contract';
import { CAUSE_LABELS, CLIENT_ENTRY_NOTE, SUBCAUSE_LABELS, TOASTS } from '../common/labels.ts';
import { FINANCIAL_DATA_ROUTES } from '../common/routes.ts';
import { useFinancialFieldErrors } from '../common/ui.tsx';
import { localToday, splitDateTime } from '../logic/dates.ts';
import { isIsin, isTrade, type MovementForm, movementBody, normaliseIsin, OTHER_SUBCAUSE } from '../logic/movements.ts';

const EMPTY: MovementForm = {
  date: '',
  time: '00:00',
  cause: '',
  subcause: '',
  accountId: '',
  offsetAccountId: '',
  isin: '',
  quantity: '',
  price: '',
  amount: '',
  currencyId: '',
  description: '',
};

function formOf(m: Movement): MovementForm {
  const { date, time } = splitDateTime(m.dateTime);
  return {
    date,
    time,
    cause: m.cause,
    subcause: m.cause === 'FEE' ? (m.subcause ?? OTHER_SUBCAUSE) : '',
    accountId: String(m.accountId),
    offsetAccountId: m.offsetAccountId ? String(m.offsetAccountId) : '',
    isin: m.isin ?? '',
    quantity: m.quantity === null ? '' : String(m.quantity),
    price: m.price === null ? '' : String(m.price),
    amount: String(m.amount),
    currencyId: String(m.currencyId),
    description: m.classification ?? '',
  };
}

export function MovementDialog(props: {
  open: boolean;
  onClose: () => void;
  scope: OwnerScope;
  /** The row to edit; none to add. */
  movement?: Movement | null;
  defaultAccountId?: number | null;
  /** A BASIC client's own entry: the dialog says it will wait for the adviser's approval. */
  clientEntry?: boolean;
}) {
  const { t, i18n } = useLingui();
  const fieldError = useFinancialFieldErrors();
  const editing = Boolean(props.movement);
  const fresh = useApiQuery(
    'getMovement',
    { params: { id: props.movement?.id ?? 0 }, query: props.scope.query },
    { enabled: props.open && editing && !props.scope.isFamily },
  );
  const source = props.scope.isFamily ? props.movement : (fresh.data ?? props.movement);
  const movementForm = useContractForm(contract.createMovement.body, {
    open: props.open,
    defaults: source
      ? formOf(source)
      : { ...EMPTY, date: localToday(), accountId: props.defaultAccountId ? String(props.defaultAccountId) : '' },
    // The movement rules (logic/movements.ts) give the body, or the fields at fault (and then no body to check).
    toBody: (v) => {
      const result = movementBody(v);
      return (result.ok ? result.body : null) as never;
    },
    refine: (_body, v) => {
      const result = movementBody(v);
      return result.ok ? {} : result.errors;
    },
    fields: { dateTime: 'date', instrumentId: 'isin', classification: 'description' },
  });
  const form = movementForm.watch();
  const set = (key: keyof MovementForm, value: string) => movementForm.setValue(key, value);

  const accounts = useApiQuery('accountMenu', { query: props.scope.query }, { enabled: props.open });
  const currencies = useApiQuery('currencyMenu', undefined, { enabled: props.open });
  const isin = normaliseIsin(form.isin);
  const instrument = useApiQuery(
    'listStocks',
    { query: { q: isin, size: 1 } },
    { enabled: props.open && isIsin(isin) },
  );
  const found = instrument.data?.item.find((s) => s.isin === isin);

  const create = useApiMutation('createMovement', {
    // Stored pending (a BASIC client's own entry): the toast says it waits for the adviser.
    success: (m) => (m.status === 'PENDING' ? TOASTS.movementPending : TOASTS.movementAdded),
    invalidate: FINANCIAL_DATA_ROUTES,
    error: (e) => (errorStatus(e) === 400 ? TOASTS.checkFields : undefined),
  });
  const update = useApiMutation('updateMovement', {
    success: TOASTS.movementEdited,
    invalidate: FINANCIAL_DATA_ROUTES,
    error: (e) => (errorStatus(e) === 400 ? TOASTS.checkFields : undefined),
  });

  const trade = isTrade(form.cause);
  const account = accounts.data?.find((a) => String(a.id) === form.accountId);
  const accountOptions = (accounts.data ?? []).map((a) => ({
    value: String(a.id),
    label: `${a.name} · ${a.intermediary}${props.scope.isFamily ? ` · ${a.user}` : ''}`,
  }));
  const currency = currencies.data?.find((c) => String(c.id) === form.currencyId);

  const submit = movementForm.submit(async (body) => {
    if (props.movement) await update.mutateAsync({ params: { id: props.movement.id }, body });
    else await create.mutateAsync({ body });
    props.onClose();
  });

  const translate = (d: MessageDescriptor) => i18n._(d);
  return (
    <FormDialog
      open={props.open}
      onClose={props.onClose}
      onSubmit={(e) => void submit(e)}
      busy={create.isPending || update.isPending || (editing && !props.scope.isFamily && fresh.isLoading)}
      title={editing ? <Trans>Modifica movimento</Trans> : <Trans>Nuovo movimento</Trans>}
      wide
      data-testid="movement-dialog"
    >
      {props.clientEntry ? (
        <Notice tone="info" data-testid="movement-client-note">
          {i18n._(CLIENT_ENTRY_NOTE)}
        </Notice>
      ) : null}
      <div className="pt-form__row">
        <DatePicker
          label={<Trans>Data</Trans>}
          required
          name="date"
          quickYears={false}
          data-testid="movement-date"
          error={fieldError(movementForm.codeOf('date'))}
          value={form.date || null}
          onChange={(v) => set('date', v ?? '')}
        />
        <TextInput
          label={<Trans>Ora</Trans>}
          name="time"
          placeholder="HH:mm"
          maxLength={5}
          inputMode="numeric"
          hint={<Trans>Formato 24 ore, HH:mm</Trans>}
          error={movementForm.codeOf('date') === 'invalid' ? fieldError('invalid') : undefined}
          value={form.time}
          onChange={(v) => set('time', v)}
        />
      </div>
      <div className="pt-form__row">
        <Select
          label={<Trans>Causale</Trans>}
          required
          name="cause"
          data-testid="movement-cause"
          placeholder={t`Scegli la causale`}
          error={fieldError(movementForm.codeOf('cause'))}
          value={form.cause}
          options={labelOptions(CAUSE_LABELS, translate)}
          onChange={(v) => {
            set('subcause', v === 'FEE' ? form.subcause || OTHER_SUBCAUSE : '');
            set('cause', v);
          }}
        />
        {form.cause === 'FEE' ? (
          <Select
            label={<Trans>Sottocausale</Trans>}
            name="subcause"
            data-testid="movement-subcause"
            error={fieldError(movementForm.codeOf('subcause'))}
            value={form.subcause || OTHER_SUBCAUSE}
            options={labelOptions(SUBCAUSE_LABELS, translate)}
            onChange={(v) => set('subcause', v)}
          />
        ) : null}
      </div>
      <div className="pt-form__row">
        <Select
          label={<Trans>Conto</Trans>}
          required
          name="accountId"
          data-testid="movement-account"
          placeholder={t`Scegli il conto`}
          error={fieldError(movementForm.codeOf('accountId'))}
          value={form.accountId}
          options={accountOptions}
          onChange={(v) => set('accountId', v)}
        />
        {trade ? (
          <Select
            label={<Trans>Conto di regolamento</Trans>}
            name="offsetAccountId"
            hint={<Trans>La liquidità dell'operazione, se su un altro conto.</Trans>}
            placeholder={t`Nessuno`}
            error={fieldError(movementForm.codeOf('offsetAccountId'))}
            value={form.offsetAccountId}
            options={accountOptions.filter(
              (o) =>
                o.value !== form.accountId &&
                accounts.data?.find((a) => String(a.id) === o.value)?.clientId === account?.clientId,
            )}
            onChange={(v) => set('offsetAccountId', v)}
          />
        ) : null}
      </div>
      <TextInput
        label={<Trans>Strumento (ISIN)</Trans>}
        required={trade}
        name="isin"
        uppercase
        maxLength={12}
        autoComplete="off"
        data-testid="movement-isin"
        hint={
          isIsin(isin) ? (
            found ? (
              found.name
            ) : instrument.isFetching ? (
              <Trans>Ricerca…</Trans>
            ) : (
              <Trans>Strumento non presente in anagrafica</Trans>
            )
          ) : trade ? (
            <Trans>Obbligatorio per acquisti e vendite</Trans>
          ) : (
            <Trans>Facoltativo: per cedole e dividendi</Trans>
          )
        }
        error={fieldError(movementForm.codeOf('isin'))}
        value={form.isin}
        onChange={(v) => set('isin', v)}
      />
      {trade ? (
        <div className="pt-form__row">
          <TextInput
            label={<Trans>Quantità</Trans>}
            required
            name="quantity"
            inputMode="decimal"
            hint={<Trans>Per le obbligazioni, il nominale</Trans>}
            data-testid="movement-quantity"
            error={fieldError(movementForm.codeOf('quantity'))}
            value={form.quantity}
            onChange={(v) => set('quantity', v)}
          />
          <TextInput
            label={<Trans>Prezzo</Trans>}
            required
            name="price"
            inputMode="decimal"
            hint={<Trans>Per le obbligazioni, ogni 100 di nominale</Trans>}
            data-testid="movement-price"
            error={fieldError(movementForm.codeOf('price'))}
            value={form.price}
            onChange={(v) => set('price', v)}
          />
        </div>
      ) : null}
      <div className="pt-form__row">
        <CurrencyInput
          label={<Trans>Importo</Trans>}
          required={!trade}
          name="amount"
          symbol={currency?.symbol ?? account?.currencySymbol ?? '€'}
          hint={
            trade ? <Trans>Vuoto: quantità per prezzo</Trans> : <Trans>Sempre positivo: la causale dà il segno</Trans>
          }
          data-testid="movement-amount"
          error={fieldError(movementForm.codeOf('amount'))}
          value={form.amount === '' ? null : Number(form.amount)}
          onChange={(v) => set('amount', v === null ? '' : String(v))}
        />
        <Select
          label={<Trans>Valuta</Trans>}
          name="currencyId"
          placeholder={t`Valuta del conto`}
          error={fieldError(movementForm.codeOf('currencyId'))}
          value={form.currencyId}
          options={(currencies.data ?? []).map((c) => ({ value: String(c.id), label: `${c.iso} (${c.symbol})` }))}
          onChange={(v) => set('currencyId', v)}
        />
      </div>
      <TextInput
        label={<Trans>Descrizione</Trans>}
        name="description"
        maxLength={200}
        data-testid="movement-description"
        error={fieldError(movementForm.codeOf('description'))}
        value={form.description}
        onChange={(v) => set('description', v)}
      />
    </FormDialog>
  );
}
