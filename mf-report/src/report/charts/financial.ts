// The financial pages' charts: the performance comparison of the portfolios (one cumulative TWR line each, the
// portfolio colours of spec 9) and a portfolio's value with its cumulative performance.
import type { ApexOptions } from 'apexcharts';
import type { Locale } from '../../pdf/format.ts';
import {
  datedLineOptions,
  moneyAxisFormatter,
  PORTFOLIO_TEAL,
  percentAxisFormatter,
  REPORT_PALETTE,
  reportSeriesColor,
} from './common.ts';

export interface ComparisonSeries {
  name: string;
  /** The portfolio's colour (comparisonColors), the same in the chart and the table. */
  color: string;
  /** Cumulative TWR since the period start, percent points. */
  points: ReadonlyArray<{ date: string; value: number }>;
}

/**
 * Colours of the comparison's portfolios in order: the aggregate (family) teal, the others cycling through the 8
 * portfolio colours in their own order. Worked example: [aggregate, A, B] gives teal, palette 0, palette 1.
 */
export function comparisonColors(series: ReadonlyArray<{ aggregate: boolean }>): string[] {
  let next = 0;
  return series.map((s) => (s.aggregate ? PORTFOLIO_TEAL : reportSeriesColor(next++)));
}

/** One line per portfolio, percent axis. */
export const comparisonOptions = (
  series: readonly ComparisonSeries[],
  range: { from: string; to: string },
  locale: Locale,
): ApexOptions => datedLineOptions(series, range, locale, percentAxisFormatter(locale));

/** A portfolio's value (money, left axis) and its cumulative TWR (percent, right axis) over the period. */
export function valuePerformanceOptions(
  names: { value: string; performance: string },
  points: ReadonlyArray<{ date: string; total: number; triplaA: number }>,
  range: { from: string; to: string },
  locale: Locale,
): ApexOptions {
  const options = datedLineOptions(
    [
      { name: names.value, color: PORTFOLIO_TEAL, points: points.map((p) => ({ date: p.date, value: p.total })) },
      {
        name: names.performance,
        color: REPORT_PALETTE[1]!,
        points: points.map((p) => ({ date: p.date, value: p.triplaA })),
      },
    ],
    range,
    locale,
    moneyAxisFormatter(locale),
  );
  return {
    ...options,
    yaxis: [
      { seriesName: names.value, labels: { formatter: moneyAxisFormatter(locale) } },
      { seriesName: names.performance, opposite: true, labels: { formatter: percentAxisFormatter(locale) } },
    ],
  };
}
