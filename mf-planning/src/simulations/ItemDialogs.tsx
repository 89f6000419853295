// The simulation's add dialogs, bound to the contract's item schemas (a SimulationBody's realEstate, artlux and share
// items): a property with an optional mortgage, an art or luxury item, a family business share. They change nothing
// on the server: the item is handed to the editor, which applies the engine's add edit (the purchase is paid from
// cash). And the name asked when a new simulation is saved (POST /gc).

import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { SimulationArtLux, SimulationRealEstate, SimulationShare } from '@patrimonio/shared-api';
import {
  CATEGORY_LABELS,
  CurrencyInput,
  DatePicker,
  FormDialog,
  labelOptions,
  PercentInput,
  Select,
  TextInput,
  todayIso,
  useContractForm,
  useFieldErrors,
} from '@patrimonio/shared-ui';
import { contract } from '@patrimonio/shared-ui/contract';
import type { ReactNode } from 'react';
import type { FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';
import { AMORTIZATION_LABELS, INTEREST_RATE_TYPE_LABELS, RATA_TYPE_LABELS } from './labels.ts';

const body = contract.createSimulation.body.properties;

interface DialogProps<T> {
  open: boolean;
  onClose: () => void;
  onAdd: (item: T) => void;
}

/** An add dialog's frame: on submit the form's item is handed to the editor, then the dialog closes. */
function AddDialog<T>({
  form,
  onAdd,
  ...dialog
}: DialogProps<T> & {
  form: { submit: (send: (item: T) => Promise<unknown>) => (event?: { preventDefault?: () => void }) => Promise<void> };
  title: ReactNode;
  wide?: boolean;
  'data-testid': string;
  children: ReactNode;
}) {
  const submit = form.submit(async (item) => {
    onAdd(item);
    dialog.onClose();
  });
  return <FormDialog {...dialog} onSubmit={(e) => void submit(e)} submitLabel={<Trans>Aggiungi</Trans>} />;
}

/** A form field bound to a shared input: its value, its change and its error's message. */
function useFieldBinder<V extends FieldValues>(
  form: Pick<UseFormReturn<V>, 'watch' | 'setValue'> & { codeOf: (name: Path<V>) => string | undefined },
) {
  const fieldError = useFieldErrors();
  return <N extends Path<V>>(name: N) => ({
    value: form.watch(name),
    onChange: (value: PathValue<V, N>) => form.setValue(name, value),
    error: fieldError(form.codeOf(name)),
  });
}

interface PropertyValues {
  description: string;
  evaluation: number | null;
  percOwned: number | null;
  income: number | null;
  maintenanceCost: number | null;
  withMortgage: boolean;
  mortgageAmount: number | null;
  mortgageInitDate: string | null;
  rataType: string;
  totalRata: string;
  interestRateType: string;
  amortization: string;
  interestRate: number | null;
}

const PROPERTY_DEFAULTS: PropertyValues = {
  description: '',
  evaluation: null,
  percOwned: 1,
  income: 0,
  maintenanceCost: 0,
  withMortgage: false,
  mortgageAmount: null,
  mortgageInitDate: null,
  rataType: 'MONTHLY',
  totalRata: '240',
  interestRateType: 'FIX',
  amortization: 'CONST',
  interestRate: null,
};

/** The property of the form: the mortgage only when asked for (its fields then required by the schema). */
export function propertyItem(v: PropertyValues): SimulationRealEstate {
  return {
    realEstateId: null,
    description: v.description.trim(),
    evaluation: v.evaluation as number,
    percOwned: v.percOwned as number,
    income: v.income ?? 0,
    maintenanceCost: v.maintenanceCost ?? 0,
    mortgage: v.withMortgage
      ? ({
          amount: v.mortgageAmount,
          initDate: v.mortgageInitDate,
          rataType: v.rataType || null,
          totalRata: v.totalRata.trim() === '' ? null : Number(v.totalRata),
          interestRateType: v.interestRateType || null,
          amortization: v.amortization || null,
          // The rate in percent (3.5 = 3.5%): the percent box gives a fraction.
          interestRate: v.interestRate === null ? null : Math.round(v.interestRate * 1e8) / 1e6,
        } as unknown as SimulationRealEstate['mortgage'])
      : null,
  };
}

export function AddPropertyDialog(props: DialogProps<SimulationRealEstate>) {
  const { i18n } = useLingui();
  const form = useContractForm(body.realEstate.items, {
    open: props.open,
    defaults: { ...PROPERTY_DEFAULTS, mortgageInitDate: todayIso() } as PropertyValues,
    toBody: propertyItem,
    fields: {
      'mortgage.amount': 'mortgageAmount',
      'mortgage.initDate': 'mortgageInitDate',
      'mortgage.rataType': 'rataType',
      'mortgage.totalRata': 'totalRata',
      'mortgage.interestRateType': 'interestRateType',
      'mortgage.amortization': 'amortization',
      'mortgage.interestRate': 'interestRate',
    },
  });
  const withMortgage = form.watch('withMortgage');
  const translate = (d: MessageDescriptor) => i18n._(d);
  const field = useFieldBinder(form);
  return (
    <AddDialog
      {...props}
      form={form}
      title={<Trans>Aggiungi un immobile</Trans>}
      wide
      data-testid="add-property-dialog"
    >
      <TextInput
        label={<Trans>Descrizione</Trans>}
        required
        maxLength={200}
        data-testid="property-description"
        {...field('description')}
      />
      <div className="pt-form__row">
        <CurrencyInput
          label={<Trans>Valore</Trans>}
          required
          data-testid="property-evaluation"
          {...field('evaluation')}
        />
        <PercentInput
          label={<Trans>Quota di proprietà</Trans>}
          required
          data-testid="property-perc-owned"
          {...field('percOwned')}
        />
      </div>
      <div className="pt-form__row">
        <CurrencyInput label={<Trans>Reddito annuo</Trans>} {...field('income')} />
        <CurrencyInput label={<Trans>Costi di manutenzione annui</Trans>} {...field('maintenanceCost')} />
      </div>
      <label className="pl-check">
        <input
          type="checkbox"
          checked={withMortgage}
          data-testid="property-with-mortgage"
          onChange={(e) => form.setValue('withMortgage', e.currentTarget.checked)}
        />
        <Trans>Acquisto con mutuo</Trans>
      </label>
      {withMortgage ? (
        <fieldset className="pt-fieldset">
          <legend>
            <Trans>Mutuo</Trans>
          </legend>
          <div className="pt-form__row">
            <CurrencyInput
              label={<Trans>Importo del mutuo</Trans>}
              required
              data-testid="mortgage-amount"
              {...field('mortgageAmount')}
            />
            <DatePicker
              label={<Trans>Data di inizio</Trans>}
              required
              quickYears={false}
              data-testid="mortgage-init-date"
              {...field('mortgageInitDate')}
            />
          </div>
          <div className="pt-form__row">
            <Select
              label={<Trans>Rate</Trans>}
              required
              {...field('rataType')}
              options={labelOptions(RATA_TYPE_LABELS, translate)}
            />
            <TextInput label={<Trans>Numero di rate</Trans>} required inputMode="numeric" {...field('totalRata')} />
          </div>
          <div className="pt-form__row">
            <Select
              label={<Trans>Tasso</Trans>}
              required
              {...field('interestRateType')}
              options={labelOptions(INTEREST_RATE_TYPE_LABELS, translate)}
            />
            <PercentInput label={<Trans>Tasso annuo</Trans>} required {...field('interestRate')} />
          </div>
          <Select
            label={<Trans>Ammortamento</Trans>}
            required
            {...field('amortization')}
            options={labelOptions(AMORTIZATION_LABELS, translate)}
          />
        </fieldset>
      ) : null}
    </AddDialog>
  );
}

interface ArtValues {
  description: string;
  category: string;
  valuation: number | null;
}

export function AddArtLuxDialog(props: DialogProps<SimulationArtLux>) {
  const { t, i18n } = useLingui();
  const form = useContractForm(body.artlux.items, {
    open: props.open,
    defaults: { description: '', category: '', valuation: null } as ArtValues,
    toBody: (v: ArtValues) => ({
      luxId: null,
      description: v.description.trim(),
      category: (v.category || null) as SimulationArtLux['category'],
      valuation: v.valuation as number,
    }),
  });
  const field = useFieldBinder(form);
  return (
    <AddDialog
      {...props}
      form={form}
      title={<Trans>Aggiungi un bene di arte o di lusso</Trans>}
      data-testid="add-artlux-dialog"
    >
      <TextInput
        label={<Trans>Descrizione</Trans>}
        required
        maxLength={200}
        data-testid="artlux-description"
        {...field('description')}
      />
      <Select
        label={<Trans>Categoria</Trans>}
        placeholder={t`Nessuna categoria`}
        value={form.watch('category')}
        onChange={(v) => form.setValue('category', v)}
        options={labelOptions(CATEGORY_LABELS, (d) => i18n._(d))}
      />
      <CurrencyInput label={<Trans>Valore</Trans>} required data-testid="artlux-valuation" {...field('valuation')} />
    </AddDialog>
  );
}

interface ShareValues {
  description: string;
  amount: number | null;
}

export function AddShareDialog(props: DialogProps<SimulationShare>) {
  const form = useContractForm(body.share.items, {
    open: props.open,
    defaults: { description: '', amount: null } as ShareValues,
    toBody: (v: ShareValues) => ({ companyId: null, description: v.description.trim(), amount: v.amount as number }),
  });
  const field = useFieldBinder(form);
  return (
    <AddDialog {...props} form={form} title={<Trans>Aggiungi una partecipazione</Trans>} data-testid="add-share-dialog">
      <TextInput
        label={<Trans>Società</Trans>}
        required
        maxLength={200}
        data-testid="share-description"
        {...field('description')}
      />
      <CurrencyInput
        label={<Trans>Valore della quota</Trans>}
        required
        data-testid="share-amount"
        {...field('amount')}
      />
    </AddDialog>
  );
}
