// Map a bank's code (POST /mapping, PUT /mapping/{id}; ADMIN, BACK_OFFICE): for a counterpart, a transaction code to
// our cause (a FEE with its subcause) for credits, debits or both; an instrument code to an instrument of the
// registry (searched in the stocks list); an account identifier to one of the accounts the caller sees. Opened from a
// code waiting in "Da mappare" it comes prefilled. 409 mapping_exists: the same code is already mapped.
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Counterpart, Mapping } from '@patrimonio/shared-api';
import { MAPPING_DIRECTIONS, MAPPING_KINDS, MOVEMENT_CAUSES } from '@patrimonio/shared-api/constants';
import {
  bindField,
  CAUSE_LABELS,
  errorCode,
  labelOptions,
  SearchSelect,
  Select,
  SUBCAUSE_LABELS,
  TextInput,
  useApiQuery,
  useContractForm,
  useFieldErrors,
} from '@patrimonio/shared-ui';
import { contract } from '@patrimonio/shared-ui/contract';
import { DIRECTION_LABELS, MAPPING_KIND_LABELS, TOASTS } from '../common/labels.ts';
import {
  type MappingPrefill,
  mappingBody,
  mappingFormOf,
  mappingRefine,
  OTHER_SUBCAUSE,
  sortedRecordOptions,
} from '../common/logic.ts';
import { checkFieldsToast, fieldSetter, SaveDialog, useRecordSave } from '../common/SaveDialog.tsx';

/** The stocks list as the spec asks it (size 100000, name asc), shared with the stocks page's cache. */
export const STOCKS_REQUEST = { query: { size: 100000, sort: 'name,asc' } };
const exists = (e: unknown) => errorCode(e) === 'mapping_exists';

export function MappingDialog(props: {
  open: boolean;
  /** The mapping edited, or null to add one. */
  mapping: Mapping | null;
  /** A waiting code to map (counterpart, kind, code, direction). */
  prefill: MappingPrefill | null;
  counterparts: readonly Counterpart[];
  onClose: () => void;
  /** After a save, before the dialog closes. */
  onSaved?: () => void;
}) {
  const { t, i18n } = useLingui();
  const fieldError = useFieldErrors();
  const { open, mapping } = props;
  const form = useContractForm(contract.createMapping.body, {
    open,
    defaults: mappingFormOf(mapping ?? props.prefill),
    toBody: mappingBody,
    refine: mappingRefine,
  });
  const values = form.watch();
  const set = fieldSetter(form);
  const translate = (m: MessageDescriptor) => i18n._(m);

  const stocks = useApiQuery('listStocks', STOCKS_REQUEST, { enabled: open && values.kind === 'INSTRUMENT' });
  const accounts = useApiQuery('accountMenu', { query: {} }, { enabled: open && values.kind === 'ACCOUNT' });
  const stockOptions = (stocks.data?.item ?? []).map((s) => ({ value: String(s.id), label: `${s.isin} · ${s.name}` }));
  const accountOptions = (accounts.data ?? []).map((a) => ({
    value: String(a.id),
    label: [a.name, a.user, a.iban ?? a.intermediary].filter(Boolean).join(' · '),
  }));
  const counterpartOptions = sortedRecordOptions(props.counterparts, i18n.locale);

  const save = useRecordSave('createMapping', 'updateMapping', mapping?.id ?? null, {
    added: TOASTS.mappingAdded,
    edited: TOASTS.mappingEdited,
    invalidate: ['listMappings', 'unmappedCodes'],
    error: (e) => (exists(e) ? TOASTS.mappingExists : checkFieldsToast(e)),
  });

  // An instrument code maps to an instrument of the registry, an account identifier to one of the caller's accounts:
  // one picker, searched, for either.
  const picksTarget = values.kind === 'INSTRUMENT' || values.kind === 'ACCOUNT';
  const instrument = values.kind === 'INSTRUMENT';
  const targets = instrument ? stocks : accounts;
  const targetField = instrument ? 'instrumentId' : 'accountId';
  const loadingText = instrument ? t`Caricamento degli strumenti…` : t`Caricamento dei conti…`;
  const chooseText = instrument ? t`Scegli lo strumento` : t`Scegli il conto`;

  const codeHint =
    values.kind === 'CAUSE' ? (
      <Trans>La causale della banca, per esempio la causale CBI «26».</Trans>
    ) : values.kind === 'INSTRUMENT' ? (
      <Trans>Il codice con cui la banca indica lo strumento (un ISIN già in anagrafica non serve mapparlo).</Trans>
    ) : values.kind === 'ACCOUNT' ? (
      <Trans>L'IBAN, il numero di conto o di dossier come lo scrive la banca.</Trans>
    ) : null;

  return (
    <SaveDialog
      form={form}
      save={save}
      open={open}
      onClose={props.onClose}
      onSaved={props.onSaved}
      refusal={(e) => (exists(e) ? i18n._(TOASTS.mappingExists) : undefined)}
      title={mapping ? <Trans>Modifica la mappatura</Trans> : <Trans>Mappa un codice</Trans>}
      submitTestId="mapping-submit"
      wide
      data-testid="mapping-dialog"
    >
      <div className="pt-form__row">
        <Select
          label={<Trans>Controparte</Trans>}
          required
          name="counterpartId"
          placeholder={t`Scegli la controparte`}
          data-testid="mapping-counterpart"
          {...bindField(form, 'counterpartId', fieldError)}
          options={counterpartOptions}
        />
        <Select
          label={<Trans>Tipo di codice</Trans>}
          required
          name="kind"
          placeholder={t`Scegli il tipo`}
          data-testid="mapping-kind"
          {...bindField(form, 'kind', fieldError)}
          options={labelOptions(MAPPING_KIND_LABELS, translate, MAPPING_KINDS)}
        />
      </div>
      <TextInput
        label={<Trans>Codice della banca</Trans>}
        required
        name="code"
        maxLength={100}
        hint={codeHint}
        data-testid="mapping-code"
        {...bindField(form, 'code', fieldError)}
      />
      {values.kind === 'CAUSE' ? (
        <div className="pt-form__row">
          <Select
            label={<Trans>Si applica a</Trans>}
            required
            name="direction"
            data-testid="mapping-direction"
            {...bindField(form, 'direction', fieldError)}
            options={labelOptions(DIRECTION_LABELS, translate, MAPPING_DIRECTIONS)}
          />
          <Select
            label={<Trans>Causale</Trans>}
            required
            name="cause"
            placeholder={t`Scegli la causale`}
            data-testid="mapping-cause"
            value={values.cause}
            error={fieldError(form.codeOf('cause'))}
            options={labelOptions(CAUSE_LABELS, translate, MOVEMENT_CAUSES)}
            onChange={(v) => {
              set('subcause', v === 'FEE' ? values.subcause || OTHER_SUBCAUSE : '');
              set('cause', v);
            }}
          />
          {values.cause === 'FEE' ? (
            <Select
              label={<Trans>Sottocausale</Trans>}
              name="subcause"
              data-testid="mapping-subcause"
              {...bindField(form, 'subcause', fieldError)}
              options={labelOptions(SUBCAUSE_LABELS, translate)}
            />
          ) : null}
        </div>
      ) : null}
      {picksTarget ? (
        <SearchSelect
          key={targetField}
          label={instrument ? <Trans>Strumento</Trans> : <Trans>Conto</Trans>}
          searchLabel={
            instrument ? (
              <Trans>Cerca uno strumento per ISIN o nome</Trans>
            ) : (
              <Trans>Cerca un conto per nome, cliente o IBAN</Trans>
            )
          }
          searchTestId={instrument ? 'mapping-instrument-search' : 'mapping-account-search'}
          required
          name={targetField}
          placeholder={targets.isLoading ? loadingText : chooseText}
          hint={
            !targets.isError ? null : instrument ? (
              <Trans>Impossibile caricare gli strumenti. Riprova tra qualche istante.</Trans>
            ) : (
              <Trans>Impossibile caricare i conti. Riprova tra qualche istante.</Trans>
            )
          }
          data-testid={instrument ? 'mapping-instrument' : 'mapping-account'}
          {...bindField(form, targetField, fieldError)}
          options={instrument ? stockOptions : accountOptions}
        />
      ) : null}
    </SaveDialog>
  );
}
