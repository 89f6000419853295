// Add or edit a counterpart (POST /counterpart, PUT /counterpart/{id}; ADMIN, BACK_OFFICE): its name, ABI code, the
// intermediary it is in our data (the financial pages' intermediary list), the server its files come from (the
// servers' names) and folder, and the formats it sends: CBI, camt.053 or its own CSV/XLSX layout, each with its file
// pattern; a layout states what it holds (movements, positions or balances), how its account column names the
// account, its date format and decimal separator, and the header of the file's column for each field (the required
// ones marked).
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Counterpart } from '@patrimonio/shared-api';
import {
  ACCOUNT_REF_KINDS,
  FILE_FORMATS,
  LAYOUT_DATE_FORMATS,
  LAYOUT_DECIMAL_SEPARATORS,
  LAYOUT_KINDS,
} from '@patrimonio/shared-api/constants';
import {
  Button,
  bindField,
  labelOptions,
  Select,
  TextInput,
  useApiQuery,
  useContractForm,
  useFieldErrors,
} from '@patrimonio/shared-ui';
import { contract } from '@patrimonio/shared-ui/contract';
import type { Path } from 'react-hook-form';
import {
  ACCOUNT_REF_LABELS,
  FORMAT_LABELS,
  LAYOUT_FIELD_LABELS,
  LAYOUT_KIND_LABELS,
  TOASTS,
} from '../common/labels.ts';
import {
  type CounterpartForm,
  counterpartBody,
  counterpartFormOf,
  counterpartRefine,
  emptyFormat,
  type FormatForm,
  layoutFields,
  recordOptions,
  sortedRecordOptions,
} from '../common/logic.ts';
import { fieldSetter, NameInput, SaveDialog, useRecordSave } from '../common/SaveDialog.tsx';

/** The contract's bound of a counterpart's formats. */
export const MAX_FORMATS = 10;

const DATE_FORMAT_LABELS: Record<(typeof LAYOUT_DATE_FORMATS)[number], MessageDescriptor> = {
  'YYYY-MM-DD': msg`AAAA-MM-GG (2026-11-20)`,
  'DD/MM/YYYY': msg`GG/MM/AAAA (20/11/2026)`,
};
const DECIMAL_LABELS: Record<(typeof LAYOUT_DECIMAL_SEPARATORS)[number], MessageDescriptor> = {
  ',': msg`Virgola (1234,56)`,
  '.': msg`Punto (1234.56)`,
};

export function CounterpartDialog(props: { open: boolean; counterpart: Counterpart | null; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const fieldError = useFieldErrors();
  const { open, counterpart } = props;
  const form = useContractForm(contract.createCounterpart.body, {
    open,
    defaults: counterpartFormOf(counterpart),
    toBody: counterpartBody,
    refine: counterpartRefine,
  });
  const values = form.watch();
  const translate = (m: MessageDescriptor) => i18n._(m);

  const intermediaries = useApiQuery('intermediaryMenu', { query: {} }, { enabled: open });
  const servers = useApiQuery('serverNames', undefined, { enabled: open });
  const intermediaryOptions = sortedRecordOptions(intermediaries.data, i18n.locale);
  const serverOptions = recordOptions(servers.data);

  const save = useRecordSave('createCounterpart', 'updateCounterpart', counterpart?.id ?? null, {
    added: TOASTS.counterpartAdded,
    edited: TOASTS.counterpartEdited,
    invalidate: ['listCounterparts', 'getCounterpart'],
  });

  const set = fieldSetter(form);
  const setFormats = (formats: FormatForm[]) => set('formats', formats);
  const setAt = (path: string, value: string) => set(path as Path<CounterpartForm>, value as never);
  const errorAt = (path: string) => fieldError(form.codeOf(path as Path<CounterpartForm>));

  return (
    <SaveDialog
      form={form}
      save={save}
      open={open}
      onClose={props.onClose}
      title={counterpart ? <Trans>Modifica la controparte</Trans> : <Trans>Nuova controparte</Trans>}
      submitTestId="counterpart-submit"
      wide
      data-testid="counterpart-dialog"
    >
      <div className="pt-form__row">
        <NameInput data-testid="counterpart-name" {...bindField(form, 'name', fieldError)} />
        <TextInput
          label={<Trans>ABI</Trans>}
          name="abi"
          inputMode="numeric"
          maxLength={5}
          hint={<Trans>Codice della banca, 5 cifre</Trans>}
          data-testid="counterpart-abi"
          {...bindField(form, 'abi', fieldError)}
        />
      </div>
      <div className="pt-form__row">
        <Select
          label={<Trans>Intermediario</Trans>}
          name="intermediaryId"
          placeholder={t`Nessuno`}
          hint={<Trans>Come la banca compare nei dati dei clienti</Trans>}
          data-testid="counterpart-intermediary"
          {...bindField(form, 'intermediaryId', fieldError)}
          options={intermediaryOptions}
        />
        <Select
          label={<Trans>Server</Trans>}
          name="serverId"
          placeholder={t`Nessuno`}
          data-testid="counterpart-server"
          {...bindField(form, 'serverId', fieldError)}
          options={serverOptions}
        />
        <TextInput
          label={<Trans>Sottocartella</Trans>}
          name="folder"
          maxLength={500}
          hint={<Trans>Dentro la cartella del server, se i suoi file sono in una cartella propria</Trans>}
          data-testid="counterpart-folder"
          {...bindField(form, 'folder', fieldError)}
        />
      </div>
      <p className="ad-note">
        <Trans>
          I formati che la controparte invia: un file è suo se il nome corrisponde al modello di uno dei formati.
        </Trans>
      </p>
      {values.formats.map((f, i) => {
        const at = `formats.${i}`;
        const number = i + 1;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a format has no id of its own; its values live in the form.
          <fieldset key={i} className="pt-fieldset" data-testid={`format-${i}`}>
            <legend>
              <Trans>Formato {number}</Trans>
            </legend>
            <div className="pt-form">
              <div className="pt-form__row">
                <Select
                  label={<Trans>Formato</Trans>}
                  required
                  name={`${at}.format`}
                  placeholder={t`Scegli il formato`}
                  data-testid={`format-${i}-format`}
                  value={f.format}
                  error={errorAt(`${at}.format`)}
                  options={labelOptions(FORMAT_LABELS, translate, FILE_FORMATS)}
                  onChange={(v) => setAt(`${at}.format`, v)}
                />
                <TextInput
                  label={<Trans>Modello dei nomi dei file</Trans>}
                  required
                  name={`${at}.filePattern`}
                  maxLength={200}
                  hint={<Trans>Es. *.cbi, CAMT053_*.xml</Trans>}
                  data-testid={`format-${i}-pattern`}
                  value={f.filePattern}
                  error={errorAt(`${at}.filePattern`)}
                  onChange={(v) => setAt(`${at}.filePattern`, v)}
                />
              </div>
              {f.format === 'LAYOUT' ? (
                <>
                  <div className="pt-form__row">
                    <Select
                      label={<Trans>Contenuto</Trans>}
                      required
                      name={`${at}.layout.kind`}
                      placeholder={t`Scegli`}
                      data-testid={`format-${i}-kind`}
                      value={f.layout.kind}
                      error={errorAt(`${at}.layout.kind`)}
                      options={labelOptions(LAYOUT_KIND_LABELS, translate, LAYOUT_KINDS)}
                      onChange={(v) => setAt(`${at}.layout.kind`, v)}
                    />
                    <Select
                      label={<Trans>Il conto è indicato con</Trans>}
                      required
                      name={`${at}.layout.accountRef`}
                      placeholder={t`Scegli`}
                      data-testid={`format-${i}-account-ref`}
                      value={f.layout.accountRef}
                      error={errorAt(`${at}.layout.accountRef`)}
                      options={labelOptions(ACCOUNT_REF_LABELS, translate, ACCOUNT_REF_KINDS)}
                      onChange={(v) => setAt(`${at}.layout.accountRef`, v)}
                    />
                  </div>
                  <div className="pt-form__row">
                    <Select
                      label={<Trans>Formato delle date</Trans>}
                      required
                      name={`${at}.layout.dateFormat`}
                      placeholder={t`Scegli`}
                      data-testid={`format-${i}-date-format`}
                      value={f.layout.dateFormat}
                      error={errorAt(`${at}.layout.dateFormat`)}
                      options={labelOptions(DATE_FORMAT_LABELS, translate, LAYOUT_DATE_FORMATS)}
                      onChange={(v) => setAt(`${at}.layout.dateFormat`, v)}
                    />
                    <Select
                      label={<Trans>Separatore dei decimali</Trans>}
                      required
                      name={`${at}.layout.decimalSeparator`}
                      placeholder={t`Scegli`}
                      data-testid={`format-${i}-decimal`}
                      value={f.layout.decimalSeparator}
                      error={errorAt(`${at}.layout.decimalSeparator`)}
                      options={labelOptions(DECIMAL_LABELS, translate, LAYOUT_DECIMAL_SEPARATORS)}
                      onChange={(v) => setAt(`${at}.layout.decimalSeparator`, v)}
                    />
                  </div>
                  {f.layout.kind ? (
                    <fieldset className="pt-fieldset" data-testid={`format-${i}-columns`}>
                      <legend>
                        <Trans>Intestazione della colonna del file per ogni campo</Trans>
                      </legend>
                      <div className="pt-form__row">
                        {layoutFields(f.layout.kind).map(({ field, required }) => {
                          const label = LAYOUT_FIELD_LABELS[field];
                          return (
                            <TextInput
                              key={field}
                              label={label ? `${i18n._(label)} (${field})` : field}
                              required={required}
                              name={`${at}.layout.columns.${field}`}
                              maxLength={100}
                              data-testid={`format-${i}-column-${field}`}
                              value={f.layout.columns[field] ?? ''}
                              error={errorAt(`${at}.layout.columns.${field}`)}
                              onChange={(v) => setAt(`${at}.layout.columns.${field}`, v)}
                            />
                          );
                        })}
                      </div>
                    </fieldset>
                  ) : null}
                </>
              ) : null}
              <div>
                <Button
                  variant="ghost"
                  data-testid={`format-${i}-remove`}
                  onClick={() => setFormats(values.formats.filter((_, j) => j !== i))}
                >
                  <Trans>Rimuovi il formato {number}</Trans>
                </Button>
              </div>
            </div>
          </fieldset>
        );
      })}
      <div>
        <Button
          data-testid="format-add"
          disabled={values.formats.length >= MAX_FORMATS}
          onClick={() => setFormats([...values.formats, emptyFormat()])}
        >
          <Trans>Aggiungi un formato</Trans>
        </Button>
      </div>
    </SaveDialog>
  );
}
