// What each embeddable widget draws (issue 20): the one data shape of a widget, whether a page gives it as the
// element's `data` property (or attribute, as JSON) or the element fetches it from the widget data API with a widget
// token (GET /api/v1/widget-data/{widget}). Keys (wealth kinds, macro classes, luxury categories) travel as keys: the
// element labels them in its own language; `label` fields are free names (companies, asset classes) shown as they are.
import { type Static, Type } from 'typebox';
import { FeesReport } from './analytics-schemas.ts';
import { IsoDate, Nullable } from './fields.ts';
import { LuxCategory } from './shares-lux-schemas.ts';
import { MacroAssetClass } from './stock-schemas.ts';

/** Every widget of the catalogue, by the name its data path and its tag use (`pt-` + name). */
export const WIDGET_KINDS = [
  'portfolio-donut',
  'fee-table',
  'performance-bars',
  'trend-waterfall',
  'business-chart',
  'artlux-donut',
  'projection-band',
  'wealth-total',
] as const;
export type WidgetKind = (typeof WIDGET_KINDS)[number];
export const WidgetKindSchema = Type.Enum(WIDGET_KINDS);

/** The wealth kinds of the overview (the dashboard's richComposition). */
export const WEALTH_KINDS = ['financial', 'realEstate', 'share', 'artLux'] as const;
export type WealthKind = (typeof WEALTH_KINDS)[number];

const Amount = Type.Number({ description: 'Euro, 2 decimals' });
const PercentPoints = Nullable(Type.Number({ description: 'Percent points, full precision; null: not available' }));
const AsOf = { date: IsoDate({ description: 'The day the figures are at' }) };

/** <pt-portfolio-donut>: the financial portfolio by macro asset class at the date (market value in euro). */
export const PortfolioDonutData = Type.Object({
  ...AsOf,
  slices: Type.Array(Type.Object({ key: MacroAssetClass, value: Amount })),
});
export type PortfolioDonutData = Static<typeof PortfolioDonutData>;

/** <pt-fee-table>: the fees by quarter of the four quarters to the date, per account and subcause. */
export const FeeTableData = Type.Omit(FeesReport, ['portfolioData', 'recalculationInProgress']);
export type FeeTableWidgetData = Static<typeof FeeTableData>;

/** <pt-performance-bars>: money-weighted return by macro asset class over the range, each with its asset classes. */
export const PerformanceBarsData = Type.Object({
  dateFrom: IsoDate(),
  dateTo: IsoDate(),
  classes: Type.Array(
    Type.Object({
      key: MacroAssetClass,
      value: PercentPoints,
      assetClassList: Type.Array(Type.Object({ label: Type.String(), value: PercentPoints })),
    }),
  ),
});
export type PerformanceBarsData = Static<typeof PerformanceBarsData>;

/** <pt-trend-waterfall>: the opening value, then per period transfers, interest, fees, taxes and the market effect. */
export const TrendWaterfallData = Type.Object({
  start: Type.Object({ date: IsoDate(), total: Amount }),
  rows: Type.Array(
    Type.Object({
      date: IsoDate(),
      total: Amount,
      performance: Amount,
      interessi: Amount,
      commissioni: Amount,
      tasse: Amount,
      transfers: Amount,
    }),
  ),
});
export type TrendWaterfallData = Static<typeof TrendWaterfallData>;

/** <pt-business-chart>: revenue, profit and EBITDA of each family company in the latest year with figures. */
export const BusinessChartData = Type.Object({
  year: Nullable(Type.Integer({ description: 'null: no company has yearly figures' })),
  companies: Type.Array(Type.Object({ label: Type.String(), revenue: Amount, profit: Amount, ebitda: Amount })),
});
export type BusinessChartData = Static<typeof BusinessChartData>;

/** <pt-artlux-donut>: art and luxury goods by category at the date (estimated value in euro). */
export const ArtLuxDonutData = Type.Object({
  ...AsOf,
  slices: Type.Array(Type.Object({ key: LuxCategory, value: Amount })),
});
export type ArtLuxDonutData = Static<typeof ArtLuxDonutData>;

/** <pt-projection-band>: the wealth projection (bands 90%, 60%, 20% and the inflation line, a point a year). */
export const ProjectionBandData = Type.Object({
  dates: Type.Array(IsoDate()),
  inflation: Type.Array(Amount),
  graph: Type.Array(Type.Object({ name: Type.String(), data: Type.Array(Amount) })),
  maxValue: Amount,
});
export type ProjectionBandData = Static<typeof ProjectionBandData>;

/** <pt-wealth-total>: the whole wealth at the date and its parts by kind. */
export const WealthTotalData = Type.Object({
  ...AsOf,
  total: Amount,
  parts: Type.Array(Type.Object({ key: Type.Enum(WEALTH_KINDS), value: Amount })),
});
export type WealthTotalData = Static<typeof WealthTotalData>;

/** The data schema of each widget (the widget data API's answer). */
export const WIDGET_DATA = {
  'portfolio-donut': PortfolioDonutData,
  'fee-table': FeeTableData,
  'performance-bars': PerformanceBarsData,
  'trend-waterfall': TrendWaterfallData,
  'business-chart': BusinessChartData,
  'artlux-donut': ArtLuxDonutData,
  'projection-band': ProjectionBandData,
  'wealth-total': WealthTotalData,
} as const satisfies Record<WidgetKind, unknown>;

export interface WidgetDataMap {
  'portfolio-donut': PortfolioDonutData;
  'fee-table': FeeTableWidgetData;
  'performance-bars': PerformanceBarsData;
  'trend-waterfall': TrendWaterfallData;
  'business-chart': BusinessChartData;
  'artlux-donut': ArtLuxDonutData;
  'projection-band': ProjectionBandData;
  'wealth-total': WealthTotalData;
}
