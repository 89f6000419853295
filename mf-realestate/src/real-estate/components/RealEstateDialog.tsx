// Add or edit a property (data-and-admin sections 3 and 5): the required fields, the address with the municipality
// autocomplete, country (names in the UI language) and province (name and regione, Italy only, cleared when the
// country changes), the suggested evaluation or a custom one, euro per m² derived and read-only, the cadastral data
// and the mortgage, whose fields are required only once it has an amount. Saving creates, updates or deletes the
// mortgage in the same request (the body's `mortgage`: an object, or null to delete it).
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type {
  GeoPlace,
  RealEstate,
  RealEstateCreate,
  RealEstateUpdate,
  SuggestedEvaluation,
} from '@patrimonio/shared-api';
import { COUNTRIES, PROVINCES } from '@patrimonio/shared-api/constants';
import {
  CurrencyInput,
  DatePicker,
  defaultOwner,
  errorStatus,
  FormDialog,
  formatDate,
  formatMoney,
  labelOptions,
  type OwnerScope,
  PercentInput,
  Select,
  TextInput,
  useApiMutation,
  useApiQuery,
  useContractForm,
  useDebounced,
  useFieldErrors,
  useOwners,
} from '@patrimonio/shared-ui';
import { contract } from '@patrimonio/shared-ui/contract';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { applySuggestion, placeNote } from '../logic/autocomplete.ts';
import { EVALUATION_CHOICES } from '../logic/codes.ts';
import {
  BODY_FIELDS,
  emptyValues,
  euroPerMq,
  type FieldKey,
  formRules,
  type MortgageValues,
  NUMBER_BOXES,
  type NumberTexts,
  provinceApplies,
  type RealEstateValues,
  selectedEvaluation,
  toCreateBody,
  toUpdateBody,
  valuesFromRealEstate,
  withCountry,
} from '../logic/form.ts';
import {
  AMORTIZATION_LABELS,
  CONSERVATION_LABELS,
  DESTINATION_LABELS,
  FIELD_ERRORS,
  type FieldErrorCode,
  INTEREST_RATE_TYPE_LABELS,
  RATA_TYPE_LABELS,
  TOASTS,
  TYPE_PROPERTY_LABELS,
  TYPOLOGY_LABELS,
} from '../logic/labels.ts';
import { REAL_ESTATE_DATA_ROUTES } from '../logic/routes.ts';
import { PlaceAutocomplete, PlaceHint } from './PlaceAutocomplete.tsx';

/** The fields chosen from a list of codes. */
type CodeField =
  | 'typology'
  | 'destination'
  | 'typeProperty'
  | 'conservationState'
  | 'mortgage.rataType'
  | 'mortgage.interestRateType'
  | 'mortgage.amortization';

/** Spec section 9: the default debounce, for the area typed before the suggestion is asked again. */
const SUGGESTION_DEBOUNCE_MS = 500;

/** The suggested evaluation of the form's values: last-evaluation for a stored property whose data is unchanged. */
function useSuggestion(open: boolean, scope: OwnerScope, stored: RealEstate | null, values: RealEstateValues) {
  const mq = useDebounced(values.mq, SUGGESTION_DEBOUNCE_MS);
  const { typology, provinceCode, conservationState, country } = values;
  const italian = provinceApplies(country) && Boolean(provinceCode);
  const unchanged =
    stored !== null &&
    stored.typology === typology &&
    stored.country === country &&
    (stored.provinceCode ?? '') === provinceCode &&
    stored.mq === values.mq;
  const last = useApiQuery(
    'lastEvaluation',
    {
      params: { id: stored?.id ?? 0 },
      query: { ...scope.query, ...(conservationState ? { conservationState } : {}) },
    },
    { enabled: open && unchanged },
  );
  const fresh = useApiQuery(
    'suggestedEvaluation',
    {
      query: {
        ...scope.query,
        provinceCode,
        // Without a typology the query waits (enabled below); the stand-in only completes the request's type.
        typology: typology || 'RESIDENTIAL',
        ...(conservationState ? { conservationState } : {}),
        ...(mq !== null && mq > 0 ? { mq } : {}),
      },
    },
    { enabled: open && !unchanged && italian && Boolean(typology) },
  );
  const query = unchanged ? last : fresh;
  const applies = unchanged || (italian && Boolean(typology));
  return {
    suggestion: applies ? (query.data ?? null) : null,
    loading: applies && query.isFetching,
    failed: applies && Boolean(query.error),
    /** Why there can be none yet: no typology, or an address abroad. */
    missing: applies ? null : !provinceApplies(country) ? ('abroad' as const) : ('data' as const),
  };
}

export function RealEstateDialog(props: {
  open: boolean;
  onClose: () => void;
  scope: OwnerScope;
  /** The property to edit; a new one without it. */
  property?: RealEstate | null;
  onSaved?: (id: number) => void;
}) {
  const { t, i18n } = useLingui();
  const fieldError = useFieldErrors(FIELD_ERRORS);
  const owners = useOwners(props.scope);
  const stored = props.property ?? null;
  const needsOwner = !stored && props.scope.isFamily;
  // The place last chosen from the autocomplete: whether it had coordinates decides the note under the field.
  const [chosenPlace, setChosenPlace] = useState<GeoPlace | null>(null);
  const formRef = useRef<HTMLDivElement>(null);

  const currencies = useApiQuery('currencyMenu', undefined, { enabled: props.open });
  const mortgage = useApiQuery(
    'getMortgage',
    { params: { id: stored?.id ?? 0, mortgageId: stored?.mortgageId ?? 0 }, query: props.scope.query },
    { enabled: props.open && stored?.mortgageId != null },
  );
  const mortgageReady = stored?.mortgageId == null || mortgage.data !== undefined;
  const ready = props.open && mortgageReady;
  // The suggestion the body carries: read from the values below, handed to toBody through a ref (it follows them).
  const suggestionRef = useRef<SuggestedEvaluation | null>(null);

  /** The texts of the number boxes as typed (a box gives null for a text it cannot read: 150%, -5, letters). */
  const numberTexts = useCallback((): NumberTexts => {
    const form = formRef.current?.closest('form');
    const texts: NumberTexts = {};
    for (const [key, name] of Object.entries(NUMBER_BOXES) as [keyof typeof NUMBER_BOXES, string][]) {
      const input = form?.elements.namedItem(name);
      if (input instanceof HTMLInputElement) texts[key] = input.value;
    }
    return texts;
  }, []);
  const locale = i18n.locale === 'en' ? 'en' : 'it';

  // The form checks the contract's body, as the server does, and the rules beyond it (formRules); it starts over
  // when the dialog opens, once the stored mortgage has arrived.
  const form = useContractForm<
    RealEstateValues,
    typeof contract.createRealEstate.body | typeof contract.updateRealEstate.body
  >(stored ? contract.updateRealEstate.body : contract.createRealEstate.body, {
    open: ready,
    defaults: stored ? valuesFromRealEstate(stored, mortgage.data) : emptyValues(defaultOwner(owners)),
    toBody: useCallback(
      (v: RealEstateValues) =>
        stored ? toUpdateBody(v, suggestionRef.current, stored.mortgageId) : toCreateBody(v, suggestionRef.current),
      [stored],
    ),
    fields: BODY_FIELDS,
    refine: useCallback(
      (_body: unknown, v: RealEstateValues) => formRules(v, numberTexts(), locale),
      [numberTexts, locale],
    ),
  });
  const values = form.watch();
  const code = (key: FieldKey) => form.codeOf<FieldErrorCode>(key as never);

  // A new opening forgets the place chosen last time.
  useEffect(() => {
    if (props.open) setChosenPlace(null);
  }, [props.open]);

  // Default currency: EUR, once the list arrives.
  useEffect(() => {
    if (!props.open || values.currencyId || !currencies.data) return;
    const eur = currencies.data.find((c) => c.iso === 'EUR') ?? currencies.data[0];
    if (eur) form.setValue('currencyId', String(eur.id));
  }, [props.open, values.currencyId, currencies.data, form.setValue]);

  // After a refused save, the first field at fault gets the focus.
  const attempts = form.formState.submitCount;
  useEffect(() => {
    if (attempts === 0) return;
    formRef.current?.closest('form')?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempts]);

  const {
    suggestion,
    loading: suggesting,
    failed: suggestionFailed,
    missing,
  } = useSuggestion(ready, props.scope, stored, values);
  suggestionRef.current = suggestion;
  const suggestedValue = suggestion?.value ?? null;
  const evaluation = selectedEvaluation(values, suggestedValue);
  const perMq = euroPerMq(evaluation, values.mq);
  const symbol =
    currencies.data?.find((c) => String(c.id) === values.currencyId)?.symbol ?? stored?.currencySymbol ?? '€';

  const create = useApiMutation('createRealEstate', {
    success: TOASTS.realEstateAdded,
    invalidate: REAL_ESTATE_DATA_ROUTES,
    error: (e) => (errorStatus(e) === 400 ? TOASTS.checkFields : undefined),
  });
  const update = useApiMutation('updateRealEstate', {
    success: TOASTS.realEstateEdited,
    invalidate: REAL_ESTATE_DATA_ROUTES,
    error: (e) => (errorStatus(e) === 400 ? TOASTS.checkFields : undefined),
  });

  const set = <K extends keyof RealEstateValues>(key: K, value: RealEstateValues[K]) =>
    form.setValue(key as never, value as never);
  /** The fields a rule changed at once (the town chosen, a new country clearing the province). */
  const setAll = (next: RealEstateValues) => {
    const now = form.getValues();
    for (const key of Object.keys(next) as (keyof RealEstateValues)[]) if (next[key] !== now[key]) set(key, next[key]);
  };
  const setMortgage = <K extends keyof MortgageValues>(key: K, value: MortgageValues[K]) =>
    form.setValue(`mortgage.${key}` as never, value as never);

  /**
   * Typing in a field clears its error from the last save, so the field's own check shows while typing (150 in the
   * percent box: 'tra 0 e 100'); a number box changes its value only once its text reads, so its error is cleared
   * from the input event. Input names are the fields' ('mortgage_amount' for 'mortgage.amount', 'owner').
   */
  const clearTypedError = (event: { target: EventTarget }) => {
    const name = event.target instanceof HTMLElement ? event.target.getAttribute('name') : null;
    if (!name) return;
    form.clearErrors((name === 'owner' ? 'ownerId' : name.replace(/^mortgage_/, 'mortgage.')) as never);
  };

  const submit = form.submit(async (body) => {
    const id = stored
      ? (await update.mutateAsync({ params: { id: stored.id }, body: body as RealEstateUpdate })).id
      : (await create.mutateAsync({ body: body as RealEstateCreate })).id;
    props.onSaved?.(id);
    props.onClose();
  });

  const translate = (d: MessageDescriptor) => i18n._(d);
  /**
   * A select of one of the property's or the mortgage's codes, bound to its field (input name 'mortgage_rataType'
   * for 'mortgage.rataType'); the mortgage's are required once it has an amount.
   */
  const codeSelect = (
    key: CodeField,
    labels: Record<string, MessageDescriptor>,
    label: ReactNode,
    placeholder: string | undefined,
    testId: string,
  ) => (
    <Select
      label={label}
      required={!key.startsWith('mortgage.') || mortgageOn}
      name={key.replace('.', '_')}
      placeholder={placeholder}
      error={fieldError(code(key))}
      value={form.watch(key)}
      options={labelOptions(labels, translate)}
      onChange={(v) => form.setValue(key, v as never)}
      data-testid={testId}
    />
  );
  const english = i18n.locale === 'en';
  const countryOptions = useMemo(
    () =>
      COUNTRIES.map((c) => ({ value: c.code, label: english ? c.en : c.it })).sort((a, b) =>
        a.label.localeCompare(b.label, english ? 'en' : 'it'),
      ),
    [english],
  );
  const provinceOptions = useMemo(
    () => PROVINCES.map((p) => ({ value: p.code, label: `${p.name} (${p.code}) · ${p.regione}` })),
    [],
  );
  const italian = provinceApplies(values.country);
  const m = values.mortgage;
  const mortgageOn = m.amount !== null;

  return (
    <FormDialog
      open={props.open}
      onClose={props.onClose}
      onSubmit={() => void submit()}
      busy={!ready || create.isPending || update.isPending || (values.evaluationType === 'SUGGESTED' && suggesting)}
      title={stored ? <Trans>Modifica immobile</Trans> : <Trans>Nuovo immobile</Trans>}
      wide
      data-testid="real-estate-dialog"
    >
      <div ref={formRef} className="re-form__sections" onInput={clearTypedError}>
        <fieldset className="re-fieldset">
          <legend>
            <Trans>Immobile</Trans>
          </legend>
          <div className="re-form__grid">
            {needsOwner ? (
              <Select
                label={<Trans>Intestatario</Trans>}
                required
                name="owner"
                placeholder={t`Scegli un membro della famiglia`}
                error={fieldError(code('ownerId'))}
                value={values.ownerId === null ? '' : String(values.ownerId)}
                options={owners.map((o) => ({ value: String(o.id), label: o.name }))}
                onChange={(v) => set('ownerId', v ? Number(v) : null)}
                data-testid="re-owner"
              />
            ) : null}
            <TextInput
              label={<Trans>Descrizione</Trans>}
              required
              name="description"
              maxLength={300}
              className="re-form__wide"
              error={fieldError(code('description'))}
              value={values.description}
              onChange={(v) => set('description', v)}
              data-testid="re-description"
            />
            {codeSelect('typology', TYPOLOGY_LABELS, <Trans>Tipologia</Trans>, t`Scegli la tipologia`, 're-typology')}
            {codeSelect(
              'destination',
              DESTINATION_LABELS,
              <Trans>Destinazione</Trans>,
              t`Scegli la destinazione`,
              're-destination',
            )}
            {codeSelect(
              'typeProperty',
              TYPE_PROPERTY_LABELS,
              <Trans>Tipo di proprietà</Trans>,
              t`Scegli il tipo di proprietà`,
              're-type-property',
            )}
            {codeSelect(
              'conservationState',
              CONSERVATION_LABELS,
              <Trans>Stato di conservazione</Trans>,
              undefined,
              're-conservation',
            )}
            <CurrencyInput
              label={<Trans>Superficie</Trans>}
              name="mq"
              symbol="m²"
              error={fieldError(code('mq'))}
              value={values.mq}
              onChange={(v) => set('mq', v)}
              data-testid="re-mq"
            />
            <PercentInput
              label={<Trans>Percentuale di possesso</Trans>}
              required
              name="percOwned"
              error={fieldError(code('percOwned'))}
              value={values.percOwned}
              onChange={(v) => set('percOwned', v)}
              data-testid="re-perc-owned"
            />
            <Select
              label={<Trans>Valuta</Trans>}
              required
              name="currencyId"
              error={fieldError(code('currencyId'))}
              value={values.currencyId}
              options={(currencies.data ?? []).map((c) => ({ value: String(c.id), label: `${c.iso} (${c.symbol})` }))}
              onChange={(v) => set('currencyId', v)}
              data-testid="re-currency"
            />
          </div>
        </fieldset>

        <fieldset className="re-fieldset">
          <legend>
            <Trans>Indirizzo</Trans>
          </legend>
          <div className="re-form__grid">
            <PlaceAutocomplete
              label={<Trans>Comune</Trans>}
              required
              hint={
                {
                  onMap: <Trans>Coordinate trovate: l'immobile sarà sulla mappa.</Trans>,
                  noMarker: (
                    <Trans>
                      Coordinate non disponibili per questo comune: l'immobile non avrà un segnaposto sulla mappa.
                    </Trans>
                  ),
                  hint: <PlaceHint />,
                }[placeNote(values, chosenPlace)]
              }
              error={fieldError(code('city'))}
              value={values.city}
              // A town typed by hand has no known coordinates.
              onChange={(text) => {
                setChosenPlace(null);
                setAll({ ...form.getValues(), city: text, lat: null, lng: null });
              }}
              onChoose={(place: GeoPlace) => {
                setChosenPlace(place);
                setAll(applySuggestion(form.getValues(), place));
              }}
              data-testid="re-city"
            />
            <TextInput
              label={<Trans>Indirizzo</Trans>}
              required
              name="address"
              maxLength={300}
              error={fieldError(code('address'))}
              value={values.address}
              onChange={(v) => set('address', v)}
              data-testid="re-address"
            />
            <TextInput
              label={<Trans>Numero civico</Trans>}
              name="addressNumber"
              maxLength={20}
              value={values.addressNumber}
              onChange={(v) => set('addressNumber', v)}
              data-testid="re-address-number"
            />
            <TextInput
              label={<Trans>CAP</Trans>}
              name="zipcode"
              maxLength={20}
              value={values.zipcode}
              onChange={(v) => set('zipcode', v)}
              data-testid="re-zipcode"
            />
            <Select
              label={<Trans>Paese</Trans>}
              required
              name="country"
              error={fieldError(code('country'))}
              value={values.country}
              options={countryOptions}
              onChange={(v) => setAll(withCountry(form.getValues(), v))}
              data-testid="re-country"
            />
            <Select
              label={<Trans>Provincia</Trans>}
              required={italian}
              disabled={!italian}
              name="provinceCode"
              placeholder={italian ? t`Scegli la provincia` : t`Solo per indirizzi in Italia`}
              error={fieldError(code('provinceCode'))}
              value={values.provinceCode}
              options={provinceOptions}
              onChange={(v) => set('provinceCode', v)}
              data-testid="re-province"
            />
          </div>
        </fieldset>

        <fieldset className="re-fieldset" data-testid="re-evaluation">
          <legend>
            <Trans>Valutazione</Trans>
          </legend>
          <p className="re-suggestion" role="status" data-testid="re-suggested-evaluation">
            {suggesting ? (
              <Trans>Calcolo della valutazione suggerita…</Trans>
            ) : suggestionFailed ? (
              <Trans>Valutazione suggerita non disponibile al momento.</Trans>
            ) : suggestedValue !== null && suggestion ? (
              <SuggestionText suggestion={suggestion} symbol={symbol} />
            ) : missing === 'abroad' || suggestion?.reason === 'NO_PROVINCE' ? (
              <Trans>Nessuna valutazione suggerita fuori dall'Italia: indica un valore personalizzato.</Trans>
            ) : suggestion?.reason === 'NO_AREA' ? (
              <Trans>Indica la superficie per avere una valutazione suggerita.</Trans>
            ) : (
              <Trans>Scegli tipologia e provincia per avere una valutazione suggerita.</Trans>
            )}
          </p>
          <div className="re-choice" role="radiogroup" aria-label={t`Valutazione da usare`}>
            {EVALUATION_CHOICES.map((choice) => (
              <label key={choice} className="re-choice__option">
                <input
                  type="radio"
                  name="realEstateEvaluationType"
                  value={choice}
                  checked={values.evaluationType === choice}
                  onChange={() => set('evaluationType', choice)}
                  data-testid={`re-evaluation-${choice.toLowerCase()}`}
                />{' '}
                {choice === 'SUGGESTED' ? <Trans>Suggerita</Trans> : <Trans>Personalizzata</Trans>}
              </label>
            ))}
          </div>
          {code('selectedEvaluation') && values.evaluationType === 'SUGGESTED' ? (
            <p className="pt-error" role="alert">
              <Trans>Nessuna valutazione suggerita: scegli "Personalizzata" e indica il valore.</Trans>
            </p>
          ) : null}
          <div className="re-form__grid">
            <CurrencyInput
              label={<Trans>Valutazione personalizzata</Trans>}
              name="customEvaluation"
              symbol={symbol}
              required={values.evaluationType === 'CUSTOM'}
              disabled={values.evaluationType !== 'CUSTOM'}
              error={fieldError(code('customEvaluation'))}
              value={values.customEvaluation}
              onChange={(v) => set('customEvaluation', v)}
              data-testid="re-custom-evaluation"
            />
            <TextInput
              label={<Trans>Euro al m²</Trans>}
              name="eurPerMq"
              readOnly
              hint={<Trans>Valutazione divisa per la superficie</Trans>}
              value={perMq === null ? '' : formatMoney(perMq, `${symbol}/m²`)}
              onChange={() => undefined}
              data-testid="re-eur-mq"
            />
          </div>
        </fieldset>

        <fieldset className="re-fieldset">
          <legend>
            <Trans>Acquisto e redditività</Trans>
          </legend>
          <div className="re-form__grid">
            <DatePicker
              label={<Trans>Data di acquisto</Trans>}
              name="purchaseDate"
              quickYears={false}
              value={values.purchaseDate}
              onChange={(v) => set('purchaseDate', v)}
              data-testid="re-purchase-date"
            />
            <CurrencyInput
              label={<Trans>Valore di acquisto</Trans>}
              name="purchaseValue"
              symbol={symbol}
              error={fieldError(code('purchaseValue'))}
              value={values.purchaseValue}
              onChange={(v) => set('purchaseValue', v)}
              data-testid="re-purchase-value"
            />
            <CurrencyInput
              label={<Trans>Reddito annuo</Trans>}
              name="income"
              symbol={symbol}
              error={fieldError(code('income'))}
              value={values.income}
              onChange={(v) => set('income', v)}
              data-testid="re-income"
            />
            <CurrencyInput
              label={<Trans>Costi di manutenzione annui</Trans>}
              name="maintenanceCost"
              symbol={symbol}
              error={fieldError(code('maintenanceCost'))}
              value={values.maintenanceCost}
              onChange={(v) => set('maintenanceCost', v)}
              data-testid="re-maintenance"
            />
          </div>
        </fieldset>

        <fieldset className="re-fieldset" data-testid="re-mortgage">
          <legend>
            <Trans>Mutuo</Trans>
          </legend>
          <p className="pt-muted re-small">
            {stored?.mortgageId != null ? (
              <Trans>Svuota l'importo per eliminare il mutuo al salvataggio.</Trans>
            ) : (
              <Trans>Facoltativo: con l'importo diventano obbligatori tutti i campi del mutuo.</Trans>
            )}
          </p>
          <div className="re-form__grid">
            <CurrencyInput
              label={<Trans>Importo del mutuo</Trans>}
              name="mortgage_amount"
              symbol={symbol}
              error={fieldError(code('mortgage.amount'))}
              value={m.amount}
              onChange={(v) => setMortgage('amount', v)}
              data-testid="mortgage-amount"
            />
            <DatePicker
              label={<Trans>Data di inizio</Trans>}
              name="mortgage_initDate"
              quickYears={false}
              required={mortgageOn}
              error={fieldError(code('mortgage.initDate'))}
              value={m.initDate}
              onChange={(v) => setMortgage('initDate', v)}
              data-testid="mortgage-init-date"
            />
            {codeSelect(
              'mortgage.rataType',
              RATA_TYPE_LABELS,
              <Trans>Periodicità della rata</Trans>,
              t`Scegli la periodicità`,
              'mortgage-rata-type',
            )}
            <TextInput
              label={<Trans>Numero di rate</Trans>}
              name="mortgage_totalRata"
              inputMode="numeric"
              maxLength={4}
              required={mortgageOn}
              error={fieldError(code('mortgage.totalRata'))}
              value={m.totalRata}
              onChange={(v) => setMortgage('totalRata', v)}
              data-testid="mortgage-total-rata"
            />
            {codeSelect(
              'mortgage.interestRateType',
              INTEREST_RATE_TYPE_LABELS,
              <Trans>Tipo di tasso</Trans>,
              t`Scegli il tipo di tasso`,
              'mortgage-rate-type',
            )}
            {codeSelect(
              'mortgage.amortization',
              AMORTIZATION_LABELS,
              <Trans>Ammortamento</Trans>,
              t`Scegli l'ammortamento`,
              'mortgage-amortization',
            )}
            <PercentInput
              label={<Trans>Tasso di interesse annuo</Trans>}
              name="mortgage_interestRate"
              required={mortgageOn}
              error={fieldError(code('mortgage.interestRate'))}
              value={m.interestRate}
              onChange={(v) => setMortgage('interestRate', v)}
              data-testid="mortgage-rate"
            />
          </div>
        </fieldset>

        <details className="re-fieldset re-details">
          <summary>
            <Trans>Dati catastali</Trans>
          </summary>
          <div className="re-form__grid">
            <CurrencyInput
              label={<Trans>Rendita catastale</Trans>}
              name="cadastralIncome"
              symbol={symbol}
              error={fieldError(code('cadastralIncome'))}
              value={values.cadastralIncome}
              onChange={(v) => set('cadastralIncome', v)}
            />
            <TextInput
              label={<Trans>Codice</Trans>}
              name="code"
              maxLength={100}
              value={values.code}
              onChange={(v) => set('code', v)}
            />
            <TextInput
              label={<Trans>Codice catastale</Trans>}
              name="cadastralCode"
              maxLength={100}
              value={values.cadastralCode}
              onChange={(v) => set('cadastralCode', v)}
            />
            <TextInput
              label={<Trans>Sezione urbana</Trans>}
              name="urbanSection"
              maxLength={100}
              value={values.urbanSection}
              onChange={(v) => set('urbanSection', v)}
            />
            <TextInput
              label={<Trans>Foglio</Trans>}
              name="layout"
              maxLength={100}
              value={values.layout}
              onChange={(v) => set('layout', v)}
            />
            <TextInput
              label={<Trans>Particella</Trans>}
              name="lot"
              maxLength={100}
              value={values.lot}
              onChange={(v) => set('lot', v)}
            />
            <TextInput
              label={<Trans>Subalterno</Trans>}
              name="subLot"
              inputMode="numeric"
              maxLength={6}
              error={fieldError(code('subLot'))}
              value={values.subLot}
              onChange={(v) => set('subLot', v)}
            />
          </div>
        </details>

        <TextInput
          label={<Trans>Note</Trans>}
          name="note"
          maxLength={2000}
          value={values.note}
          onChange={(v) => set('note', v)}
          data-testid="re-note"
        />
      </div>
    </FormDialog>
  );
}

function SuggestionText({ suggestion, symbol }: { suggestion: SuggestedEvaluation; symbol: string }) {
  const value = formatMoney(suggestion.value, symbol);
  const perMq = formatMoney(suggestion.eurPerMq, `${symbol}/m²`);
  const date = formatDate(suggestion.date);
  const source = suggestion.source;
  return (
    <Trans>
      Valutazione suggerita: <strong data-testid="re-suggested-value">{value}</strong> ({perMq}, prezzi al {date},
      fonte: {source})
    </Trans>
  );
}
