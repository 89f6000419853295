// The real-estate form as pure functions (data-and-admin section 5): the values, the required fields, the
// province rule (Italian addresses only; a new country clears it), the evaluation chosen (SUGGESTED or CUSTOM),
// the euro per m² derived from it, and what saving does to the mortgage (create, update, delete or nothing).
import type {
  Mortgage,
  RealEstate,
  RealEstateCreate,
  RealEstateUpdate,
  SuggestedEvaluation,
} from '@patrimonio/shared-api';
import {
  fractionToPercent,
  type Locale,
  type NumberError,
  type NumberRules,
  PERCENT_MAX,
  PERCENT_MIN,
  percentToFraction,
  readNumber,
  toRequestBody,
} from '@patrimonio/shared-ui';
import {
  type Amortization,
  type ConservationState,
  DEFAULT_CONSERVATION_STATE,
  type Destination,
  type EvaluationType,
  type InterestRateType,
  ITALY,
  type RataType,
  type TypeProperty,
  type Typology,
} from './codes.ts';
import type { FieldErrorCode } from './labels.ts';

export interface MortgageValues {
  amount: number | null;
  initDate: string | null;
  rataType: RataType | '';
  /** Number of installments, as typed. */
  totalRata: string;
  interestRateType: InterestRateType | '';
  amortization: Amortization | '';
  /** Annual rate as a fraction (the percent input's value): 0.035 for 3.5%. */
  interestRate: number | null;
}

export interface RealEstateValues {
  /** The client the property belongs to (a family member in a family view). */
  ownerId: number | null;
  typology: Typology | '';
  destination: Destination | '';
  typeProperty: TypeProperty | '';
  conservationState: ConservationState | '';
  currencyId: string;
  description: string;
  /** Area in m². */
  mq: number | null;
  evaluationType: EvaluationType;
  customEvaluation: number | null;
  purchaseDate: string | null;
  purchaseValue: number | null;
  /** Yearly. */
  income: number | null;
  /** Yearly. */
  maintenanceCost: number | null;
  /** Share owned as a fraction (the percent input's value): 0.5 for 50%. */
  percOwned: number | null;
  address: string;
  addressNumber: string;
  zipcode: string;
  city: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  provinceCode: string;
  note: string;
  lat: number | null;
  lng: number | null;
  cadastralIncome: number | null;
  code: string;
  cadastralCode: string;
  urbanSection: string;
  layout: string;
  lot: string;
  /** A number, as typed. */
  subLot: string;
  mortgage: MortgageValues;
}

export const EMPTY_MORTGAGE: MortgageValues = {
  amount: null,
  initDate: null,
  rataType: '',
  totalRata: '',
  interestRateType: '',
  amortization: '',
  interestRate: null,
};

/** A new property: conservation state NORMAL (spec default), Italy, the suggested evaluation, no mortgage. */
export function emptyValues(ownerId: number | null, currencyId = ''): RealEstateValues {
  return {
    ownerId,
    typology: '',
    destination: '',
    typeProperty: '',
    conservationState: DEFAULT_CONSERVATION_STATE,
    currencyId,
    description: '',
    mq: null,
    evaluationType: 'SUGGESTED',
    customEvaluation: null,
    purchaseDate: null,
    purchaseValue: null,
    income: null,
    maintenanceCost: null,
    percOwned: null,
    address: '',
    addressNumber: '',
    zipcode: '',
    city: '',
    country: ITALY,
    provinceCode: '',
    note: '',
    lat: null,
    lng: null,
    cadastralIncome: null,
    code: '',
    cadastralCode: '',
    urbanSection: '',
    layout: '',
    lot: '',
    subLot: '',
    mortgage: EMPTY_MORTGAGE,
  };
}

/** Spec: the province is required only when the country is IT, and disabled otherwise. */
export const provinceApplies = (country: string): boolean => country === ITALY;

/** Spec: changing the country clears the province. */
export function withCountry(values: RealEstateValues, country: string): RealEstateValues {
  return country === values.country ? values : { ...values, country, provinceCode: '' };
}

/** The evaluation the property is valued at: the suggestion, or the user's own figure when CUSTOM is chosen. */
export function selectedEvaluation(
  values: Pick<RealEstateValues, 'evaluationType' | 'customEvaluation'>,
  suggested: number | null,
): number | null {
  return values.evaluationType === 'CUSTOM' ? values.customEvaluation : suggested;
}

/**
 * Euro per m², read-only: the evaluation divided by the area, to the cent; null without an area.
 * Worked example: 350,000 € over 120 m² is 2,916.67 €/m².
 */
export function euroPerMq(evaluation: number | null, mq: number | null): number | null {
  if (evaluation === null || mq === null || !(mq > 0)) return null;
  return Math.round((evaluation / mq) * 100) / 100;
}

/** A positive whole number typed in a box ('240'), else null. */
export function readPositiveInteger(text: string): number | null {
  const t = text.trim();
  if (!/^\d+$/.test(t)) return null;
  const n = Number(t);
  return n > 0 && Number.isSafeInteger(n) ? n : null;
}

/** Spec: the mortgage fields are required only when a mortgage is being entered, i.e. it has an amount. */
export const mortgageEntered = (m: MortgageValues): boolean => m.amount !== null;

export type FieldKey =
  | 'ownerId'
  | 'typology'
  | 'destination'
  | 'typeProperty'
  | 'conservationState'
  | 'currencyId'
  | 'description'
  | 'selectedEvaluation'
  | 'customEvaluation'
  | 'mq'
  | 'purchaseValue'
  | 'income'
  | 'maintenanceCost'
  | 'cadastralIncome'
  | 'percOwned'
  | 'address'
  | 'city'
  | 'country'
  | 'provinceCode'
  | 'subLot'
  | `mortgage.${keyof MortgageValues}`;

export type FormErrors = Partial<Record<FieldKey, FieldErrorCode>>;

const blank = (s: string) => s.trim() === '';

/**
 * The form's number boxes (shared-ui PercentInput and CurrencyInput), by field, with the name of their input. A box
 * hands the form null both when it is empty and when its text cannot be read (150 in a percent box, a negative
 * amount, letters), so the rules also look at the text typed: an unreadable text is its own error, never "required"
 * and never an empty optional field saved as null.
 */
export const NUMBER_BOXES = {
  mq: 'mq',
  percOwned: 'percOwned',
  customEvaluation: 'customEvaluation',
  purchaseValue: 'purchaseValue',
  income: 'income',
  maintenanceCost: 'maintenanceCost',
  cadastralIncome: 'cadastralIncome',
  'mortgage.amount': 'mortgage_amount',
  'mortgage.interestRate': 'mortgage_interestRate',
} as const satisfies Partial<Record<FieldKey, string>>;
export type NumberBoxKey = keyof typeof NUMBER_BOXES;
/** The text typed in each number box, as the user sees it. */
export type NumberTexts = Partial<Record<NumberBoxKey, string>>;

const PERCENT_BOXES: ReadonlySet<NumberBoxKey> = new Set(['percOwned', 'mortgage.interestRate']);
/** The boxes' own rules: percent 0-100 with 2 decimals (spec section 5), amounts never negative with 2 decimals. */
const percentRules: NumberRules = { decimals: 2, min: PERCENT_MIN, max: PERCENT_MAX };
const amountRules: NumberRules = { decimals: 2, min: 0 };

function numberError(key: NumberBoxKey, error: NumberError): FieldErrorCode {
  if (error === 'decimals') return 'decimals';
  if (error === 'format') return 'invalid';
  if (PERCENT_BOXES.has(key)) return 'percentRange';
  return error === 'negative' ? 'negative' : 'invalid';
}

/**
 * The boxes whose text cannot be read, with why. Worked example: '150' in the percent owned box gives
 * { percOwned: 'percentRange' } (the message says 'tra 0 e 100'); '-5' in the income box { income: 'negative' }.
 */
export function unreadableNumbers(texts: NumberTexts, locale: Locale): FormErrors {
  const e: FormErrors = {};
  for (const key of Object.keys(NUMBER_BOXES) as NumberBoxKey[]) {
    const text = texts[key];
    if (text === undefined || blank(text)) continue;
    const r = readNumber(text, locale, PERCENT_BOXES.has(key) ? percentRules : amountRules);
    if (r.error) e[key] = numberError(key, r.error);
  }
  return e;
}

/**
 * The form's rules beyond its contract body (RealEstateCreate / RealEstateUpdate, which asks for the destination,
 * typology, currency, description, conservation state, the selected evaluation, percent owned, type of property,
 * address, city and country, and for every mortgage field once the mortgage is sent): the custom figure when CUSTOM
 * is chosen, the province for Italy, an area, a share and a mortgage amount above 0 and the number of installments
 * a positive whole number, each with its own message. A number box whose text (`texts`, read in `locale`) cannot be
 * read has that error instead (unreadableNumbers): 150% owned is out of 'tra 0 e 100', not missing.
 */
export function formRules(values: RealEstateValues, texts: NumberTexts = {}, locale: Locale = 'it'): FormErrors {
  const e: FormErrors = {};
  if (values.evaluationType === 'CUSTOM' && values.customEvaluation === null) e.customEvaluation = 'required';
  if (values.percOwned !== null && !(values.percOwned > 0)) e.percOwned = 'positive';
  if (values.mq !== null && !(values.mq > 0)) e.mq = 'positive';
  if (provinceApplies(values.country) && !values.provinceCode) e.provinceCode = 'required';
  const m = values.mortgage;
  if (mortgageEntered(m)) {
    if (m.amount !== null && !(m.amount > 0)) e['mortgage.amount'] = 'positive';
    if (!blank(m.totalRata) && readPositiveInteger(m.totalRata) === null) e['mortgage.totalRata'] = 'integer';
  }
  return { ...e, ...unreadableNumbers(texts, locale) };
}

/** The body fields whose form field has another name (the rest are the same: 'mortgage.amount' both). */
export const BODY_FIELDS = { clientId: 'ownerId', realEstateEvaluationType: 'evaluationType' } as const;

/** A mortgage as the API takes it: the spec's fields, the rate in percent (3.5 for 3.5% a year). */
export type MortgageBody = NonNullable<RealEstateCreate['mortgage']>;

/** The mortgage of a validated form, or null when none is entered (or a field is still missing). */
export function mortgageBody(m: MortgageValues): MortgageBody | null {
  const totalRata = readPositiveInteger(m.totalRata);
  if (
    m.amount === null ||
    !m.initDate ||
    !m.rataType ||
    totalRata === null ||
    !m.interestRateType ||
    !m.amortization ||
    m.interestRate === null
  )
    return null;
  return {
    amount: m.amount,
    initDate: m.initDate,
    rataType: m.rataType,
    totalRata,
    interestRateType: m.interestRateType,
    amortization: m.amortization,
    interestRate: fractionToPercent(m.interestRate),
  };
}

export type MortgagePlan =
  | { action: 'none' }
  | { action: 'create'; body: MortgageBody }
  | { action: 'update'; id: number; body: MortgageBody }
  | { action: 'delete'; id: number };

/**
 * Spec section 5, on save: the mortgage is created if an amount is filled and none exists, updated if one
 * exists, deleted if the amount is cleared. `existingId` is the property's current mortgage.
 */
export function planMortgage(existingId: number | null, m: MortgageValues): MortgagePlan {
  const body = mortgageEntered(m) ? mortgageBody(m) : null;
  if (body) return existingId === null ? { action: 'create', body } : { action: 'update', id: existingId, body };
  if (!mortgageEntered(m) && existingId !== null) return { action: 'delete', id: existingId };
  return { action: 'none' };
}

/** The mortgage form values of a stored mortgage (rate in percent to the input's fraction). */
export function mortgageValues(m: Mortgage | MortgageBody | null | undefined): MortgageValues {
  if (!m) return EMPTY_MORTGAGE;
  return {
    amount: m.amount,
    initDate: m.initDate,
    rataType: m.rataType,
    totalRata: String(m.totalRata),
    interestRateType: m.interestRateType,
    amortization: m.amortization,
    interestRate: percentToFraction(m.interestRate),
  };
}

/** The body's `mortgage` for a plan: an object creates or updates it, null deletes it, absent leaves it alone. */
export function mortgageField(plan: MortgagePlan): { mortgage?: MortgageBody | null } {
  if (plan.action === 'create' || plan.action === 'update') return { mortgage: plan.body };
  if (plan.action === 'delete') return { mortgage: null };
  return {};
}

/** The form values of a stored property; the custom figure starts from its current evaluation. */
export function valuesFromRealEstate(re: RealEstate, mortgage: Mortgage | null | undefined): RealEstateValues {
  return {
    ownerId: re.ownerId,
    typology: re.typology,
    destination: re.destination,
    typeProperty: re.typeProperty,
    conservationState: re.conservationState,
    currencyId: String(re.currencyId),
    description: re.description,
    mq: re.mq,
    evaluationType: re.realEstateEvaluationType,
    customEvaluation: re.selectedEvaluation,
    purchaseDate: re.purchaseDate,
    purchaseValue: re.purchaseValue,
    income: re.income,
    maintenanceCost: re.maintenanceCost,
    percOwned: re.percOwned,
    address: re.address,
    addressNumber: re.addressNumber ?? '',
    zipcode: re.zipcode ?? '',
    city: re.city,
    country: re.country,
    provinceCode: re.provinceCode ?? '',
    note: re.note ?? '',
    lat: re.lat,
    lng: re.lng,
    cadastralIncome: re.cadastralIncome,
    code: re.code ?? '',
    cadastralCode: re.cadastralCode ?? '',
    urbanSection: re.urbanSection ?? '',
    layout: re.layout ?? '',
    lot: re.lot ?? '',
    subLot: re.subLot === null ? '' : String(re.subLot),
    mortgage: mortgageValues(mortgage),
  };
}

/**
 * The body for PUT /real-estate/{id}; the mortgage follows the plan of the property's current mortgage. Built from
 * any form, so the contract names what is missing: an empty choice or text is sent as null (toRequestBody and the
 * client's normalisation), a mortgage with an amount but fields missing is sent as it stands.
 */
export function toUpdateBody(
  values: RealEstateValues,
  suggestion: SuggestedEvaluation | null | undefined,
  existingMortgageId: number | null,
): RealEstateUpdate {
  const { typology, destination, conservationState, typeProperty } = values;
  const subLot = values.subLot.trim();
  const m = values.mortgage;
  return {
    ...(toRequestBody({ typology, destination, conservationState, typeProperty }) as Pick<
      RealEstateUpdate,
      'typology' | 'destination' | 'conservationState' | 'typeProperty'
    >),
    currencyId: (values.currencyId ? Number(values.currencyId) : null) as number,
    description: values.description.trim(),
    mq: values.mq,
    selectedEvaluation: selectedEvaluation(values, suggestion?.value ?? null) as number,
    realEstateEvaluationType: values.evaluationType,
    customEvaluation: values.evaluationType === 'CUSTOM' ? values.customEvaluation : null,
    suggestedEvaluation: suggestion?.value ?? null,
    suggestedEvaluationDate: suggestion?.value != null ? suggestion.date : null,
    purchaseDate: values.purchaseDate,
    purchaseValue: values.purchaseValue,
    income: values.income,
    maintenanceCost: values.maintenanceCost,
    percOwned: values.percOwned as number,
    address: values.address.trim(),
    city: values.city.trim(),
    country: values.country,
    provinceCode: provinceApplies(values.country) ? values.provinceCode : null,
    lat: values.lat,
    lng: values.lng,
    cadastralIncome: values.cadastralIncome,
    // A text that is not a whole number goes as typed, for the contract to refuse.
    subLot: (subLot === '' ? null : /^\d+$/.test(subLot) ? Number(subLot) : subLot) as number | null,
    ...toRequestBody({
      addressNumber: values.addressNumber.trim(),
      zipcode: values.zipcode.trim(),
      note: values.note.trim(),
      code: values.code.trim(),
      cadastralCode: values.cadastralCode.trim(),
      urbanSection: values.urbanSection.trim(),
      layout: values.layout.trim(),
      lot: values.lot.trim(),
    }),
    ...(mortgageEntered(m) && !mortgageBody(m)
      ? { mortgage: mortgageDraft(m) }
      : mortgageField(planMortgage(existingMortgageId, m))),
  };
}

/** A mortgage with an amount and fields still missing, as it stands (empty fields null, the count as typed). */
function mortgageDraft(m: MortgageValues): MortgageBody {
  return {
    ...m,
    rataType: m.rataType || null,
    totalRata: readPositiveInteger(m.totalRata) ?? (blank(m.totalRata) ? null : m.totalRata),
    interestRateType: m.interestRateType || null,
    amortization: m.amortization || null,
    interestRate: m.interestRate === null ? null : fractionToPercent(m.interestRate),
  } as unknown as MortgageBody;
}

/** The body for POST /real-estate: the owner client, and the mortgage when one is entered. */
export function toCreateBody(
  values: RealEstateValues,
  suggestion: SuggestedEvaluation | null | undefined,
): RealEstateCreate {
  return { clientId: values.ownerId as number, ...toUpdateBody(values, suggestion, null) };
}
