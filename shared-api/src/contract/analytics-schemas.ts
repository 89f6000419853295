// Schemas of the analytics calls (dashboard, asset history, reports, VaR): the engine's results with the spec's
// field names (portal-and-report.md section 3, data-and-admin.md section 3). Money in EUR to the cent; shares of a
// total in percent points with 2 decimals (12.34 = 12.34%); returns (TWR, MWR, annualised) in percent points with 8
// decimals, so that two conventions never look equal (the pages and the report show 2). Every answer carries recalculationInProgress: true while figures
// are being recomputed after an import or an edit (the portal polls every 15 s).
import { type Static, Type } from 'typebox';
import { Id, IsoDate as IsoDateField, Nullable, PageNumber, PageSize } from './fields.ts';

const strict = { additionalProperties: false } as const;
const IsoDate = IsoDateField();
const Money = Type.Number({ description: 'EUR, 2 decimals' });
const Percent = Type.Number({ description: 'Percent points, 2 decimals' });
/** A return: percent points with 8 decimals (engine percentReturn; conventions in engine/README.md, "Returns"). */
const Return = (description: string) =>
  Type.Number({ description: `${description}; percent points, 8 decimals (5.13333333 = 5.13333333%)` });
const TWR = Return('TWR compounded over the period (daily chain-linked, engine/README.md "TWR")');
const MWR = Return('MWR compounded over the period: (1 + IRR)^(days from the first flow to the end / 365) - 1');
const MWR_ANNUALISED = Return("MWR as a yearly rate: the IRR (actual/365) of the period's flows");
const MacroAssetClass = Type.Union([Type.Literal('Equity'), Type.Literal('Alternative'), Type.Literal('Bond')]);

export const Recalculation = {
  recalculationInProgress: Type.Boolean({
    description: 'True while derived figures are being recomputed; the figures are those of the previous state',
  }),
};

/** Path parameter of the report calls: a portfolio id, or `aggregate` for the clientId or familyId aggregate. */
export const PortfolioRef = Type.Union(
  [Type.Literal('aggregate'), Type.String({ pattern: '^[1-9][0-9]{0,14}$', maxLength: 15 })],
  {
    description: "A portfolio id, or 'aggregate' for the aggregate of clientId or familyId",
  },
);
export const PortfolioRefParams = Type.Object({ ptf: PortfolioRef }, strict);

const owner = {
  clientId: Type.Optional(Id),
  familyId: Type.Optional(Id),
};
const range = {
  dateFrom: Type.Optional(IsoDate),
  dateTo: Type.Optional(IsoDate),
};

export const AtDateQuery = Type.Object(
  {
    ...owner,
    date: Type.Optional(IsoDate),
    iso: Type.Optional(Type.Literal('EUR', { description: 'Reporting currency: EUR only' })),
  },
  strict,
);
export const RangeQuery = Type.Object({ ...owner, ...range }, strict);
export const PerformanceQuery = Type.Object(
  { ...owner, ...range, fullData: Type.Optional(Type.Boolean({ default: true })) },
  strict,
);
export const HistoryQuery = Type.Object(
  {
    ...owner,
    ...range,
    sort: Type.Optional(Type.Union([Type.Literal('date,asc'), Type.Literal('date,desc'), Type.Literal('date')])),
    page: Type.Optional(PageNumber()),
    size: Type.Optional(PageSize(100000, 10000)),
  },
  strict,
);
export const TotalHistoryQuery = Type.Object(
  {
    ...HistoryQuery.properties,
    asset: Type.Optional(
      Type.Union([
        Type.Literal('FINANCIAL'),
        Type.Literal('REALESTATE'),
        Type.Literal('SHARE'),
        Type.Literal('ARTLUX'),
      ]),
    ),
  },
  strict,
);
export const OwnerQuery = Type.Object(owner, strict);

export const PortfolioData = Type.Object({
  id: Nullable(Id),
  name: Type.String(),
  aggregate: Type.Boolean(),
  owner: Type.String(),
  ownerId: Nullable(Id),
  familyId: Nullable(Id),
});

const compositionFields = {
  description: Type.String(),
  gm: Money,
  compositionPercentage: Percent,
  totalValue: Money,
  totalPerformance: Money,
  totalPerformancePercentageTW: Nullable(TWR),
  totalPerformancePercentageMW: Nullable(MWR),
  totalPerformancePercentageMWAnnualised: Nullable(MWR_ANNUALISED),
  cg: Money,
  cgAccomplished: Money,
  accrualCouponDividend: Money,
};
export const CompositionItem = Type.Object(compositionFields);
export const MacroAssetClassItem = Type.Object({ ...compositionFields, assetClassList: Type.Array(CompositionItem) });
export const StockItem = Type.Object({
  ...compositionFields,
  quantity: Type.Number(),
  pzMkt: Type.Number(),
  pmc: Type.Number(),
  pms: Type.Number(),
  cMkt: Money,
  cmc: Money,
  currentAccrual: Money,
  loadAccrual: Money,
  isin: Type.String(),
  currency: Type.String(),
  ac: Type.String(),
});

export const TriplaA = Type.Object({
  portfolioData: PortfolioData,
  totalComposition: Type.Array(CompositionItem),
  macroAssetClassComposition: Type.Array(MacroAssetClassItem),
  assetClassComposition: Type.Array(CompositionItem),
  stockComposition: Type.Array(StockItem),
  cashComposition: Type.Array(CompositionItem),
  ...Recalculation,
});
export type TriplaA = Static<typeof TriplaA>;

const AccountComposition = Type.Object({
  accountType: Type.Union([Type.Literal('CONTO_CORRENTE'), Type.Literal('CUSTODIA_TITOLI')]),
  accountName: Type.String(),
  accountId: Id,
  owner: Type.String(),
  stockValue: Money,
  cashValue: Money,
  controvalore: Money,
  percentage: Percent,
  currencySymbol: Type.String(),
});
const IntermediaryComposition = Type.Object({
  intermediaryName: Type.String(),
  stockValue: Money,
  cashValue: Money,
  controvalore: Money,
  percentage: Percent,
  owner: Type.String(),
});
const SinteticAssetClass = Type.Object({
  assetClassName: Type.String(),
  macroAssetClassName: MacroAssetClass,
  percentage: Percent,
  stockValue: Money,
});
const SinteticMacroAssetClass = Type.Object({
  macroAssetClassName: MacroAssetClass,
  percentage: Percent,
  stockValue: Money,
  assetClassList: Type.Array(SinteticAssetClass),
});
const currencyFields = {
  currency: Type.String(),
  currencySymbol: Type.String(),
  stockValue: Money,
  cashValue: Money,
  controvalore: Money,
  percentage: Percent,
};

export const Sintetico = Type.Object({
  portfolioData: PortfolioData,
  date: IsoDate,
  reportSinteticoTotalComposition: Type.Array(
    Type.Object({ stocksValue: Money, cashValue: Money, controvalore: Money }),
  ),
  accountComposition: Type.Array(AccountComposition),
  intermediaryComposition: Type.Array(IntermediaryComposition),
  macroAssetClassComposition: Type.Array(SinteticMacroAssetClass),
  assetClassComposition: Type.Array(SinteticAssetClass),
  currencyComposition: Type.Array(Type.Object(currencyFields)),
  multipleCurrencyComposition: Type.Array(
    Type.Object({ ...currencyFields, accountId: Id, accountName: Type.String() }),
  ),
  ...Recalculation,
});
export type Sintetico = Static<typeof Sintetico>;

export const IntermediaryReport = Type.Object({
  portfolioData: PortfolioData,
  date: IsoDate,
  intermediaryComposition: Type.Array(IntermediaryComposition),
  accountComposition: Type.Array(AccountComposition),
  ...Recalculation,
});

export const FinancialComposition = Type.Object({
  portfolioData: PortfolioData,
  date: IsoDate,
  stocksValue: Money,
  cashValue: Money,
  controvalore: Money,
  macroAssetClassComposition: Type.Array(SinteticMacroAssetClass),
  ...Recalculation,
});

const TrendRow = Type.Object({
  date: IsoDate,
  total: Money,
  performance: Money,
  cashFlow: Money,
  interessi: Money,
  commissioni: Money,
  tasse: Money,
  transfers: Money,
});

const PerformanceClass = Type.Object({
  description: Type.String(),
  totalValue: Money,
  totalPerformance: Money,
  totalPerformancePercentageTW: Nullable(TWR),
  totalPerformancePercentageMW: Nullable(MWR),
  totalPerformancePercentageMWAnnualised: Nullable(MWR_ANNUALISED),
});

export const PerformanceReport = Type.Object({
  portfolioData: PortfolioData,
  dateFrom: IsoDate,
  dateTo: IsoDate,
  /** Daily: cumulative TWR since dateFrom (triplaA, percent) and the value (total); empty when fullData=false. */
  data: Type.Array(Type.Object({ date: IsoDate, triplaA: Return('TWR from dateFrom to the date'), total: Money })),
  /** Cumulative TWR over the period, percent (null when the value is ever negative). */
  result: Nullable(TWR),
  /** MWR compounded over the period, percent. */
  resultMW: Nullable(MWR),
  /** MWR as a yearly rate (the IRR of the period's flows), percent. */
  resultMWAnnualised: Nullable(MWR_ANNUALISED),
  /** Annualised TWR, percent: (1 + TWR)^(365 / days of the period) - 1. */
  resultAnnualised: Nullable(Return('TWR annualised: (1 + TWR)^(365 / days from dateFrom to dateTo) - 1')),
  macroAssetClassComposition: Type.Array(
    Type.Object({ ...PerformanceClass.properties, assetClassList: Type.Array(PerformanceClass) }),
  ),
  assetClassComposition: Type.Array(PerformanceClass),
  /** The trend waterfall by month, quarter or year (spec: display interval by period length); empty when fullData=false. */
  interval: Type.Union([Type.Literal('month'), Type.Literal('quarter'), Type.Literal('year')]),
  trend: Type.Array(TrendRow),
  ...Recalculation,
});
export type PerformanceReport = Static<typeof PerformanceReport>;

const FeeQuarter = Type.Object({
  quarter: Type.Integer({ minimum: 1, maximum: 4 }),
  year: Type.Integer(),
  value: Money,
});
export const FeesReport = Type.Object({
  portfolioData: PortfolioData,
  dateFrom: IsoDate,
  dateTo: IsoDate,
  quarters: Type.Array(Type.Object({ quarter: Type.Integer(), year: Type.Integer() })),
  accountComposition: Type.Array(
    Type.Object({
      accountId: Id,
      intermediaryId: Id,
      intermediary: Type.String(),
      user: Type.String(),
      gm: Money,
      subcauses: Type.Array(
        Type.Object({
          subcauseName: Type.Union([
            Type.Literal('CONTO_CORRENTE'),
            Type.Literal('DEPOSITO_TITOLI'),
            Type.Literal('NEGOZIAZIONE'),
            Type.Literal('GESTIONE'),
            Type.Literal('CONSULENZA'),
            Type.Literal('Altro'),
          ]),
          quarters: Type.Array(FeeQuarter),
        }),
      ),
    }),
  ),
  ...Recalculation,
});
export type FeesReport = Static<typeof FeesReport>;

export const CedoleReport = Type.Object({
  portfolioData: PortfolioData,
  dateFrom: IsoDate,
  dateTo: IsoDate,
  item: Type.Array(
    Type.Object({
      date: IsoDate,
      isin: Nullable(Type.String()),
      name: Nullable(Type.String()),
      type: Type.Union([Type.Literal('COUPON'), Type.Literal('DIVIDEND'), Type.Literal('REDEMPTION')]),
      amount: Money,
      currency: Type.String(),
      amountEur: Money,
      /** Projected dividends are estimates from last year's; coupons and redemptions follow the bond's terms. */
      estimated: Type.Boolean(),
      /** Paid (a movement up to today) or expected. */
      paid: Type.Boolean(),
    }),
  ),
  ...Recalculation,
});

export const MacroAssetValues = Type.Object({
  portfolioData: PortfolioData,
  date: IsoDate,
  item: Type.Array(Type.Object({ name: MacroAssetClass, value: Money, percentage: Percent })),
  ...Recalculation,
});

const VarLevel = Type.Object({
  level: Type.Number(),
  oneDay: Money,
  tenDay: Money,
  oneDayPercent: Percent,
  tenDayPercent: Percent,
});
export const PortfolioVar = Type.Object({
  portfolioData: PortfolioData,
  date: IsoDate,
  value: Money,
  method: Type.Literal('historical'),
  observations: Type.Integer(),
  minObservations: Type.Integer(),
  confidence: Type.Array(VarLevel),
  parametric: Type.Array(VarLevel),
  reason: Type.Optional(Type.Literal('INSUFFICIENT_OBSERVATIONS')),
  ...Recalculation,
});

export const HistoryPage = Type.Object({
  item: Type.Array(Type.Object({ date: IsoDate, value: Money })),
  total: Type.Integer(),
  page: Type.Integer(),
  size: Type.Integer(),
  ...Recalculation,
});

/** A wealth projection: bands 90%, 60%, 20% and the inflation line, one point a year (engine/src/projection.ts). */
export const Calculus = Type.Object({
  dates: Type.Array(IsoDate),
  endDate: IsoDate,
  inflation: Type.Array(Money),
  graph: Type.Array(Type.Object({ name: Type.String(), data: Type.Array(Money) })),
  maxValue: Money,
  percentage: Type.Array(Type.Object({ date: IsoDate, name: Type.String(), value: Percent })),
});
export type Calculus = Static<typeof Calculus>;

const wealthKinds = { financial: Money, realEstate: Money, share: Money, artLux: Money };
export const Dashboard = Type.Object({
  date: IsoDate,
  /** Wealth by kind at the date. */
  richComposition: Type.Object(wealthKinds),
  /**
   * Net income of the last 12 months by kind (financial: coupons, dividends, interest less fees and taxes; real estate:
   * yearly income less maintenance, less the mortgage installments due in (date - 12 months, date]; human capital: the
   * planned income less expenses dated in (date - 12 months, date], weighted in a family, GET /human-capital/summary).
   */
  flux: Type.Object({ ...wealthKinds, humanCapital: Money }),
  /** The wealth projection (bands 90%, 60%, 20% and inflation) from today's mix and the planned yearly flows. */
  calculus: Calculus,
  ...Recalculation,
});
export type Dashboard = Static<typeof Dashboard>;
