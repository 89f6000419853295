// Schemas of ./shares-lux.ts: family business shares (companies, holdings, yearly figures) and art and luxury goods
// (items and their evaluation history). data-and-admin sections 3 and 9, portal-and-report sections 3, 7 and 9.
// Money in EUR to the cent (stored as numeric); percentages in percent points (12.5 = 12.5%).
import { type Static, Type } from 'typebox';
import {
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

const strict = { additionalProperties: false } as const;
const IsoDate = IsoDateField();
const Money = Type.Number({ description: 'EUR, 2 decimals' });
const Percent = Type.Number({ description: 'Percent points (12.5 = 12.5%)' });

/** Amounts a user enters (numeric(18, 2) columns): EUR, rounded to the cent when stored; never negative (spec 5). */
const MoneyIn = MoneyField(18, { maximum: 1e13, description: 'EUR, >= 0, stored to the cent' });
/** Profit and EBITDA may be losses. */
const SignedMoneyIn = MoneyField(18, { minimum: -1e13, maximum: 1e13, description: 'EUR, stored to the cent' });
export const SHARE_YEAR_MIN = 1900;
export const SHARE_YEAR_MAX = 2100;
const Year = Type.Integer({ minimum: SHARE_YEAR_MIN, maximum: SHARE_YEAR_MAX, description: 'Calendar year' });

const owner = {
  clientId: Type.Optional(Id),
  familyId: Type.Optional(Id),
};
/** clientId or familyId; a BASIC user names none and gets its own client. */
export const ShareLuxOwnerQuery = Type.Object(owner, strict);
export type ShareLuxOwnerQuery = Static<typeof ShareLuxOwnerQuery>;

const paging = (defaultSize: number) => ({
  page: Type.Optional(PageNumber()),
  size: Type.Optional(PageSize(10000, defaultSize)),
});

export const ShareLuxCreated = Type.Object({ id: Id });

// ---------------------------------------------------------------------------------------------------------------
// Family business shares
// ---------------------------------------------------------------------------------------------------------------

/** The chart metrics of /share/graph/{metric}/{year}. */
export const SHARE_METRICS = ['revenue', 'profit', 'ebitda'] as const;
export type ShareMetric = (typeof SHARE_METRICS)[number];

export const SHARE_SORTS = [
  'year,desc',
  'year,asc',
  'legalName,asc',
  'legalName,desc',
  'shareValue,desc',
  'shareValue,asc',
] as const;

export const ShareListQuery = Type.Object(
  {
    ...owner,
    year: Type.Optional(Year),
    ...paging(10000),
    sort: Type.Optional(
      Type.Enum(SHARE_SORTS, { default: 'year,desc', description: 'Ties: legal name, then owner, ascending' }),
    ),
  },
  strict,
);
export type ShareListQuery = Static<typeof ShareListQuery>;

/**
 * A holder as the caller may see it (issue 13): a client the caller sees, by id and display name; the holders it does
 * not see (another adviser's clients; for a BASIC user, any client but its own) are never named nor identified but
 * summed into one last entry with clientId and name null (shown as "Altri soci" / "Other owners").
 */
const HolderId = Nullable(Id);
const HolderName = Type.Union([Type.String(), Type.Null()], {
  description: "The holder's display name, in full (the report truncates it); null: the other owners, summed",
});
export const ShareOwner = Type.Object({ clientId: HolderId, name: HolderName, percentage: Percent });
export type ShareOwner = Static<typeof ShareOwner>;

export const ShareItem = Type.Object({
  id: Type.String({ description: 'Key of the row: companyId:year:ownerId' }),
  companyId: Id,
  legalName: Type.String(),
  year: Year,
  ratio: Percent,
  shareValue: Money,
  value: Money,
  revenue: Money,
  profit: Money,
  ebitda: Money,
  ownerList: Type.Array(ShareOwner),
  owner: Type.String({ description: 'The holder this row is about (its display name)' }),
  ownerId: Id,
  weight: Type.Number({ description: "The holder's family weight (1 for a client)" }),
});
export type ShareItem = Static<typeof ShareItem>;

export const SharePage = Type.Object({
  item: Type.Array(ShareItem),
  total: Type.Integer({ minimum: 0 }),
  page: Type.Integer({ minimum: 1 }),
  size: Type.Integer({ minimum: 1 }),
});
export type SharePage = Static<typeof SharePage>;

export const ShareYears = Type.Array(Year, {
  description: 'Years with figures of the companies in scope, latest first',
});

export const ShareGraphParams = Type.Object({ metric: Type.Enum(SHARE_METRICS), year: Year }, strict);

export const ShareGraphPoint = Type.Object({
  companyId: Id,
  legalName: Type.String(),
  value: Money,
  ownedValue: Money,
});
export const ShareGraph = Type.Object({
  metric: Type.Enum(SHARE_METRICS),
  year: Year,
  item: Type.Array(ShareGraphPoint),
});
export type ShareGraph = Static<typeof ShareGraph>;

export const CompanyFigures = Type.Object({
  year: Year,
  revenue: Money,
  profit: Money,
  ebitda: Money,
  value: Money,
});
export type CompanyFigures = Static<typeof CompanyFigures>;

export const CompanyHolding = ShareOwner;

export const Company = Type.Object({
  id: Id,
  legalName: Type.String(),
  holdings: Type.Array(CompanyHolding, {
    description: 'Holders the caller sees by percentage, largest first, then the others summed (ShareOwner)',
  }),
  figures: Type.Array(CompanyFigures, { description: 'Yearly figures, latest first' }),
});
export type Company = Static<typeof Company>;

const figureFields = { revenue: MoneyIn, profit: SignedMoneyIn, ebitda: SignedMoneyIn, value: MoneyIn };
export const CompanyFiguresInput = Type.Object({ year: Year, ...figureFields }, strict);
export type CompanyFiguresInput = Static<typeof CompanyFiguresInput>;
export const CompanyFiguresUpdate = Type.Object(figureFields, strict);
export type CompanyFiguresUpdate = Static<typeof CompanyFiguresUpdate>;

/**
 * A holder's percentage: more than 0 (stored to 6 decimals, so at least 0.000001), at most 100; a company's
 * percentages add up to at most 100.
 */
export const HOLDING_PERCENTAGE_MIN = 0.000001;
export const HoldingPercentage = Numeric(9, 6, {
  minimum: HOLDING_PERCENTAGE_MIN,
  maximum: 100,
  description: '> 0 (at least 0.000001) and <= 100',
});
export const HoldingInput = Type.Object({ clientId: Id, percentage: HoldingPercentage }, strict);
const Holdings = Type.Array(HoldingInput, {
  minItems: 1,
  maxItems: 100,
  description: 'One row per client (at least one); the percentages add up to at most 100',
});

export const LegalName = Name(200);
export const CompanyCreate = Type.Object(
  {
    legalName: LegalName,
    holdings: Holdings,
    figures: Type.Optional(Type.Array(CompanyFiguresInput, { maxItems: 200, description: 'One per year' })),
  },
  strict,
);
export type CompanyCreate = Static<typeof CompanyCreate>;
export const CompanyUpdate = Type.Object({ legalName: LegalName }, strict);
export const CompanyHoldingsBody = Type.Object({ holdings: Holdings }, strict);
export type CompanyHoldingsBody = Static<typeof CompanyHoldingsBody>;
export const CompanyYearParams = Type.Object({ id: Id, year: Year }, strict);

// ---------------------------------------------------------------------------------------------------------------
// Art and luxury goods
// ---------------------------------------------------------------------------------------------------------------

export const LUX_CATEGORIES = ['ART', 'CAR', 'BIKE', 'BOAT', 'COLLECTION', 'JEWELRY'] as const;
export const LuxCategory = Type.Enum(LUX_CATEGORIES);
export type LuxCategory = (typeof LUX_CATEGORIES)[number];

export const LUX_SORTS = [
  'evaluation,desc',
  'evaluation,asc',
  'evaluationDate,desc',
  'evaluationDate,asc',
  'description,asc',
  'description,desc',
  'buyCost,desc',
  'buyCost,asc',
] as const;

export const LuxListQuery = Type.Object(
  {
    ...owner,
    category: Type.Optional(LuxCategory),
    ...paging(10000),
    sort: Type.Optional(Type.Enum(LUX_SORTS, { default: 'evaluation,desc', description: 'Ties: description, id' })),
  },
  strict,
);
export type LuxListQuery = Static<typeof LuxListQuery>;

export const LuxItem = Type.Object({
  id: Id,
  ownerId: Id,
  owner: Type.String({ description: "The owner's display name" }),
  description: Type.String(),
  category: LuxCategory,
  evaluation: Money,
  evaluationDate: IsoDate,
  buyCost: Nullable(Money),
  yield: Nullable(
    Type.Number({ description: 'yearlyIncome / evaluation in percent points, 2 decimals; null at evaluation 0' }),
  ),
  yearlyIncome: Money,
  yearlyMaintenance: Money,
  linkedDebt: Money,
  note: Nullable(Type.String()),
});
export type LuxItem = Static<typeof LuxItem>;

export const LuxPage = Type.Object({
  item: Type.Array(LuxItem),
  total: Type.Integer({ minimum: 0 }),
  page: Type.Integer({ minimum: 1 }),
  size: Type.Integer({ minimum: 1 }),
});
export type LuxPage = Static<typeof LuxPage>;

export const LuxStats = Type.Object({
  totalValue: Money,
  yearlyIncome: Money,
  linkedDebt: Money,
  yearlyMaintenance: Money,
});
export type LuxStats = Static<typeof LuxStats>;

export const LuxPieSlice = Type.Object({ category: LuxCategory, value: Money, count: Type.Integer({ minimum: 0 }) });
export const LuxPie = Type.Array(LuxPieSlice, { description: 'Value by category, largest first; empty ones left out' });
export type LuxPie = Static<typeof LuxPie>;

export const LuxColumn = Type.Object({
  years: Type.Array(Type.Integer(), { description: 'From the first to the last year with an evaluation' }),
  series: Type.Array(
    Type.Object({
      category: LuxCategory,
      data: Type.Array(Money, { description: "Value at each year's end, one per year" }),
    }),
    { description: 'One per category with goods, in the order of LUX_CATEGORIES' },
  ),
});
export type LuxColumn = Static<typeof LuxColumn>;

const luxFields = {
  description: Name(300),
  category: LuxCategory,
  buyCost: Type.Optional(Nullable(MoneyIn)),
  yearlyIncome: Type.Optional(MoneyIn),
  yearlyMaintenance: Type.Optional(MoneyIn),
  linkedDebt: Type.Optional(MoneyIn),
  note: Type.Optional(Nullable(TextField(2000))),
};
export const LuxCreate = Type.Object(
  { clientId: Id, ...luxFields, evaluation: MoneyIn, evaluationDate: IsoDate },
  strict,
);
export type LuxCreate = Static<typeof LuxCreate>;
export const LuxUpdate = Type.Object(luxFields, strict);
export type LuxUpdate = Static<typeof LuxUpdate>;

export const LuxEvaluation = Type.Object({ id: Id, evaluationDate: IsoDate, value: Money });
export type LuxEvaluation = Static<typeof LuxEvaluation>;
export const LuxEvaluationPage = Type.Object({
  item: Type.Array(LuxEvaluation),
  total: Type.Integer({ minimum: 0 }),
  page: Type.Integer({ minimum: 1 }),
  size: Type.Integer({ minimum: 1 }),
});
export const LuxEvaluationQuery = Type.Object(paging(5), strict);
export const LuxEvaluationInput = Type.Object({ evaluationDate: IsoDate, value: MoneyIn }, strict);
export type LuxEvaluationInput = Static<typeof LuxEvaluationInput>;
export const LuxEvaluationParams = Type.Object({ id: Id, evaluationId: Id }, strict);

/** The 409 message code of a second evaluation on the same date (as the real-estate evaluations). */
export const LUX_EVALUATION_DATE_PRESENT = 'evaluation_date_present';
/** The 409 message code of a second set of figures for the same company and year. */
export const SHARE_YEAR_PRESENT = 'year_present';
