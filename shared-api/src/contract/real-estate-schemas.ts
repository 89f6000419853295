// Schemas and types of ./real-estate.ts: real estate, evaluations, mortgages, the suggested evaluation and the
// dashboard figures (data-and-admin sections 3, 5 and 7). Money in the property's currency, 2 decimals; percOwned is
// a fraction like every percent field of the portal's forms (shared-ui PercentInput shows 0-100 and stores 0-1).
import { type Static, type TSchema, Type } from 'typebox';
import {
  CurrencyId,
  Id,
  IsoDate as IsoDateField,
  Money as MoneyField,
  Name,
  Nullable,
  Numeric,
  PageNumber,
  PageSize,
  Text as TextField,
} from './fields.ts';
import { Page } from './financial-schemas.ts';
import { ID_MAX } from './limits.ts';
import {
  AMORTIZATIONS,
  CONSERVATION_STATES,
  DESTINATIONS,
  EVALUATION_TYPES,
  INTEREST_RATE_TYPES,
  RATA_TYPES,
  TYPE_PROPERTIES,
  TYPOLOGIES,
} from './real-estate-codes.ts';

export * from './real-estate-codes.ts';

const strict = { additionalProperties: false } as const;
const IsoDate = IsoDateField();
/** Money of the numeric(16, 2) columns, to a trillion. */
const Money = MoneyField(16, { maximum: 999_999_999_999 });
/** An optional input field that may be null (an empty form field is sent as null and stored as null). */
const Optional = <T extends TSchema>(t: T) => Type.Optional(Nullable(t));

export const Typology = Type.Enum(TYPOLOGIES);
export type Typology = (typeof TYPOLOGIES)[number];
export const Destination = Type.Enum(DESTINATIONS);
export type Destination = (typeof DESTINATIONS)[number];
export const ConservationState = Type.Enum(CONSERVATION_STATES);
export type ConservationState = (typeof CONSERVATION_STATES)[number];
export const TypeProperty = Type.Enum(TYPE_PROPERTIES);
export const RealEstateEvaluationType = Type.Enum(EVALUATION_TYPES);
export type RealEstateEvaluationType = (typeof EVALUATION_TYPES)[number];

/** The message of the 409 when a property already has an evaluation on that date (spec section 8). */
export const EVALUATION_DATE_PRESENT = 'evaluation_date_present';
/** The message of the 409 when a property that has a mortgage gets a second one (one mortgage per property). */
export const MORTGAGE_PRESENT = 'mortgage_present';

/** The house table lists RESIDENTIAL and COMMERCIAL properties, the land table LAND. */
export const RealEstateKind = Type.Enum(['house', 'land'] as const, {
  description: 'house: RESIDENTIAL and COMMERCIAL; land: LAND',
});

const owner = {
  clientId: Type.Optional(Id),
  familyId: Type.Optional(Id),
};
/** clientId or familyId; a BASIC user may omit both (its own client). */
export const RealEstateOwnerQuery = Type.Object(owner, strict);

export const REAL_ESTATE_SORT_FIELDS = [
  'description',
  'city',
  'typology',
  'destination',
  'selectedEvaluation',
  'purchaseDate',
  'soldDate',
  'createdAt',
  'updatedAt',
] as const;
const sortOf = (fields: readonly string[], byDefault: string) =>
  Type.Optional(
    Type.String({
      pattern: `^(${fields.join('|')})(,(asc|desc))?$`,
      maxLength: 32,
      description: `field[,asc|desc], field one of ${fields.join(', ')}; default ${byDefault}`,
    }),
  );
const paging = (size: number) => ({
  page: Type.Optional(PageNumber()),
  size: Type.Optional(PageSize(100000, size)),
});

export const RealEstateListQuery = Type.Object(
  {
    ...owner,
    type: Type.Optional(RealEstateKind),
    ...paging(1000),
    sort: sortOf(REAL_ESTATE_SORT_FIELDS, 'updatedAt,desc'),
  },
  strict,
);
export const SoldListQuery = Type.Object(
  { ...owner, ...paging(10000), sort: sortOf(REAL_ESTATE_SORT_FIELDS, 'soldDate,desc') },
  strict,
);

// Mortgages (spec section 3 "Mortgage"; engine/src/mortgage.ts computes the schedule)
const mortgageFields = {
  amount: MoneyField(16, { positive: true, maximum: 999_999_999_999, description: 'Amount borrowed, > 0' }),
  initDate: IsoDate,
  rataType: Type.Enum(RATA_TYPES, { description: '12, 4, 3, 2 or 1 installments a year' }),
  totalRata: Type.Integer({ minimum: 1, maximum: 1200, description: 'Number of installments' }),
  interestRateType: Type.Enum(INTEREST_RATE_TYPES),
  amortization: Type.Enum(AMORTIZATIONS, { description: 'CONST: constant installment; VAR: constant principal' }),
  interestRate: Numeric(9, 6, { maximum: 100, description: 'Annual rate in percent (3.5 = 3.5%)' }),
};
export const MortgageInput = Type.Object(mortgageFields, strict);
export type MortgageInput = Static<typeof MortgageInput>;
/**
 * The mortgage part of a property's save (spec section 5): one JSON type list rather than a union, so a mortgage with
 * fields missing is reported field by field.
 */
const MortgageOrNull = Type.Unsafe<MortgageInput | null>({
  ...Type.Object(mortgageFields, strict),
  type: ['object', 'null'],
  description: 'Absent: the mortgage is left as it is; an object: created or updated; null: deleted',
});
export const Mortgage = Type.Object({
  id: Id,
  realEstateId: Id,
  ...mortgageFields,
  residualDebt: Type.Number({ description: 'Debt left today (whole mortgage, not weighted by percOwned)' }),
  monthlyInstallment: Type.Number({ description: 'Monthly equivalent of the next installment' }),
});
export type Mortgage = Static<typeof Mortgage>;
export const MortgageParams = Type.Object({ id: Id, mortgageId: Id }, strict);
/** The schedule's query: whose (as for the mortgage) and the date of the residual debt (today by default). */
export const MortgageScheduleQuery = Type.Object(
  {
    ...owner,
    date: Type.Optional(
      IsoDateField({
        description: 'YYYY-MM-DD: the residual debt after the installments due on or before it (default today)',
      }),
    ),
  },
  strict,
);
const ScheduleMoney = (description: string) => Type.Number({ minimum: 0, description: `${description}; 2 decimals` });
/**
 * A mortgage's amortisation schedule (engine/README.md "Mortgages"; DESIGN.md 4), in the property's currency, whole
 * mortgage (not weighted by percOwned): CONST installment P i / (1 - (1 + i)^-n), VAR constant principal P / n plus
 * interest; i = annual rate / payments a year; installment k due initDate + k periods, clamped to the month's end.
 */
export const MortgageSchedule = Type.Object({
  id: Id,
  realEstateId: Id,
  rataType: Type.Enum(RATA_TYPES),
  amortization: Type.Enum(AMORTIZATIONS),
  paymentsPerYear: Type.Integer({ minimum: 1, maximum: 12, description: '12, 4, 3, 2 or 1' }),
  annualRate: Type.Number({ description: 'The annual rate used, percent (variable: index + spread when given)' }),
  periodicRate: Type.Number({ description: 'annualRate / 100 / paymentsPerYear, a fraction' }),
  /** The date of residualDebtAt: the query's date, or today. */
  date: IsoDate,
  residualDebtAt: ScheduleMoney('Debt left after the installments due on or before date'),
  installmentsDueAt: Type.Integer({ minimum: 0, description: 'How many installments are due on or before date' }),
  rows: Type.Array(
    Type.Object({
      number: Type.Integer({ minimum: 1, description: '1 to totalRata' }),
      date: IsoDate,
      installment: ScheduleMoney('Interest + principal'),
      interest: ScheduleMoney('Interest of the period'),
      principal: ScheduleMoney('Principal repaid'),
      residualDebt: ScheduleMoney('Debt left after this installment'),
    }),
  ),
});
export type MortgageSchedule = Static<typeof MortgageSchedule>;

// Real estate (spec section 3 "RealEstate")
const cadastral = {
  cadastralIncome: Optional(Money),
  code: Optional(TextField(100)),
  cadastralCode: Optional(TextField(100)),
  urbanSection: Optional(TextField(100)),
  layout: Optional(TextField(100)),
  lot: Optional(TextField(100)),
  subLot: Optional(Type.Integer({ minimum: 0, maximum: 999_999 })),
};
/** real_estates.perc_owned numeric(9, 8): more than 0 (at least 0.00000001), at most 1. */
const PercOwned = Numeric(9, 8, {
  positive: true,
  maximum: 1,
  description: 'Share owned as a fraction: 0.5 for 50% (the form shows 0-100)',
});
const inputFields = {
  typology: Typology,
  destination: Destination,
  conservationState: ConservationState,
  typeProperty: TypeProperty,
  currencyId: CurrencyId,
  description: Name(300),
  mq: Optional(Numeric(14, 2, { positive: true, maximum: 100_000_000, description: 'Area in m2' })),
  selectedEvaluation: MoneyField(16, {
    maximum: 999_999_999_999,
    description: "The value chosen in the form (custom or suggested); it becomes the property's evaluation of today",
  }),
  customEvaluation: Optional(Money),
  realEstateEvaluationType: Type.Optional(RealEstateEvaluationType),
  suggestedEvaluation: Optional(Money),
  suggestedEvaluationDate: Optional(IsoDate),
  purchaseDate: Optional(IsoDate),
  purchaseValue: Optional(Money),
  income: Optional(MoneyField(16, { maximum: 999_999_999_999, description: 'Yearly income' })),
  maintenanceCost: Optional(MoneyField(16, { maximum: 999_999_999_999, description: 'Yearly cost' })),
  percOwned: PercOwned,
  address: Name(300),
  addressNumber: Optional(TextField(20)),
  zipcode: Optional(TextField(20)),
  city: Name(200),
  country: Type.String({
    pattern: '^[A-Z]{2}$',
    maxLength: 2,
    description: 'ISO 3166-1 alpha-2 code, one of COUNTRIES',
  }),
  provinceCode: Optional(
    Type.String({
      pattern: '^[A-Z]{2}$',
      maxLength: 2,
      description: 'Required when country is IT (one of PROVINCES), else null',
    }),
  ),
  note: Optional(TextField(2000)),
  lat: Optional(Numeric(9, 6, { minimum: -90, maximum: 90 })),
  lng: Optional(Numeric(9, 6, { minimum: -180, maximum: 180 })),
  ...cadastral,
  mortgage: Type.Optional(MortgageOrNull),
};
export const RealEstateCreate = Type.Object(
  {
    clientId: Type.Integer({ minimum: 1, maximum: ID_MAX, description: 'The owner client' }),
    evaluationDate: Type.Optional(IsoDate),
    ...inputFields,
  },
  strict,
);
export type RealEstateCreate = Static<typeof RealEstateCreate>;
export const RealEstateUpdate = Type.Object(inputFields, strict);
export type RealEstateUpdate = Static<typeof RealEstateUpdate>;

export const RealEstateSell = Type.Object({ soldDate: IsoDate, soldValue: Money }, strict);

export const RealEstate = Type.Object({
  id: Id,
  clientId: Id,
  ownerId: Id,
  owner: Type.String({ description: 'Display name of the owner client' }),
  typology: Typology,
  destination: Destination,
  conservationState: ConservationState,
  typeProperty: TypeProperty,
  currencyId: Id,
  currencySymbol: Type.String(),
  description: Type.String(),
  mq: Nullable(Type.Number()),
  selectedEvaluation: Type.Number({ description: 'Current value: the latest evaluation by date' }),
  evaluationDate: Nullable(IsoDate),
  eurPerMq: Nullable(Type.Number({ description: 'selectedEvaluation / mq' })),
  customEvaluation: Nullable(Type.Number()),
  realEstateEvaluationType: RealEstateEvaluationType,
  suggestedEvaluation: Nullable(Type.Number()),
  suggestedEvaluationDate: Nullable(IsoDate),
  purchaseDate: Nullable(IsoDate),
  purchaseValue: Nullable(Type.Number()),
  income: Nullable(Type.Number()),
  maintenanceCost: Nullable(Type.Number()),
  percOwned: Type.Number({ description: 'Fraction, 0.5 for 50%' }),
  address: Type.String(),
  addressNumber: Nullable(Type.String()),
  zipcode: Nullable(Type.String()),
  city: Type.String(),
  country: Type.String(),
  provinceCode: Nullable(Type.String()),
  note: Nullable(Type.String()),
  lat: Nullable(Type.Number()),
  lng: Nullable(Type.Number()),
  mortgageId: Nullable(Id),
  cadastralIncome: Nullable(Type.Number()),
  code: Nullable(Type.String()),
  cadastralCode: Nullable(Type.String()),
  urbanSection: Nullable(Type.String()),
  layout: Nullable(Type.String()),
  lot: Nullable(Type.String()),
  subLot: Nullable(Type.Integer()),
  soldDate: Nullable(IsoDate),
  soldValue: Nullable(Type.Number()),
});
export type RealEstate = Static<typeof RealEstate>;
export const RealEstatePage = Page(RealEstate);

// Evaluations (spec section 3 "Evaluation history")
export const EvaluationInput = Type.Object({ evaluationDate: IsoDate, value: Money }, strict);
export const Evaluation = Type.Object({ id: Id, realEstateId: Id, evaluationDate: IsoDate, value: Type.Number() });
export type Evaluation = Static<typeof Evaluation>;
export const EvaluationParams = Type.Object({ id: Id, evalId: Id }, strict);
export const EvaluationListQuery = Type.Object(
  {
    ...owner,
    ...paging(10000),
    sort: Type.Optional(
      Type.Enum(['evaluationDate,desc', 'evaluationDate,asc'] as const, { default: 'evaluationDate,desc' }),
    ),
  },
  strict,
);

// The suggested evaluation (server/src/real-estate/README.md: the price table, its source and date)
export const SuggestedEvaluation = Type.Object({
  value: Nullable(Type.Number({ description: 'mq x eurPerMq, rounded to the euro; null without an area' })),
  date: IsoDate,
  eurPerMq: Nullable(Type.Number({ description: 'Price per m2 for the province, typology and state' })),
  provinceCode: Nullable(Type.String()),
  typology: Typology,
  conservationState: ConservationState,
  source: Type.String({ description: 'Where the price table comes from' }),
  reason: Nullable(
    Type.Enum(['NO_PROVINCE', 'NO_AREA'] as const, {
      description: 'Why there is no value: no Italian province (outside Italy) or no area',
    }),
  ),
});
export type SuggestedEvaluation = Static<typeof SuggestedEvaluation>;
export const LastEvaluationQuery = Type.Object(
  { ...owner, conservationState: Type.Optional(ConservationState) },
  strict,
);
export const SuggestedEvaluationQuery = Type.Object(
  {
    ...owner,
    provinceCode: Type.String({ pattern: '^[A-Z]{2}$', maxLength: 2 }),
    typology: Typology,
    conservationState: Type.Optional(ConservationState),
    mq: Type.Optional(Numeric(14, 2, { positive: true, maximum: 100_000_000 })),
  },
  strict,
);

// Dashboard figures (stat formulas: server/src/real-estate/stats.ts)
const statFields = {
  totalValue: Type.Number({ description: 'Sum of current evaluation x percOwned' }),
  linkedDebt: Type.Number({ description: 'Sum of the residual mortgage debt today x percOwned' }),
  monthlyIncome: Type.Number({ description: 'Sum of income / 12 x percOwned' }),
  monthlyMaintenance: Type.Number({ description: 'Sum of maintenanceCost / 12 x percOwned' }),
  monthlyDebt: Type.Number({ description: 'Sum of the monthly equivalent of the next installment x percOwned' }),
};
export const RealEstateStat = Type.Object(statFields);
export type RealEstateStat = Static<typeof RealEstateStat>;
export const RealEstateColumns = Type.Object({
  item: Type.Array(Type.Object({ name: Type.String({ description: 'The destination or typology' }), ...statFields })),
});
export const RealEstatePie = Type.Object({
  item: Type.Array(
    Type.Object({
      name: Type.String({ description: 'The destination or typology' }),
      value: Type.Number({ description: 'Sum of current evaluation x percOwned' }),
      percentage: Type.Number({ description: 'Share of the total value, percent points' }),
    }),
  ),
});

const compositionPart = Type.Object({
  name: Type.String(),
  value: Type.Number(),
  percentage: Type.Number({ description: 'Percent points of totalValue' }),
});
export const RealEstateComposition = Type.Object({
  totalValue: Type.Number(),
  item: Type.Array(
    Type.Object({
      id: Id,
      description: Type.String(),
      typology: Typology,
      destination: Destination,
      owner: Type.String(),
      ownerId: Id,
      value: Type.Number({ description: 'Current evaluation x percOwned (x member weight for a family)' }),
      percentage: Type.Number({ description: 'Percent points of totalValue' }),
    }),
  ),
  byTypology: Type.Array(compositionPart),
  byDestination: Type.Array(compositionPart),
});

export const RealEstateHistoryQuery = Type.Object(
  {
    ...owner,
    dateFrom: Type.Optional(IsoDate),
    dateTo: Type.Optional(IsoDate),
    sort: Type.Optional(Type.Union([Type.Literal('date,asc'), Type.Literal('date,desc'), Type.Literal('date')])),
    ...paging(10000),
  },
  strict,
);
export const RealEstateHistory = Page(Type.Object({ date: IsoDate, value: Type.Number() }));
