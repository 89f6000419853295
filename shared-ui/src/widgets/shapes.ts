// The shape checks of the widgets' figures (the data of shared-api widget-schemas.ts), whether they come from the
// page or from the widget data API: a widget draws only figures of its own shape. Small on purpose (no schema
// library): the self-contained widget files carry them.
import type {
  ArtLuxDonutData,
  BusinessChartData,
  FeeTableWidgetData,
  PerformanceBarsData,
  PortfolioDonutData,
  ProjectionBandData,
  TrendWaterfallData,
  WealthTotalData,
} from '@patrimonio/shared-api';

type Check<T> = (value: unknown) => value is T;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isNumberOrNull = (v: unknown): v is number | null => v === null || isNumber(v);
const isString = (v: unknown): v is string => typeof v === 'string';
const isDate = (v: unknown): v is string => isString(v) && /^\d{4}-\d{2}-\d{2}/.test(v);
const arrayOf =
  <T>(item: (v: unknown) => boolean) =>
  (v: unknown): v is T[] =>
    Array.isArray(v) && v.every(item);
const fields = (v: unknown, checks: Record<string, (x: unknown) => boolean>) =>
  isObject(v) && Object.entries(checks).every(([k, check]) => check(v[k]));

/** A check of an object's fields, typed as the shape T. */
const shape =
  <T>(checks: Record<string, (x: unknown) => boolean>): Check<T> =>
  (v: unknown): v is T =>
    fields(v, checks);

const keyedSlices = arrayOf((s) => fields(s, { key: isString, value: isNumber }));

export const isPortfolioDonutData = shape<PortfolioDonutData>({ date: isDate, slices: keyedSlices });
export const isArtLuxDonutData = shape<ArtLuxDonutData>({ date: isDate, slices: keyedSlices });

export const isFeeTableData = shape<FeeTableWidgetData>({
  quarters: (q) => q === undefined || Array.isArray(q),
  accountComposition: Array.isArray,
});

const performanceItem = (s: unknown) => fields(s, { label: isString, value: isNumberOrNull });
export const isPerformanceBarsData = shape<PerformanceBarsData>({
  dateFrom: isDate,
  dateTo: isDate,
  classes: arrayOf((c) =>
    fields(c, { key: isString, value: isNumberOrNull, assetClassList: arrayOf(performanceItem) }),
  ),
});

export const isTrendWaterfallData = shape<TrendWaterfallData>({
  start: (s) => fields(s, { date: isDate, total: isNumber }),
  rows: arrayOf((r) =>
    fields(r, {
      date: isDate,
      total: isNumber,
      performance: isNumber,
      interessi: isNumber,
      commissioni: isNumber,
      tasse: isNumber,
      transfers: isNumber,
    }),
  ),
});

export const isBusinessChartData = shape<BusinessChartData>({
  year: (y) => y === null || Number.isInteger(y),
  companies: arrayOf((c) => fields(c, { label: isString, revenue: isNumber, profit: isNumber, ebitda: isNumber })),
});

export const isProjectionBandData = shape<ProjectionBandData>({
  dates: arrayOf(isDate),
  inflation: arrayOf(isNumber),
  graph: arrayOf((g) => fields(g, { name: isString, data: arrayOf(isNumber) })),
  maxValue: isNumber,
});

export const isWealthTotalData = shape<WealthTotalData>({ date: isDate, total: isNumber, parts: keyedSlices });
