// The real-estate form rules of data-and-admin section 5, with worked examples.
import {
  bodyErrors,
  type Mortgage,
  normaliseBody,
  type RealEstate,
  routes,
  type SuggestedEvaluation,
} from '@patrimonio/shared-api';
import { describe, expect, test } from 'vitest';
import {
  BODY_FIELDS,
  EMPTY_MORTGAGE,
  emptyValues,
  euroPerMq,
  type FormErrors,
  formRules,
  type MortgageValues,
  type NumberTexts,
  planMortgage,
  provinceApplies,
  type RealEstateValues,
  readPositiveInteger,
  selectedEvaluation,
  toCreateBody,
  toUpdateBody,
  unreadableNumbers,
  valuesFromRealEstate,
  withCountry,
} from './form.ts';
import { FIELD_ERRORS } from './labels.ts';

/**
 * The checks of the form as the dialog makes them: its contract body (the create body in a family view, where the
 * owner is chosen; the server checks the same schema) and the rules beyond it, whose code wins on its field.
 */
function validate(
  values: RealEstateValues,
  suggested: number | null,
  needsOwner: boolean,
  texts: NumberTexts = {},
  locale: 'it' | 'en' = 'it',
): FormErrors {
  const found: Record<string, string> = {};
  const s = suggested === null ? null : { ...suggestion, value: suggested };
  const [schema, body] = needsOwner
    ? [routes.createRealEstate.body, toCreateBody(values, s)]
    : [routes.updateRealEstate.body, toUpdateBody(values, s, null)];
  for (const [path, code] of Object.entries(bodyErrors(schema, normaliseBody(body))))
    found[BODY_FIELDS[path as keyof typeof BODY_FIELDS] ?? path] ??= code;
  return { ...found, ...formRules(values, texts, locale) } as FormErrors;
}

/** A house in Bologna, 50% owned, valued at the suggestion. */
const house = (): RealEstateValues => ({
  ...emptyValues(7, '1'),
  typology: 'RESIDENTIAL',
  destination: 'FIRST_HOUSE',
  typeProperty: 'PROPERTY',
  description: 'Appartamento in centro',
  mq: 120,
  percOwned: 0.5,
  address: 'Via dell’Indipendenza',
  addressNumber: '12',
  city: 'Bologna',
  provinceCode: 'BO',
  zipcode: '40121',
  lat: 44.4949,
  lng: 11.3426,
});

const suggestion: SuggestedEvaluation = {
  value: 350_000,
  date: '2026-11-21',
  eurPerMq: 2916.67,
  provinceCode: 'BO',
  typology: 'RESIDENTIAL',
  conservationState: 'NORMAL',
  source: 'test',
  reason: null,
};

/** A 200,000 € mortgage over 20 years, monthly, fixed 3.5%, French amortisation. */
const mortgage: MortgageValues = {
  amount: 200_000,
  initDate: '2024-03-01',
  rataType: 'MONTHLY',
  totalRata: '240',
  interestRateType: 'FIX',
  amortization: 'CONST',
  interestRate: 0.035,
};

describe('required fields', () => {
  test('an empty form names every required field; province because the default country is Italy', () => {
    expect(Object.keys(validate(emptyValues(null), null, true)).sort()).toEqual(
      [
        'ownerId',
        'destination',
        'typology',
        'currencyId',
        'description',
        'selectedEvaluation',
        'percOwned',
        'typeProperty',
        'address',
        'city',
        'provinceCode',
      ].sort(),
    );
  });
  test('conservation state defaults to NORMAL, so it is not missing; blank text counts as missing', () => {
    expect(emptyValues(null).conservationState).toBe('NORMAL');
    expect(validate({ ...house(), description: '   ' }, 350_000, false)).toEqual({ description: 'required' });
  });
  test('a complete house passes; the owner is asked only in a family view', () => {
    expect(validate(house(), 350_000, false)).toEqual({});
    expect(validate({ ...house(), ownerId: null }, 350_000, true)).toEqual({ ownerId: 'required' });
    expect(validate({ ...house(), ownerId: null }, 350_000, false)).toEqual({});
  });
  test('optional fields stay optional: mq, income, maintenance, purchase, cadastral', () => {
    const v = { ...house(), mq: null, income: null, maintenanceCost: null, purchaseDate: null, purchaseValue: null };
    expect(validate({ ...v, evaluationType: 'CUSTOM', customEvaluation: 300_000 }, null, false)).toEqual({});
  });
  test('percent owned must be above 0 (the API takes 0 < fraction <= 1); an area, when given, above 0', () => {
    expect(validate({ ...house(), percOwned: 0 }, 350_000, false)).toEqual({ percOwned: 'positive' });
    expect(validate({ ...house(), mq: 0 }, 350_000, false)).toEqual({ mq: 'positive' });
  });
  test('150% owned is out of range, not missing: the message says tra 0 e 100 (spec section 5)', () => {
    // The percent box hands the form null for a text it cannot read; the rules read the text typed.
    const e = validate({ ...house(), percOwned: null }, 350_000, false, { percOwned: '150' });
    expect(e).toEqual({ percOwned: 'percentRange' });
    expect(FIELD_ERRORS.percentRange.message).toContain('tra 0 e 100');
    expect(validate({ ...house(), percOwned: null }, 350_000, false, { percOwned: '-1' })).toEqual({
      percOwned: 'percentRange',
    });
    // An empty box is still missing; a readable text is fine.
    expect(validate({ ...house(), percOwned: null }, 350_000, false, { percOwned: '' })).toEqual({
      percOwned: 'required',
    });
    expect(validate(house(), 350_000, false, { percOwned: '50' })).toEqual({});
    // The mortgage rate, once a mortgage is entered, is a percent too.
    expect(
      validate({ ...house(), mortgage: { ...mortgage, interestRate: null } }, 350_000, false, {
        'mortgage.interestRate': '150',
      }),
    ).toEqual({ 'mortgage.interestRate': 'percentRange' });
  });
  test('an unreadable optional amount is an error, not an empty field saved as nothing', () => {
    expect(validate({ ...house(), income: null }, 350_000, false, { income: '-5' })).toEqual({ income: 'negative' });
    expect(validate({ ...house(), purchaseValue: null }, 350_000, false, { purchaseValue: 'abc' })).toEqual({
      purchaseValue: 'invalid',
    });
    expect(validate({ ...house(), maintenanceCost: null }, 350_000, false, { maintenanceCost: '1,234' })).toEqual({
      maintenanceCost: 'decimals',
    });
    expect(unreadableNumbers({ income: '1,234.5', mq: '80' }, 'en')).toEqual({});
    expect(validate({ ...house(), income: null }, 350_000, false, { income: '  ' })).toEqual({});
  });
  test('the sub-lot is a whole number', () => {
    expect(validate({ ...house(), subLot: '3a' }, 350_000, false)).toEqual({ subLot: 'invalid' });
    expect(validate({ ...house(), subLot: '3' }, 350_000, false)).toEqual({});
  });
});

describe('country and province', () => {
  test('province only for IT: required there, not elsewhere', () => {
    expect(provinceApplies('IT')).toBe(true);
    expect(provinceApplies('FR')).toBe(false);
    expect(validate({ ...house(), provinceCode: '' }, 350_000, false)).toEqual({ provinceCode: 'required' });
    const nice = { ...withCountry(house(), 'FR'), city: 'Nice' };
    expect(validate({ ...nice, evaluationType: 'CUSTOM', customEvaluation: 500_000 }, null, false)).toEqual({});
  });
  test('changing the country clears the province; choosing the same country keeps it', () => {
    expect(withCountry(house(), 'CH').provinceCode).toBe('');
    expect(withCountry(house(), 'IT').provinceCode).toBe('BO');
    expect(withCountry(withCountry(house(), 'CH'), 'IT').provinceCode).toBe('');
  });
  test('a province is never sent for a foreign address', () => {
    const swiss = { ...house(), country: 'CH', evaluationType: 'CUSTOM' as const, customEvaluation: 1 };
    expect(toUpdateBody(swiss, null, null).provinceCode).toBeNull();
  });
});

describe('the evaluation chosen', () => {
  test('SUGGESTED takes the suggestion, CUSTOM the value typed', () => {
    expect(selectedEvaluation({ evaluationType: 'SUGGESTED', customEvaluation: 300_000 }, 350_000)).toBe(350_000);
    expect(selectedEvaluation({ evaluationType: 'CUSTOM', customEvaluation: 300_000 }, 350_000)).toBe(300_000);
  });
  test('SUGGESTED without a suggestion (no area, or abroad) cannot be saved; CUSTOM needs its value', () => {
    expect(validate(house(), null, false)).toEqual({ selectedEvaluation: 'required' });
    expect(validate({ ...house(), evaluationType: 'CUSTOM' }, 350_000, false)).toEqual({
      customEvaluation: 'required',
      selectedEvaluation: 'required',
    });
  });
  test('euro per m² = evaluation / area, to the cent: 350,000 € over 120 m² is 2,916.67 €/m²', () => {
    expect(euroPerMq(350_000, 120)).toBe(2916.67);
    expect(euroPerMq(100_000, 80)).toBe(1250);
    expect(euroPerMq(350_000, null)).toBeNull();
    expect(euroPerMq(350_000, 0)).toBeNull();
    expect(euroPerMq(null, 120)).toBeNull();
  });
});

describe('the mortgage', () => {
  test('its fields are required only once an amount is entered', () => {
    expect(validate({ ...house(), mortgage: EMPTY_MORTGAGE }, 350_000, false)).toEqual({});
    expect(validate({ ...house(), mortgage: { ...EMPTY_MORTGAGE, rataType: 'MONTHLY' } }, 350_000, false)).toEqual({});
    expect(
      Object.keys(validate({ ...house(), mortgage: { ...EMPTY_MORTGAGE, amount: 1000 } }, 350_000, false)),
    ).toEqual([
      'mortgage.initDate',
      'mortgage.rataType',
      'mortgage.totalRata',
      'mortgage.interestRateType',
      'mortgage.amortization',
      'mortgage.interestRate',
    ]);
    expect(validate({ ...house(), mortgage }, 350_000, false)).toEqual({});
  });
  test('the number of installments is a positive whole number', () => {
    expect(readPositiveInteger('240')).toBe(240);
    expect(readPositiveInteger(' 12 ')).toBe(12);
    expect(readPositiveInteger('0')).toBeNull();
    expect(readPositiveInteger('12,5')).toBeNull();
    expect(validate({ ...house(), mortgage: { ...mortgage, totalRata: '0' } }, 350_000, false)).toEqual({
      'mortgage.totalRata': 'integer',
    });
  });
  test('an amount of 0 is refused', () => {
    expect(validate({ ...house(), mortgage: { ...mortgage, amount: 0 } }, 350_000, false)).toEqual({
      'mortgage.amount': 'positive',
    });
  });
  test('on save: created when an amount is filled and none exists', () => {
    expect(planMortgage(null, mortgage)).toEqual({
      action: 'create',
      body: {
        amount: 200_000,
        initDate: '2024-03-01',
        rataType: 'MONTHLY',
        totalRata: 240,
        interestRateType: 'FIX',
        amortization: 'CONST',
        interestRate: 3.5,
      },
    });
  });
  test('updated when one exists, deleted when the amount is cleared, nothing when there is none', () => {
    expect(planMortgage(9, { ...mortgage, amount: 150_000 })).toMatchObject({
      action: 'update',
      id: 9,
      body: { amount: 150_000 },
    });
    expect(planMortgage(9, { ...mortgage, amount: null })).toEqual({ action: 'delete', id: 9 });
    expect(planMortgage(null, EMPTY_MORTGAGE)).toEqual({ action: 'none' });
  });
});

describe('request bodies', () => {
  test('create: owner, the suggestion chosen, empty optional texts as null, the mortgage to create', () => {
    const body = toCreateBody({ ...house(), addressNumber: '', mortgage }, suggestion);
    expect(body).toMatchObject({
      clientId: 7,
      currencyId: 1,
      selectedEvaluation: 350_000,
      realEstateEvaluationType: 'SUGGESTED',
      suggestedEvaluation: 350_000,
      suggestedEvaluationDate: '2026-11-21',
      customEvaluation: null,
      percOwned: 0.5,
      provinceCode: 'BO',
      addressNumber: null,
      note: null,
      subLot: null,
      mortgage: { amount: 200_000, totalRata: 240, interestRate: 3.5 },
    });
  });
  test('update: CUSTOM sends its value; a cleared amount deletes the mortgage (null); none leaves it out', () => {
    const custom = { ...house(), evaluationType: 'CUSTOM' as const, customEvaluation: 320_000 };
    const body = toUpdateBody(custom, suggestion, 4);
    expect(body).toMatchObject({ selectedEvaluation: 320_000, customEvaluation: 320_000, mortgage: null });
    expect('mortgage' in toUpdateBody(custom, suggestion, null)).toBe(false);
  });
});

describe('editing a stored property', () => {
  const stored: RealEstate = {
    id: 3,
    clientId: 7,
    ownerId: 7,
    owner: 'Luca Verdi',
    typology: 'RESIDENTIAL',
    destination: 'INCOME',
    conservationState: 'OPTIMAL',
    typeProperty: 'PROPERTY',
    currencyId: 1,
    currencySymbol: '€',
    description: 'Bilocale',
    mq: 60,
    selectedEvaluation: 210_000,
    evaluationDate: '2026-05-01',
    eurPerMq: 3500,
    customEvaluation: 200_000,
    realEstateEvaluationType: 'CUSTOM',
    suggestedEvaluation: null,
    suggestedEvaluationDate: null,
    purchaseDate: '2019-06-01',
    purchaseValue: 180_000,
    income: 9600,
    maintenanceCost: 1200,
    percOwned: 1,
    address: 'Via Roma',
    addressNumber: null,
    zipcode: '20121',
    city: 'Milano',
    country: 'IT',
    provinceCode: 'MI',
    note: null,
    lat: 45.46,
    lng: 9.19,
    mortgageId: 5,
    cadastralIncome: null,
    code: null,
    cadastralCode: null,
    urbanSection: null,
    layout: null,
    lot: null,
    subLot: 2,
    soldDate: null,
    soldValue: null,
  };
  const storedMortgage: Mortgage = {
    id: 5,
    realEstateId: 3,
    amount: 100_000,
    initDate: '2019-07-01',
    rataType: 'QUARTERLY',
    totalRata: 80,
    interestRateType: 'EU3M',
    amortization: 'VAR',
    interestRate: 2.75,
    residualDebt: 60_000,
    monthlyInstallment: 500,
  };
  test('the custom figure starts from the current evaluation (the latest one), so an unchanged save keeps it', () => {
    const v = valuesFromRealEstate(stored, storedMortgage);
    expect(v).toMatchObject({ customEvaluation: 210_000, evaluationType: 'CUSTOM', addressNumber: '', subLot: '2' });
    expect(toUpdateBody(v, null, 5).selectedEvaluation).toBe(210_000);
  });
  test('the stored mortgage fills the form (rate 2.75% as 0.0275) and saves back as an update with the same figures', () => {
    const v = valuesFromRealEstate(stored, storedMortgage);
    expect(v.mortgage).toEqual({
      amount: 100_000,
      initDate: '2019-07-01',
      rataType: 'QUARTERLY',
      totalRata: '80',
      interestRateType: 'EU3M',
      amortization: 'VAR',
      interestRate: 0.0275,
    });
    expect(planMortgage(5, v.mortgage)).toMatchObject({
      action: 'update',
      id: 5,
      body: { interestRate: 2.75, totalRata: 80 },
    });
  });
});
