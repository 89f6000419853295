// The overview page's charts (portal-and-report 2, "01 Overview"): the wealth value over the period and the flows
// of the last 12 months by kind. The composition donut is donutOptions (common.ts).
import { signColor } from '@patrimonio/shared-ui';
import type { ApexOptions } from 'apexcharts';
import type { Locale } from '../../pdf/format.ts';
import { baseChartOptions, datedLineOptions, moneyAxisFormatter, PORTFOLIO_TEAL } from './common.ts';

/** The total wealth over from..to, one teal line. */
export const wealthValueOptions = (
  name: string,
  points: ReadonlyArray<{ date: string; value: number }>,
  range: { from: string; to: string },
  locale: Locale,
): ApexOptions =>
  datedLineOptions([{ name, color: PORTFOLIO_TEAL, points }], range, locale, moneyAxisFormatter(locale));

/** The flows by kind as bars, green above zero and red below (the sign colours of spec 9). */
export function flowOptions(
  name: string,
  bars: ReadonlyArray<{ label: string; value: number }>,
  locale: Locale,
): ApexOptions {
  const base = baseChartOptions('bar');
  return {
    ...base,
    series: [{ name, data: bars.map((b) => b.value) }],
    colors: bars.map((b) => signColor(b.value)),
    plotOptions: { bar: { distributed: true, columnWidth: '55%' } },
    xaxis: { categories: bars.map((b) => b.label) },
    yaxis: { labels: { formatter: moneyAxisFormatter(locale) } },
  };
}
